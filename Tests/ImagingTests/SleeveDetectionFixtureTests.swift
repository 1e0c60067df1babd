import Foundation
import Imaging
import SleeveCore
import Testing

/// Detection on the rendered frames in Fixtures/document (made by
/// Fixtures/scripts/make_document_frames.py): real JPEG decoding, real detector.
@Suite struct SleeveDetectionFixtureTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/document")

    static let withSleeve = ["light-on-green", "dark-on-stripes", "wood-texture", "colourful", "low-contrast",
                             "glare", "hand-over-corner", "cut-corner", "cd-inlay", "flatbed-lid", "flatbed-corner"]

    struct Truth: Decodable { var corners: [[Double]]? }

    func load(_ name: String) throws -> (GrayImage, Quad?) {
        let image = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".jpg"))
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: Self.folder.appendingPathComponent(name + ".json")))
        return (try Leptonica().decodeGray([UInt8](image)), truth.corners.map { Quad($0) })
    }

    @Test(arguments: withSleeve)
    func findsTheSleeve(_ name: String) throws {
        let (gray, truth) = try load(name)
        let expected = try #require(truth)
        let finder = DocumentFinder()
        let found = try #require(finder.detector.detect(gray), "no sleeve found in \(name)")
        let refined = DocumentFinder.refiner(for: gray, detector: finder.detector).refine(found, in: gray)
        #expect(refined.iou(expected) >= 0.97, "IoU \(refined.iou(expected)) in \(name)")
        #expect(found.confidence >= 0.6)
        // Clockwise from the printed top-left: every fixture is turned less than 45°.
        #expect(refined.maxCornerDistance(to: expected) < 12, "corners \(refined.corners) in \(name)")
    }

    @Test func findsNothingOnATableWithoutASleeve() throws {
        let (gray, _) = try load("no-sleeve")
        #expect(SleeveDetector().detect(gray) == nil)
    }

    @Test func rectifiesTheCDInlayToItsOwnProportions() throws {
        let (gray, _) = try load("cd-inlay")
        let found = try #require(DocumentFinder(rectifier: Rectifier(longSide: 650)).find(in: gray))
        #expect(found.page.width == 650)
        #expect(abs(Double(found.page.height) - 500) < 30)
    }
}
