/// GS1 check digits for EAN-13, EAN-8, UPC-A and UPC-E.
public enum CheckDigit {
    /// True when the last digit of an EAN-8, UPC-A (12) or EAN-13 string is right.
    public static func isValidGTIN(_ digits: String) -> Bool {
        let d = digits.compactMap(\.wholeNumberValue)
        guard d.count == digits.count, [8, 12, 13, 14].contains(d.count) else { return false }
        var sum = 0
        // Weights 3,1,3,1… from the digit left of the check digit.
        for (i, v) in d.dropLast().reversed().enumerated() { sum += v * (i % 2 == 0 ? 3 : 1) }
        return (10 - sum % 10) % 10 == d.last!
    }

    /// Expands an 8-digit UPC-E (number system 0 or 1) into its 12-digit UPC-A.
    public static func expandUPCE(_ v: String) -> String? {
        let c = Array(v)
        guard c.count == 8, c.allSatisfy(\.isNumber), c[0] == "0" || c[0] == "1" else { return nil }
        let ns = String(c[0]), d = String(c[1...6]), check = String(c[7])
        let a = Array(d)
        let body: String
        switch a[5] {
        case "0", "1", "2": body = String(a[0...1]) + String(a[5]) + "0000" + String(a[2...4])
        case "3": body = String(a[0...2]) + "00000" + String(a[3...4])
        case "4": body = String(a[0...3]) + "00000" + String(a[4])
        default: body = String(a[0...4]) + "0000" + String(a[5])
        }
        return ns + body + check
    }

    /// True when an 8-digit UPC-E's check digit (that of its UPC-A expansion) is right.
    public static func isValidUPCE(_ v: String) -> Bool {
        expandUPCE(v).map(isValidGTIN) ?? false
    }
}
