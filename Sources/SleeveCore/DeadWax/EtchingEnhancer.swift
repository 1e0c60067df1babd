/// Makes faint etching legible for OCR: a local-contrast (top-hat-like) filter
/// that subtracts the local mean, so glare ramps and the dead wax's own shade
/// vanish, then stretches what stands out by the noise level into dark ink on white.
/// Etching can catch the light (brighter than the wax) or not (darker): the sign
/// is taken from the residual's skew, since ink is the minority of pixels.
public struct EtchingEnhancer: Sendable {
    /// Half-size of the local-mean window in strip pixels. Default 15 (wider than a
    /// stroke, narrower than a letter's height at the strip's scale).
    public var radius = 15
    /// Residual, in noise sigmas, below which a pixel stays white: the wax's grain and
    /// JPEG noise would otherwise speckle the strip, and tesseract gives a word that
    /// sits in speckle a tall box and no confidence. Default 3.
    public var noiseFloor = 3.0
    /// Residual, in noise sigmas, that maps to full black. Default 8.
    public var fullInk = 8.0

    public init() {}

    public struct Result: Sendable {
        /// Dark ink on white; excluded pixels are white.
        public var image: GrayImage
        /// Ink per column (for choosing a seam between etched runs).
        public var columnInk: [Double]
    }

    public func enhance(_ strip: UnwrappedStrip) -> Result {
        let w = strip.image.width, h = strip.image.height
        guard w > 2, h > 2 else { return Result(image: strip.image, columnInk: [Double](repeating: 0, count: w)) }
        let kept = zip(strip.image.pixels, strip.excluded).filter { !$0.1 }.map { Double($0.0) }
        let fill = median(kept)
        var v = [Double](repeating: fill, count: w * h)
        for i in 0..<(w * h) where !strip.excluded[i] { v[i] = Double(strip.image.pixels[i]) }
        v = Self.boxMean(v, width: w, height: h, rx: 1, ry: 1)
        let background = Self.boxMean(v, width: w, height: h, rx: radius, ry: radius)
        var residual = [Double](repeating: 0, count: w * h)
        var skew = 0.0
        for i in 0..<(w * h) {
            residual[i] = strip.excluded[i] ? 0 : v[i] - background[i]
            skew += residual[i] * residual[i] * residual[i]
        }
        let sign = skew >= 0 ? 1.0 : -1.0
        let sigma = max(0.5, 1.4826 * median(residual.map { abs($0) }))
        var out = [UInt8](repeating: 255, count: w * h)
        var columnInk = [Double](repeating: 0, count: w)
        for i in 0..<(w * h) where !strip.excluded[i] {
            let ink = sign * residual[i] / sigma
            let t = max(0, min(1, (ink - noiseFloor) / (fullInk - noiseFloor)))
            out[i] = UInt8((255 * (1 - t)).rounded())
            if ink > 2 { columnInk[i % w] += ink - 2 }
        }
        return Result(image: GrayImage(width: w, height: h, pixels: out), columnInk: columnInk)
    }

    /// Mean over a (2rx+1)×(2ry+1) window, clamped at the edges, via a summed-area table.
    static func boxMean(_ v: [Double], width w: Int, height h: Int, rx: Int, ry: Int) -> [Double] {
        var sat = [Double](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0.0
            for x in 0..<w {
                row += v[y * w + x]
                sat[(y + 1) * (w + 1) + x + 1] = sat[y * (w + 1) + x + 1] + row
            }
        }
        var out = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            let y0 = max(0, y - ry), y1 = min(h - 1, y + ry)
            for x in 0..<w {
                let x0 = max(0, x - rx), x1 = min(w - 1, x + rx)
                let s = sat[(y1 + 1) * (w + 1) + x1 + 1] - sat[y0 * (w + 1) + x1 + 1]
                    - sat[(y1 + 1) * (w + 1) + x0] + sat[y0 * (w + 1) + x0]
                out[y * w + x] = s / Double((x1 - x0 + 1) * (y1 - y0 + 1))
            }
        }
        return out
    }

    /// The column where a seam cuts least ink: the middle of the emptiest stretch of
    /// `window` columns, going round the turn.
    public static func quietestColumn(_ ink: [Double], window: Int) -> Int {
        let n = ink.count
        guard n > 0 else { return 0 }
        let k = max(1, min(window, n))
        var sum = ink[0..<k].reduce(0, +)
        var best = sum, bestStart = 0
        for s in 1..<n {
            sum += ink[(s + k - 1) % n] - ink[s - 1]
            if sum < best { best = sum; bestStart = s }
        }
        return (bestStart + k / 2) % n
    }
}
