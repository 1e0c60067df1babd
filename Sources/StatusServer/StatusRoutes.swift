import Foundation
import Reading
import Settings
import Station

/// One request as the routes see it: already parsed by the HTTP library.
struct StatusRequest {
    var method: String
    /// The path, percent-decoded by the HTTP library (`/files/a%20b.json` is `/files/a b.json`).
    var path: String
    /// `?token=` from the address, if any.
    var queryToken: String?
    /// `X-Station-Token` header, or the credentials of `Authorization: Bearer …`.
    var headerToken: String?
    /// The request announces a body (Content-Length above 0, or chunked).
    var hasBody: Bool
    /// `?q=` (the catalogue search).
    var searchText: String? = nil
    var contentLength = 0
    var chunked = false
    var contentType: String? = nil
    /// `Origin`, `Sec-Fetch-Site` and `Host`: where a POST comes from (cross-site refused).
    var origin: String? = nil
    var fetchSite: String? = nil
    var host: String? = nil
}

/// What the routes make of a request's head: an answer, or "read the body first".
enum StatusAnswer {
    case reply(StatusReply)
    case readBody
}

/// What to send back.
struct StatusReply {
    enum Body {
        case bytes([UInt8])
        /// A file of the output folder, by real path; the HTTP layer opens and streams it.
        case file(String)
    }

    var status: Int
    var contentType: String
    var body: Body
    var headers: [(String, String)] = []

    static func text(_ status: Int, _ message: String) -> StatusReply {
        StatusReply(status: status, contentType: "text/plain; charset=utf-8", body: .bytes(Array((message + "\n").utf8)))
    }
}

/// The status page's routes, over snapshots of the board. Nothing here blocks the
/// producer: `board.current` is a locked copy of a value, held for the length of a copy.
struct StatusRoutes: Sendable {
    let board: StatusBoard
    let files: OutputFolderFiles
    let token: String?
    let disk: DiskSpaceFloor?
    let thumbnails: ThumbnailCache
    /// The catalogue's search and editing pages; nil when the station has no catalogue.
    var catalogue: CatalogueRoutes? = nil

    /// On a request's head (`body` nil), and again with its body when `.readBody` was
    /// the answer: only a POST to a catalogue item has one, and only after its token,
    /// origin and size were checked.
    func answer(_ request: StatusRequest, body: [UInt8]?) -> StatusAnswer {
        guard request.method == "POST" else { return .reply(reply(to: request)) }
        guard request.path.utf8.count <= 2048 else { return .reply(.text(414, "address too long")) }
        guard let catalogue, CatalogueRoutes.isItemPath(request.path) else {
            var r = StatusReply.text(405, "only a catalogue item (/catalogue/ID) takes a POST")
            r.headers.append(("Allow", "GET, HEAD"))
            return .reply(r)
        }
        guard let body else { return catalogue.postHead(request).map { .reply($0) } ?? .readBody }
        return .reply(catalogue.post(request, body: body, link: link(for: request)))
    }

    func reply(to request: StatusRequest) -> StatusReply {
        guard request.method == "GET" || request.method == "HEAD" || request.method == "POST" else {
            var r = StatusReply.text(405, "only GET, HEAD and POST are served here")
            r.headers.append(("Allow", "GET, HEAD, POST"))
            return r
        }
        guard request.method != "POST" else {
            guard case let .reply(r) = answer(request, body: nil) else { return .text(500, "a POST needs its body") }
            return r
        }
        guard !request.hasBody else { return .text(413, "requests to the status page carry no body") }
        guard request.path.utf8.count <= 2048 else { return .text(414, "address too long") }
        if let token {
            let offered = request.headerToken ?? request.queryToken
            guard let offered, Self.constantTimeEqual(offered, token) else {
                return .text(401, "this station needs its token: add ?token=… to the address (see station.statusToken)")
            }
        }
        let link = link(for: request)
        if let catalogue, request.path == "/catalogue" || request.path.hasPrefix("/catalogue/") {
            return catalogue.get(request, link: link)
        }
        switch request.path {
        case "/", "/index.html":
            let html = StatusPage.html(view(link: link), link: link, catalogue: catalogue != nil)
            return StatusReply(status: 200, contentType: "text/html; charset=utf-8", body: .bytes(Array(html.utf8)))
        case "/status.json":
            return StatusReply(status: 200, contentType: "application/json; charset=utf-8", body: .bytes(view(link: link).json()))
        case "/preview.jpg":
            guard let jpeg = board.current.previewJPEG else { return .text(404, "no preview yet: no frame has been analysed") }
            return StatusReply(status: 200, contentType: "image/jpeg", body: .bytes(jpeg))
        default:
            break
        }
        if request.path.hasPrefix("/files/") {
            guard let found = files.resolve(String(request.path.dropFirst("/files/".count))) else {
                return .text(404, "no such record or image in the output folder")
            }
            return StatusReply(status: 200, contentType: found.contentType, body: .file(found.path))
        }
        if request.path.hasPrefix("/thumbs/") {
            guard let found = files.resolve(String(request.path.dropFirst("/thumbs/".count))),
                  found.contentType.hasPrefix("image/") else {
                return .text(404, "no such image in the output folder")
            }
            guard let jpeg = thumbnails.thumbnail(path: found.path) else {
                return .text(415, "the image could not be decoded for a thumbnail")
            }
            return StatusReply(status: 200, contentType: "image/jpeg", body: .bytes(jpeg))
        }
        return .text(404, "not found: the page is at /, the status at /status.json")
    }

    /// Links carry the token when it came in the address, so a browser can follow them.
    private func link(for request: StatusRequest) -> (String) -> String {
        { path in
            guard self.token != nil, let t = request.queryToken,
                  let q = t.addingPercentEncoding(withAllowedCharacters: Self.tokenCharacters) else { return path }
            return path + "?token=" + q
        }
    }

    /// Unreserved characters of RFC 3986: left as they are in a query value.
    static let tokenCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private func view(link: (String) -> String) -> StatusView {
        StatusView(board.current, disk: disk.map { $0.check() }, link: link)
    }

    /// Compares without stopping at the first difference, so response time says
    /// nothing about how much of a guessed token was right.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) { diff |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0) }
        return diff == 0
    }
}
