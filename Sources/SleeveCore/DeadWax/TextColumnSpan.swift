/// The columns of a run's row band (dark ink on white) that hold its letters: a
/// letter's strokes make many vertical edges, while a groove remnant or the edge of
/// the photo left in the band is a long level line that makes almost none. Cut to
/// that span the recogniser reads the run alone, instead of taking the remnants on
/// either side for letters and losing the run's own characters beside them.
public struct TextColumnSpan: Sendable, Equatable {
    /// First column (inclusive) and the span's width, padded.
    public var start: Int
    public var width: Int

    public init(start: Int, width: Int) {
        self.start = start
        self.width = width
    }

    /// The cluster of columns with most vertical edges (`columnEdges`): columns whose
    /// running mean over half the band's height reaches `level` of the busiest
    /// column's, joined where they are at most `joinHeights` band heights apart
    /// (the gap between words of one run), grown by half the band's height on each
    /// side. Nil when the band has no edges, or the span is nearly the whole band
    /// (nothing to cut off).
    public static func find(columnEdges edges: [Double], bandHeight h: Int, level: Double = 0.15,
                            joinHeights: Double = 2, keepFraction: Double = 0.9) -> TextColumnSpan? {
        let n = edges.count
        guard h > 0, n > 2 * h else { return nil }
        let window = max(3, h / 2)
        // Running mean centred on each column (prefix sums).
        var prefix = [0.0]
        prefix.reserveCapacity(n + 1)
        for e in edges { prefix.append(prefix.last! + e) }
        let smooth = (0..<n).map { x -> Double in
            let lo = max(0, x - window / 2), hi = min(n, x - window / 2 + window)
            return (prefix[hi] - prefix[lo]) / Double(window)
        }
        guard let peak = smooth.max(), peak > 0 else { return nil }
        var clusters: [(from: Int, to: Int)] = []
        let join = Int(joinHeights * Double(h))
        for x in 0..<n where smooth[x] >= level * peak {
            if let last = clusters.last, x - last.to <= join {
                clusters[clusters.count - 1].to = x
            } else {
                clusters.append((x, x))
            }
        }
        guard let best = clusters.max(by: { prefix[$0.to + 1] - prefix[$0.from] < prefix[$1.to + 1] - prefix[$1.from] })
        else { return nil }
        let from = max(0, best.from - h / 2), to = min(n - 1, best.to + h / 2)
        let width = to - from + 1
        guard Double(width) < keepFraction * Double(n) else { return nil }
        return TextColumnSpan(start: from, width: width)
    }

    /// Vertical edges per column of a dark-on-white band: in how many rows the column
    /// changes between ink (darker than `threshold`) and paper from the one before.
    public static func columnEdges(_ image: GrayImage, threshold: UInt8 = 160) -> [Double] {
        var counts = [Double](repeating: 0, count: image.width)
        guard image.width > 1 else { return counts }
        for y in 0..<image.height {
            var wasInk = image[0, y] < threshold
            for x in 1..<image.width {
                let ink = image[x, y] < threshold
                if ink != wasInk { counts[x] += 1 }
                wasInk = ink
            }
        }
        return counts
    }
}
