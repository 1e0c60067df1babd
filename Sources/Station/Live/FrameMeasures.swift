import SleeveCore
import Reading
import Settings

/// Cheap whole-frame measures for the stability test and the choice of frame to read:
/// a box-averaged thumbnail (frame differences without camera noise) and a sharpness
/// score (gradient energy on a sparse grid of full-resolution pixels, so blur from
/// motion or focus shows).
public struct FrameMeasures: Sendable {
    /// Thumbnail, `thumbWidth` wide.
    public var thumbnail: GrayImage
    public var sharpness: Double

    public static let thumbWidth = 64

    public init(thumbnail: GrayImage, sharpness: Double) {
        self.thumbnail = thumbnail
        self.sharpness = sharpness
    }

    public init(_ image: GrayImage) {
        thumbnail = Self.thumbnail(image, width: Self.thumbWidth)
        sharpness = Self.sharpness(image)
    }

    /// Mean absolute difference per thumbnail pixel; nil when the sizes differ.
    public func difference(from other: FrameMeasures) -> Double? {
        guard other.thumbnail.width == thumbnail.width, other.thumbnail.height == thumbnail.height,
              !thumbnail.pixels.isEmpty else { return nil }
        var sum = 0
        for (a, b) in zip(thumbnail.pixels, other.thumbnail.pixels) { sum += abs(Int(a) - Int(b)) }
        return Double(sum) / Double(thumbnail.pixels.count)
    }

    /// Box average down to `width` columns (aspect kept); a block is every pixel of its cell.
    static func thumbnail(_ image: GrayImage, width: Int) -> GrayImage {
        guard image.width > 0, image.height > 0 else { return GrayImage(width: 0, height: 0) }
        let tw = min(width, image.width)
        let th = max(1, Int((Double(image.height) * Double(tw) / Double(image.width)).rounded()))
        var sums = [Int](repeating: 0, count: tw * th)
        let w = image.width
        // Column → cell once, rows in one pass: memory order, no division per pixel.
        let cellX = (0..<w).map { min(tw - 1, $0 * tw / w) }
        let cellY = (0..<image.height).map { min(th - 1, $0 * th / image.height) }
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                let ty = cellY[y] * tw
                let row = y * w
                for x in 0..<w {
                    sums[ty + cellX[x]] &+= Int(px[row + x])
                }
            }
        }
        var colCount = [Int](repeating: 0, count: tw), rowCount = [Int](repeating: 0, count: th)
        for c in cellX { colCount[c] += 1 }
        for c in cellY { rowCount[c] += 1 }
        let pixels = (0..<(tw * th)).map { i -> UInt8 in
            let n = rowCount[i / tw] * colCount[i % tw]
            return UInt8(n > 0 ? (sums[i] + n / 2) / n : 0)
        }
        return GrayImage(width: tw, height: th, pixels: pixels)
    }

    /// Mean squared horizontal and vertical neighbour difference over every 4th row and
    /// column: blur lowers it, texture in focus raises it.
    static func sharpness(_ image: GrayImage) -> Double {
        let w = image.width, h = image.height
        guard w > 2, h > 2 else { return 0 }
        var sum = 0, n = 0
        image.pixels.withUnsafeBufferPointer { px in
            var y = 1
            while y < h - 1 {
                var x = 1
                let row = y * w
                while x < w - 1 {
                    let c = Int(px[row + x])
                    let dx = Int(px[row + x + 1]) - c, dy = Int(px[row + x + w]) - c
                    sum &+= dx * dx + dy * dy
                    n += 1
                    x += 4
                }
                y += 4
            }
        }
        return n > 0 ? Double(sum) / Double(n) : 0
    }
}
