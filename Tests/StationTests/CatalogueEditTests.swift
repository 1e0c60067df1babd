import Catalogue
import Foundation
import Reading
import Settings
import Station
import StatusServer
import Testing

/// The catalogue on the status page: searched, and its dealer fields edited by POST,
/// through real HTTP on a real socket against a real SQLite catalogue.
@Suite struct CatalogueEditTests {
    static let token = "s3cret-station-token"

    /// A status server (with a token unless `token` is nil) over a SQLite catalogue
    /// holding two items.
    final class Desk {
        let station: StationFixture
        let catalogueURL: CatalogueURL
        var port: UInt16 { station.port }

        init(token: String? = CatalogueEditTests.token, timeoutSeconds: Int = 10) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-desk-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            catalogueURL = .sqlite(path: folder.appendingPathComponent("catalogue.sqlite").path)
            let catalogue = try Catalogue(url: catalogueURL, station: "test")
            try catalogue.enter(Self.entry(1, artist: "Glass Orchard", title: "Paper Suns", catno: "FEN-207"))
            try catalogue.enter(Self.entry(2, artist: "Metallica", title: "Master Of Puppets", catno: "60439-1"))
            let desk = CatalogueDesk(url: catalogueURL, station: "test")
            station = try StationFixture(catalogue: desk) {
                $0.token = token
                $0.timeoutSeconds = timeoutSeconds
            }
        }

        static func entry(_ n: Int, artist: String, title: String, catno: String) -> CatalogueEntry {
            let sha = String(repeating: "0", count: 63) + String(n)
            let object: [String: Any] = [
                "schemaVersion": 1, "kind": "sleeve",
                "source": ["path": "/records/\(n).jpg", "width": 100, "height": 100, "sha256": sha, "size": 1,
                           "device": "file", "capturedAt": "2026-12-01T14:0\(n):00Z"],
                "artist": artist, "title": title, "label": NSNull(), "catalogNumber": catno,
                "barcodes": [], "tracks": [], "lines": [], "warnings": [],
            ]
            let bytes = [UInt8](try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            return try! CatalogueEntry.parse(recordJSON: bytes, recordPath: "/records/\(n).json").get()
        }

        func item(_ id: String) throws -> CatalogueItem { try Catalogue(url: catalogueURL, station: "test").item(id) }

        /// The CSRF token as the item's page puts it in its form.
        func csrf(_ id: Int = 1) throws -> String {
            let page = try RawHTTPClient.get(port: port, "/catalogue/\(id)?token=\(CatalogueEditTests.token)")
            let marker = "name=\"csrf\" value=\""
            let start = try #require(page.text.range(of: marker)).upperBound
            return String(page.text[start...].prefix { $0 != "\"" })
        }

        func post(_ target: String, form: String, headers: [String: String] = [:],
                  contentType: String = "application/x-www-form-urlencoded") throws -> RawHTTPClient.Response {
            var req = "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            req += "Content-Type: \(contentType)\r\nContent-Length: \(form.utf8.count)\r\n"
            for (k, v) in headers { req += "\(k): \(v)\r\n" }
            return try RawHTTPClient.exchange(port: port, req + "\r\n" + form)
        }
    }

    static func encoded(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"))!
    }

    @Test func searchFindsAnItemAndLinksToItsForm() throws {
        let d = try Desk()
        let page = try RawHTTPClient.get(port: d.port, "/catalogue?q=puppets&token=\(Self.token)")
        #expect(page.status == 200)
        #expect(page.text.contains("Master Of Puppets"))
        #expect(!page.text.contains("Paper Suns"))
        #expect(page.text.contains("href=\"/catalogue/2?token=\(Self.token)\""))
        let all = try RawHTTPClient.get(port: d.port, "/catalogue?token=\(Self.token)")
        #expect(all.text.contains("Paper Suns") && all.text.contains("Master Of Puppets"))
        // The page itself needs the token, as the rest of the station does.
        #expect(try RawHTTPClient.get(port: d.port, "/catalogue?q=puppets").status == 401)
        // The main page links to it.
        #expect(try RawHTTPClient.get(port: d.port, "/?token=\(Self.token)").text.contains("href=\"/catalogue?token=\(Self.token)\""))
    }

    @Test func aGoodEditIsSavedWithDiscogsGradeNames() throws {
        let d = try Desk()
        let form = "csrf=\(try d.csrf())&media=\(Self.encoded("Very Good Plus (VG+)"))&sleeve=\(Self.encoded("VG"))"
            + "&price=12.50&location=A3&quantity=2&notes=\(Self.encoded("small seam split"))"
        let r = try d.post("/catalogue/1?token=\(Self.token)", form: form)
        #expect(r.status == 200)
        #expect(r.text.contains("Saved."))
        let item = try d.item("1")
        #expect(item.mediaCondition == "Very Good Plus (VG+)")
        #expect(item.sleeveCondition == "Very Good (VG)")
        #expect(item.priceCents == 1250)
        #expect(item.location == "A3")
        #expect(item.quantity == 2)
        #expect(item.notes == "small seam split")
        #expect(try d.item("2").mediaCondition == nil)
        // The form shows what is stored, the grade selected.
        #expect(r.text.contains("<option selected>Very Good Plus (VG+)</option>"))
        // The token in a header works as well, and an empty value clears a field.
        let h = try d.post("/catalogue/1", form: "csrf=\(try d.csrf())&price=", headers: ["X-Station-Token": Self.token])
        #expect(h.status == 200)
        #expect(try d.item("1").priceCents == nil)
    }

    @Test func aBadGradeIsRefusedWithTheMessageAndChangesNothing() throws {
        let d = try Desk()
        let r = try d.post("/catalogue/1?token=\(Self.token)", form: "csrf=\(try d.csrf())&media=Excellent&price=3")
        #expect(r.status == 400)
        #expect(r.text.contains("media grade &#39;Excellent&#39; is not one of Discogs&#39; grades"))
        let bad = try d.post("/catalogue/1?token=\(Self.token)", form: "csrf=\(try d.csrf())&price=12.505")
        #expect(bad.status == 400)
        #expect(bad.text.contains("is not an amount like 12.50"))
        let item = try d.item("1")
        #expect(item.mediaCondition == nil && item.priceCents == nil)
        #expect(try d.post("/catalogue/99?token=\(Self.token)", form: "csrf=\(try d.csrf())&price=3").status == 404)
    }

    @Test func aMissingOrWrongTokenIsRefused() throws {
        let d = try Desk()
        let csrf = try d.csrf()
        #expect(try d.post("/catalogue/1", form: "csrf=\(csrf)&price=3").status == 403)
        #expect(try d.post("/catalogue/1?token=wrong-token-123", form: "csrf=\(csrf)&price=3").status == 403)
        #expect(try d.post("/catalogue/1", form: "csrf=\(csrf)&price=3", headers: ["X-Station-Token": "wrong-token-123"]).status == 403)
        // A token in the form body is not the station's token.
        #expect(try d.post("/catalogue/1", form: "csrf=\(csrf)&token=\(Self.token)&price=3").status == 403)
        #expect(try d.item("1").priceCents == nil)
    }

    @Test func aStationWithoutATokenCannotBeEdited() throws {
        let d = try Desk(token: nil)
        let page = try RawHTTPClient.get(port: d.port, "/catalogue/1")
        #expect(page.status == 200)
        #expect(!page.text.contains("name=\"csrf\""))
        #expect(page.text.contains("Editing needs a station token"))
        #expect(try d.post("/catalogue/1", form: "csrf=x&price=3").status == 403)
        #expect(try d.item("1").priceCents == nil)
    }

    @Test func aMissingWrongOrCrossSiteCSRFIsRefused() throws {
        let d = try Desk()
        let t = "/catalogue/1?token=\(Self.token)"
        #expect(try d.post(t, form: "price=3").status == 403)
        #expect(try d.post(t, form: "csrf=&price=3").status == 403)
        #expect(try d.post(t, form: "csrf=\(String(repeating: "0", count: 64))&price=3").status == 403)
        let csrf = try d.csrf()
        #expect(try d.post(t, form: "csrf=\(csrf)&price=3", headers: ["Origin": "http://evil.example"]).status == 403)
        #expect(try d.post(t, form: "csrf=\(csrf)&price=3", headers: ["Sec-Fetch-Site": "cross-site"]).status == 403)
        #expect(try d.post(t, form: "csrf=\(csrf)&price=3", contentType: "text/plain").status == 415)
        #expect(try d.item("1").priceCents == nil)
        // The same form from the page itself goes through.
        #expect(try d.post(t, form: "csrf=\(csrf)&price=3", headers: ["Origin": "http://127.0.0.1:\(d.port)",
                                                                   "Sec-Fetch-Site": "same-origin"]).status == 200)
        #expect(try d.item("1").priceCents == 300)
    }

    @Test func anOversizedBodyIsRefusedWith413() throws {
        let d = try Desk()
        let notes = String(repeating: "x", count: StatusServer.maxFormBytes + 1)
        let r = try d.post("/catalogue/1?token=\(Self.token)", form: "csrf=\(try d.csrf())&notes=\(notes)")
        #expect(r.status == 413)
        #expect(try d.item("1").notes == nil)
        // A body without a Content-Length is refused before it is read.
        let chunked = try RawHTTPClient.exchange(port: d.port, "POST /catalogue/1?token=\(Self.token) HTTP/1.1\r\nHost: x\r\n"
            + "Connection: close\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nprice\r\n0\r\n\r\n")
        #expect(chunked.status == 411)
    }

    @Test func aBodyTrickledByteByByteIsClosedAtTheDeadline() throws {
        let d = try Desk(timeoutSeconds: 2)
        let form = Array("csrf=\(try d.csrf())&notes=\(String(repeating: "y", count: 200))".utf8)
        let c = try RawHTTPClient(port: d.port)
        c.send("POST /catalogue/1?token=\(Self.token) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + "Content-Length: \(form.count)\r\n\r\n")
        // One byte every 0.2 s would take 40 s; libmicrohttpd's idle timeout never fires
        // (the client is never silent for 2 s), the guard's request deadline does.
        let start = ContinuousClock.now
        var sent = 0
        while sent < form.count, c.send([form[sent]]) {
            sent += 1
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(sent < form.count)
        #expect(ContinuousClock.now - start < .seconds(15))
        #expect(try d.item("1").notes == nil)
    }

    @Test func otherMethodsAndPOSTElsewhereAreRefused() throws {
        let d = try Desk()
        for method in ["PUT", "DELETE", "PATCH", "OPTIONS"] {
            let r = try RawHTTPClient.get(port: d.port, "/catalogue/1?token=\(Self.token)", method: method)
            #expect(r.status == 405, "\(method)")
            #expect(r.headers["allow"] == "GET, HEAD, POST")
        }
        #expect(try d.post("/?token=\(Self.token)", form: "x=1").status == 405)
        #expect(try d.post("/status.json?token=\(Self.token)", form: "x=1").status == 405)
    }

    @Test func injectedHTMLInNotesIsEscapedOnThePages() throws {
        let d = try Desk()
        let evil = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>"
        let r = try d.post("/catalogue/1?token=\(Self.token)", form: "csrf=\(try d.csrf())&notes=\(Self.encoded(evil))&location=\(Self.encoded("<b>A3</b>"))")
        #expect(r.status == 200)
        #expect(try d.item("1").notes == evil)
        for page in [r.text, try RawHTTPClient.get(port: d.port, "/catalogue/1?token=\(Self.token)").text,
                     try RawHTTPClient.get(port: d.port, "/catalogue?q=alert&token=\(Self.token)").text] {
            #expect(!page.contains("<script>alert"))
            #expect(!page.contains("<img src=x"))
            #expect(!page.contains("<b>A3"))
            #expect(page.contains("&lt;b&gt;A3&lt;/b&gt;"))
        }
        #expect(r.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        // A search text is escaped as well.
        let q = try RawHTTPClient.get(port: d.port, "/catalogue?q=%22%3E%3Cscript%3E&token=\(Self.token)")
        #expect(!q.text.contains("\"><script>"))
    }
}
