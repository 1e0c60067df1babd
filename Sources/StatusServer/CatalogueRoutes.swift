import Catalogue
import Foundation

/// The catalogue on the status page: `GET /catalogue?q=TEXT` searches it, `GET
/// /catalogue/ID` shows an item's dealer fields in a form, `POST /catalogue/ID` saves
/// them. Editing changes stock, so a POST must carry the station's token (header or
/// `?token=`; a station without a token cannot be edited at all), the page's CSRF
/// token in its form, and come from the page itself (no cross-site `Origin` or
/// `Sec-Fetch-Site`); the body is a small urlencoded form, read only after all that
/// was checked, and its values go through `DealerChanges.parse`, as on the command line.
struct CatalogueRoutes: Sendable {
    let desk: CatalogueDesk
    let token: String?
    /// Random per server start; put into every form this page serves.
    let csrf: String

    /// Largest form body read: a notes field of 2,000 characters, percent-encoded, and
    /// the other fields. Beyond it: 413 before a byte of it is read.
    static let maxBodyBytes = 16 * 1024
    /// Items a search shows at most.
    static let searchLimit = 50

    static func isItemPath(_ path: String) -> Bool { path.hasPrefix("/catalogue/") }

    func get(_ request: StatusRequest, link: (String) -> String) -> StatusReply {
        if request.path == "/catalogue" || request.path == "/catalogue/" {
            let q = request.searchText ?? ""
            do {
                let items = try desk.search(q, limit: Self.searchLimit)
                return Self.html(200, CataloguePage.search(q, items: items, limit: Self.searchLimit, link: link,
                                                           hiddenToken: request.queryToken))
            } catch {
                return failure(error) { CataloguePage.message("Catalogue", $0, link: link) }
            }
        }
        let key = String(request.path.dropFirst("/catalogue/".count))
        do {
            let item = try desk.item(key)
            return Self.html(200, CataloguePage.item(item, csrf: csrf, editable: token != nil, notice: nil, link: link))
        } catch {
            return failure(error) { CataloguePage.message("Catalogue item", $0, link: link) }
        }
    }

    /// The checks that need no body; nil when the body should be read.
    func postHead(_ request: StatusRequest) -> StatusReply? {
        guard let token else {
            return .text(403, "editing the catalogue needs a station token: start the station with --token-file PATH "
                + "or SLEEVESCAN_STATUS_TOKEN (station.statusToken)")
        }
        guard let offered = request.headerToken ?? request.queryToken, StatusRoutes.constantTimeEqual(offered, token) else {
            return .text(403, "editing the catalogue needs this station's token (?token=… or an X-Station-Token header)")
        }
        if request.fetchSite == "cross-site" || request.fetchSite == "same-site" {
            return .text(403, "cross-site request refused: edit from the station's own page")
        }
        if let origin = request.origin, origin != "null", let host = request.host {
            let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
            guard originHost?.lowercased() == host.lowercased() else {
                return .text(403, "cross-site request refused (Origin \(origin) is not this station)")
            }
        } else if request.origin == "null" {
            return .text(403, "cross-site request refused (Origin null)")
        }
        if request.chunked { return .text(411, "send the form with a Content-Length") }
        guard let type = request.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
              type == "application/x-www-form-urlencoded" else {
            return .text(415, "the form must be application/x-www-form-urlencoded")
        }
        if request.contentLength > Self.maxBodyBytes {
            return .text(413, "the form is larger than \(Self.maxBodyBytes) bytes")
        }
        return nil
    }

    /// The whole form arrived (and passed `postHead`).
    func post(_ request: StatusRequest, body: [UInt8], link: (String) -> String) -> StatusReply {
        guard let fields = FormBody.parse(body) else {
            return .text(400, "the form is not valid urlencoded UTF-8")
        }
        let offered = fields.last(where: { $0.name == "csrf" })?.value ?? ""
        guard !offered.isEmpty, StatusRoutes.constantTimeEqual(offered, csrf) else {
            return .text(403, "the form's CSRF token is missing or stale: reload the item's page and save again")
        }
        let key = String(request.path.dropFirst("/catalogue/".count))
        let assignments = fields.filter { $0.name != "csrf" && $0.name != "token" }.map { "\($0.name)=\($0.value)" }
        do {
            let item = try desk.set(key, assignments: assignments)
            return Self.html(200, CataloguePage.item(item, csrf: csrf, editable: true, notice: "Saved.", link: link))
        } catch let e as CatalogueError where e.kind == .usage {
            // The values typed stay visible in the message; the form shows what is stored.
            guard let item = try? desk.item(key) else { return .text(400, e.description) }
            return Self.html(400, CataloguePage.item(item, csrf: csrf, editable: true, notice: e.description, link: link))
        } catch {
            return failure(error) { CataloguePage.message("Catalogue item", $0, link: link) }
        }
    }

    private func failure(_ error: any Error, page: (String) -> String) -> StatusReply {
        guard let e = error as? CatalogueError else { return Self.html(500, page("\(error)")) }
        switch e.kind {
        case .notFound: return Self.html(404, page(e.description))
        case .usage: return Self.html(400, page(e.description))
        case .unreachable: return Self.html(503, page(e.description))
        case .database: return Self.html(500, page(e.description))
        }
    }

    static func html(_ status: Int, _ text: String) -> StatusReply {
        StatusReply(status: status, contentType: "text/html; charset=utf-8", body: .bytes(Array(text.utf8)))
    }
}

/// `application/x-www-form-urlencoded`: `a=1&b=x+y%21`.
enum FormBody {
    static func parse(_ body: [UInt8]) -> [(name: String, value: String)]? {
        var out: [(String, String)] = []
        for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : []) else { return nil }
            out.append((name, value))
        }
        return out
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else if b == UInt8(ascii: "%") {
                guard i + 2 < bytes.endIndex,
                      let h = hex(bytes[i + 1]), let l = hex(bytes[i + 2]) else { return nil }
                out.append(h << 4 | l)
                i += 2
            } else {
                out.append(b)
            }
            i += 1
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
