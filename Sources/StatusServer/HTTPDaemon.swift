internal import CMicroHTTPD
import Foundation

/// Owns one libmicrohttpd daemon: its own polling thread(s), non-blocking sockets,
/// and the limits from `StatusServerSettings`. The only file that sees the C API.
///
/// libmicrohttpd reads each connection as bytes arrive, so a client that sends half
/// a request and stalls costs one connection slot until the timeout, not a thread.
///
/// `@unchecked`: it owns the C daemon handle and hands itself to libmicrohttpd's
/// threads as the callbacks' context pointer; the handle is set once in `init` and
/// cleared once by `stop()` on the owner's side, and the callbacks read only `routes`
/// and `guardian` (themselves Sendable).
final class HTTPDaemon: @unchecked Sendable {
    private var daemon: OpaquePointer?
    private let routes: StatusRoutes
    let guardian: ConnectionGuard
    /// The port listened on (the one the system chose when asked for 0).
    private(set) var port: UInt16 = 0

    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    init(routes: StatusRoutes, settings: StatusServerSettings) throws {
        self.routes = routes
        guardian = ConnectionGuard(deadlineSeconds: settings.timeoutSeconds, maxWaiting: settings.maxConnections)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = settings.port.bigEndian
        guard inet_pton(AF_INET, settings.address, &address.sin_addr) == 1 else {
            throw StartError(description: "\(settings.address): not an IPv4 address (station.statusAddress)")
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        errno = 0
        // libmicrohttpd's own limits are only a backstop (descriptors); the guard keeps
        // `maxConnections` waiting at most and makes room for new clients itself.
        let hardLimit = UInt32(Self.hardConnectionLimit(settings.maxConnections))
        let started = sleevescan_mhd_start(
            &address, Self.handle, context, Self.completed, context, Self.notify, context,
            hardLimit, hardLimit,
            UInt32(settings.timeoutSeconds), settings.requestMemoryBytes, UInt32(max(1, settings.threads)))
        guard let started else {
            let why = errno == 0 ? "libmicrohttpd could not start" : String(cString: strerror(errno))
            throw StartError(description: "\(settings.address):\(settings.port): cannot listen (\(why)); "
                + "is another program on that port? change station.statusPort")
        }
        daemon = started
        port = sleevescan_mhd_bound_port(started)
        guardian.startWatchdog()
    }

    /// Connections libmicrohttpd itself accepts at most: room for the guard's waiting
    /// ones, those being answered, and the ones being closed.
    static func hardConnectionLimit(_ maxConnections: Int) -> Int { min(4096, 4 * maxConnections + 64) }

    /// Stops listening, closes every connection and waits for the threads to end.
    func stop() {
        if let d = daemon {
            daemon = nil
            guardian.stop()
            MHD_stop_daemon(d)
        }
    }

    deinit { stop() }

    private static let handle: MHD_AccessHandlerCallback = { context, connection, url, method, _, data, size, state in
        guard let context, let connection, let state else { return .NO }
        let server = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
        // A request whose body is being read: its bytes arrive in calls of their own,
        // then one call with none, which answers it.
        if let pending = state.pointee {
            let body = Unmanaged<PendingBody>.fromOpaque(pending).takeUnretainedValue()
            if let size, size.pointee > 0 {
                if let data, body.bytes.count + size.pointee <= body.limit {
                    body.bytes += UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: size.pointee)
                } else {
                    body.tooLarge = true  // never more than the limit held, whatever Content-Length said
                }
                size.pointee = 0
                return .YES
            }
            return server.answerWithBody(connection, body)
        }
        return server.answer(connection, url: url.map { String(cString: $0) } ?? "/",
                             method: method.map { String(cString: $0) } ?? "", state: state)
    }

    /// A POST's body as it arrives, bounded; owned by libmicrohttpd's per-request slot
    /// until the request completes.
    final class PendingBody {
        let request: StatusRequest
        let limit: Int
        var bytes: [UInt8] = []
        var tooLarge = false
        init(request: StatusRequest, limit: Int) {
            self.request = request
            self.limit = limit
        }
    }

    private static let notify: MHD_NotifyConnectionCallback = { context, connection, _, code in
        guard let context, let connection else { return }
        let server = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
        if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED (the fixed enum does not import its cases)
            server.guardian.started(connection, fd: sleevescan_mhd_connection_fd(connection))
        } else {
            server.guardian.closed(connection)
        }
    }

    private static let completed: MHD_RequestCompletedCallback = { context, connection, state, _ in
        if let state, let pending = state.pointee {
            Unmanaged<PendingBody>.fromOpaque(pending).release()
            state.pointee = nil
        }
        guard let context, let connection else { return }
        Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue().guardian.responseDone(connection)
    }

    private func answer(_ connection: OpaquePointer, url: String, method: String,
                        state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        func value(_ kind: MHD_ValueKind, _ key: String) -> String? {
            MHD_lookup_connection_value(connection, kind, key).map { String(cString: $0) }
        }
        var headerToken = value(.HEADER_KIND, "X-Station-Token")
        if headerToken == nil, let auth = value(.HEADER_KIND, "Authorization"), auth.hasPrefix("Bearer ") {
            headerToken = String(auth.dropFirst("Bearer ".count))
        }
        let length = value(.HEADER_KIND, "Content-Length").flatMap { Int($0) } ?? 0
        let chunked = value(.HEADER_KIND, "Transfer-Encoding") != nil
        let request = StatusRequest(
            method: method, path: url, queryToken: value(.GET_ARGUMENT_KIND, "token"), headerToken: headerToken,
            hasBody: length > 0 || chunked, searchText: value(.GET_ARGUMENT_KIND, "q"),
            contentLength: length, chunked: chunked, contentType: value(.HEADER_KIND, "Content-Type"),
            origin: value(.HEADER_KIND, "Origin"), fetchSite: value(.HEADER_KIND, "Sec-Fetch-Site"),
            host: value(.HEADER_KIND, "Host"))
        switch routes.answer(request, body: nil) {
        case let .reply(reply):
            // Answered on the first call, before any body is read: a request with a body
            // it does not want is refused and its connection closed rather than drained.
            guardian.requestArrived(connection)
            return queue(reply, on: connection)
        case .readBody:
            // The guard's deadline keeps running until the body is whole: a body
            // trickled byte by byte is closed like a slow header.
            state.pointee = Unmanaged.passRetained(PendingBody(request: request, limit: CatalogueRoutes.maxBodyBytes)).toOpaque()
            return .YES
        }
    }

    private func answerWithBody(_ connection: OpaquePointer, _ pending: PendingBody) -> MHD_Result {
        guardian.requestArrived(connection)
        guard !pending.tooLarge else {
            return queue(.text(413, "the form is larger than \(pending.limit) bytes"), on: connection)
        }
        guard case let .reply(reply) = routes.answer(pending.request, body: pending.bytes) else { return .NO }
        return queue(reply, on: connection)
    }

    private func queue(_ reply: StatusReply, on connection: OpaquePointer) -> MHD_Result {
        guard let response = makeResponse(reply) else { return .NO }  // libmicrohttpd closes the connection
        defer { MHD_destroy_response(response) }
        MHD_add_response_header(response, "Content-Type", reply.contentType)
        MHD_add_response_header(response, "X-Content-Type-Options", "nosniff")
        MHD_add_response_header(response, "Cache-Control", "no-store")
        MHD_add_response_header(response, "Referrer-Policy", "no-referrer")
        MHD_add_response_header(response, "Content-Security-Policy",
                                "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'")
        for (name, v) in reply.headers { MHD_add_response_header(response, name, v) }
        return MHD_queue_response(connection, UInt32(reply.status), response)
    }

    private func makeResponse(_ reply: StatusReply) -> OpaquePointer? {
        switch reply.body {
        case let .bytes(bytes):
            return bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
                                                .RESPMEM_MUST_COPY)
            }
        case let .file(path):
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard fd >= 0 else { return nil }
            var st = stat()
            guard fstat(fd, &st) == 0, let r = MHD_create_response_from_fd(Int(st.st_size), fd) else {
                close(fd)
                return nil
            }
            return r  // libmicrohttpd closes fd with the response
        }
    }
}
