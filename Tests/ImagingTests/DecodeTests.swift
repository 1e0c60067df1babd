import Foundation
import Imaging
import SleeveCore
import Testing

/// Bad input is refused with a reason before it costs anything; good input decodes.
@Suite struct DecodeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/sleeves").standardizedFileURL

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    @Test func decodesPNGAndJPEGToGray() throws {
        let lept = Leptonica()
        let png = try lept.decodeGray(Self.bytes("flatbed-side-by-side.png"))
        #expect(png.width == 1600 && png.height == 1600)
        let jpeg = try lept.decodeGray(Self.bytes("photo-inline.jpg"))
        #expect(jpeg.width == 1600 && jpeg.height == 1200)
        // The paper is light, the ink dark: both appear in the histogram.
        #expect(png.pixels.contains { $0 < 60 } && png.pixels.contains { $0 > 200 })
    }

    @Test func emptyDataIsEmpty() {
        #expect(throws: ImageInputError.empty) { try Leptonica().decodeGray([]) }
    }

    @Test func textIsNotAnImage() {
        #expect(throws: ImageInputError.notAnImage) { try Leptonica().decodeGray(Array("hello, sleeve\n".utf8)) }
    }

    @Test func truncatedJPEGIsRefusedNotPaddedWithGray() throws {
        let full = try Self.bytes("photo-inline.jpg")
        #expect(throws: ImageInputError.truncated) { try Leptonica().decodeGray(Array(full.prefix(full.count / 2))) }
    }

    @Test func truncatedPNGIsRefused() throws {
        let full = try Self.bytes("flatbed-side-by-side.png")
        #expect(throws: ImageInputError.truncated) { try Leptonica().decodeGray(Array(full.prefix(full.count - 100))) }
    }

    @Test func headerSizeIsReadWithoutDecoding() throws {
        // A PNG header claiming 100000 × 90000 pixels and nothing behind it.
        let header = PNGHeader.bytes(width: 100_000, height: 90_000)
        let size = try Leptonica().dimensions(of: header)
        #expect(size.width == 100_000 && size.height == 90_000)
    }

    /// Every pixel its own level, so a byte out of place in leptonica's words (four to a
    /// word, reversed on little endian) shows; widths with and without a partial word.
    @Test(arguments: [37, 40, 3, 1])
    func grayRoundTripsThroughPNG(width: Int) throws {
        var image = GrayImage(width: width, height: 11, fill: 200)
        for y in 0..<11 { for x in 0..<width { image[x, y] = UInt8((x * 7 + y * 13) % 256) } }
        let lept = Leptonica()
        let decoded = try lept.decodeGray(lept.encode(image, as: .png))
        #expect(decoded == image)
    }

    @Test func deskewFindsARotationAndRemovesIt() {
        // Rows of "words" (dark dashes) rising 2° to the right, like a scan laid crooked.
        let lept = Leptonica()
        var page = GrayImage(width: 800, height: 600, fill: 235)
        let slope = tan(2.0 * Double.pi / 180)
        for row in 0..<12 {
            for x in 40..<760 where (x / 40) % 4 != 3 && x % 40 < 34 {
                let y0 = 60 + row * 40 + Int((Double(760 - x) * slope).rounded())
                for y in y0..<(y0 + 12) { page[x, y] = 30 }
            }
        }
        let result = lept.deskew(page)
        #expect(abs(abs(result.degrees) - 2) < 0.3)
        // The level page needs no further correction.
        #expect(abs(lept.deskew(result.image).degrees) < 0.3)
        #expect(lept.deskew(GrayImage(width: 200, height: 100, fill: 255)).degrees == 0)
    }
}

/// Builds the first bytes of a PNG: signature and an IHDR chunk.
enum PNGHeader {
    static func bytes(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        let ihdr = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
        let idat = Array("IDAT".utf8) + [UInt8](repeating: 0, count: 64)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + ihdr + be(crc32(ihdr))
            + be(64) + idat + be(crc32(idat))
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in data {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}

@Suite struct MarksLiftedDecodeTests {
    /// A red pen stroke on cream paper beside black print: in luminance the stroke is
    /// as dark as mid-gray print; in the marks-lifted plane it is nearly paper again,
    /// while the black print stays black.
    @Test func aColourStrokeIsLiftedAndBlackPrintIsNot() throws {
        let w = 20, h = 6
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for i in 0..<(w * h) { rgb[3 * i] = 240; rgb[3 * i + 1] = 230; rgb[3 * i + 2] = 200 }  // cream
        for x in 0..<w { let o = 3 * (2 * w + x); rgb[o] = 200; rgb[o + 1] = 40; rgb[o + 2] = 50 }  // red line, row 2
        for x in 0..<w { let o = 3 * (4 * w + x); rgb[o] = 20; rgb[o + 1] = 20; rgb[o + 2] = 20 }  // black print, row 4
        let lept = Leptonica()
        let png = try lept.encode(RGBImage(width: w, height: h, pixels: rgb), as: .png)
        let decoded = try lept.decodeGrayLiftingMarks(png)
        let lifted = try #require(decoded.marksLifted)
        let plain = try lept.decodeGray(png)
        #expect(decoded.image == plain, "the gray plane is the one decodeGray gives")
        #expect(decoded.image[5, 2] < 110, "the red stroke is dark in luminance")
        #expect(lifted[5, 2] >= 200, "and light once lifted")
        #expect(lifted[5, 4] <= 25 && decoded.image[5, 4] <= 25, "black print stays black in both")
    }

    @Test func aGrayImageHasNoLiftedPlane() throws {
        let lept = Leptonica()
        let png = try lept.encode(GrayImage(width: 8, height: 8, fill: 128), as: .png)
        let decoded = try lept.decodeGrayLiftingMarks(png)
        #expect(decoded.marksLifted == nil)
        #expect(decoded.image == GrayImage(width: 8, height: 8, fill: 128))
    }
}

@Suite struct ColourChannelsDecodeTests {
    /// A purple patch on brown, one gray apart: the channels come back as planes of
    /// the image's size, each pixel's own red, green and blue (PNG is lossless).
    @Test func eachChannelIsAPlaneOfItsOwn() throws {
        let w = 6, h = 4
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        for i in 0..<(w * h) {
            let purple = i % w < 3
            rgb[3 * i] = purple ? 123 : 150; rgb[3 * i + 1] = purple ? 61 : 89; rgb[3 * i + 2] = purple ? 160 : 35
        }
        let lept = Leptonica()
        let png = try lept.encode(RGBImage(width: w, height: h, pixels: rgb), as: .png)
        let channels = try #require(try lept.decodeColourChannels(png))
        #expect(channels.count == 3)
        #expect(channels.allSatisfy { $0.width == w && $0.height == h })
        #expect([channels[0][1, 1], channels[1][1, 1], channels[2][1, 1]] == [123, 61, 160])
        #expect([channels[0][4, 2], channels[1][4, 2], channels[2][4, 2]] == [150, 89, 35])
        let gray = try lept.decodeGray(png)
        #expect(abs(Int(gray[1, 1]) - Int(gray[4, 2])) <= 4, "the two colours are nearly one gray")
    }

    @Test func aGrayImageHasNoChannels() throws {
        let lept = Leptonica()
        let png = try lept.encode(GrayImage(width: 8, height: 8, fill: 128), as: .png)
        #expect(try lept.decodeColourChannels(png) == nil)
    }
}
