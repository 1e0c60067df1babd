import BarcodeScanning
import Digest
import Foundation
import Imaging
import Reading
import Settings
import Station
import Recognition
import SleeveCore
import Testing

/// The read pipeline's document step with the real libraries, on the rendered frames
/// in Fixtures/document.
@Suite struct DocumentStageTests {
    struct Hashing: ContentHashing {
        func sha256Hex(_ data: [UInt8]) -> String { SHA256.hex(data) }
    }

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/document")

    func reader(rectifiedSize: Int = 600) throws -> SleeveReader {
        var options = ReadOptions()
        options.rectifiedSize = rectifiedSize
        let leptonica = Leptonica()
        return SleeveReader(decoder: leptonica, deskewer: leptonica, resampler: leptonica, recognizer: try TesseractRecognizer(options: TesseractOptions()),
                            barcodes: ZbarScanner(), hashing: Hashing(), options: options)
    }

    @Test func recordsTheSleevesCornersInSourcePixels() throws {
        let path = Self.folder.appendingPathComponent("dark-on-stripes.jpg").path
        let record = try reader().read(path: path)
        let document = try #require(record.document)
        struct Truth: Decodable { var corners: [[Double]] }
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: Self.folder.appendingPathComponent("dark-on-stripes.json")))
        #expect(Quad(document.corners).iou(Quad(truth.corners)) > 0.97)
        #expect(document.confidence > 0.6 && document.confidence <= 1)
        #expect(record.timingsMs["document"] != nil)
        #expect(!record.warnings.contains { $0.contains("no sleeve") })
    }

    @Test func fallsBackToTheWholeImageWithAWarningWhenNoSleeveIsFound() throws {
        let record = try reader().read(path: Self.folder.appendingPathComponent("no-sleeve.jpg").path)
        #expect(record.document == nil)
        #expect(record.warnings.contains { $0.contains("no sleeve outline found") })
    }
}
