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
        while let l = t.last, ".,;):-".contains(l) { t = t.dropLast() }
        guard !t.isEmpty, t.count <= 4 else { return nil }
        // Side letters (A-H, or double sides "AA") then one or two digits.
        // The side: one letter A-H, or the same letter twice ("AA1" on double albums).
        let first = t.first!
        let side = "ABCDEFGH".contains(first) ? t.prefix { $0 == first }.prefix(2) : ""
        let rest = t.dropFirst(side.count)
        if !side.isEmpty {
            // Two-digit positions (A10…) start with a real digit; a letter there is a word.
            guard (1...2).contains(rest.count), rest.count == 1 || rest.first!.isNumber else { return nil }
            let digits = String(rest.map { digitConfusions[$0] ?? $0 })
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits != "0", digits != "00" else { return nil }
            return String(side) + digits
        }
        // Plain numbers "1", "01", "12": only with digits as printed (no repair).
        guard first.isNumber, (1...2).contains(t.count), t.allSatisfy({ $0.isASCII && $0.isNumber }), Int(t)! > 0 else { return nil }
        return String(t)
    }

    /// A token at the start of a row that is a position whose number OCR garbled
    /// ("Ad." for "A4"): a side letter, one or two characters and the printed full stop.
    /// Returns the side; the number comes from the tracklist's sequence.
    public static func sideOfGarbled(_ token: String) -> String? {
        guard token.hasSuffix("."), parse(token) == nil else { return nil }
        let body = token.dropLast()
        guard let side = body.first, "ABCDEFGH".contains(side), (2...3).contains(body.count),
              !body.dropFirst().contains(where: \.isWhitespace) else { return nil }
        return String(side)
    }

    /// True when `token` parses as a position only after a confusion repair.
    public static func needsRepair(_ token: String) -> Bool {
        guard let p = parse(token) else { return false }
        var t = Substring(token)
        while let l = t.last, ".,;):-".contains(l) { t = t.dropLast() }
        return p != String(t)
    }

    /// The side a position belongs to ("A" for "A3"), nil for plain numbers.
    public static func side(of position: String) -> String? {
        position.first.flatMap { $0.isLetter ? String($0) : nil }
    }
}
