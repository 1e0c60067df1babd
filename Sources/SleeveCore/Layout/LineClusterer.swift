/// Groups word boxes into visual lines.
///
/// Boxes are grouped by vertical midpoint with a tolerance relative to the median
/// box height, and only then sorted: a fuzzy "same line" comparator inside `sort`
/// is not a strict weak ordering and gives an order that depends on the input
/// order. Grouping also never uses fixed bands, so two boxes of one row that
/// straddle a band edge stay together.
public struct LineClusterer: Sendable {
    /// How far a box's midpoint may sit from a line's mean midpoint, as a fraction of
    /// the median box height.
    public var tolerance: Double

    public init(tolerance: Double = 0.5) {
        self.tolerance = tolerance
    }

    public func lines(_ boxes: [TextBox]) -> [TextLine] {
        guard !boxes.isEmpty else { return [] }
        let unit = median(boxes.map(\.rect.height))
        let limit = tolerance * max(unit, .leastNonzeroMagnitude)

        // Sweep boxes in midpoint order; a box joins the open line while it stays
        // within the limit of that line's running mean midpoint.
        let byMid = boxes.sorted { ($0.rect.midY, $0.rect.minX) < ($1.rect.midY, $1.rect.minX) }
        var groups: [[TextBox]] = []
        var sum = 0.0
        for box in byMid {
            if let last = groups.last, abs(box.rect.midY - sum / Double(last.count)) <= limit {
                groups[groups.count - 1].append(box)
                sum += box.rect.midY
            } else {
                groups.append([box])
                sum = box.rect.midY
            }
        }
        return groups
            .map { TextLine(words: $0.sorted { ($0.rect.minX, $0.rect.minY) < ($1.rect.minX, $1.rect.minY) }) }
            .sorted { ($0.rect.midY, $0.rect.minX) < ($1.rect.midY, $1.rect.minX) }
    }
}
