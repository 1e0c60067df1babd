/// Barcodes as Discogs' free text gives them (`0 9362-47555-2 4`, `7 961220 922684 >`,
/// 11-digit UPCs, `none`) and as a symbol reads, reduced to one comparable key.
///
/// A valid EAN-13, UPC-A or EAN-8 becomes its GTIN-13 (UPC-A with the leading zero;
/// EAN-8 stays 8 digits), so the printed UPC-A and a 13-digit dump value meet. A value
/// whose check digit fails, or of another length, is kept apart as its bare digits:
/// it is matched only against the same digits, never "repaired" into a valid code.
public struct BarcodeKey: Sendable, Hashable, Codable {
    /// GTIN-13 (or EAN-8) when `valid`, otherwise the bare digits.
    public var key: String
    public var valid: Bool

    public init(key: String, valid: Bool) {
        self.key = key
        self.valid = valid
    }

    /// The key of a free-text value; nil when it holds fewer than 6 digits ("none",
    /// "Text", a price).
    public static func normalise(_ text: String) -> BarcodeKey? {
        // ASCII digits are single bytes in UTF-8: taken byte by byte.
        let digits = String(decoding: text.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }, as: UTF8.self)
        guard digits.count >= 6 else { return nil }
        switch digits.count {
        case 13 where CheckDigit.isValidGTIN(digits): return BarcodeKey(key: digits, valid: true)
        case 12 where CheckDigit.isValidGTIN(digits): return BarcodeKey(key: "0" + digits, valid: true)
        case 8 where CheckDigit.isValidGTIN(digits): return BarcodeKey(key: digits, valid: true)
        case 8 where CheckDigit.isValidUPCE(digits):
            return CheckDigit.expandUPCE(digits).map { BarcodeKey(key: "0" + $0, valid: true) }
        case 14 where digits.first == "0" && CheckDigit.isValidGTIN(digits):
            return BarcodeKey(key: String(digits.dropFirst()), valid: true)
        default: return BarcodeKey(key: digits, valid: false)
        }
    }

    /// How a key read from the record (`read`) agrees with one from the dump (`self`):
    /// the same code, or the dump's invalid digits found whole inside the read code (an
    /// 11-digit UPC without its check digit). Nil when they do not agree.
    public func agreement(withRead read: BarcodeKey) -> Agreement? {
        if key == read.key { return valid && read.valid ? .same : .sameDigits }
        // The dump keeps an 11-digit UPC without its check digit (or with a lost zero):
        // its digits inside the read GTIN, at least 10 of them, are the same code.
        if !valid, read.valid, key.count >= 10, read.key.contains(key) { return .partial }
        return nil
    }

    public enum Agreement: Sendable, Equatable {
        /// Both valid and equal.
        case same
        /// The same bare digits, neither a valid code (digits printed under no symbol).
        case sameDigits
        /// The dump's truncated digits lie inside the read code.
        case partial
    }
}
