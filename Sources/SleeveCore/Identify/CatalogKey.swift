/// Catalog numbers compared as Discogs users type them and OCR reads them: separators
/// and case ignored (`828 148.1` = `828148.1` = `8281481`), and inside a catno the
/// confusions OCR makes between look-alike glyphs tolerated (O/0, I/1, S/5, B/8).
public enum CatalogKey {
    /// Upper-case letters and digits only.
    public static func exact(_ text: String) -> String {
        if let ascii = asciiKey(text, folding: false) { return ascii }
        var out = ""
        for ch in text.uppercased() where ch.isASCII && (ch.isLetter || ch.isNumber) { out.append(ch) }
        return out
    }

    /// `exact` with each look-alike letter folded onto its digit: two catnos that differ
    /// only by OCR confusions share this key.
    public static func folded(_ text: String) -> String {
        if let ascii = asciiKey(text, folding: true) { return ascii }
        return String(exact(text).map(fold))
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

    /// The key of an all-ASCII text, byte by byte (the import makes one per catno and
    /// matrix of the dump; Character-wise work was a tenth of the writing thread). Nil
    /// for any other text: `uppercased()` turns some non-ASCII letters into ASCII ones
    /// (`ß` → `SS`), which the Character path keeps.
    static func asciiKey(_ text: String, folding: Bool) -> String? {
        let bytes = text.utf8
        let result = bytes.withContiguousStorageIfAvailable { source -> String? in
            var ascii = true
            let key = String(unsafeUninitializedCapacity: source.count) { out in
                var n = 0
                for var b in source {
                    guard b < 0x80 else { ascii = false; return 0 }
                    if b >= 0x61 && b <= 0x7A { b -= 0x20 }
                    guard (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) else { continue }
                    if folding {
                        switch b {
                        case 0x4F: b = 0x30  // O → 0
                        case 0x49: b = 0x31  // I → 1
                        case 0x53: b = 0x35  // S → 5
                        case 0x42: b = 0x38  // B → 8
                        default: break
                        }
                    }
                    out[n] = b
                    n += 1
                }
                return n
            }
            return ascii ? key : nil
        }
        return result ?? nil
    }

    /// A key worth looking up: at least 3 characters, one of them a digit (a catno
    /// without a digit, `SIGNAL`, is indistinguishable from a word; it is still
    /// compared through the record's parsed catalogNumber).
    public static func isPlausible(_ exactKey: String) -> Bool {
        exactKey.count >= 3 && exactKey.count <= 24 && exactKey.contains(where: \.isNumber)
    }
}
