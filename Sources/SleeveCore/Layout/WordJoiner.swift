/// Decides where spaces go between neighbouring boxes of one line.
///
/// A space exists when the gap between two boxes is a real fraction of the local
/// character width (the mean of the two boxes' per-character widths), so an engine
/// that split "METALLICA" into "METALLI" + "CA" with a hairline gap gets the word back.
public struct WordJoiner: Sendable {
    /// A gap at or above this many local character widths is a word space.
    public var spaceFraction: Double
    /// A gap at or above this many line heights splits the line into segments.
    public var segmentGap: Double

    public init(spaceFraction: Double = 0.25, segmentGap: Double = 1.6) {
        self.spaceFraction = spaceFraction
        self.segmentGap = segmentGap
    }

    public func needsSpace(between left: TextBox, and right: TextBox) -> Bool {
        let gap = right.rect.minX - left.rect.maxX
        let unit = (left.characterWidth + right.characterWidth) / 2
        return gap >= spaceFraction * unit
    }

    /// Joins boxes already in left-to-right order.
    public func join(_ words: [TextBox]) -> String {
        var out = ""
        for (i, w) in words.enumerated() {
            if i > 0, needsSpace(between: words[i - 1], and: w) { out += " " }
            out += w.text
        }
        return out
    }

    /// Splits a left-to-right run of boxes where the gap is wide relative to the
    /// line's height: a label and its value at the far ends of one line.
    public func segments(of words: [TextBox]) -> [[TextBox]] {
        guard let first = words.first else { return [] }
        let height = median(words.map(\.rect.height))
        var out: [[TextBox]] = [[first]]
        for (prev, w) in zip(words, words.dropFirst()) {
            if w.rect.minX - prev.rect.maxX >= segmentGap * height {
                out.append([w])
            } else {
                out[out.count - 1].append(w)
            }
        }
        return out
    }
}
