internal import CLeptonica
import SleeveCore

/// Owns one leptonica `PIX`; `deinit` destroys it. Nothing outside this target sees it.
final class Pix {
    private(set) var raw: UnsafeMutablePointer<PIX>?

    /// Takes ownership of a `PIX` a leptonica call returned; nil when it returned NULL.
    init?(_ raw: UnsafeMutablePointer<PIX>?) {
        guard let raw else { return nil }
        self.raw = raw
    }

    deinit { pixDestroy(&raw) }

    var width: Int { Int(pixGetWidth(raw)) }
    var height: Int { Int(pixGetHeight(raw)) }
    var depth: Int { Int(pixGetDepth(raw)) }

    /// An 8 bpp copy of a gray image.
    convenience init(gray image: GrayImage) {
        let pix = pixCreateNoInit(Int32(image.width), Int32(image.height), 8)!
        let wpl = Int(pixGetWpl(pix))
        let base = UnsafeMutableRawPointer(pixGetData(pix)!).assumingMemoryBound(to: UInt8.self)
        // Leptonica keeps 8 bpp pixels in 32-bit words with the bytes of each word
        // reversed on little endian: byte x lives at x ^ 3. Word by word, as `grayImage`
        // reads them back.
        let whole = image.width / 4
        image.pixels.withUnsafeBytes { src in
            for y in 0..<image.height {
                let row = base + y * wpl * 4
                let s = y * image.width
                for i in 0..<whole {
                    let four = src.loadUnaligned(fromByteOffset: s + 4 * i, as: UInt32.self)
                    UnsafeMutableRawPointer(row).storeBytes(of: four.bigEndian, toByteOffset: 4 * i, as: UInt32.self)
                }
                for x in (4 * whole)..<image.width { row[x ^ 3] = src[s + x] }
            }
        }
        self.init(pix)!
    }

    /// The pixels as gray, converting from whatever depth the image has.
    func grayImage() -> GrayImage {
        let eight = depth == 8 && pixGetColormap(raw) == nil ? self : Pix(pixConvertTo8(raw, 0))!
        let w = eight.width, h = eight.height
        let wpl = Int(pixGetWpl(eight.raw))
        let base = UnsafeMutableRawPointer(pixGetData(eight.raw)!).assumingMemoryBound(to: UInt8.self)
        var out = [UInt8](repeating: 0, count: w * h)
        // Leptonica keeps four 8-bit pixels in each 32-bit word, the first pixel in the
        // word's top byte: a word in big-endian order is four pixels in order. Word by word (not
        // pixel by pixel, `x ^ 3`) the loop is a few instructions a word; a 12 MP photo
        // spent a tenth of its read here.
        let whole = w / 4
        out.withUnsafeMutableBytes { dst in
            let dst = dst.baseAddress!
            for y in 0..<h {
                let words = UnsafeRawPointer(base + y * wpl * 4).assumingMemoryBound(to: UInt32.self)
                let target = dst + y * w
                for i in 0..<whole { target.storeBytes(of: words[i].bigEndian, toByteOffset: 4 * i, as: UInt32.self) }
                let bytes = base + y * wpl * 4
                for x in (4 * whole)..<w { target.storeBytes(of: bytes[x ^ 3], toByteOffset: x, as: UInt8.self) }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// The pixels as interleaved RGB.
    func rgbImage() -> RGBImage {
        let full = depth == 32 ? self : Pix(pixConvertTo32(raw))!
        let w = full.width, h = full.height
        let wpl = Int(pixGetWpl(full.raw))
        let words = pixGetData(full.raw)!
        var out = [UInt8](repeating: 0, count: w * h * 3)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = words + y * wpl
                for x in 0..<w {
                    // 32 bpp pixels are 0xRRGGBBAA words.
                    let v = row[x]
                    let o = 3 * (y * w + x)
                    dst[o] = UInt8(truncatingIfNeeded: v >> 24)
                    dst[o + 1] = UInt8(truncatingIfNeeded: v >> 16)
                    dst[o + 2] = UInt8(truncatingIfNeeded: v >> 8)
                }
            }
        }
        return RGBImage(width: w, height: h, pixels: out)
    }

    /// A 32 bpp copy of an RGB image.
    convenience init(rgb image: RGBImage) {
        let pix = pixCreateNoInit(Int32(image.width), Int32(image.height), 32)!
        let wpl = Int(pixGetWpl(pix))
        let words = pixGetData(pix)!
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                let row = words + y * wpl
                for x in 0..<image.width {
                    let o = 3 * (y * image.width + x)
                    row[x] = UInt32(src[o]) << 24 | UInt32(src[o + 1]) << 16 | UInt32(src[o + 2]) << 8
                }
            }
        }
        self.init(pix)!
    }
}
