/// One etched run read from the dead wax, with what could be told about its parts.
public struct MatrixRun: Sendable, Equatable {
    /// The run as read, upper case, single spaces.
    public var text: String
    /// The side letter ("A", "B", … up to "H" for multi-disc sets) when a side or
    /// lacquer mark says it.
    public var side: String?
    /// The catalog-like code (the first token with digits), e.g. "83939-1-B2".
    public var code: String?
    /// The lacquer mark, e.g. "B2" from "-B2" or a standalone "A1".
    public var lacquer: String?
    /// Mastering and plant marks found in the run (STERLING, MASTERDISK, RL, //, …).
    public var marks: [String]

    /// The catalogue part of the run: the code without its trailing side/lacquer
    /// mark and the separator before it ("83939-1-B2" → "83939-1", "12345B2" →
    /// "12345"), with the letter prefix etched as words right before it ("BLY AS
    /// 558058 A2" → "BLY AS 558058"). Nil without a code.
    public var catalogue: String? {
        guard let code else { return nil }
        var head = code
        if let lacquer, code.hasSuffix(lacquer), code.count > lacquer.count {
            head = String(code.dropLast(lacquer.count))
            while let l = head.last, l == "-" || l == "/" || l == "." { head.removeLast() }
            if head.isEmpty { head = code }
        }
        let tokens = text.split(separator: " ").map(String.init)
        guard let at = tokens.firstIndex(of: code) else { return head }
        var prefix: [String] = []
        for t in tokens[..<at].reversed() {
            guard t.count >= 2, t.allSatisfy(\.isLetter), !MatrixParser.knownMarks.contains(t) else { break }
            prefix.insert(t, at: 0)
        }
        return (prefix + [head]).joined(separator: " ")
    }
}

/// Parses matrix/runout strings: pure text in, parts out.
public struct MatrixParser: Sendable {
    /// Mastering engineers' and plants' marks that collectors look for.
    public static let knownMarks: Set<String> = [
        "STERLING", "MASTERDISK", "PORKY", "PECKO", "RL", "TML", "TML-M", "TML-S", "TML-X", "BG",
        "SST", "HTM", "BELLMARK", "ARCHER", "TOWNHOUSE", "STRAWBERRY", "NIMBUS", "MPO", "PALLAS",
        "OPTIMAL", "GZ", "//",
    ]

    /// Characters an etched run can hold; anything else is OCR noise.
    public static let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-/.")

    /// The OCR whitelist for etched runs: the alphabet plus the space (without it
    /// tesseract's LSTM engine runs the words of a run together).
    public static let ocrCharacters = String(alphabet.sorted()) + " "

    public init() {}

    /// The run's text cleaned of OCR noise: upper case, stray symbols dropped, single
    /// spaces, no dangling separators. Nil when nothing legible is left.
    public func clean(_ raw: String) -> String? {
        var tokens: [String] = []
        for token in raw.uppercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            var t = Self.repairingZeroAndO(String(token.filter { Self.alphabet.contains($0) }))
            // A code's tail read as a word of its own ("658777 -1-D1"): the dash
            // joins it to the digits before it.
            if let previous = tokens.last, Self.continuesCode(previous, t) {
                tokens[tokens.count - 1] = previous + t
                continue
            }
            // Separators at a token's ends are usually a groove edge or a scratch.
            while let f = t.first, f == "-" || f == "." { t.removeFirst() }
            while let l = t.last, l == "-" || l == "." { t.removeLast() }
            let legible = t.contains(where: { $0.isLetter || $0.isNumber }) || t == "//"
            if legible { tokens.append(t) }
        }
        return tokens.isEmpty ? nil : tokens.joined(separator: " ")
    }

    /// Parses one run; nil when the text holds nothing legible.
    public func parse(_ raw: String) -> MatrixRun? {
        guard let text = clean(raw) else { return nil }
        let tokens = text.split(separator: " ").map(String.init)
        let code = tokens.first { t in t.contains(where: \.isNumber) && t.count >= 4 }
        var lacquer: String?
        if let code { lacquer = Self.trailingSideMark(code) }
        if lacquer == nil {
            lacquer = tokens.first { Self.isSideMark($0) && !Self.knownMarks.contains($0) }
        }
        let marks = tokens.filter { t in
            Self.knownMarks.contains(t) || t.contains("//")
        }
        let side = lacquer.flatMap { $0.first }.map(String.init)
        return MatrixRun(text: text, side: side, code: code, lacquer: lacquer, marks: marks)
    }

    /// Whether a parsed run looks like a matrix rather than wax noise or print: a
    /// code with digits among at least three legible characters, or nothing but
    /// known mastering marks ("STERLING", "TML-M"). Letters alone ("SNVALLAITING")
    /// are what glare and groove edges read as.
    public static func isPlausibleRun(_ run: MatrixRun) -> Bool {
        let tokens = run.text.split(separator: " ").map(String.init)
        if !tokens.isEmpty, tokens.allSatisfy({ knownMarks.contains($0) && $0.count >= 2 }) { return true }
        let legible = run.text.filter { $0.isLetter || $0.isNumber }.count
        return legible >= 3 && run.code != nil
    }

    /// A reading of nothing but marks of one or two characters ("BG", "RL"): beside a
    /// code they are a cutting engineer's initials, alone they are what noise on black
    /// wax reads as most easily (identify's close-up of `YVKC411-A5 RL`, a 10 px run, read
    /// as "BG"), and they name no pressing. Such a reading is no matrix to stand behind.
    public static func isOnlyShortMarks(_ runs: [MatrixRun]) -> Bool {
        !runs.isEmpty && runs.allSatisfy { run in
            run.code == nil && run.text.filter { $0.isLetter || $0.isNumber }.count <= 2
        }
    }

    /// How much a run looks like a matrix beyond being legible: 2 for a code that
    /// ends in a side and lacquer mark ("-B2"), plus 0.5 for each known mastering
    /// mark; 1 otherwise. Upside-down and mirrored readings rarely make these shapes.
    public static func shapeWeight(_ run: MatrixRun) -> Double {
        var w = 1.0
        if let code = run.code, trailingSideMark(code) != nil { w += 1 }
        w += 0.5 * Double(run.marks.count)
        return w
    }

    /// The recogniser's O/0 confusion, undone where a matrix's shape says which it
    /// is: a letter O after a digit and before a digit, a separator or the end is a
    /// zero ("SRC9O" → "SRC90", "4O5" → "405"); a zero opening a token before two
    /// letters is an O ("0RB21786" → "ORB21786"). Anything else is left as read.
    static func repairingZeroAndO(_ token: String) -> String {
        var c = Array(token)
        for i in c.indices where c[i] == "O" && i > 0 && c[i - 1].isNumber {
            let next: Character? = i + 1 < c.count ? c[i + 1] : nil
            if next == nil || next!.isNumber || next == "-" || next == "/" || next == "." { c[i] = "0" }
        }
        if c.count >= 3, c[0] == "0", c[1].isLetter, c[2].isLetter { c[0] = "O" }
        return String(c)
    }

    /// Whether `token` is the rest of the code `previous` ends: the code ends in a
    /// digit and the token is a dash and then a digit or a side mark ("-1-D1",
    /// "-B3"), with no separator dangling at its end.
    static func continuesCode(_ previous: String, _ token: String) -> Bool {
        guard previous.last?.isNumber == true, token.first == "-", token.count >= 2,
              let last = token.last, last.isLetter || last.isNumber else { return false }
        let rest = token.dropFirst()
        if rest.first?.isNumber == true { return true }
        let mark = rest.prefix { $0 != "-" }
        return isSideMark(String(mark)) && mark.count >= 2
    }

    /// "A", "B1", "C12": a side letter with an optional lacquer number.
    static func isSideMark(_ t: String) -> Bool {
        guard let first = t.first, ("A"..."H").contains(String(first)), t.count <= 3 else { return false }
        return t.dropFirst().allSatisfy(\.isNumber)
    }

    /// The side mark after the code's last dash: "83939-1-B2" → "B2", "PI-8824-A3" →
    /// "A3"; also a letter glued to the digits at the end ("12345B2"). Nil for none.
    static func trailingSideMark(_ code: String) -> String? {
        if let dash = code.lastIndex(of: "-") {
            let tail = String(code[code.index(after: dash)...])
            if isSideMark(tail) { return tail }
        }
        // "ST-A-123456-A" style codes are covered above; "12345B2" here.
        let chars = Array(code)
        var i = chars.count - 1
        while i >= 0, chars[i].isNumber { i -= 1 }
        guard i >= 1, chars[i].isLetter, chars[i - 1].isNumber, chars.count - i <= 3 else { return nil }
        let tail = String(chars[i...])
        return isSideMark(tail) ? tail : nil
    }

    /// Splits words (boxes in one strip's pixels, any order) into etched runs:
    /// sorted along the strip, a new run where the gap exceeds `gapHeights` times the
    /// median word height. Each run's words are joined with spaces where the gap is
    /// a real fraction of a character.
    public func runs(from words: [TextBox], gapHeights: Double = 2.5) -> [String] {
        let sorted = words.sorted { $0.rect.minX < $1.rect.minX }
        let joiner = WordJoiner(spaceFraction: 0.3, segmentGap: gapHeights)
        return joiner.segments(of: sorted).map { joiner.join($0) }
    }
}
