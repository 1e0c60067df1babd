/// A word in large type read without its last letter: "SMITH" for SMITHS, "“RAN" for
/// "RANK", a name or a title cut by one glyph and wrong for it.
///
/// The engine's segmentation sometimes leaves the last glyph of a large word out of the
/// word (and out of any other); the line read again on a crop that stops just past the
/// word cannot bring it back. Two things tell such a word: the paper just past its end
/// holds a glyph in the word's own ink, on plain paper (not a picture's tones), and a
/// reading of the line on a crop wide enough to hold that glyph gives the same letters
/// and one or two more.
public struct LostLastLetter: Sendable {
    /// Words at least this tall, in pixels of the page read: large type.
    public var minHeight = 24.0
    /// Words read at least this surely (0...100).
    public var minConfidence = 80.0
    /// Ink and paper of the word differ by at least this many gray levels.
    public var minContrast = 60.0
    /// The glyph's ink covers at least this share of the strip past the word...
    public var minInkShare = 0.06
    /// ...and ink and plain paper together at least this share: no picture's mid-tones.
    public var minPlainShare = 0.85
    /// The strip past the word is this many of its heights wide.
    public var stripWidth = 0.7
    /// The glyph starts within this many heights of the word's end.
    public var maxGap = 0.35

    public init() {}

    /// Whether the strip just past `word` (normalised to `page`) holds a glyph in the
    /// word's ink on plain paper.
    public func hasGlyphAfter(_ word: Rect, in page: GrayImage) -> Bool {
        let w = Double(page.width), h = Double(page.height)
        let x0 = Int(word.minX * w), x1 = Int(word.maxX * w), y0 = Int(word.minY * h), y1 = Int(word.maxY * h)
        let height = Double(y1 - y0)
        guard height >= minHeight, x0 >= 0, y0 >= 0, x1 > x0, y1 <= page.height else { return false }
        var inWord: [Int] = []
        for y in y0..<y1 { for x in x0..<min(x1, page.width) { inWord.append(Int(page[x, y])) } }
        inWord.sort()
        let paper = Double(inWord[(inWord.count * 9) / 10]), ink = Double(inWord[inWord.count / 10])
        guard paper - ink >= minContrast else { return false }
        let inkBelow = ink + 0.4 * (paper - ink), paperAbove = paper - 0.3 * (paper - ink)
        // The letters' core rows: a neighbour's ascender or descender is not a glyph of this word.
        let sy0 = y0 + Int(0.15 * height), sy1 = y1 - Int(0.15 * height)
        let sx0 = x1, sx1 = min(page.width, x1 + Int(stripWidth * height))
        guard sx1 - sx0 >= 2, sy1 > sy0 else { return false }
        var inkCount = 0, plain = 0, firstInkColumn: Int?
        for x in sx0..<sx1 {
            for y in sy0..<sy1 {
                let v = Double(page[x, y])
                if v < inkBelow {
                    inkCount += 1
                    if firstInkColumn == nil { firstInkColumn = x }
                } else if v > paperAbove {
                    plain += 1
                }
            }
        }
        let n = Double((sx1 - sx0) * (sy1 - sy0))
        guard let first = firstInkColumn, Double(first - sx0) <= maxGap * height else { return false }
        return Double(inkCount) / n >= minInkShare && Double(inkCount + plain) / n >= minPlainShare
    }

    /// The word runs on past its box and the wider reading did not give it whole: that
    /// reading ends the word where the first did and reads the glyph as a token of its
    /// own that starts within `maxGap` heights of the word's end ("““RAN" then "“RAN"
    /// and "kK?" over the K). The word as read is then known to be cut: no field may
    /// take it. `word` and the reading's boxes are normalised to one page;
    /// `aspectRatio` is its width over its height.
    public func runsOn(_ word: Rect, reading: [RecognizedWord], aspectRatio: Double) -> Bool {
        let across = word.height / aspectRatio
        return reading.contains { token in
            let r = token.box.rect
            return r.sharesRow(with: word) && token.box.text.contains(where: \.isLetter)
                && r.minX >= word.maxX - 0.2 * across && r.minX <= word.maxX + maxGap * across
        }
    }

    /// The word as the wider reading gives it: the token whose letters are the word's
    /// letters and one or two more after them ("SMITH" and "= SMITHS" give "SMITHS");
    /// nil when no token of `reading` is that.
    public func extended(_ word: String, by reading: [String]) -> String? {
        let letters = word.filter(\.isLetter)
        guard letters.count >= 2 else { return nil }
        return reading.first { token in
            let t = token.filter(\.isLetter)
            return t.hasPrefix(letters) && (1...2).contains(t.count - letters.count)
        }
    }
}
