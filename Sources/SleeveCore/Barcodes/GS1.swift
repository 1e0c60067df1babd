/// GS1 codes (EAN/UPC) as the record gives them, whoever read them: a decoder's
/// symbol or digits printed under the bars. Beside `CheckDigit`, which it relies on.
public enum GS1 {
    /// A decoded value as the record gives it (UPC-A as 12 digits, UPC-E as 8) and
    /// whether its check digit holds (computed here rather than trusted; true for
    /// codes without one).
    public static func normalised(_ data: String, _ symbology: Barcode.Symbology) -> (value: String, checksumValid: Bool) {
        var value = data
        switch symbology {
        case .upcA:
            if value.count == 13, value.hasPrefix("0") { value.removeFirst() }
            return (value, value.count == 12 && CheckDigit.isValidGTIN(value))
        case .ean13, .ean8:
            return (value, CheckDigit.isValidGTIN(value))
        case .upcE:
            // Some decoders report UPC-E expanded (12 digits, or 13 with a leading zero).
            if value.count == 13, let e = compressUPCA(String(value.dropFirst())) { value = e }
            if value.count == 12, let e = compressUPCA(value) { value = e }
            return (value, value.count == 8 && CheckDigit.isValidUPCE(value))
        case .code128, .qr:
            return (value, true)
        }
    }

    /// Inverse of the UPC-E expansion: the 8-digit UPC-E whose expansion is the 12-digit
    /// UPC-A `a`; nil when no UPC-E expands to it.
    public static func compressUPCA(_ a: String) -> String? {
        for candidate in upceCandidates(a) where CheckDigit.expandUPCE(candidate) == a { return candidate }
        return nil
    }

    private static func upceCandidates(_ a: String) -> [String] {
        let c = Array(a)
        guard c.count == 12 else { return [] }
        let ns = c[0], check = c[11], m = String(c[1...5]), p = String(c[6...10])
        let mc = Array(m), pc = Array(p)
        var out: [String] = []
        if ["0", "1", "2"].contains(mc[2]) { out.append("\(ns)\(mc[0])\(mc[1])\(pc[2])\(pc[3])\(pc[4])\(mc[2])\(check)") }
        out.append("\(ns)\(mc[0])\(mc[1])\(mc[2])\(pc[3])\(pc[4])3\(check)")
        out.append("\(ns)\(mc[0])\(mc[1])\(mc[2])\(mc[3])\(pc[4])4\(check)")
        out.append("\(ns)\(m)\(pc[4])\(check)")
        return out
    }

    /// The symbology of a code known only from its printed digits (no symbol decoded),
    /// decided here for every reader of printed digits (the page's text and the digits
    /// under undecoded bars): 12 digits are a UPC-A; 8 an EAN-8, or a UPC-E when only
    /// its expansion's check digit holds (as `BarcodeKey` reads them); otherwise an
    /// EAN-13. The caller has checked the digits (every caller keeps only valid ones).
    public static func symbology(ofPrintedDigits digits: String) -> Barcode.Symbology {
        switch digits.count {
        case 12: .upcA
        case 8: !CheckDigit.isValidGTIN(digits) && CheckDigit.isValidUPCE(digits) ? .upcE : .ean8
        default: .ean13
        }
    }
}
