/// Matrix / runout values compared as they are etched, typed into Discogs and read by
/// OCR: spaces, dashes and other separators ignored, look-alike glyphs folded as in
/// catnos, and a fuzzy score so one misread character does not lose the match.
public enum MatrixKey {
    /// Letters and digits only, upper case, OCR confusions folded.
    public static func normalise(_ text: String) -> String { CatalogKey.folded(text) }

    /// Similarity of a read run and a dump value, 0…1: 1 − edit distance over the longer
    /// length, or, when the shorter is contained in the longer (a read that caught only
    /// the code, not the engineer's mark beside it), its share of the longer one with a
    /// floor that makes an 8-character code contained whole count as a match.
    public static func similarity(read: String, dump: String) -> Double {
        let a = Array(normalise(read)), b = Array(normalise(dump))
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        let distance = TextSimilarity.editDistance(a, b)
        let whole = 1 - Double(distance) / Double(max(a.count, b.count))
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        var contained = 0.0
        if short.count >= 6, String(long).contains(String(short)) {
            contained = min(0.95, 0.75 + Double(short.count) / Double(long.count) * 0.25)
        }
        return max(whole, contained)
    }

    /// Edits between a read run and a dump value, where the shorter may lie anywhere in
    /// the longer (a read that missed the engineer's mark, or a Discogs value that left
    /// it out): the unmatched ends are free, provided the shorter has 6 characters.
    public static func distance(read: String, dump: String) -> Int {
        let a = Array(normalise(read)), b = Array(normalise(dump))
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        let whole = TextSimilarity.editDistance(a, b)
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard short.count >= 6 else { return whole }
        return min(whole, infixDistance(short, in: long))
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
