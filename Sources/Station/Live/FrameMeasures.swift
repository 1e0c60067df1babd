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
        let w = image.width, h = image.height
        // Cells are runs of whole columns and rows (pixel x is in cell x·tw/w): the rows of
        // one cell row are summed column by column first (a straight, vectorisable pass
        // per row), then each cell's run of columns; the same integer sums as adding
        // every pixel into its cell, at a fraction of the cost.
        let columnStarts = Self.runStarts(count: w, cells: tw)
        let rowStarts = Self.runStarts(count: h, cells: th)
        var pixels = [UInt8](repeating: 0, count: tw * th)
        var columnSums = [UInt32](repeating: 0, count: w)
        image.pixels.withUnsafeBufferPointer { px in
            columnSums.withUnsafeMutableBufferPointer { sums in
                for cy in 0..<th {
                    let y0 = rowStarts[cy], y1 = rowStarts[cy + 1]
                    for x in 0..<w { sums[x] = 0 }
                    for y in y0..<y1 {
                        // A row pointer: checked index arithmetic would keep this scalar.
                        let row = px.baseAddress! + y * w
                        for x in 0..<w { sums[x] &+= UInt32(row[x]) }
                    }
                    for cx in 0..<tw {
                        let x0 = columnStarts[cx], x1 = columnStarts[cx + 1]
                        var s: UInt32 = 0
                        for x in x0..<x1 { s &+= sums[x] }
                        let n = UInt32((y1 - y0) * (x1 - x0))
                        pixels[cy * tw + cx] = UInt8(n > 0 ? (s + n / 2) / n : 0)
                    }
                }
            }
        }
        return GrayImage(width: tw, height: th, pixels: pixels)
    }

    /// Where each of `cells` runs starts when `count` pixels go to cell `i·cells/count`
    /// (capped at the last cell), and `count` at the end: `cells + 1` offsets.
    static func runStarts(count: Int, cells: Int) -> [Int] {
        var starts = [Int](repeating: count, count: cells + 1)
        var next = 0
        for i in 0..<count {
            let cell = min(cells - 1, i * cells / count)
            while next <= cell { starts[next] = i; next += 1 }
        }
        return starts
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
