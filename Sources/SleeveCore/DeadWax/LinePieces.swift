/// Where a run's line is cut into two pieces read apart. A stamped code and the hand
/// etching beside it on one line are two styles, and the recogniser reading them as
/// one line can lose letters of both: shared close-up 014's lit line shows
/// `VSL36623-A1 TML-M A//1` and read `36623-A1 ML AS72`; cut after `-A1`, its first
/// piece read `VSL36623-A1`. The cut is the middle of the widest stretch of columns
/// without ink between the first and last inked ones, when that stretch is wide
/// enough to lie between runs rather than letters.
public enum LinePieces {
    /// The narrowest gap cut at, as a share of the line's height (its row band with
    /// margin). The gaps between stamped letters set wide apart were 11–15 columns on
    /// a line 36 tall, those between 014's code and marks 46 and 52. Default 0.8.
    public static let minimumGapShare = 0.8

    /// The column to cut `line` (dark ink on white) at, or nil when no gap is wide enough.
    public static func cut(_ line: GrayImage) -> Int? {
        cut(columnInk: columnInk(line), minimumGap: Int((minimumGapShare * Double(line.height)).rounded(.up)))
    }

    /// Inked pixels (darker than mid-gray) per column.
    public static func columnInk(_ line: GrayImage) -> [Int] {
        var ink = [Int](repeating: 0, count: line.width)
        for y in 0..<line.height {
            for x in 0..<line.width where line[x, y] < 128 { ink[x] += 1 }
        }
        return ink
    }

    /// The middle of the widest run of empty columns between the first and last inked
    /// ones, if it is at least `minimumGap` wide (the first such run on a tie).
    public static func cut(columnInk ink: [Int], minimumGap: Int) -> Int? {
        guard let first = ink.firstIndex(where: { $0 > 0 }), let last = ink.lastIndex(where: { $0 > 0 }), first < last
        else { return nil }
        var best = (start: 0, length: 0), run = 0
        for x in first...last {
            if ink[x] == 0 {
                run += 1
                if run > best.length { best = (x - run + 1, run) }
            } else {
                run = 0
            }
        }
        return best.length >= max(1, minimumGap) ? best.start + best.length / 2 : nil
    }
}
