import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore
import StatusServer
import Testing

@Suite struct StatusPageTests {
    @Test func pageShowsStateFieldsThumbnailAndPreviewEscaped() throws {
        let f = try StationFixture()
        let page = try RawHTTPClient.get(port: f.port, "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("written"))
        #expect(page.text.contains("12.3 frames/s"))
        #expect(page.text.contains("Glass &lt;b&gt;Orchard&lt;/b&gt;"))
        #expect(!page.text.contains("<b>Orchard"))
        #expect(page.text.contains("href=\"/files/photo-inline.json\""))
        #expect(page.text.contains("src=\"/thumbs/photo-inline.jpg\""))
        #expect(page.text.contains("src=\"/preview.jpg\""))
    }

    @Test func pageShowsTheIdentifiedReleaseOrTheCandidates() throws {
        let f = try StationFixture()
        var next = f.board.current
        let candidate = Identification.Candidate(discogsId: 102, score: 0.97, artist: "The Persuader", title: "Stockholm",
                                                 catno: "SK 032", country: "US", year: 1999)
        next.recent[0].record.release = Identification(discogsId: 102, score: 0.97, evidence: [], candidates: [candidate],
                                                       canonical: nil, reason: nil)
        f.board.publish(next)
        let page = try RawHTTPClient.get(port: f.port, "/")
        #expect(page.text.contains("<dt>Release</dt><dd>Discogs 102 The Persuader – Stockholm [SK 032, US 1999]</dd>"))
        next.recent[0].record.release = Identification(discogsId: nil, score: 0, evidence: [], candidates: [candidate],
                                                       canonical: nil, reason: "the dead wax would decide")
        f.board.publish(next)
        let json = try #require(JSONSerialization.jsonObject(with: Data(RawHTTPClient.get(port: f.port, "/status.json").body)) as? [String: Any])
        let recent = try #require(json["recent"] as? [[String: Any]])
        #expect(recent.first?["release"] as? String == "not decided (the dead wax would decide): 102 The Persuader – Stockholm [SK 032, US 1999]")
    }

    @Test func statusJSONIsTheBoardSnapshot() throws {
        let f = try StationFixture()
        let r = try RawHTTPClient.get(port: f.port, "/status.json")
        #expect(r.status == 200)
        let json = try #require(JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(json["state"] as? String == "written")
        #expect(json["previewAvailable"] as? Bool == true)
        let recent = try #require(json["recent"] as? [[String: Any]])
        #expect(recent.count == 1)
        #expect(recent.first?["artist"] as? String == "Glass <b>Orchard</b>")
        #expect(recent.first?["barcodes"] as? [String] == ["4098765432101"])

        // A new snapshot shows on the next request: the server reads the board each time.
        var next = f.board.current
        next.state = .paused
        next.message = "free space below the floor"
        f.board.publish(next)
        let again = try #require(JSONSerialization.jsonObject(with: Data(RawHTTPClient.get(port: f.port, "/status.json").body)) as? [String: Any])
        #expect(again["state"] as? String == "paused")
        #expect(again["message"] as? String == "free space below the floor")
    }

    @Test func previewRecordFilesAndThumbnailsAreServed() throws {
        let f = try StationFixture()
        let preview = try RawHTTPClient.get(port: f.port, "/preview.jpg")
        #expect(preview.status == 200)
        #expect(preview.body == f.preview)

        let json = try RawHTTPClient.get(port: f.port, "/files/photo-inline.json")
        #expect(json.status == 200)
        #expect(json.body == [UInt8](try Data(contentsOf: f.folder.appendingPathComponent("photo-inline.json"))))

        let image = try RawHTTPClient.get(port: f.port, "/files/photo-inline.jpg")
        #expect(image.headers["content-type"] == "image/jpeg")
        #expect(image.body == [UInt8](try Data(contentsOf: f.folder.appendingPathComponent("photo-inline.jpg"))))

        let thumb = try RawHTTPClient.get(port: f.port, "/thumbs/photo-inline.jpg")
        #expect(thumb.status == 200)
        let size = try Leptonica().dimensions(of: thumb.body)
        #expect(max(size.width, size.height) == 320)
        #expect(size.width > size.height)  // the 1600×1200 photo keeps its shape
    }

    @Test func headHasNoBodyAndOtherMethodsAreRefused() throws {
        let f = try StationFixture()
        let head = try RawHTTPClient.get(port: f.port, "/status.json", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
            let r = try RawHTTPClient.get(port: f.port, "/", method: method)
            #expect(r.status == 405, "\(method)")
        }
        let noPreview = try StationFixture()
        var status = noPreview.board.current
        status.previewJPEG = nil
        noPreview.board.publish(status)
        #expect(try RawHTTPClient.get(port: noPreview.port, "/preview.jpg").status == 404)
    }
}
