import DiscogsIndex
import Foundation
import SleeveCore
import SQLite
import Testing
import XMLReading

/// The importer and the matcher against real SQLite files built from the project's own
/// fixture dumps (Fixtures/discogs, made by Fixtures/scripts/make_discogs_fixture.py).
@Suite struct DiscogsImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/discogs").standardizedFileURL
    static let refs = fixtures.appendingPathComponent("releases-refs.xml.gz").path
    static let utf8 = fixtures.appendingPathComponent("releases-utf8.xml").path

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("discogs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func imported(_ dump: String, formats: Set<String>? = nil) throws -> (DiscogsIndex, URL) {
        let dir = try scratch()
        let path = dir.appendingPathComponent("index.sqlite").path
        let summary = try DiscogsImporter(formats: formats).run(dump: dump, index: path)
        #expect(summary.releases > 0)
        return (try DiscogsIndex(path: path), dir)
    }

    @Test func characterReferencesAndRawUTF8GiveTheSameIndex() throws {
        let (a, da) = try Self.imported(Self.refs)
        let (b, db) = try Self.imported(Self.utf8)
        defer { try? FileManager.default.removeItem(at: da); try? FileManager.default.removeItem(at: db) }
        #expect(a.releaseCount == 11)
        let ids = Array(101...111)
        let fa = try a.facts(ids: ids), fb = try b.facts(ids: ids)
        #expect(fa.count == 11)
        #expect(fa == fb)
        let r105 = try #require(fa.first { $0.id == 105 })
        #expect(r105.title == "Café Ärger")
        #expect(r105.artists.map(\.name) == ["Jesper Dahlbäck", "Ümit"])
        #expect(r105.tracks.map(\.title) == ["Ärger", "Söder"])
        #expect(r105.labels == [.init(name: "London & Ffrr Records", catno: "828 148.1")])
        #expect(r105.artists.first?.join == " & ")
        let r104 = try #require(fa.first { $0.id == 104 })
        #expect(r104.labels == [.init(name: "Хрустальный", catno: "BFV 41602")])
        #expect(r104.artists == [.init(name: "The Proclaimers (2)", anv: "Proclaimers")])
        #expect(r104.year == 1987 && r104.country == "UK" && r104.masterId == 9002)
    }

    @Test func identifierQuirksAreNormalisedAndInvalidValuesKeptApart() throws {
        let (index, dir) = try Self.imported(Self.refs)
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try SQLiteDatabase(path: index.path, readOnly: true)
        let rows = try db.query("SELECT release_id, key, valid FROM barcodes ORDER BY release_id, rowid")
        let got = rows.map { "\($0[0].int!) \($0[1].string!) \($0[2].int!)" }
        #expect(got == [
            "101 0093624755524 1", // "0 9362-47555-2 4" and its Scanned duplicate: one row
            "102 0093624755524 1",
            "103 7961220922684 1", // trailing >
            "104 04411416021 0", // 11 digits: kept as digits, not repaired
            "105 5012981255016 0", // bad check digit; "none" is no row at all
            "106 0004865424087 1",
            "107 0004865424087 1",
            "110 5012345678900 1",
            "111 5012345678900 1",
        ])
        let catnos = try db.query("SELECT catno_key FROM labels WHERE release_id = 105")
        #expect(catnos == [[.text("8281481")]])
        let matrix = try db.query("SELECT value, key, description FROM matrices WHERE release_id = 105")
        // `&amp;` and `&quot;` in an attribute are the characters, not `&#38;` (libxml2's
        // SAX parser keeps that form unless told to replace entities).
        #expect(matrix == [[.text("828 148.1 A//1 "), .text("8281481A1"), .text("Etched & \"stamped\"")]])
    }

    @Test func theFormatFilterKeepsOnlyThoseFormats() throws {
        let (index, dir) = try Self.imported(Self.utf8, formats: ["vinyl"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(index.releaseCount == 10)
        #expect(try index.facts(ids: [108]).isEmpty)
    }

    @Test func aBrokenDumpLeavesThePreviousIndexAsItWas() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("index.sqlite").path
        _ = try DiscogsImporter().run(dump: Self.refs, index: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // The dump cut off mid-release, as a download that stopped.
        let text = try String(contentsOfFile: Self.utf8, encoding: .utf8)
        let cut = dir.appendingPathComponent("cut.xml").path
        try String(text.prefix(text.count * 2 / 3)).write(toFile: cut, atomically: true, encoding: .utf8)
        #expect(throws: DiscogsImporter.Failure.self) { try DiscogsImporter().run(dump: cut, index: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["cut.xml", "index.sqlite"])
        #expect(try DiscogsIndex(path: path).releaseCount == 11)
    }

    @Test func anInterruptedImportLeavesThePreviousIndexAsItWas() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("index.sqlite").path
        _ = try DiscogsImporter(formats: ["vinyl"]).run(dump: Self.refs, index: path)
        var importer = DiscogsImporter()
        importer.progressEvery = 2
        importer.shouldStop = { true }
        #expect(throws: DiscogsImporter.Failure.self) { try importer.run(dump: Self.refs, index: path) }
        #expect(try DiscogsIndex(path: path).releaseCount == 10)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["index.sqlite"])
    }

    @Test func aTextIndexThatCannotBeWrittenFailsTheImportAndLeavesThePreviousIndex() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("index.sqlite").path
        _ = try DiscogsImporter(formats: ["vinyl"]).run(dump: Self.refs, index: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // A folder where this import's text index file would go: SQLite cannot open it.
        let blocked = path + ".importing-\(getpid()).text"
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        #expect(throws: DiscogsImporter.Failure.self) { try DiscogsImporter().run(dump: Self.refs, index: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try FileManager.default.removeItem(atPath: blocked)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["index.sqlite"])
    }

    @Test func anImportKilledEarlierLeavesATemporaryFileTheNextImportRemoves() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("index.sqlite").path
        // A process id that cannot be alive (above the kernel's pid_max).
        FileManager.default.createFile(atPath: path + ".importing-99999999", contents: Data("half".utf8))
        _ = try DiscogsImporter().run(dump: Self.refs, index: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["index.sqlite"])
    }

    @Test func aDumpOfManyChunksIsReadWholeAndInOrder() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // About 2.4 MB: the reading thread's ring of 4 × 256 KB goes round twice.
        let path = dir.appendingPathComponent("many.xml").path
        var xml = "<releases>\n"
        for id in 1...4000 {
            xml += "<release id=\"\(id)\"><title>Title \(id)</title><notes>\(String(repeating: "n", count: 500))</notes>"
                + "<labels><label name=\"L\" catno=\"CAT \(id)\"/></labels></release>\n"
        }
        xml += "</releases>\n"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let index = dir.appendingPathComponent("index.sqlite").path
        let summary = try DiscogsImporter().run(dump: path, index: index)
        #expect(summary.releases == 4000)
        #expect(summary.xmlBytes == Int64(xml.utf8.count))
        let facts = try DiscogsIndex(path: index).facts(ids: [1, 2047, 4000])
        #expect(facts.map(\.title) == ["Title 1", "Title 2047", "Title 4000"])
        #expect(facts.map { $0.labels.first?.catno } == ["CAT 1", "CAT 2047", "CAT 4000"])
    }

    @Test func aReleaseListedTwiceKeepsTheFirstInTheTablesAndTheTextIndex() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("twice.xml").path
        let release = { (id: Int, title: String, artist: String) in
            "<release id=\"\(id)\"><artists><artist><name>\(artist)</name></artist></artists><title>\(title)</title>"
                + "<labels><label name=\"Label \(id)\" catno=\"CAT \(id)\"/></labels></release>\n"
        }
        let xml = "<releases>\n" + release(1, "First Pressing", "Quartz Owl") + release(2, "Second Record", "Basalt Crow")
            + release(1, "Relisted Duplicate", "Gneiss Heron") + release(3, "Third Record", "Quartz Finch") + "</releases>\n"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let index = dir.appendingPathComponent("index.sqlite").path
        let summary = try DiscogsImporter().run(dump: path, index: index)
        #expect(summary.releases == 3 && summary.skipped == 1)
        // The text index is built in a file of its own and copied in: nothing is left beside.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["index.sqlite", "twice.xml"])
        #expect(try DiscogsIndex(path: index).facts(ids: [1]).map(\.title) == ["First Pressing"])
        let db = try SQLiteDatabase(path: index, readOnly: true)
        let matches = { (query: String) throws -> [Int] in
            try db.query("SELECT rowid FROM release_text WHERE release_text MATCH ? ORDER BY rowid", [.text(query)])
                .compactMap { $0.first?.int }
        }
        #expect(try matches("\"First\"") == [1])
        #expect(try matches("\"Relisted\"") == [])
        #expect(try matches("artist : \"Quartz\"") == [1, 3])
        #expect(try matches("label : \"Label 2\"") == [2])
        #expect(try matches("title : \"Record\"") == [2, 3])
        #expect(try db.query("SELECT count(*) FROM release_text_docsize") == [[.integer(3)]])
        // The merged text index carries the settings a query-time index wants.
        #expect(try db.query("SELECT k, v FROM release_text_config WHERE k <> 'version' ORDER BY k")
                == [[.text("automerge"), .integer(4)], [.text("crisismerge"), .integer(16)]])
    }

    @Test func aCorruptedGzipIsAnErrorAndLeavesNoIndex() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.refs)))
        // Garbage in the middle of the deflate stream (the header and size stay whole).
        for i in (bytes.count / 2)..<(bytes.count / 2 + 64) { bytes[i] ^= 0x5A }
        let path = dir.appendingPathComponent("bad.xml.gz").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let index = dir.appendingPathComponent("index.sqlite").path
        #expect(throws: DiscogsImporter.Failure.self) { try DiscogsImporter().run(dump: path, index: index) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bad.xml.gz"])
    }

    @Test func anElementThatNeverClosesIsAnErrorNotUnboundedMemory() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A release whose notes never close: everything after it would land inside it.
        let path = dir.appendingPathComponent("open.xml").path
        let body = String(repeating: "<track><title>x</title></track>\n", count: 20000)
        try "<releases>\n<release id=\"1\"><notes>cut here\n\(body)</releases>\n".write(toFile: path, atomically: true, encoding: .utf8)
        var importer = DiscogsImporter()
        importer.elementLimit = 16 << 10
        let index = dir.appendingPathComponent("index.sqlite").path
        let error = try #require(throws: DiscogsImporter.Failure.self) { try importer.run(dump: path, index: index) }
        // Stopped by the limit, before the document's own end could tell.
        #expect(error.description.contains("runs on past"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["open.xml"])
    }

    @Test func aMissingOrForeignFileIsNoIndex() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: DiscogsIndex.OpenError.self) { try DiscogsIndex(path: dir.appendingPathComponent("none").path) }
        let other = dir.appendingPathComponent("other.db").path
        try SQLiteDatabase(path: other).execute("CREATE TABLE t(x)")
        #expect(throws: DiscogsIndex.OpenError.self) { try DiscogsIndex(path: other) }
        #expect(throws: XMLReadError.self) { try XMLEventParser(path: dir.appendingPathComponent("none.xml.gz").path) }
    }

    // MARK: identification through the index

    static func sleeve(barcode: String? = nil, catno: String?, lines: [String], artist: String? = nil, title: String? = nil,
                       label: String? = nil) -> RecordFields {
        RecordFields(barcodes: barcode.map { [.init(value: $0)] } ?? [], artist: artist, title: title, label: label,
                     catalogNumber: catno, lines: lines)
    }

    @Test func namesReleasesByBarcodeCatnoAndMatrix() throws {
        let (index, dir) = try Self.imported(Self.refs)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The German pressing by its own code.
        let german = try index.identify([Self.sleeve(barcode: "7961220922684", catno: "SK 032",
                                                     lines: ["(P) 2001 Svek. Made in Germany. SK 032"])])
        #expect(german.discogsId == 103)
        #expect(german.canonical?.title == "Stockholm Östermalm")
        #expect(german.canonical?.artist == "The Persuader")
        // The US original and its repress differ only in the dead wax.
        let us = Self.sleeve(barcode: "093624755524", catno: "SK 032", lines: ["(P) 1999 Svek. Made in USA. SK 032"])
        let undecided = try index.identify([us])
        #expect(undecided.discogsId == nil)
        #expect(Set(undecided.candidates.prefix(2).map(\.discogsId)) == [101, 102])
        let decided = try index.identify([us, RecordFields(kind: "deadwax", matrix: ["MPO SK 032 A2 RE"])])
        #expect(decided.discogsId == 102)
        // The 11-digit UPC in the dump meets the full UPC-A read from the symbol.
        let story = try index.identify([Self.sleeve(barcode: "044114160212", catno: "BFV 41602",
                                                    lines: ["PROCLAIMERS", "THIS IS THE STORY", "(P) 1987 Made in UK. BFV 41602"])])
        #expect(story.discogsId == 104)
        #expect(story.evidence.contains { $0.kind == "barcode" })
        // A shared barcode: the catno tells the coloured edition from the black one.
        let ltd = try index.identify([Self.sleeve(barcode: "004865424087", catno: "SNGI 319LTD",
                                                  lines: ["(P) 2001 Magnet. Made in USA. SNGI 319LTD"])])
        #expect(ltd.discogsId == 106)
        // No barcode anywhere: catno read with an OCR confusion, label and title.
        let vibrant = try index.identify([Self.sleeve(catno: "AUG 7O166", lines: ["VIBRANT ONES", "GOLDEN HOUR", "A1 Golden Hour 2:58",
                                                                                  "(P) 1969 Vibrant Records. Made in UK. AUG 7O166"],
                                                      artist: "VIBRANT ONES", title: "GOLDEN HOUR")])
        #expect(vibrant.discogsId == 109)
    }

    @Test func aReleaseNotInTheIndexGetsNoMatch() throws {
        let (index, dir) = try Self.imported(Self.refs)
        defer { try? FileManager.default.removeItem(at: dir) }
        // A 1984 Italian pressing of SK 032 with its own code: siblings are in the index, it is not.
        let id = try index.identify([Self.sleeve(barcode: "8019256003828", catno: "SK 032",
                                                 lines: ["THE PERSUADER", "(P) 1984 Svek. Made in Italy. SK 032"])])
        #expect(id.discogsId == nil)
        let nothing = try index.identify([Self.sleeve(catno: "ZZZ 999", lines: ["UNKNOWN BAND", "(P) 1975 Made in France"])])
        #expect(nothing.discogsId == nil && nothing.candidates.isEmpty)
    }
}
