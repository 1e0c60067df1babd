/// The rows of an enhanced run-out strip (dark ink on white) that hold the etched
/// text: a run is one line along the groove, so its strokes pile up in a band of
/// rows while groove remnants and dust spread thinly over all of them. Cutting the
/// strip to that band lets the recogniser read it as a single line instead of
/// guessing a layout from a page of mostly noise.
public struct TextRowBand: Sendable, Equatable {
    /// First row of the band (inclusive) and its height, padded.
    public var top: Int
    public var height: Int

    public init(top: Int, height: Int) {
        self.top = top
        self.height = height
    }

    /// Which side of a strip is the band's outer edge: the top as unwrapped, the bottom
    /// once the strip is turned upside down.
    public enum OuterEdge: Sendable { case top, bottom }

    /// The band around the row with most strokes (`rowStrokes`): rows whose count
    /// above the strip's typical row (the median) stays above `level` of the peak's, grown by
    /// `padding` of its height on each side. Nil when no row stands out (an empty
    /// or uniformly noisy strip) or the band is nearly the whole strip (nothing to cut).
    ///
    /// A band whose strokes reach into the `outerEdgeZone` (a share of the rows at the
    /// `outerEdge`) gives way to one that stands out further in: there lies the ring that
    /// bounds the band (where the grooves start, a CD hub's rim), and its blurred, mottled
    /// edge crosses ink and paper as often as letters do (a CD hub's `4-80836-2` read
    /// `IEP 2198909D` from its rim). The inner edge has no such line: the label is left
    /// out past a margin, and its pixels come out blank.
    public static func find(rowStrokes counts: [Double], level: Double = 0.3, padding: Double = 0.3,
                            minimumHeight: Int = 8, outerEdge: OuterEdge = .top,
                            outerEdgeZone: Double = 0.12) -> TextRowBand? {
        let n = counts.count
        guard n >= 3 * minimumHeight else { return nil }
        // A 3-row running mean: one stroke's edge row does not make the peak.
        var smooth = [Double](repeating: 0, count: n)
        for y in 0..<n {
            let lo = max(0, y - 1), hi = min(n - 1, y + 1)
            smooth[y] = counts[lo...hi].reduce(0, +) / Double(hi - lo + 1)
        }
        let base = median(smooth)
        guard let first = band(smooth, base: base, level: level, padding: padding, minimumHeight: minimumHeight)
        else { return nil }
        let edge = Int((Double(n) * outerEdgeZone).rounded())
        func inEdgeZone(_ core: ClosedRange<Int>) -> Bool {
            outerEdge == .top ? core.lowerBound < edge : core.upperBound >= n - edge
        }
        // The edge's strokes may make more than one band (a blurred rim, its mottle):
        // each is set aside in turn, up to three.
        var rest = smooth, found = first
        for _ in 0..<3 where inEdgeZone(found.core) {
            for y in found.band.top..<(found.band.top + found.band.height) { rest[y] = base }
            guard let next = band(rest, base: base, level: level, padding: padding, minimumHeight: minimumHeight)
            else { return first.band }
            found = next
        }
        return inEdgeZone(found.core) ? first.band : found.band
    }

    /// The band around `smooth`'s highest row, and its core (the rows above `level`).
    private static func band(_ smooth: [Double], base: Double, level: Double, padding: Double,
                             minimumHeight: Int) -> (band: TextRowBand, core: ClosedRange<Int>)? {
        let n = smooth.count
        guard let peakRow = smooth.indices.max(by: { smooth[$0] < smooth[$1] }) else { return nil }
        let peak = smooth[peakRow] - base
        // Standing out: the peak row has at least twice the typical row's strokes.
        guard peak > 0, smooth[peakRow] >= 2 * max(base, 1e-9) else { return nil }
        var top = peakRow, bottom = peakRow
        while top > 0, smooth[top - 1] - base >= level * peak { top -= 1 }
        while bottom < n - 1, smooth[bottom + 1] - base >= level * peak { bottom += 1 }
        let core = bottom - top + 1
        let pad = max(2, Int((Double(core) * padding).rounded()))
        let from = max(0, top - pad), to = min(n - 1, bottom + pad)
        let height = to - from + 1
        guard core >= minimumHeight, height <= n * 3 / 4 else { return nil }
        return (TextRowBand(top: from, height: height), top...bottom)
    }

    /// Strokes per row of a dark-on-white strip: how often the row crosses between
    /// ink (darker than `threshold`) and paper. A run's letters cross many times; a
    /// ring or groove remnant that survived the enhancement is one long dark line
    /// that crosses twice, however much ink it holds (summed darkness picked such a
    /// line over the run on close-ups).
    public static func rowStrokes(_ image: GrayImage, threshold: UInt8 = 160) -> [Double] {
        (0..<image.height).map { y in
            var count = 0
            var wasInk = false
            for x in 0..<image.width {
                let ink = image[x, y] < threshold
                if x > 0, ink != wasInk { count += 1 }
                wasInk = ink
            }
            return Double(count)
        }
    }
}
