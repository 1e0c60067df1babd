import BarcodeScanning
import Foundation
import Imaging
import Recognition
import Reading
import Settings
import Station
import Synchronization
import SleeveCore
import Testing

/// `read` runs the barcode stage beside OCR on a machine with a core to spare: the
/// record must be the one the stages give one after the other.
@Suite struct OverlappedReadTests {
    @Test(arguments: ["flatbed-side-by-side.png", "photo-inline.jpg"])
    func barcodesBesideOCRGiveTheSameRecord(name: String) throws {
        let path = ReadPipelineTests.fixtures.appendingPathComponent(name).path
        let serial = try ReadPipelineTests.reader()
        let overlapped = try ReadPipelineTests.reader()
        overlapped.options.overlapBarcodesWithOCR = true
        var one = try serial.read(path: path), other = try overlapped.read(path: path)
        #expect(!other.barcodes.isEmpty)
        #expect(other.timingsMs["barcodes"] != nil && other.timingsMs["ocr"] != nil)
        one.timingsMs = [:]
        other.timingsMs = [:]
        // The two reads may straddle a second; when they were taken is not the question.
        other.source.capturedAt = one.source.capturedAt
        let differing = try Self.differences(one, other)
        #expect(one == other, "fields that differ: \(differing)")
    }

    /// A sleeve with no barcode: the barcode thread finds nothing in the whole photo,
    /// waits for the outline the OCR side finds, and reads the rectified sleeve too.
    @Test func aSleeveWithoutACodeIsLookedForOnItsRectifiedPageAlike() throws {
        let path = ReadPipelineTests.fixtures.appendingPathComponent("../document/colourful.jpg").path
        let serial = try ReadPipelineTests.reader()
        let overlapped = try ReadPipelineTests.reader()
        overlapped.options.overlapBarcodesWithOCR = true
        var one = try serial.read(path: path), other = try overlapped.read(path: path)
        #expect(other.document != nil, "the fixture's outline is found, so its page is read for codes")
        #expect(other.barcodes.isEmpty)
        one.timingsMs = [:]
        other.timingsMs = [:]
        other.source.capturedAt = one.source.capturedAt
        let differing = try Self.differences(one, other)
        #expect(one == other, "fields that differ: \(differing)")
    }

    /// The printed digits under a symbol no pass decodes name the code: the reading
    /// thread calls the barcode thread's search off instead of waiting out its budget.
    /// The search here holds until it is called off (or 60 s pass) before its zbar pass.
    @Test func digitsInTheTextCallTheSymbolSearchOff() throws {
        var gray = try Leptonica().decodeGray([UInt8](Data(contentsOf: ReadPipelineTests.fixtures
            .appendingPathComponent("flatbed-side-by-side.png"))))
        for y in 1230..<1395 { for x in 1100..<1450 { gray[x, y] = 236 } }  // the bars painted over
        let search = SearchUntilCalledOff()
        let lept = Leptonica(), tesseract = try TesseractRecognizer()
        let reader = SleeveReader(decoder: lept, deskewer: lept, resampler: lept, recognizer: tesseract, fields: tesseract,
                                  barcodes: search, hashing: ReadPipelineTests.Hashing())
        reader.options.overlapBarcodesWithOCR = true
        let source = SleeveRecord.Source(path: "x", width: gray.width, height: gray.height, sha256: "", size: 0, device: "file", capturedAt: "")
        let record = reader.analyse(gray, source: source)
        #expect(search.calledOff.withLock { $0 }, "the search ran to its deadline: nothing called it off")
        #expect(record.barcodes.map(\.value) == [try ReadPipelineTests.expected("flatbed-side-by-side").barcode])
        #expect(record.barcodes.first?.source == .text)
    }

    /// The real zbar pass, held back until the caller calls the search off.
    final class SearchUntilCalledOff: BarcodeReading, Sendable {
        let calledOff = Mutex(false)

        func read(_ image: GrayImage) -> [Barcode] { ZbarScanner().read(image) }

        func read(_ image: GrayImage, shouldStop: () -> Bool) -> [Barcode] {
            let deadline = Date().addingTimeInterval(60)
            while !shouldStop(), Date() < deadline { usleep(2000) }
            if shouldStop() { calledOff.withLock { $0 = true } }
            return read(image)
        }
    }

    /// The record's top-level JSON fields that differ, with both values: the whole
    /// records are too long for a failure message to show where they part.
    static func differences(_ a: SleeveRecord, _ b: SleeveRecord) throws -> String {
        func fields(_ r: SleeveRecord) throws -> [String: String] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let object = try JSONSerialization.jsonObject(with: encoder.encode(r)) as? [String: Any] ?? [:]
            return try object.mapValues { value in
                let data = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
                return String(decoding: data, as: UTF8.self)
            }
        }
        let x = try fields(a), y = try fields(b)
        return Set(x.keys).union(y.keys).sorted().filter { x[$0] != y[$0] }
            .map { "\($0): \(x[$0] ?? "absent") vs \(y[$0] ?? "absent")" }.joined(separator: "; ")
    }
}
