/// Track durations as printed: `m:ss` or `h:mm:ss`.
public enum Duration {
    /// Letters OCR puts in place of digits; repaired only inside a field already
    /// shaped like a duration.
    static let digitConfusions: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "Q": "0", "l": "1", "I": "1", "i": "1", "|": "1", "!": "1",
        "S": "5", "s": "5", "B": "8", "Z": "2", "z": "2", "G": "6", "b": "6", "g": "9", "q": "9", "T": "7",
    ]

    /// The duration in `text` (a whole token, optionally in parentheses), repaired, or nil.
    ///
    /// `"(12:44)"` → `"12:44"`, `"4:O5"` → `"4:05"`, `"4.05"` → `"4:05"`; `"1984"`, `"A1"` → nil.
    public static func parse(_ text: String) -> String? {
        var t = Substring(text)
        var opened = false
        while let f = t.first, "([{".contains(f) { t = t.dropFirst(); opened = true }
        while let l = t.last, ",;.".contains(l) { t = t.dropLast() }
        // A closing bracket closes "(12:44)"; without an opening one it is more often a
        // misread final 1 ("4:2]").
        if let l = t.last, ")]}".contains(l) {
            t = t.dropLast()
            if !opened, let misread = fields(t + "1") { return misread }
            if opened, let lost = withoutColon(t) { return lost }
        }
        return fields(t)
    }

    /// "(640)": a bracketed duration whose colon small print lost. Three digits are
    /// m:ss; four are mm:ss only up to 15 minutes, so a year in brackets ("(1977)",
    /// "(1945)") is never taken for one.
    private static func withoutColon(_ t: Substring) -> String? {
        guard t.allSatisfy({ $0.isASCII && $0.isNumber }), (3...4).contains(t.count) else { return nil }
        let minutes = Int(t.dropLast(2))!, seconds = Int(t.suffix(2))!
        guard seconds < 60, t.count == 3 || (10...15).contains(minutes) else { return nil }
        return "\(minutes):\(t.suffix(2))"
    }

    private static func fields(_ t: Substring) -> String? {
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        let fields: [Substring]
        if parts.count >= 2 {
            fields = parts
        } else {
            // "4.05" and "4'05" are printed durations too, but only in the m.ss shape.
            let alt = t.split(whereSeparator: { $0 == "." || $0 == "'" }).map { $0 }
            guard alt.count == 2, alt[1].count == 2, (1...2).contains(alt[0].count) else { return nil }
            fields = alt
        }
        guard fields.count <= 3 else { return nil }
        var repaired: [String] = []
        for (i, f) in fields.enumerated() {
            guard !f.isEmpty, f.count <= 2 || (i == 0 && f.count <= 3) else { return nil }
            let digits = String(f.map { digitConfusions[$0] ?? $0 })
            guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
            // Every field after the first is two digits below 60.
            if i > 0 { guard digits.count == 2, Int(digits)! < 60 else { return nil } }
            repaired.append(digits)
        }
        // A field that was all letters is a word, not a repaired number ("DO:IS").
        guard fields.contains(where: { $0.contains(where: \.isNumber) }) else { return nil }
        return repaired.joined(separator: ":")
    }

    /// Seconds in a parsed duration.
    public static func seconds(_ duration: String) -> Int? {
        let parts = duration.split(separator: ":").compactMap { Int($0) }
        guard (2...3).contains(parts.count) else { return nil }
        return parts.reduce(0) { $0 * 60 + $1 }
    }
}
