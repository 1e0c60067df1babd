/// Matrix / runout values compared as they are etched, typed into Discogs and read by
/// OCR: spaces, dashes and other separators ignored, look-alike glyphs folded as in
/// catnos, and a fuzzy score so one misread character does not lose the match.
public enum MatrixKey {
    /// Letters and digits only, upper case, OCR confusions folded.
    public static func normalise(_ text: String) -> String { CatalogKey.folded(text) }

    /// Points a read run earns against a dump value: 6 for the same run, 3.5 less per
    /// edit (represses often differ by one glyph, A1 / A2), and 0.6 less per glyph read
    /// that the dump's value does not list (an engineer's mark it leaves out). Glyphs of
    /// the dump's value the read did not catch cost nothing: a photo may miss part of
    /// the run. Nil when the read does not agree at all.
    public static func points(read: String, dump: String) -> (points: Double, edits: Int)? {
        let a = Array(normalise(read)), b = Array(normalise(dump))
        guard !a.isEmpty, !b.isEmpty else { return nil }
        var options = [(edits: TextSimilarity.editDistance(a, b), unexplained: 0)]
        if a.count <= b.count, a.count >= 6 { options.append((infixDistance(a, in: b), 0)) }
        if b.count < a.count, b.count >= 6 { options.append((infixDistance(b, in: a), a.count - b.count)) }
        let best = options.map { (6 - 3.5 * Double($0.edits) - 0.6 * Double($0.unexplained), $0.edits) }.max { $0.0 < $1.0 }!
        return best.1 <= 1 && best.0 >= 2 ? (best.0, best.1) : nil
    }

    /// Edits to turn `short` into some substring of `long` (semi-global alignment).
    static func infixDistance(_ short: [Character], in long: [Character]) -> Int {
        var prev = [Int](repeating: 0, count: long.count + 1)
        var cur = prev
        for i in 1...short.count {
            cur[0] = i
            for j in 1...long.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (short[i - 1] == long[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev.min() ?? short.count
    }
}
