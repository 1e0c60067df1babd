/// How ringed the photo is across radii, from the radial medians (`RunoutLocator.
/// radialMedians`): the mean change from one radius to the next over a stretch.
/// Grooves are rings, so they change the median at every radius; a label, the
/// smooth run-out and the table or background round a disc barely do.
///
/// What it tells: a step with grooves inside it and a flat photo outside is the
/// disc's rim against its background, not the label's edge (inside which the label
/// is flat and outside which lie the wax and grooves).
public struct RadialTexture: Sendable {
    /// Each side of a step is looked at over this fraction of its radius (about the
    /// run-out's width: the grooves begin within it outside a label's edge).
    public static let reach = 0.25
    /// A side flatter than this (mean change per sample, grey levels) counts as this:
    /// JPEG noise on a flat background is not "no texture at all".
    public static let flatFloor = 0.05
    /// Fewer changes than this on a side: too little photo there to tell.
    static let minimumChanges = 5

    /// Prefix sums of |m[j+1] - m[j]| over neighbours both known, and their count.
    let sums: [Double]
    let counts: [Int]
    let medians: [Double?]

    public init(_ medians: [Double?]) {
        self.medians = medians
        var sums = [0.0], counts = [0]
        for j in 0..<max(0, medians.count - 1) {
            if let a = medians[j], let b = medians[j + 1] {
                sums.append(sums[j] + abs(b - a)); counts.append(counts[j] + 1)
            } else {
                sums.append(sums[j]); counts.append(counts[j])
            }
        }
        self.sums = sums
        self.counts = counts
    }

    /// Mean change per sample over the changes starting in `range` (clamped); nil
    /// with fewer than `minimumChanges` known.
    public func meanChange(_ range: Range<Int>) -> Double? {
        let lo = max(0, range.lowerBound), hi = min(sums.count - 1, range.upperBound)
        guard hi > lo, counts[hi] - counts[lo] >= Self.minimumChanges else { return nil }
        return (sums[hi] - sums[lo]) / Double(counts[hi] - counts[lo])
    }

    /// As `meanChange`, less the net change across the range: a ring's ups and
    /// downs count, a single step up or down (the label's edge) does not.
    public func ringing(_ range: Range<Int>) -> Double? {
        let lo = max(0, range.lowerBound), hi = min(sums.count - 1, range.upperBound)
        guard hi > lo, counts[hi] - counts[lo] >= Self.minimumChanges,
              let first = medians[lo...hi].first(where: { $0 != nil }) ?? nil,
              let last = medians[lo...hi].last(where: { $0 != nil }) ?? nil else { return nil }
        return max(0, sums[hi] - sums[lo] - abs(last - first)) / Double(counts[hi] - counts[lo])
    }

    /// Whether the step at index `i` is the disc's rim: over `reach` samples beyond
    /// the step's own `window`, the inside changes at least `ratio` times as much
    /// as the outside (floored at `flatFloor`). False where either side has too
    /// little photo to tell.
    public func isRim(at i: Int, window: Int, reach: Int, ratio: Double) -> Bool {
        guard let inside = meanChange((i - reach)..<(i - window)),
              let outside = meanChange((i + window)..<(i + reach)) else { return false }
        return inside >= ratio * max(outside, Self.flatFloor)
    }
}
