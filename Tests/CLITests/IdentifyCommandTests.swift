import Foundation
import Testing

/// `sleevescan index import` and `sleevescan identify` as a user runs them, over the
/// project's own fixture dumps (Fixtures/discogs).
@Suite struct IdentifyCommandTests {
    let dump = CLIRunner.fixtures.appendingPathComponent("discogs/releases-refs.xml.gz").path
    let dumpUTF8 = CLIRunner.fixtures.appendingPathComponent("discogs/releases-utf8.xml").path
    let sleeve = CLIRunner.fixtures.appendingPathComponent("sleeves/flatbed-side-by-side.png").path

    func importIndex(into dir: URL) throws -> String {
        let index = dir.appendingPathComponent("discogs.sqlite").path
        let r = try CLIRunner.run(["index", "import", dump, "--index", index])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("11 releases"))
        return index
    }

    func record(_ path: URL) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
    }

    @Test func importsADumpAndKeepsThePreviousIndexWhenTheNextImportFails() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let index = try importIndex(into: dir)
        let before = try Data(contentsOf: URL(fileURLWithPath: index))

        let missing = try CLIRunner.run(["index", "import", dir.appendingPathComponent("none.xml.gz").path, "--index", index])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("error: ") && missing.stderr.contains("none.xml.gz"))

        let text = try String(contentsOfFile: dumpUTF8, encoding: .utf8)
        let cut = dir.appendingPathComponent("cut.xml")
        try String(text.prefix(text.count / 2)).write(to: cut, atomically: true, encoding: .utf8)
        let broken = try CLIRunner.run(["index", "import", cut.path, "--index", index])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("cut.xml") && broken.stderr.contains("as it was before"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: index)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["cut.xml", "discogs.sqlite"])

        let usage = try CLIRunner.run(["index", "import"])
        #expect(usage.status == 64 && usage.stderr.contains("usage: sleevescan index import"))
    }

    @Test func identifyWritesTheReleaseIntoTheSleeveRecordFromSleeveAndDeadWax() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let index = try importIndex(into: dir)
        // Records as read: the sleeve prints what the original and its repress share.
        let sleeve = dir.appendingPathComponent("sleeve.json")
        let deadwax = dir.appendingPathComponent("deadwax.json")
        try #"""
        {"schemaVersion": 1, "kind": "sleeve", "barcodes": [{"symbology": "UPC-A", "value": "093624755524", "checksumValid": true}],
         "artist": "THE PERSUADER", "title": "STOCKHOLM OSTERMALM", "label": "Svek", "catalogNumber": "SK 032", "tracks": [],
         "matrix": [], "lines": [{"text": "(P) 1999 Svek. Made in USA. SK 032", "box": [0, 0, 1, 0.1], "confidence": 90}],
         "futureKey": {"kept": true}}
        """#.write(to: sleeve, atomically: true, encoding: .utf8)
        try #"{"schemaVersion": 1, "kind": "deadwax", "barcodes": [], "matrix": [{"text": "MPO SK 032 A2 RE", "side": "A"}], "lines": []}"#
            .write(to: deadwax, atomically: true, encoding: .utf8)
        let deadwaxBefore = try Data(contentsOf: deadwax)

        // The sleeve alone: the dead wax would decide, so no release is named.
        let alone = try CLIRunner.run(["identify", sleeve.path, "--index", index, "--json"])
        #expect(alone.status == 0, "\(alone.stderr)")
        var release = try #require(try record(sleeve)["release"] as? [String: Any])
        #expect(release["discogsId"] is NSNull)
        #expect((release["candidates"] as? [[String: Any]])?.compactMap { $0["discogsId"] as? Int }.prefix(2).sorted() == [101, 102])
        #expect(alone.stderr.contains("dead wax"))

        // With its dead wax: the repress.
        let both = try CLIRunner.run(["identify", sleeve.path, deadwax.path, "--index", index, "--json"])
        #expect(both.status == 0, "\(both.stderr)")
        let rec = try record(sleeve)
        release = try #require(rec["release"] as? [String: Any])
        #expect(release["discogsId"] as? Int == 102)
        let canonical = try #require(release["canonical"] as? [String: Any])
        #expect(canonical["title"] as? String == "Stockholm Östermalm")
        #expect(canonical["artist"] as? String == "The Persuader")
        #expect(canonical["country"] as? String == "US" && canonical["year"] as? Int == 1999)
        #expect((canonical["tracks"] as? [[String: Any]])?.first?["title"] as? String == "Östermalm")
        // The fields read from the image stay as printed; unknown keys are kept.
        #expect(rec["title"] as? String == "STOCKHOLM OSTERMALM")
        #expect((rec["futureKey"] as? [String: Any])?["kept"] as? Bool == true)
        #expect(try Data(contentsOf: deadwax) == deadwaxBefore)
        let line = try #require(both.stdout.split(separator: "\n").last)
        let printed = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(printed["discogsId"] as? Int == 102)
    }

    @Test func identifyExplainsAMissingIndexOrRecord() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rec = dir.appendingPathComponent("r.json")
        try #"{"kind": "sleeve", "barcodes": [], "lines": []}"#.write(to: rec, atomically: true, encoding: .utf8)
        let noIndex = try CLIRunner.run(["identify", rec.path, "--index", dir.appendingPathComponent("none.sqlite").path])
        #expect(noIndex.status == 66)
        #expect(noIndex.stderr.contains("index import"))
        let index = try importIndex(into: dir)
        let missing = try CLIRunner.run(["identify", dir.appendingPathComponent("gone.json").path, "--index", index])
        #expect(missing.status == 66 && missing.stderr.contains("gone.json"))
        let notJSON = dir.appendingPathComponent("notes.json")
        try "hello".write(to: notJSON, atomically: true, encoding: .utf8)
        let bad = try CLIRunner.run(["identify", notJSON.path, "--index", index])
        #expect(bad.status == 65 && bad.stderr.contains("notes.json"))
        #expect(try String(contentsOf: notJSON, encoding: .utf8) == "hello")
    }

    @Test func readWithAnIndexIdentifiesTheFixtureSleeve() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let index = try importIndex(into: dir)
        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["read", "--out", out.path, "--index", index, sleeve])
        #expect(r.status == 0, "\(r.stderr)")
        let release = try #require(try record(out.appendingPathComponent("flatbed-side-by-side.json"))["release"] as? [String: Any])
        // Its barcode is shared with a coloured edition (MRW 4417X): the printed catno decides.
        #expect(release["discogsId"] as? Int == 110)
        #expect((release["canonical"] as? [String: Any])?["label"] as? String == "Marrow")

        // Without an index (and none at the configured path) there is no release key at all.
        let config = dir.appendingPathComponent("config.json")
        try #"{"index": {"path": null}}"#.write(to: config, atomically: true, encoding: .utf8)
        let plain = try CLIRunner.run(["read", "--only", "barcodes", "--config", config.path, "--out", out.path, sleeve])
        #expect(plain.status == 0)
        #expect(try record(out.appendingPathComponent("flatbed-side-by-side.json"))["release"] == nil)
        let wrong = try CLIRunner.run(["read", "--only", "barcodes", "--index", dir.appendingPathComponent("no.sqlite").path, "--out", out.path, sleeve])
        #expect(wrong.status == 66 && wrong.stderr.contains("no.sqlite"))
    }
}
