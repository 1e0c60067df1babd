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
}
