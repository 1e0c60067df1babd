import Testing
@testable import SleeveCore

/// The shapes of a matrix's tokens, choosing characters by them, and weighing a
/// reading by its characters' confidences. The words are harvested from tesseract's
/// readings of rendered close-ups (per-character confidences and alternatives).
@Suite("DeadWax matrix grammar")
struct MatrixGrammarTests {
    typealias Symbol = RecognizedSymbol
    typealias Alt = RecognizedSymbol.Alternative

    @Test(arguments: ["U63094-A3", "161846-1-D1", "EDY87467B1", "QV8766", "6-77877-2", "SRC85", "PMDC75",
                      "B2", "A//1", "TML-M", "STERLING", "SI-4963-A1", "KL-76949-D2", "S272"])
    func matrixTokensFit(token: String) {
        #expect(MatrixGrammar.fits(token))
    }

    /// Letter soup the recogniser read from upside-down or mirrored strokes, and
    /// codes with a wrong suffix.
    @Test(arguments: ["TRS", "ALH", "TV-E96-IS", "1V-960-15", "47262-R2", "TOE-AIIV9E", "KWL", "8SE", "WPX578944502", ""])
    func soupDoesNotFit(token: String) {
        #expect(!MatrixGrammar.fits(token))
    }

    /// Held-out close-up 9417-004 ("QV-47262-B2"), upright row band: the side mark
    /// was read R, and B was the recogniser's runner-up for it.
    static let heldOut004: (text: String, symbols: [Symbol]) = ("-47262-R2", [
        Symbol("-", 96.7, alternatives: [Alt("H", 20.6), Alt("A", 14.9)]), Symbol("4", 98.9),
        Symbol("7", 98.8), Symbol("2", 93.6, alternatives: [Alt("Z", 83.0)]),
        Symbol("6", 96.2, alternatives: [Alt("G", 25.0)]), Symbol("2", 97.6, alternatives: [Alt("Z", 57.9)]),
        Symbol("-", 98.8),
        Symbol("R", 94.2, alternatives: [Alt("B", 60.2), Alt("E", 50.0), Alt("K", 41.8), Alt("8", 37.7)]),
        Symbol("2", 97.2, alternatives: [Alt("A", 31.6), Alt("Z", 31.1), Alt("R", 30.2), Alt("7", 23.5)]),
    ])

    @Test func aRunnerUpThatGivesTheWordAMatrixShapeIsTaken() {
        let repaired = MatrixGrammar.repaired(Self.heldOut004.text, symbols: Self.heldOut004.symbols)
        #expect(repaired == "-47262-B2")
        #expect(MatrixParser().parse(repaired)?.text == "47262-B2")
    }

    /// Of two shapes, the one that gives up less confidence: E (50.0) would do as
    /// well as B (60.2) for a side mark.
    @Test func theCheaperRepairWins() {
        var symbols = Self.heldOut004.symbols
        symbols[7].alternatives = [Alt("E", 50.0), Alt("B", 60.2)]
        #expect(MatrixGrammar.repaired(Self.heldOut004.text, symbols: symbols) == "-47262-B2")
    }

    /// A side letter without its lacquer number is a shape too ("ABCD1234-B").
    @Test func aBareSideLetterIsRepaired() {
        let symbols = "ABCD1234-R".map { Symbol(String($0), 90, alternatives: $0 == "R" ? [Alt("B", 80)] : []) }
        #expect(MatrixGrammar.repaired("ABCD1234-R", symbols: symbols) == "ABCD1234-B")
    }

    @Test func aWordThatFitsOrHasNoStrongAlternativeStaysAsRead() {
        // Fits already, although "I" had "1" as runner-up.
        let code: [Symbol] = [Symbol("S", 98.3), Symbol("I", 96.9, alternatives: [Alt("1", 54.6)]), Symbol("-", 99),
                              Symbol("4", 99), Symbol("9", 99), Symbol("6", 99), Symbol("3", 99), Symbol("-", 98.9),
                              Symbol("A", 99), Symbol("1", 41.6)]
        #expect(MatrixGrammar.repaired("SI-4963-A1", symbols: code) == "SI-4963-A1")
        // Upside-down soup: no runner-up of 40 or more makes a shape of it.
        #expect(MatrixGrammar.repaired("TRS", symbols: Self.upsideDown013[0].symbols) == "TRS")
        // Below the floor an alternative is not weighed, even where it would fit.
        var weak = Self.heldOut004.symbols
        weak[7].alternatives = [Alt("B", 39)]
        #expect(MatrixGrammar.repaired(Self.heldOut004.text, symbols: weak) == Self.heldOut004.text)
        // Symbols that do not line up with the text (a leading space symbol).
        #expect(MatrixGrammar.repaired("-47262-R2", symbols: [Symbol(" ", 38.4)] + Self.heldOut004.symbols) == "-47262-R2")
    }

    /// Shared close-up 013 ("SI-4963-A1 HTM SH1"), row band upright and upside down.
    /// By the words' own confidence the soup wins (71.5 and 79.9 against 0 and 0).
    static let upright013: [(text: String, symbols: [Symbol])] = [
        ("SI-4963-A1", [Symbol("S", 98.3), Symbol("I", 96.9, alternatives: [Alt("1", 54.6)]), Symbol("-", 99),
                        Symbol("4", 99), Symbol("9", 99), Symbol("6", 99), Symbol("3", 99), Symbol("-", 98.9),
                        Symbol("A", 99), Symbol("1", 41.6)]),
        ("S272", [Symbol("S", 82.4), Symbol("2", 91.7, alternatives: [Alt("7", 26.8)]),
                  Symbol("7", 86.8, alternatives: [Alt("2", 97.7), Alt("Z", 46.4)]),
                  Symbol("2", 97.0, alternatives: [Alt("7", 86.2)])]),
    ]
    static let upsideDown013: [(text: String, symbols: [Symbol])] = [
        ("TRS", [Symbol("T", 98.3, alternatives: [Alt("7", 45.1), Alt("I", 42.2), Alt("Z", 39.8)]),
                 Symbol("R", 95.9, alternatives: [Alt("K", 76.7), Alt("A", 57.7), Alt("B", 15.0)]), Symbol("S", 98.7)]),
        ("ALH", [Symbol("A", 98.7), Symbol("L", 98.1), Symbol("H", 97.1, alternatives: [Alt("N", 11.1)])]),
        ("TV-E96-IS", [Symbol("T", 98.0), Symbol("V", 98.8), Symbol("-", 98.7), Symbol("E", 62.1), Symbol("9", 95.1),
                       Symbol("6", 99.0), Symbol("-", 30.3), Symbol("I", 97.0, alternatives: [Alt("1", 39.5)]),
                       Symbol("S", 99.0)]),
    ]

    static func runs(_ words: [(text: String, symbols: [Symbol])]) -> [MatrixRun] {
        [MatrixParser().parse(words.map(\.text).joined(separator: " "))].compactMap { $0 }.filter(MatrixParser.isPlausibleRun)
    }

    @Test func theUprightCodeOutweighsConfidentSoup() throws {
        let upright = MatrixGrammar.evidence(Self.upright013, runs: Self.runs(Self.upright013))
        let upsideDown = MatrixGrammar.evidence(Self.upsideDown013, runs: Self.runs(Self.upsideDown013))
        #expect(upright > 2 * upsideDown, "upright \(upright), upside down \(upsideDown)")
        let chosen = try #require(ReadingConsensus.choose([
            .init("SI-4963-A1 S272", score: upright), .init("TRS ALH TV-E96-IS", score: upsideDown),
        ]))
        #expect(chosen == 0)
    }

    @Test func evidenceCountsSureCharactersOfFittingTokensInRunsOnly() {
        let sure: [Symbol] = "B2".map { Symbol(String($0), 100) }
        let run = MatrixParser().parse("12345-B2")!
        // Not in a run: nothing.
        #expect(MatrixGrammar.evidence([("B2", sure)], runs: [run]) == 0)
        #expect(MatrixGrammar.evidence([("12345-B2", [])], runs: []) == 0)
        // Each sure character of a fitting token counts one, times the run's shape (2).
        let code: [Symbol] = "12345-B2".map { Symbol(String($0), 100) }
        #expect(MatrixGrammar.evidence([("12345-B2", code)], runs: [run]) == 14)
        // A half-sure character counts a sixteenth; a shapeless token half.
        let half: [Symbol] = "12345-B2".map { Symbol(String($0), $0 == "B" ? 50 : 100) }
        #expect(MatrixGrammar.evidence([("12345-B2", half)], runs: [run]) == 2 * (6 + 0.0625))
        let soup = MatrixParser().parse("KWL 1V-960")!
        let soupSymbols: [Symbol] = "1V-960".map { Symbol(String($0), 100) }
        #expect(MatrixGrammar.evidence([("1V-960", soupSymbols)], runs: [soup]) == 0.5 * 5)
    }

    /// A stamped close-up's row band read `658777 -1-D1`: tesseract gave the code's
    /// tail, a word of its own, confidence 0 with characters at 86–99 (harvested),
    /// and it was dropped as noise. A word with a dash takes its characters' mean.
    @Test func aWordWithADashTakesItsCharactersConfidence() {
        let tail = RecognizedWord(box: TextBox("-1-D1", x: 855, y: 19, width: 170, height: 55), confidence: 0)
        let symbols: [Symbol] = [Symbol("-", 93.9), Symbol("1", 98.9), Symbol("-", 98.7), Symbol("D", 97.9), Symbol("1", 86.0)]
        #expect(abs(MatrixGrammar.wordConfidence(tail, symbols: symbols) - 95.08) < 0.01)
        // Without characters, or without a dash, the word's own confidence stands.
        #expect(MatrixGrammar.wordConfidence(tail, symbols: []) == 0)
        let word = RecognizedWord(box: TextBox("TH", x: 0, y: 0, width: 20, height: 20), confidence: 12)
        #expect(MatrixGrammar.wordConfidence(word, symbols: [Symbol("T", 90), Symbol("H", 90)]) == 12)
    }
}
