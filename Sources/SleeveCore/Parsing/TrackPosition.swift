/// Track positions as printed: `A1`, `B12`, `AA1`, `1`, `01`, `1.`.
public enum TrackPosition {
    /// Letters OCR puts in place of digits after a side letter (`Al` → `A1`, `AS` → `A5`).
    static let digitConfusions: [Character: Character] = [
        "l": "1", "I": "1", "i": "1", "|": "1", "!": "1", "O": "0", "o": "0", "S": "5", "s": "5",
        "Z": "2", "z": "2", "B": "8", "G": "6", "g": "9",
    ]

    /// The position in a token, repaired, or nil when the token is not one.
    public static func parse(_ token: String) -> String? {
        var t = Substring(token)
        while let l = t.last, ".):-".contains(l) { t = t.dropLast() }
        guard !t.isEmpty, t.count <= 4 else { return nil }
        // Side letters (A-H, or double sides "AA") then one or two digits.
        let side = t.prefix { $0.isASCII && $0.isUppercase }
        let rest = t.dropFirst(side.count)
        if !side.isEmpty {
            guard side.count <= 2, side.allSatisfy({ "ABCDEFGH".contains($0) }),
                  Set(side).count == 1, (1...2).contains(rest.count) else { return nil }
            let digits = String(rest.map { digitConfusions[$0] ?? $0 })
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits != "0", digits != "00" else { return nil }
            return String(side) + digits
        }
        // Plain numbers "1", "01", "12": only with digits as printed (no repair).
        guard (1...2).contains(t.count), t.allSatisfy({ $0.isASCII && $0.isNumber }), Int(t)! > 0 else { return nil }
        return String(t)
    }

    /// The side a position belongs to ("A" for "A3"), nil for plain numbers.
    public static func side(of position: String) -> String? {
        position.first.flatMap { $0.isLetter ? String($0) : nil }
    }
}
