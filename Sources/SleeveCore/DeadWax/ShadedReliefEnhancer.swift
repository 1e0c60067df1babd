/// Stamped characters as they look: raised strokes lit from one side show a light
/// edge towards the lamp and a shadow edge away from it, no ink. Either edge alone
/// is half a glyph (`ReliefEnhancer` keeps the light one: thin, broken strokes);
/// here the shadow edges are moved back onto the light ones by the offset that
/// pairs them best (the strokes' width along the light), and the two together
/// become the ink. The offset is found from the strip itself, so the lamp's side
/// need not be known. Cut or etched strokes pair the same way with the roles
/// swapped; a CD hub's engraving too.
public struct ShadedReliefEnhancer: Sendable {
    /// Half-size of the local-background window in strip pixels. Default 20.
    public var radius = 20
    /// Longest light-to-shadow offset tried, in strip pixels. Default 10 (a stamped
    /// stroke is 4–10 px wide at the unwrapper's scale).
    public var maximumOffset = 10
    /// Shortest offset tried: nearer, an edge pairs with its own blur. Default 2.
    public var minimumOffset = 2
    /// The share of pixels at or above which the ink is full black. Default 0.99.
    public var inkPercentile = 0.99

    public init() {}

    public func enhance(_ strip: UnwrappedStrip) -> EtchingEnhancer.Result {
        let w = strip.image.width, h = strip.image.height
        guard w > 2 * maximumOffset + 4, h > 2 * maximumOffset + 4 else {
            return ReliefEnhancer().enhance(strip)
        }
        let residual = ReliefEnhancer.residual(strip, radius: radius)
        let light = residual.map { max(0, $0) }, shadow = residual.map { max(0, -$0) }
        let (dx, dy) = Self.pairingOffset(light: light, shadow: shadow, width: w, height: h,
                                          offsets: minimumOffset...maximumOffset)
        // The shadow edge moved back onto its light edge; each scaled by its own
        // high percentile (a shadow on black wax is clipped, weaker than the light).
        var moved = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            let sy = y + dy
            guard sy >= 0, sy < h else { continue }
            for x in 0..<w {
                let sx = x + dx
                guard sx >= 0, sx < w else { continue }
                moved[y * w + x] = shadow[sy * w + sx]
            }
        }
        let lightTop = Self.percentile(light, strip.excluded, inkPercentile)
        let shadowTop = Self.percentile(moved, strip.excluded, inkPercentile)
        var ink = [Double](repeating: 0, count: w * h)
        for i in 0..<(w * h) where !strip.excluded[i] { ink[i] = max(light[i] / lightTop, moved[i] / shadowTop) }
        return ReliefEnhancer.inked(ink, strip, percentile: inkPercentile, floor: 1e-6)
    }

    /// The shift (dx, dy) from a light edge to its shadow edge: the one, among those
    /// `offsets` long, at which the light and the shifted shadow overlap most.
    static func pairingOffset(light: [Double], shadow: [Double], width w: Int, height h: Int,
                              offsets: ClosedRange<Int>) -> (Int, Int) {
        var best = (score: -1.0, dx: 0, dy: 0)
        let lo = offsets.lowerBound * offsets.lowerBound, hi = offsets.upperBound * offsets.upperBound
        let reach = offsets.upperBound
        for dy in -reach...reach {
            for dx in -reach...reach {
                let d2 = dx * dx + dy * dy
                guard d2 >= lo, d2 <= hi else { continue }
                var score = 0.0
                // Every other row and column: the edges are smoothed over 3×3, so
                // a quarter of the pixels rank the offsets the same, at a quarter
                // of the cost (this search was most of the enhancement's time).
                for y in stride(from: max(0, -dy), to: min(h, h - dy), by: 2) {
                    let row = y * w, shiftedRow = (y + dy) * w + dx
                    for x in stride(from: max(0, -dx), to: min(w, w - dx), by: 2) where light[row + x] > 0 {
                        score += light[row + x] * shadow[shiftedRow + x]
                    }
                }
                if score > best.score { best = (score, dx, dy) }
            }
        }
        return (best.dx, best.dy)
    }

    static func percentile(_ values: [Double], _ excluded: [Bool], _ p: Double) -> Double {
        var kept: [Double] = []
        kept.reserveCapacity(values.count)
        for (v, x) in zip(values, excluded) where !x { kept.append(v) }
        guard !kept.isEmpty else { return 1 }
        kept.sort()
        return max(1e-9, kept[min(kept.count - 1, Int(Double(kept.count) * p))])
    }
}
