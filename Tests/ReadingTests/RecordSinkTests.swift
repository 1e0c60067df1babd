import Foundation
import Reading
import SleeveCore
import Testing

@Suite struct RecordSinkTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func record() -> SleeveRecord {
        var r = SleeveRecord(source: .unwritten(width: 10, height: 10, device: "test"))
        r.artist = "Evening Static"
        return r
    }

    /// A catalogue that remembers what it was asked and told, in order.
    final class Ledger: RecordCataloguing, @unchecked Sendable {
        var events: [String] = []
        func duplicates(ofRecordJSON json: [UInt8]) -> CatalogueDuplicates? {
            events.append("asked")
            return CatalogueDuplicates(count: 1, lastAt: "2026-12-01T10:00:00Z", matchedBy: "release")
        }
        func enter(recordPath: String, recordJSON: [UInt8]) {
            events.append("entered \(URL(fileURLWithPath: recordPath).lastPathComponent)")
        }
    }

    @Test func picturesThenRecordThenCatalogue() throws {
        let dir = try folder()
        let ledger = Ledger()
        let sink = RecordSink(identify: { _ in nil }, catalogue: ledger)
        let written = try sink.write(record(), to: "\(dir)/a.json", pictures: [.init(path: "\(dir)/a.jpg", bytes: [1, 2, 3])])
        #expect(FileManager.default.contents(atPath: "\(dir)/a.jpg") == Data([1, 2, 3]))
        let json = try #require(FileManager.default.contents(atPath: "\(dir)/a.json"))
        #expect(String(decoding: json, as: UTF8.self).contains(#""duplicates" : {"#))
        #expect(ledger.events == ["asked", "entered a.json"])
        #expect(written.catalogued && written.duplicates?.count == 1)
        #expect(try written.jsonLine().contains(#""duplicates":{"count":1"#))
    }

    @Test func aRecordThatCannotBeWrittenTakesItsPicturesWithIt() throws {
        let dir = try folder()
        let ledger = Ledger()
        // The record's path is a folder: the rename over it fails after the picture is written.
        try FileManager.default.createDirectory(atPath: "\(dir)/b.json/inside", withIntermediateDirectories: true)
        let sink = RecordSink(catalogue: ledger)
        #expect(throws: (any Error).self) {
            try sink.write(record(), to: "\(dir)/b.json", pictures: [.init(path: "\(dir)/b.jpg", bytes: [9])])
        }
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/b.jpg"))
        #expect(ledger.events == ["asked"])
    }

    @Test func captureNamesAreUTCAndNeverReused() throws {
        let dir = try folder()
        // 2026-12-01 23:30:00 UTC: the next day in Berlin, the day before in Los Angeles.
        let date = Date(timeIntervalSince1970: 1_796_167_800)
        #expect(CaptureNames.stamp(date) == "20261201-233000")
        let first = CaptureNames.scan(in: dir, at: date)
        #expect(first == "scan-20261201-233000")
        FileManager.default.createFile(atPath: "\(dir)/\(first).json", contents: Data())
        #expect(CaptureNames.scan(in: dir, at: date) == "scan-20261201-233000-2")
        FileManager.default.createFile(atPath: "\(dir)/sleeve-20261201-233000-0001.json", contents: Data())
        #expect(CaptureNames.liveRun("sleeve", in: dir, startedAt: date) == "20261201-233000-2")
        #expect(CaptureNames.liveRun("deadwax", in: dir, startedAt: date) == "20261201-233000")
    }
}
