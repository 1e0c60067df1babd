import Foundation
import Imaging
import SleeveCore
import Testing

/// Leptonica's calls on shapes no camera makes: each gives an image, never a crash.
@Suite struct HostileImageTests {
    @Test(arguments: [(1, 3600, 0.5), (3600, 1, 0.5), (1, 1, 0.01), (200_000, 1, 0.009)])
    func scalingAStripKeepsAtLeastOnePixelEachWay(width: Int, height: Int, factor: Double) {
        let scaled = Leptonica().scale(GrayImage(width: width, height: height, fill: 77), by: factor)
        #expect(scaled.width >= 1 && scaled.height >= 1)
        #expect(scaled.width <= max(1, Int((Double(width) * factor).rounded(.up))))
        #expect(scaled.height <= max(1, Int((Double(height) * factor).rounded(.up))))
    }
}

/// Cut-off images are refused; whole images with bytes after their end are read.
@Suite struct ImageCompletenessTests {
    static func sample() -> GrayImage {
        var image = GrayImage(width: 200, height: 100, fill: 200)
        for x in stride(from: 0, to: 200, by: 4) { for y in 0..<100 { image[x, y] = 10 } }
        return image
    }

    @Test func aJPEGWithBytesAfterItsEndIsRead() throws {
        let lept = Leptonica()
        let jpeg = try lept.encode(Self.sample(), as: .jpeg(quality: 90))
        // A motion photo appends a video after the EOI.
        let decoded = try lept.decodeGray(jpeg + [UInt8](repeating: 0, count: 2048) + Array("ftypmp42".utf8))
        #expect(decoded.width == 200 && decoded.height == 100)
    }

    @Test func aPNGWithBytesAfterIENDIsRead() throws {
        let lept = Leptonica()
        let png = try lept.encode(Self.sample(), as: .png)
        let decoded = try lept.decodeGray(png + [UInt8](repeating: 0x2A, count: 300))
        #expect(decoded == Self.sample())
    }

    @Test(arguments: [10, 50, 99])
    func aCutOffUncompressedTIFFIsTruncated(percent: Int) throws {
        let tiff = TinyTIFF.rgb(Self.sample(), rowsPerStrip: 4)
        #expect(try Leptonica().decodeGray(tiff) == Self.sample())  // whole, it reads
        let cut = Array(tiff.prefix(tiff.count * percent / 100))
        #expect(throws: ImageInputError.truncated) { _ = try Leptonica().decodeGray(cut) }
    }

    @Test func aCutOffPNGIsStillTruncated() throws {
        let png = try Leptonica().encode(Self.sample(), as: .png)
        #expect(throws: ImageInputError.truncated) { try Leptonica().decodeGray(Array(png.dropLast(5))) }
    }
}

/// An uncompressed 8-bit RGB TIFF, little endian, laid out as Pillow writes one: the
/// IFD first, then the arrays, then the image data in strips of `rowsPerStrip` rows.
enum TinyTIFF {
    static func rgb(_ image: GrayImage, rowsPerStrip: Int) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let strips = stride(from: 0, to: image.height, by: rowsPerStrip).map { y0 in (y0, min(rowsPerStrip, image.height - y0)) }
        let entryCount = 9
        let bitsAt = 8 + 2 + 12 * entryCount + 4
        let offsetsAt = bitsAt + 6
        let countsAt = offsetsAt + 4 * strips.count
        var dataAt = countsAt + 4 * strips.count
        var offsets: [Int] = [], counts: [Int] = []
        for (_, rows) in strips {
            offsets.append(dataAt)
            counts.append(3 * rows * image.width)
            dataAt += 3 * rows * image.width
        }
        let entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (256, 4, 1, image.width), (257, 4, 1, image.height), (258, 3, 3, bitsAt), (259, 3, 1, 1), (262, 3, 1, 2),
            (273, 4, offsets.count, offsets.count == 1 ? offsets[0] : offsetsAt), (277, 3, 1, 3),
            (278, 4, 1, rowsPerStrip), (279, 4, counts.count, counts.count == 1 ? counts[0] : countsAt),
        ]
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + u32(8) + u16(entries.count)
        for e in entries {
            out += u16(e.tag) + u16(e.type) + u32(e.count) + (e.type == 3 && e.count == 1 ? u16(e.value) + [0, 0] : u32(e.value))
        }
        out += u32(0) + u16(8) + u16(8) + u16(8)
        for o in offsets { out += u32(o) }
        for c in counts { out += u32(c) }
        for (y0, rows) in strips {
            for p in image.pixels[(y0 * image.width)..<((y0 + rows) * image.width)] { out += [p, p, p] }
        }
        return out
    }
}
