/// Catalog numbers compared as Discogs users type them and OCR reads them: separators
/// and case ignored (`828 148.1` = `828148.1` = `8281481`), and inside a catno the
/// confusions OCR makes between look-alike glyphs tolerated (O/0, I/1, S/5, B/8).
public enum CatalogKey {
    /// Upper-case letters and digits only.
    public static func exact(_ text: String) -> String {
        var out = ""
        for ch in text.uppercased() where ch.isASCII && (ch.isLetter || ch.isNumber) { out.append(ch) }
        return out
    }

    /// `exact` with each look-alike letter folded onto its digit: two catnos that differ
    /// only by OCR confusions share this key.
    public static func folded(_ text: String) -> String {
        String(exact(text).map(fold))
    }

    /// O/0, I/1, S/5, B/8: the confusions OCR makes in codes.
    static func fold(_ ch: Character) -> Character {
        switch ch {
        case "O": "0"
        case "I": "1"
        case "S": "5"
        case "B": "8"
        default: ch
        }
    }

    /// A key worth looking up: at least 3 characters, one of them a digit (a catno
    /// without a digit, `SIGNAL`, is indistinguishable from a word; it is still
    /// compared through the record's parsed catalogNumber).
    public static func isPlausible(_ exactKey: String) -> Bool {
        exactKey.count >= 3 && exactKey.count <= 24 && exactKey.contains(where: \.isNumber)
    }
}
