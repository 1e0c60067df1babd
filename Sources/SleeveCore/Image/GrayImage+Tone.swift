/// Tone operations on gray images: the photometric variants a barcode decoder is
/// given when the plain image does not decode (low contrast, blur, glare, negatives).
extension GrayImage {
    /// Dark for light.
    public func inverted() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 &- $0 })
    }

    /// Levels stretched so the `clip` fraction darkest pixels become 0 and the `clip`
    /// fraction lightest become 255. An image with no spread is returned unchanged.
    public func contrastStretched(clip: Double = 0.01) -> GrayImage {
        let histogram = levelHistogram()
        let cut = Int(Double(pixels.count) * clip)
        var low = 0, high = 255, seen = 0
        while low < 255, seen + histogram[low] <= cut { seen += histogram[low]; low += 1 }
        seen = 0
        while high > 0, seen + histogram[high] <= cut { seen += histogram[high]; high -= 1 }
        guard high > low else { return self }
        let lut = (0..<256).map { v in UInt8(max(0, min(255, (v - low) * 255 / (high - low)))) }
        return lut.withUnsafeBufferPointer { table in
            GrayImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
        }
    }

    /// How many pixels have each of the 256 levels.
    func levelHistogram() -> [Int] {
        var histogram = [Int](repeating: 0, count: 256)
        histogram.withUnsafeMutableBufferPointer { counts in
            pixels.withUnsafeBufferPointer { src in
                for p in src { counts[Int(p)] += 1 }
            }
        }
        return histogram
    }

    /// Unsharp mask: `p + amount·(p − mean of its 3×3 neighbourhood)`, which steepens
    /// the bar edges that blur has flattened.
    ///
    /// The 3×3 sums come from sums of three rows, column by column, slid along the row:
    /// the same integers as nine reads per pixel (so the same image), in a third of the
    /// reads (it runs on every page a dark sleeve gives OCR, and on barcode variants).
    public func sharpened(amount: Double = 1.0) -> GrayImage {
        guard width >= 3, height >= 3 else { return self }
        var out = pixels
        let k = Int(amount * 256)
        var columns = [Int](repeating: 0, count: width)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                columns.withUnsafeMutableBufferPointer { column in
                    for y in 1..<(height - 1) {
                        let above = (y - 1) * width, row = y * width, below = (y + 1) * width
                        for x in 0..<width { column[x] = Int(src[above + x]) + Int(src[row + x]) + Int(src[below + x]) }
                        var sum = column[0] + column[1] + column[2]
                        for x in 1..<(width - 1) {
                            if x > 1 { sum += column[x + 1] - column[x - 2] }
                            let p = Int(src[row + x])
                            let v = p + (k * (9 * p - sum)) / (9 * 256)
                            dst[row + x] = UInt8(max(0, min(255, v)))
                        }
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// Black and white against the mean of a `window`-pixel square around each pixel
    /// (minus `offset`), so a shadow or glare across the symbol does not swallow bars.
    /// Flat neighbourhoods (spread under `minContrast`) go white: noise there is no bar.
    public func binarisedLocally(window: Int, offset: Int = 4, minContrast: Int = 16) -> GrayImage {
        let r = max(1, window / 2)
        let integral = IntegralImage(self)
        var out = [UInt8](repeating: 255, count: pixels.count)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<height {
                let y0 = max(0, y - r), y1 = min(height, y + r + 1)
                for x in 0..<width {
                    let x0 = max(0, x - r), x1 = min(width, x + r + 1)
                    let n = (x1 - x0) * (y1 - y0)
                    let mean = integral.sum(x0, y0, x1, y1) / n
                    let p = Int(src[y * width + x])
                    // Spread from the mean of squares: flat areas stay white.
                    let sq = integral.squareSum(x0, y0, x1, y1) / n
                    let variance = sq - mean * mean
                    if variance >= minContrast * minContrast, p < mean - offset { out[y * width + x] = 0 }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}

/// Summed-area tables of pixel values and their squares: any box's sum in O(1).
struct IntegralImage {
    let width: Int
    private var sums: [Int]
    private var squares: [Int]

    init(_ img: GrayImage) {
        width = img.width + 1
        sums = [Int](repeating: 0, count: (img.width + 1) * (img.height + 1))
        squares = sums
        for y in 0..<img.height {
            var row = 0, rowSq = 0
            for x in 0..<img.width {
                let p = Int(img.pixels[y * img.width + x])
                row += p; rowSq += p * p
                sums[(y + 1) * width + x + 1] = sums[y * width + x + 1] + row
                squares[(y + 1) * width + x + 1] = squares[y * width + x + 1] + rowSq
            }
        }
    }

    /// Sum over `x0..<x1, y0..<y1`.
    func sum(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int {
        sums[y1 * width + x1] - sums[y0 * width + x1] - sums[y1 * width + x0] + sums[y0 * width + x0]
    }

    func squareSum(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> Int {
        squares[y1 * width + x1] - squares[y0 * width + x1] - squares[y1 * width + x0] + squares[y0 * width + x0]
    }
}

extension GrayImage {
    /// Each pixel replaced by the mean of the `radius`-pixel run above and below it:
    /// on an image whose bars stand upright this averages away noise, glare specks
    /// and print texture along the bars while leaving the widths across them intact.
    public func smoothedVertically(radius: Int) -> GrayImage {
        guard radius > 0, height > 1 else { return self }
        var out = pixels
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for x in 0..<width {
                    var sum = 0, n = 0
                    for y in 0..<min(height, radius + 1) { sum += Int(src[y * width + x]); n += 1 }
                    for y in 0..<height {
                        dst[y * width + x] = UInt8(sum / n)
                        let enter = y + radius + 1, leave = y - radius
                        if enter < height { sum += Int(src[enter * width + x]); n += 1 }
                        if leave >= 0 { sum -= Int(src[leave * width + x]); n -= 1 }
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GrayImage {
    /// Richardson–Lucy deconvolution along rows with a Gaussian point-spread of `sigma`
    /// pixels: undoes the horizontal blur that merges thin bars of an upright symbol.
    /// Noise is amplified, so smooth along the bars first.
    public func deblurredHorizontally(sigma: Double, iterations: Int = 10) -> GrayImage {
        guard sigma > 0, width > 2 else { return self }
        let r = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var out = [UInt8](repeating: 0, count: pixels.count)
        var observed = [Double](repeating: 0, count: width)
        var estimate = observed, blurred = observed, ratio = observed
        func convolve(_ src: [Double], into dst: inout [Double]) {
            for x in 0..<width {
                var s = 0.0
                for k in -r...r { s += kernel[k + r] * src[min(width - 1, max(0, x + k))] }
                dst[x] = s
            }
        }
        for y in 0..<height {
            for x in 0..<width { observed[x] = Double(pixels[y * width + x]) + 1 }
            estimate = observed
            for _ in 0..<iterations {
                convolve(estimate, into: &blurred)
                for x in 0..<width { ratio[x] = observed[x] / max(1e-6, blurred[x]) }
                convolve(ratio, into: &blurred) // the Gaussian is symmetric: its mirror is itself
                for x in 0..<width { estimate[x] *= blurred[x] }
            }
            for x in 0..<width { out[y * width + x] = UInt8(max(0, min(255, estimate[x] - 1))) }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
