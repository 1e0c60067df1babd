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
    /// A gutter is also at least this many typical word gaps wide: magazine columns sit
    /// closer than a line's height, but always further apart than words.
    public var gutterToWordGap: Double
    /// Lines a gutter must run down on each side before it counts as a column split.
    public var minGutterLines: Int
    /// Most lines, as a share of the band's lines, that may cross a gutter (captions,
    /// overshooting lines) without blocking it.
    public var maxCrossingShare = 0.15
    /// The page's width over its height. Boxes are normalised per axis, so a horizontal
    /// distance is converted with this before it is compared with a box height.
    public var aspectRatio = 1.0
    /// How far a crossing line may reach past the gutter into the nearer column, as a
    /// share of that column's width.
    public var maxCrossingReach = 0.3
    /// Share of right-hand lines that are value cells (see `isValueCell`) that marks a
    /// title-duration gutter.
    public var pairedShare: Double
    /// True for a box that a row pairs with across a gutter (a duration).
    public var isPairedValue: @Sendable (TextBox) -> Bool

    public init(
        minGutter: Double = 0.5, gutterToWordGap: Double = 2.0, minGutterLines: Int = 3, pairedShare: Double = 0.5,
        isPairedValue: @escaping @Sendable (TextBox) -> Bool = { Duration.parse($0.text) != nil }
    ) {
        self.minGutter = minGutter
        self.gutterToWordGap = gutterToWordGap
        self.minGutterLines = minGutterLines
        self.pairedShare = pairedShare
        self.isPairedValue = isPairedValue
    }

    public func blocks(_ boxes: [TextBox]) -> [TextBlock] {
        let unit = max(median(boxes.map(\.rect.height)), .leastNonzeroMagnitude)
        // The typical space between words of a phrase, over the whole page. Gaps wider
        // than a line's height are gutters and tabs, not spaces: on a sparse sleeve they
        // would otherwise be the median.
        let height = unit / aspectRatio
        let wordGaps = LineClusterer().lines(boxes).flatMap { line in
            zip(line.words, line.words.dropFirst()).map { $1.rect.minX - $0.rect.maxX }.filter { $0 > 0 && $0 < height }
        }
        let narrowest = max(minGutter * unit / aspectRatio, gutterToWordGap * median(wordGaps))
        var out: [TextBlock] = []
        cut(boxes, unit: unit, gutter: narrowest, into: &out)
        return out
    }

    /// Lines of the whole page in reading order.
    public func lines(_ boxes: [TextBox]) -> [TextLine] {
        blocks(boxes).flatMap(\.lines)
    }

    private func cut(_ boxes: [TextBox], unit: Double, gutter: Double, into out: inout [TextBlock]) {
        guard boxes.count > 1 else {
            if !boxes.isEmpty { out.append(TextBlock(lines: LineClusterer().lines(boxes))) }
            return
        }
        let vertical = bestGutter(boxes, unit: unit, narrowest: gutter)
        let horizontal = widestGap(boxes.map { ($0.rect.minY, $0.rect.maxY) }, unit: unit)
        if let v = vertical {
            var left = boxes.filter { !v.crossing.contains($0) && $0.rect.midX < v.at }
            var right = boxes.filter { !v.crossing.contains($0) && $0.rect.midX >= v.at }
            var between: [TextBox] = []
            for run in v.runs {
                // A run that overshoots from one column belongs to it; one that sits
                // across the gutter (a caption between columns) is read after both.
                let r = Rect.enclosing(run.map(\.rect))!
                let intoLeft = v.at - r.minX, intoRight = r.maxX - v.at
                if intoLeft > 2 * intoRight { left += run } else if intoRight > 2 * intoLeft { right += run } else { between += run }
            }
            cut(left, unit: unit, gutter: gutter, into: &out)
            cut(right, unit: unit, gutter: gutter, into: &out)
            if !between.isEmpty { out.append(TextBlock(lines: LineClusterer().lines(between))) }
        } else if let h = horizontal {
            cut(boxes.filter { $0.rect.midY < h.at }, unit: unit, gutter: gutter, into: &out)
            cut(boxes.filter { $0.rect.midY >= h.at }, unit: unit, gutter: gutter, into: &out)
        } else {
            out.append(TextBlock(lines: LineClusterer().lines(boxes)))
        }
    }

    /// The widest vertical gutter that qualifies as a column split, if any.
    ///
    /// A gutter may be crossed by a few lines that sit inside the columns' height and
    /// reach only a little way past it: a caption set between two columns, a line that
    /// overshoots its column. A line crossing at the top or bottom, or reaching well
    /// into both columns, is a heading or a full-width paragraph, and blocks the gutter
    /// (a horizontal cut separates it first).
    private func bestGutter(_ boxes: [TextBox], unit: Double, narrowest: Double) -> Gutter? {
        guard let bounds = Rect.enclosing(boxes.map(\.rect)) else { return nil }
        let allLines = LineClusterer().lines(boxes)
        // Clean gutters first; only when none qualifies, gutters a few lines cross.
        if let clean = bestGutter(boxes, lines: allLines, bounds: bounds, allowance: 0, unit: unit, narrowest: narrowest) {
            return clean
        }
        let allowance = Int(Double(allLines.count) * maxCrossingShare)
        guard allowance > 0 else { return nil }
        return bestGutter(boxes, lines: allLines, bounds: bounds, allowance: allowance, unit: unit, narrowest: narrowest)
    }

    private func bestGutter(
        _ boxes: [TextBox], lines allLines: [TextLine], bounds: Rect, allowance: Int, unit: Double, narrowest: Double
    ) -> Gutter? {
        var best: Gutter?
        for gap in tolerantGaps(boxes, in: bounds, allowance: allowance) where gap.high - gap.low >= narrowest {
            let crossers = allLines.flatMap { crossingRuns(of: $0, low: gap.low, high: gap.high, joinBelow: narrowest) }
            let crossing = Set(crossers.flatMap(\.self))
            let left = boxes.filter { $0.rect.maxX <= gap.low && !crossing.contains($0) }
            let right = boxes.filter { $0.rect.minX >= gap.high && !crossing.contains($0) }
            let leftLines = LineClusterer().lines(left)
            let rightLines = LineClusterer().lines(right)
            guard leftLines.count >= minGutterLines, rightLines.count >= minGutterLines else { continue }
            // The gutter must run down beside both sides: their vertical extents overlap
            // by at least a few lines' worth.
            let l = Rect.enclosing(left.map(\.rect))!, r = Rect.enclosing(right.map(\.rect))!
            guard l.verticalOverlap(with: r) >= Double(minGutterLines) * unit else { continue }
            let inside = crossers.allSatisfy { run in
                let box = Rect.enclosing(run.map(\.rect))!
                let reach = min(gap.low - box.minX, box.maxX - gap.high)
                return box.minY > max(l.minY, r.minY) && box.maxY < min(l.maxY, r.maxY)
                    && reach < maxCrossingReach * min(gap.low - bounds.minX, bounds.maxX - gap.high)
            }
            guard inside else { continue }
            // Durations on the right pair with their titles; positions on the left
            // ("A1", "B2") pair with theirs: neither side is a column of its own.
            if pairsAcross(leftLines, rightLines) { continue }
            let width = (gap.high - gap.low) * aspectRatio / unit
            if width > (best?.width ?? 0) { best = Gutter(at: (gap.low + gap.high) / 2, width: width, runs: crossers) }
        }
        return best
    }

    /// A vertical gutter: where it runs, its width in box heights, and the words that
    /// cross it (captions set between the columns), read after both columns.
    struct Gutter {
        var at: Double
        var width: Double
        /// Runs of words that cross the gutter.
        var runs: [[TextBox]]
        var crossing: Set<TextBox> { Set(runs.flatMap(\.self)) }
    }

    /// The runs of a line's words that cross the stretch `low...high`: each crossing word
    /// with its neighbours closer than `joinBelow` (words of one phrase, not the next
    /// column's words across the gutter).
    private func crossingRuns(of line: TextLine, low: Double, high: Double, joinBelow: Double) -> [[TextBox]] {
        var runs: [[TextBox]] = []
        for word in line.words {
            if let last = runs.last?.last, word.rect.minX - last.rect.maxX < joinBelow {
                runs[runs.count - 1].append(word)
            } else {
                runs.append([word])
            }
        }
        return runs.filter { run in run.contains { $0.rect.maxX > low && $0.rect.minX < high } }
    }

    /// Stretches of x, strictly inside `bounds`, covered by at most `allowance` boxes.
    private func tolerantGaps(_ boxes: [TextBox], in bounds: Rect, allowance: Int) -> [(low: Double, high: Double)] {
        guard allowance > 0 else { return gaps(boxes.map { ($0.rect.minX, $0.rect.maxX) }) }
        // A coverage profile over the band's width, in bins of 1/1000 of the page.
        let bins = max(1, Int((bounds.width * 1000).rounded(.up)))
        let step = bounds.width / Double(bins)
        var cover = [Int](repeating: 0, count: bins + 1)
        for b in boxes {
            let i0 = max(0, Int(((b.rect.minX - bounds.minX) / step).rounded(.down)))
            let i1 = min(bins, Int(((b.rect.maxX - bounds.minX) / step).rounded(.up)))
            if i0 < i1 { cover[i0] += 1; cover[i1] -= 1 }
        }
        var out: [(low: Double, high: Double)] = []
        var running = 0, open: Int?
        for i in 0..<bins {
            running += cover[i]
            if running <= allowance {
                if open == nil { open = i }
            } else if let o = open {
                if o > 0 { out.append((bounds.minX + Double(o) * step, bounds.minX + Double(i) * step)) }
                open = nil
            }
        }
        return out
    }

    /// True when the rows on either side of a gutter pair across it: on most rows that
    /// have words on both sides, the word just right of the gutter is a value (a
    /// duration), or one side's part of the row is a lone value cell (a misread
    /// duration on the right, a position on the left). Rows are compared
    /// only with their neighbours across the gutter, so a column further right (side B)
    /// does not hide side A's durations.
    private func pairsAcross(_ left: [TextLine], _ right: [TextLine]) -> Bool {
        var rows = 0, paired = 0
        for r in right {
            guard let l = left.last(where: { $0.rect.sharesRow(with: r.rect) }) else { continue }
            rows += 1
            if isPairedValue(r.words[0]) || isValueCell(r) || isValueCell(l) { paired += 1 }
        }
        if rows >= minGutterLines { return Double(paired) >= pairedShare * Double(rows) }
        // Sides that share no rows: judge each column on its own.
        return Double(right.filter(isValueCell).count) >= pairedShare * Double(right.count)
            || Double(left.filter(isValueCell).count) >= pairedShare * Double(left.count)
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
