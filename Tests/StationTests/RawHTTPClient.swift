import Foundation

/// A plain TCP client for the status page tests: sends exactly the bytes a test
/// chooses (half a request, a huge header) and reads what comes back. A real socket
/// against the real server; nothing in between.
final class RawHTTPClient {
    let fd: Int32

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Connects to 127.0.0.1:`port`. Reads give up after `readTimeout` seconds, so a
    /// server that never answers fails the test instead of hanging it.
    /// The socket stays in a local until it is connected: once `fd` is set, a throw
    /// runs `deinit`, which closes it a second time. That second close hit whatever
    /// another test's thread had just opened under the same number (a fixture being
    /// read), since a connection refused is the normal case in SlowClientTests.
    init(port: UInt16, readTimeout: Int = 20) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        Self.setReadTimeout(readTimeout, on: socket)
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 else {
            let e = errno
            close(socket)
            throw POSIXError(.init(rawValue: e) ?? .EIO)
        }
        fd = socket
    }

    deinit { close(fd) }

    func setReadTimeout(_ seconds: Int) { Self.setReadTimeout(seconds, on: fd) }

    private static func setReadTimeout(_ seconds: Int, on socket: Int32) {
        var tv = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `bytes`; false when the server already closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            off += n
        }
        return true
    }

    enum ReadEnd: Equatable { case closed, timedOut, error(Int32) }

    /// Reads until the server closes the connection (or the read timeout passes).
    func readAll() -> (bytes: [UInt8], end: ReadEnd) {
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { out += buf[0..<n]; continue }
            if n == 0 { return (out, .closed) }
            if errno == EINTR { continue }
            return (out, errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : (errno == ECONNRESET ? .closed : .error(errno)))
        }
    }

    /// One request with `Connection: close`, the response parsed.
    static func get(port: UInt16, _ target: String, method: String = "GET", headers: [String: String] = [:]) throws -> Response {
        let c = try RawHTTPClient(port: port)
        var req = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (k, v) in headers { req += "\(k): \(v)\r\n" }
        c.send(req + "\r\n")
        guard let r = parse(c.readAll().bytes) else { throw POSIXError(.EBADMSG) }
        return r
    }

    /// One request of the test's own making (head and body as given), the response parsed.
    static func exchange(port: UInt16, _ raw: String) throws -> Response {
        let c = try RawHTTPClient(port: port)
        c.send(raw)
        guard let r = parse(c.readAll().bytes) else { throw POSIXError(.EBADMSG) }
        return r
    }

    static func parse(_ bytes: [UInt8]) -> Response? {
        let sep: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == sep }) else { return nil }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
