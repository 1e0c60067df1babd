import Testing
@testable import SleeveCore

/// Which runs of a close-up's reading go into the record: the main run always, a
/// second one only when it is plausible as a matrix run. The words are harvested
/// from tesseract's readings of the shared close-ups (the chosen variant's words,
/// characters' confidences as printed, rounded down to whole numbers).
@Suite("DeadWax companion runs")
struct CompanionRunsTests {
    typealias Symbol = RecognizedSymbol
    typealias Alt = RecognizedSymbol.Alternative
    typealias Word = (text: String, symbols: [Symbol])

    /// The plausible runs of a reading, as the close-up reader makes them (one run per string).
    static func runs(_ texts: [String]) -> [MatrixRun] {
        texts.compactMap { MatrixParser().parse($0) }.filter(MatrixParser.isPlausibleRun)
    }

    static func kept(_ texts: [String], _ words: [Word]) -> [String] {
        CompanionRuns.kept(runs(texts), words: words).map(\.text)
    }

    /// Shared close-up 014 ("VSL36623-A1 TML-M A//1"), row band upright: the code
    /// lost its prefix, and a run of its own, "AS72", came from the strokes after it.
    static let upright014: [Word] = [
        ("36623-A1", [Symbol("3", 0, alternatives: [Alt("-", 0), Alt("4", 0), Alt("0", 0), Alt("5", 0)]),
                      Symbol("6", 99), Symbol("6", 99), Symbol("2", 98), Symbol("3", 99), Symbol("-", 98),
                      Symbol("A", 98), Symbol("1", 92)]),
        ("AS72", [Symbol("A", 98), Symbol("S", 80, alternatives: [Alt("/", 0)]),
                  Symbol("7", 89, alternatives: [Alt("/", 56), Alt("Z", 46)]),
                  Symbol("2", 92, alternatives: [Alt("8", 29), Alt("1", 0)])]),
    ]

    /// Shared close-up 011 ("B49365-A3 ⓟ TML-M" and "STERLING"), whole band upright.
    static let upright011: [Word] = [
        ("B49365-A3", [Symbol("B", 98), Symbol("4", 98), Symbol("9", 99), Symbol("3", 99), Symbol("6", 98),
                       Symbol("5", 98), Symbol("-", 98), Symbol("A", 99), Symbol("3", 98)]),
        ("STERLING", [Symbol("S", 99), Symbol("T", 99), Symbol("E", 99), Symbol("R", 99), Symbol("L", 99),
                      Symbol("I", 97), Symbol("N", 97, alternatives: [Alt("V", 68)]), Symbol("G", 99)]),
    ]

    /// Shared close-up 015 ("AVM-277-A3 RL A//1" and "TML-M"), whole band upright.
    static let upright015: [Word] = [
        ("BUM-277-A3", [Symbol("B", 87, alternatives: [Alt("R", 75)]), Symbol("U", 93), Symbol("M", 98),
                        Symbol("-", 95), Symbol("2", 97), Symbol("7", 98), Symbol("7", 98), Symbol("-", 98),
                        Symbol("A", 91, alternatives: [Alt("4", 71)]), Symbol("3", 98)]),
        ("RE", [Symbol("R", 99), Symbol("E", 91)]),
        ("TML-M", [Symbol("T", 98), Symbol("M", 98), Symbol("L", 97), Symbol("-", 98), Symbol("M", 98)]),
    ]

    /// Shared close-up 013 ("SI-4963-A1 HTM SH1"): "S272", a run of its own read at
    /// 82–97 per character, shares nothing with the code and is no mark.
    @Test func aJunkSecondRunIsDropped() {
        let words = MatrixGrammarTests.upright013
        #expect(Self.kept(["SI-4963-A1", "S272"], words) == ["SI-4963-A1"])
        #expect(Self.kept(["36623-A1", "AS72"], Self.upright014) == ["36623-A1"])
    }

    /// The main run need not come first along the strip: the other run is the junk.
    @Test func theMainRunIsTheCatalogueRunWhereverItLies() {
        #expect(Self.kept(["AS72", "36623-A1"], Self.upright014) == ["36623-A1"])
    }

    /// Mastering marks read as a run of their own stay.
    @Test func markRunsStay() {
        #expect(Self.kept(["B49365-A3", "STERLING"], Self.upright011) == ["B49365-A3", "STERLING"])
        #expect(Self.kept(["BUM-277-A3 RE", "TML-M"], Self.upright015) == ["BUM-277-A3 RE", "TML-M"])
    }

    /// A run of the same catalogue stays however unsure its characters: the main
    /// run's number, look-alikes folded ("S" for 5, "O" for 0), one more misread
    /// allowed in a number of five digits or more.
    @Test(arguments: [
        ("SI-4963-A1", "SI-4963-B1"), ("SI-4963-A1", "4963"), ("773107-1-C1 TML-M", "77310O-1-C2"),
        ("773107-1-C1 TML-M", "773I07"), ("B49365-A3", "849366-A3"),
    ])
    func aRunOfTheSameCatalogueStays(main: String, companion: String) {
        let unsure = [(companion, companion.map { Symbol(String($0), 60) })]
        #expect(Self.kept([main, companion], unsure) == [main, companion].map { MatrixParser().parse($0)!.text })
    }

    /// A short number must be there exactly; a long one at most one misread off.
    @Test(arguments: [("SI-4963-A1", "4968-B1"), ("773107-1-C1", "713187-1-C1"), ("36623-A1", "AS72")])
    func aRunOfAnotherNumberGoes(main: String, companion: String) {
        let unsure = [(companion, companion.map { Symbol(String($0), 60) })]
        #expect(Self.kept([main, companion], unsure) == [main])
    }

    /// A run read surely stands on its own; one whose text is not its characters'
    /// (a runner-up put in, `MatrixGrammar.repaired`) or whose words are not known
    /// is not read surely.
    @Test func aSurelyReadRunStays() {
        let sure: [Word] = [("SI-4963-A1", []), ("S272", "S272".map { Symbol(String($0), 97) })]
        #expect(Self.kept(["SI-4963-A1", "S272"], sure) == ["SI-4963-A1", "S272"])
        let repaired: [Word] = [("S272", "S2Z2".map { Symbol(String($0), 97) })]
        #expect(Self.kept(["SI-4963-A1", "S272"], repaired) == ["SI-4963-A1"])
        #expect(Self.kept(["SI-4963-A1", "S272"], []) == ["SI-4963-A1"])
        let oneUnsure: [Word] = [("S272", "S272".map { Symbol(String($0), $0 == "7" ? 94 : 99) })]
        #expect(Self.kept(["SI-4963-A1", "S272"], oneUnsure) == ["SI-4963-A1"])
    }

    /// Nothing to compare with: no run has a catalogue number of three digits.
    @Test func withoutACatalogueNumberTheRunsStay() {
        #expect(Self.kept(["STERLING", "TML-M"], []) == ["STERLING", "TML-M"])
        #expect(Self.kept(["AX12", "CY34"], []) == ["AX12", "CY34"])
        #expect(Self.kept(["SI-4963-A1"], []) == ["SI-4963-A1"])
        #expect(Self.kept([], []) == [])
    }
}
