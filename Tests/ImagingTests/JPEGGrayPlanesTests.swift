import Foundation
@testable import Imaging
import JPEGDecoding
import SleeveCore
import Testing

/// A sleeve photo's two planes straight from libjpeg must be leptonica's, pixel for
/// pixel: every stage after the decode was measured on leptonica's pixels.
@Suite struct JPEGGrayPlanesTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures").standardizedFileURL

    static func jpegs() -> [String] {
        let walker = FileManager.default.enumerator(atPath: fixtures.path)
        return (walker?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".jpg") }.sorted()
    }

    static func samePlanes(_ data: [UInt8]) throws -> (gray: Bool, lifted: Bool) {
        let lept = Leptonica()
        let fast = try lept.decodeGrayLiftingMarks(data)
        let slow = try lept.decodeGrayLiftingMarksThroughLeptonica(data)
        return (fast.image == slow.image, fast.marksLifted == slow.marksLifted)
    }

    @Test func everyFixtureJPEGDecodesToLeptonicasPlanes() throws {
        let names = Self.jpegs()
        try #require(names.count >= 80, "fixture JPEGs missing")
        for name in names {
            let data = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            guard case .decoded = JPEGGrayPlanes.decode(data) else {
                Issue.record("\(name): not decoded by libjpeg directly")
                continue
            }
            let same = try Self.samePlanes(data)
            #expect(same.gray && same.lifted, "\(name): gray \(same.gray), lightest \(same.lifted)")
        }
    }

    /// A gray JPEG has no colour to lift marks from; odd sizes keep every row and column.
    @Test func aGrayJPEGOfOddSizeHasOnePlane() throws {
        var image = GrayImage(width: 101, height: 75)
        for i in image.pixels.indices { image.pixels[i] = UInt8((i * 7) % 256) }
        let jpeg = try Leptonica().encode(image, as: .jpeg(quality: 90))
        guard case let .decoded(gray, lightest) = JPEGGrayPlanes.decode(jpeg) else {
            Issue.record("not decoded")
            return
        }
        #expect(gray.width == 101 && gray.height == 75 && lightest == nil)
        let same = try Self.samePlanes(jpeg)
        #expect(same.gray && same.lifted)
    }

    /// Corrupt data libjpeg gets past goes to leptonica, which refuses it in libjpeg's
    /// words, as it did before the direct decode.
    @Test func dataThatDecodesOnlyWithWarningsIsLeftToLeptonica() throws {
        var data = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("sleeves/photo-inline.jpg")))
        // Stray bytes between two header segments: libjpeg warns ("4 extraneous bytes
        // before marker 0xda") and decodes the picture.
        let scan = try #require((0..<(data.count - 1)).first { data[$0] == 0xFF && data[$0 + 1] == 0xDA })
        data.insert(contentsOf: [0x12, 0x34, 0x56, 0x78], at: scan)
        let direct = JPEGGrayPlanes.decode(data)
        #expect(direct == .notHandled, "not left to leptonica")
        #expect {
            try Leptonica().decodeGrayLiftingMarks(data)
        } throws: { error in
            "\(error)".contains("4 extraneous bytes before marker 0xda")
        }
    }
}
