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
        let tesseract = try TesseractRecognizer(options: TesseractOptions())
        return SleeveReader(decoder: leptonica, deskewer: leptonica, resampler: leptonica, recognizer: tesseract, fields: tesseract,
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

    /// The live worker hands over the outline the frame loop detected: the reader refines
    /// and rectifies that one and does not look for the sleeve again. A detection that
    /// disagrees with the image's own (a quarter of the sleeve) shows which was used.
    @Test func aKnownOutlineIsRefinedAndRectifiedNotDetectedAgain() throws {
        let data = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent("dark-on-stripes.jpg")))
        let reader = try reader()
        let gray = try reader.decode(data)
        let source = SleeveRecord.Source.unwritten(width: gray.width, height: gray.height, device: "test")
        let detection = try #require(SleeveDetector().detect(gray))

        let given = reader.read(gray, source: source, timings: StageTimer(), sleeve: detection)
        let own = reader.read(gray, source: source, timings: StageTimer(), sleeve: nil)
        let givenCorners = try #require(given.record.document?.corners)
        let ownCorners = try #require(own.record.document?.corners)
        #expect(Quad(givenCorners).iou(Quad(ownCorners)) > 0.99)
        #expect(given.record.title == own.record.title && given.record.artist == own.record.artist)
        // The rectified page comes back with the record: the worker writes it as is.
        let page = try #require(given.rectified)
        #expect(max(page.width, page.height) >= 600)

        // The outline shrunk to 0.8 around its centre: still sleeve-shaped and large enough, but
        // not what a detector would find here. The record's corners follow it.
        let c = detection.quad.centroid
        let inner = Quad(detection.quad.corners.map { c + ($0 - c) * 0.8 })
        var shrunk = detection
        shrunk.quad = inner
        let followed = reader.read(gray, source: source, timings: StageTimer(), sleeve: shrunk)
        let corners = try #require(followed.record.document?.corners)
        #expect(Quad(corners).iou(inner) > 0.9)
        #expect(Quad(corners).iou(detection.quad) < 0.7)
    }
}
