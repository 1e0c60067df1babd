import Foundation
@testable import Imaging
import JPEGDecoding
import SleeveCore
import Testing

/// A JPEG's luminance decoded at 1/2, 1/4 or 1/8 of its size (libjpeg's DCT scaling),
/// what the live loop analyses instead of a whole decode reduced afterwards.
@Suite struct ReducedJPEGDecodeTests {
    /// Mean absolute difference from the whole decode averaged over `factor`×`factor` cells.
    static func difference(_ small: GrayImage, _ whole: GrayImage, factor: Int) -> Double {
        var total = 0.0
        let w = whole.width / factor, h = whole.height / factor
        for y in 0..<h {
            for x in 0..<w {
                var s = 0
                for dy in 0..<factor { for dx in 0..<factor { s += Int(whole.pixels[(y * factor + dy) * whole.width + x * factor + dx]) } }
                total += abs(Double(s) / Double(factor * factor) - Double(small.pixels[y * small.width + x]))
            }
        }
        return total / Double(w * h)
    }

    @Test(arguments: [2, 4, 8]) func aColourPhotoDecodesSmallAndCloseToTheWholeDecodeAveraged(factor: Int) throws {
        let data = try DecodeTests.bytes("photo-inline.jpg")
        let lept = Leptonica()
        let whole = try lept.decodeGray(data)
        let small = try #require(try lept.decodeLuminance(data, reducedBy: factor))
        #expect(small.width == 1600 / factor && small.height == 1200 / factor)
        // Luminance weights differ a little from leptonica's gray conversion, and the
        // scaled inverse DCT from a box average: a few gray levels, not a different picture.
        #expect(Self.difference(small, whole, factor: factor) < 4)
    }

    @Test func oddSizesRoundUpAsLibjpegDoes() throws {
        var image = GrayImage(width: 101, height: 75)
        for i in image.pixels.indices { image.pixels[i] = UInt8((i * 7) % 256) }
        let jpeg = try Leptonica().encode(image, as: .jpeg(quality: 90))
        let small = try #require(try Leptonica().decodeLuminance(jpeg, reducedBy: 2))
        #expect(small.width == 51 && small.height == 38)
    }

    @Test func otherFormatsAndFactorsAreLeftToTheWholeDecode() throws {
        let lept = Leptonica()
        #expect(try lept.decodeLuminance(DecodeTests.bytes("flatbed-side-by-side.png"), reducedBy: 2) == nil)
        #expect(try lept.decodeLuminance(DecodeTests.bytes("photo-inline.jpg"), reducedBy: 3) == nil)
        #expect(try lept.decodeLuminance(DecodeTests.bytes("photo-inline.jpg"), reducedBy: 1) == nil)
    }

    @Test func aCutOffJPEGIsTruncatedNotPadded() throws {
        let data = try DecodeTests.bytes("photo-inline.jpg")
        #expect(throws: ImageInputError.truncated) { try Leptonica().decodeLuminance(Array(data.prefix(data.count / 2)), reducedBy: 2) }
    }
}

/// The live loop decodes through libjpeg directly; leptonica's reader of the same JPEG
/// (what it used before) must give the very same pixels.
@Suite struct DirectJPEGLuminanceTests {
    @Test(arguments: [2, 4, 8]) func givesLeptonicasPixelsExactly(factor: Int) throws {
        var odd = GrayImage(width: 203, height: 117)
        for i in odd.pixels.indices { odd.pixels[i] = UInt8((i * 37 + i / 203 * 11) % 256) }
        let photos = [try DecodeTests.bytes("photo-inline.jpg"), try Leptonica().encode(odd, as: .jpeg(quality: 85))]
        for data in photos {
            guard case let .decoded(direct) = JPEGLuminance.decode(data, reducedBy: factor) else {
                Issue.record("libjpeg did not decode it"); continue
            }
            let throughLeptonica = try Leptonica().decodeLuminanceThroughLeptonica(data, reducedBy: factor)
            #expect(direct.width == throughLeptonica.width)
            #expect(direct.height == throughLeptonica.height)
            #expect(direct.pixels == throughLeptonica.pixels)
        }
    }

    @Test func dataLibjpegCannotReadFailsWithoutACrash() throws {
        // A JPEG start and then noise: libjpeg's fatal error comes back as a status.
        var data: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x05, 0x00, 0x01, 0x02]
        data += (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 97) }
        #expect(JPEGLuminance.decode(data, reducedBy: 2) == .failed)
        #expect(JPEGLuminance.decode([0xFF, 0xD8], reducedBy: 4) == .failed)
    }
}
