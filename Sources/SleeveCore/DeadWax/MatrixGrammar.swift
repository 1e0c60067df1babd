/// What the tokens of a matrix run look like, and what that says about a reading.
///
/// The recogniser's own confidence misleads on run-outs: a word with a dash gets
/// confidence 0 however clear its characters, while letter soup read from upside-
/// down strokes ("TRS ALH") gets 70. Two things tell them apart: each character's
/// own confidence, and whether the tokens have a matrix's shape (a catalogue prefix
/// of capitals, digits, separators, a side and lacquer suffix; a mastering mark).
/// The same shapes decide between a character and the recogniser's second choice
/// for it: "47262-R2" is not a matrix, "47262-B2" is, and B was its runner-up.
public enum MatrixGrammar {
    /// Whether a token (upper case, as `MatrixParser.clean` leaves it) has one of a
    /// matrix's shapes: a code ("U63094-A3", "161846-1-D1", "EDY87467B1"), a CD's
    /// "6-77877-2", a plant code ("SRC85", "PMDC75"), a side mark ("B2", "A//1"),
    /// or a known mastering mark ("STERLING", "TML-M").
    public static func fits(_ token: String) -> Bool {
        if MatrixParser.knownMarks.contains(token) { return true }
        let chars = Array(token)
        return shapes.contains { matches(chars, $0) }
    }

    /// An alternative character weaker than this (0...100) is not considered: the
    /// recogniser lists almost every glyph for a stroke, most at 0.
    public static let alternativeFloor = 40.0
    /// At most this many characters of a word are replaced by their alternatives.
    public static let maximumReplacements = 2
    /// Longer words are not tried: no shape is longer than 19 characters, so they
    /// could never fit, and the pairs of replacements grow with the length's square
    /// (a noisy strip can give a word of a hundred letters).
    public static let longestRepairedWord = 24

    /// The word's text, or, when it has no matrix shape, the text with one or two
    /// characters replaced by alternatives the recogniser weighed (at least
    /// `alternativeFloor`) so that it has one; among several, the one that gives up
    /// least confidence. Words whose symbols do not line up with their text, and
    /// words longer than `longestRepairedWord`, are left as read.
    public static func repaired(_ text: String, symbols: [RecognizedSymbol]) -> String {
        let chars = Array(text)
        guard !fits(text), chars.count == symbols.count, chars.count <= longestRepairedWord else { return text }
        var options: [(index: Int, alternatives: [RecognizedSymbol.Alternative])] = []
        for (i, symbol) in symbols.enumerated() {
            let usable = symbol.alternatives.filter { alt in
                alt.text != symbol.text && alt.confidence >= alternativeFloor
                    && alt.text.count == 1 && MatrixParser.alphabet.contains(alt.text.first!)
            }
            if !usable.isEmpty { options.append((i, usable)) }
        }
        for count in 1...maximumReplacements {
            var best: (text: String, cost: Double)?
            forEachCombination(of: options.count, taking: count) { picked in
                forEachChoice(picked.map { options[$0].alternatives.count }) { choice in
                    var candidate = chars, cost = 0.0
                    for (k, o) in picked.enumerated() {
                        let (index, alternatives) = options[o]
                        let alt = alternatives[choice[k]]
                        candidate[index] = alt.text.first!
                        cost += symbols[index].confidence - alt.confidence
                    }
                    let s = String(candidate)
                    if fits(s), cost < (best?.cost ?? .infinity) { best = (s, cost) }
                }
            }
            if let best { return best.text }
        }
        return text
    }

    /// A token without a matrix's shape counts this much of one with it.
    public static let shapelessWeight = 0.5
    /// Each character counts its confidence (0...1) to this power: a stroke the
    /// recogniser half believes is worth little, so soup of unsure letters weighs
    /// less than a code read at 99 per character. 4 lies in a flat range (4–8)
    /// measured on held-out close-ups.
    public static let confidencePower = 4

    /// How sure the recogniser is of a word. Words with a dash came back at confidence
    /// 0 however clear their characters ("-1-D1", the tail of a code read apart from
    /// it, was dropped as noise), so such a word takes its characters' mean.
    /// The cause is not the dash but the whitelist: a word's confidence falls to 0 (at
    /// most 9) wherever the unrestricted network's best character lay outside the alphabet
    /// (`HTy` read `HT`, 55 -> 0; `A//t` read `A//`, 19 -> 0) and is unchanged where
    /// all lay inside (`TRS` 71, `ALH` 79): 25 of 25 and 16 of 16 words of two
    /// close-ups' line variants, measured with the tesseract command line. Every word
    /// judged by its characters' mean instead kept junk beside the code (`SI-4963-A1
    /// 4T S272`, `36623-A1 ML AS72`, `VSL633013-B2 7 LM`): that 0 screens out letters
    /// the network itself read as something else.
    public static func wordConfidence(_ word: RecognizedWord, symbols: [RecognizedSymbol]) -> Double {
        guard word.box.text.contains("-"), !symbols.isEmpty else { return word.confidence }
        return symbols.reduce(0) { $0 + $1.confidence } / Double(symbols.count)
    }

    /// How strongly a reading's words support its runs: each character of a word
    /// that made it into a plausible run counts its confidence to `confidencePower`,
    /// a token without a matrix shape at `shapelessWeight`; the sum is weighted by
    /// the best run's `MatrixParser.shapeWeight` (a code ending in a side mark, known
    /// mastering marks). Zero without runs.
    public static func evidence(_ words: [(text: String, symbols: [RecognizedSymbol])], runs: [MatrixRun]) -> Double {
        guard !runs.isEmpty else { return 0 }
        let inRuns = Set(runs.flatMap { $0.text.split(separator: " ").map(String.init) })
        let parser = MatrixParser()
        var total = 0.0
        for word in words {
            guard let cleaned = parser.clean(word.text) else { continue }
            let strength = word.symbols
                .filter { !$0.text.isEmpty && $0.text.allSatisfy { $0.isLetter || $0.isNumber } }
                .reduce(0.0) { $0 + pow01($1.confidence / 100, confidencePower) }
            for token in cleaned.split(separator: " ").map(String.init) where inRuns.contains(token) {
                total += strength * (fits(token) ? 1 : shapelessWeight)
            }
        }
        return total * (runs.map(MatrixParser.shapeWeight).max() ?? 1)
    }

    // MARK: shapes

    /// One step of a shape: a character class repeated `min...max` times.
    struct Step {
        var accepts: @Sendable (Character) -> Bool
        var min: Int
        var max: Int
    }

    static let letter = { @Sendable (c: Character) in c.isASCII && c.isLetter && c.isUppercase }
    static let digit = { @Sendable (c: Character) in c.isASCII && c.isNumber }
    static let dash = { @Sendable (c: Character) in c == "-" }
    static let slash = { @Sendable (c: Character) in c == "/" }
    static let sideLetter = { @Sendable (c: Character) in ("A"..."H").contains(c) }

    static let shapes: [[Step]] = {
        let prefix = Step(accepts: letter, min: 0, max: 4)
        let optionalDash = Step(accepts: dash, min: 0, max: 1)
        let number = Step(accepts: digit, min: 3, max: 7)
        let side = [Step(accepts: sideLetter, min: 1, max: 1), Step(accepts: digit, min: 0, max: 2)]
        let issue = [Step(accepts: dash, min: 1, max: 1), Step(accepts: digit, min: 1, max: 2)]
        return [
            [prefix, optionalDash, number],                                   // QV8766
            [prefix, optionalDash, number] + issue,                           // 161846-1
            [prefix, optionalDash, number, optionalDash] + side,              // U63094-A3, EDY87467B1
            [prefix, optionalDash, number] + issue + [optionalDash] + side,   // 161846-1-D1
            [Step(accepts: digit, min: 1, max: 2), Step(accepts: dash, min: 1, max: 1),
             Step(accepts: digit, min: 4, max: 6)] + issue,                   // 6-77877-2
            [Step(accepts: letter, min: 2, max: 5), Step(accepts: digit, min: 2, max: 2)], // SRC85
            side,                                                             // B2
            [Step(accepts: sideLetter, min: 1, max: 1), Step(accepts: slash, min: 2, max: 2),
             Step(accepts: digit, min: 1, max: 1)],                           // A//1
        ]
    }()

    /// Whether `chars[from...]` is exactly the steps `shape[step...]`.
    static func matches(_ chars: [Character], _ shape: [Step], from: Int = 0, step: Int = 0) -> Bool {
        guard step < shape.count else { return from == chars.count }
        let s = shape[step]
        var n = 0
        // Take the fewest first; each count that the class allows is tried.
        while true {
            if n >= s.min, matches(chars, shape, from: from + n, step: step + 1) { return true }
            guard n < s.max, from + n < chars.count, s.accepts(chars[from + n]) else { return false }
            n += 1
        }
    }

    /// Calls `body` with every `k`-element subset of `0..<n`, in lexicographic order.
    static func forEachCombination(of n: Int, taking k: Int, _ body: ([Int]) -> Void) {
        guard k > 0, k <= n else { return }
        var picked = Array(0..<k)
        while true {
            body(picked)
            var i = k - 1
            while i >= 0, picked[i] == n - k + i { i -= 1 }
            guard i >= 0 else { return }
            picked[i] += 1
            for j in (i + 1)..<k { picked[j] = picked[j - 1] + 1 }
        }
    }

    /// Calls `body` with every choice of one index below each of `counts`, the last
    /// varying fastest.
    static func forEachChoice(_ counts: [Int], _ body: ([Int]) -> Void) {
        guard !counts.contains(where: { $0 <= 0 }) else { return }
        var choice = Array(repeating: 0, count: counts.count)
        while true {
            body(choice)
            var i = counts.count - 1
            while i >= 0 {
                choice[i] += 1
                if choice[i] < counts[i] { break }
                choice[i] = 0
                i -= 1
            }
            guard i >= 0 else { return }
        }
    }

    /// `x` to the power `n` for x in 0...1 (negative x counts as 0).
    static func pow01(_ x: Double, _ n: Int) -> Double {
        guard x > 0 else { return 0 }
        return (0..<n).reduce(1.0) { r, _ in r * min(1, x) }
    }
}
