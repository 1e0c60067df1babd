/// A run of lines read top to bottom: one column of prose, one tracklist, one header.
public struct TextBlock: Hashable, Sendable {
    public var lines: [TextLine]

    public init(lines: [TextLine]) {
        self.lines = lines
    }

    public var rect: Rect { Rect.enclosing(lines.map(\.rect)) ?? Rect(x: 0, y: 0, width: 0, height: 0) }
}

/// Reading order for a page of word boxes, by recursive cuts (the XY-cut of Nagy and
/// Seth) with two rules specific to sleeves:
///
/// - A vertical gutter only splits columns when it runs down several lines on both
///   sides; a one-line gap (an artist far left, a catalog number far right) is not a
///   column.
/// - A gutter whose right-hand side is a column of durations is a tracklist's
///   title-duration gutter: the row pairs across it, so it never splits.
///
/// At each step the wider of the best vertical gutter and the best horizontal gap
/// wins, in units of the page's median box height, so two tracklists set side by
/// side split into columns before their rows split apart.
public struct ReadingOrder: Sendable {
    /// Narrowest vertical gutter that can split columns, in median box heights.
    public var minGutter: Double
    /// Lines a gutter must run down on each side before it counts as a column split.
    public var minGutterLines: Int
    /// Share of right-hand lines that are value cells (see `isValueCell`) that marks a
    /// title-duration gutter.
    public var pairedShare: Double
    /// True for a box that a row pairs with across a gutter (a duration).
    public var isPairedValue: @Sendable (TextBox) -> Bool

    public init(
        minGutter: Double = 1.0, minGutterLines: Int = 3, pairedShare: Double = 0.5,
        isPairedValue: @escaping @Sendable (TextBox) -> Bool = { Duration.parse($0.text) != nil }
    ) {
        self.minGutter = minGutter
        self.minGutterLines = minGutterLines
        self.pairedShare = pairedShare
        self.isPairedValue = isPairedValue
    }

    public func blocks(_ boxes: [TextBox]) -> [TextBlock] {
        let unit = max(median(boxes.map(\.rect.height)), .leastNonzeroMagnitude)
        var out: [TextBlock] = []
        cut(boxes, unit: unit, into: &out)
        return out
    }

    /// Lines of the whole page in reading order.
    public func lines(_ boxes: [TextBox]) -> [TextLine] {
        blocks(boxes).flatMap(\.lines)
    }

    private func cut(_ boxes: [TextBox], unit: Double, into out: inout [TextBlock]) {
        guard boxes.count > 1 else {
            if !boxes.isEmpty { out.append(TextBlock(lines: LineClusterer().lines(boxes))) }
            return
        }
        let vertical = bestGutter(boxes, unit: unit)
        let horizontal = widestGap(boxes.map { ($0.rect.minY, $0.rect.maxY) }, unit: unit)
        if let v = vertical, v.width >= (horizontal?.width ?? 0) {
            cut(boxes.filter { $0.rect.midX < v.at }, unit: unit, into: &out)
            cut(boxes.filter { $0.rect.midX >= v.at }, unit: unit, into: &out)
        } else if let h = horizontal {
            cut(boxes.filter { $0.rect.midY < h.at }, unit: unit, into: &out)
            cut(boxes.filter { $0.rect.midY >= h.at }, unit: unit, into: &out)
        } else {
            out.append(TextBlock(lines: LineClusterer().lines(boxes)))
        }
    }

    /// The widest vertical gutter that qualifies as a column split, if any.
    private func bestGutter(_ boxes: [TextBox], unit: Double) -> (at: Double, width: Double)? {
        var best: (at: Double, width: Double)?
        for gap in gaps(boxes.map { ($0.rect.minX, $0.rect.maxX) }) where gap.high - gap.low >= minGutter * unit {
            let left = boxes.filter { $0.rect.maxX <= gap.low }
            let right = boxes.filter { $0.rect.minX >= gap.high }
            let leftLines = LineClusterer().lines(left)
            let rightLines = LineClusterer().lines(right)
            guard leftLines.count >= minGutterLines, rightLines.count >= minGutterLines else { continue }
            // The gutter must run down beside both sides: their vertical extents overlap
            // by at least a few lines' worth.
            let l = Rect.enclosing(left.map(\.rect))!, r = Rect.enclosing(right.map(\.rect))!
            guard l.verticalOverlap(with: r) >= Double(minGutterLines) * unit else { continue }
            if Double(rightLines.filter(isValueCell).count) >= pairedShare * Double(rightLines.count) { continue }
            let width = (gap.high - gap.low) / unit
            if width > (best?.width ?? 0) { best = ((gap.low + gap.high) / 2, width) }
        }
        return best.map { ($0.at, $0.width) }
    }

    /// A line of a value column that rows pair with across a gutter: it starts with a
    /// paired value (a duration), or it is one short token with digits in it (a
    /// duration the engine misread: "T:47", "4:2]"). Prose and titles have several
    /// words per line.
    private func isValueCell(_ line: TextLine) -> Bool {
        guard let first = line.words.first else { return false }
        if isPairedValue(first) { return true }
        return line.words.count == 1 && first.text.count <= 6 && first.text.contains(where: \.isNumber)
    }

    /// The widest gap in the union of the intervals, its width in units of `unit`.
    private func widestGap(_ intervals: [(Double, Double)], unit: Double) -> (at: Double, width: Double)? {
        gaps(intervals)
            .max { $0.high - $0.low < $1.high - $1.low }
            .map { (($0.low + $0.high) / 2, ($0.high - $0.low) / unit) }
    }

    /// Uncovered stretches between the union of the intervals.
    private func gaps(_ intervals: [(Double, Double)]) -> [(low: Double, high: Double)] {
        let sorted = intervals.sorted { $0.0 < $1.0 }
        guard var reach = sorted.first?.1 else { return [] }
        var out: [(low: Double, high: Double)] = []
        for (lo, hi) in sorted.dropFirst() {
            if lo > reach { out.append((reach, lo)) }
            reach = max(reach, hi)
        }
        return out
    }
}
