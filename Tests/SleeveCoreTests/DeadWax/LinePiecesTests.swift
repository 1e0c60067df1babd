import Testing
@testable import SleeveCore

/// Cutting a run's line between a stamped code and the etching beside it.
@Suite("DeadWax line pieces")
struct LinePiecesTests {
    /// Shared close-up 014's lit line (36 rows), harvested as its runs of inked and
    /// empty columns: `VSL36623-A1` in eleven stamped letters 11–15 columns apart,
    /// then `TML-M` and `A//1` etched, 52 and 46 columns further on.
    static let runs: [(inked: Bool, columns: Int)] = [
        (false, 45), (true, 16), (false, 13), (true, 17), (false, 13), (true, 16), (false, 12), (true, 16),
        (false, 13), (true, 16), (false, 13), (true, 16), (false, 12), (true, 17), (false, 11), (true, 16),
        (false, 15), (true, 11), (false, 13), (true, 19), (false, 11), (true, 16),
        (false, 52), (true, 14), (false, 12), (true, 16), (false, 6), (true, 14), (false, 19), (true, 5),
        (false, 3), (true, 1), (false, 2), (true, 6),
        (false, 46), (true, 13), (false, 10), (true, 1), (false, 2), (true, 11), (false, 10), (true, 15),
        (false, 8), (true, 10), (false, 24),
    ]

    static func columnInk(_ runs: [(inked: Bool, columns: Int)]) -> [Int] {
        runs.flatMap { [Int](repeating: $0.inked ? 9 : 0, count: $0.columns) }
    }

    @Test func theLineIsCutBetweenTheStampedCodeAndTheEtching() throws {
        let ink = Self.columnInk(Self.runs)
        let minimumGap = Int((LinePieces.minimumGapShare * 36).rounded(.up))
        let cut = try #require(LinePieces.cut(columnInk: ink, minimumGap: minimumGap))
        // The code ends at column 347 (45 + its 21 runs), the etching starts 52 later.
        let codeEnd = Self.runs.prefix(22).reduce(0) { $0 + $1.columns }
        #expect(codeEnd == 347)
        #expect(cut == codeEnd + 26)
    }

    @Test func stampedLettersSetWideApartAreNotCut() {
        // The code alone, its letters 11–15 columns apart.
        let ink = Self.columnInk(Array(Self.runs.prefix(22)) + [(false, 30)])
        #expect(LinePieces.cut(columnInk: ink, minimumGap: 29) == nil)
        // Blank margins are not gaps between runs; nor is a line with no ink.
        #expect(LinePieces.cut(columnInk: [0, 0, 0, 5, 5, 0, 0, 0], minimumGap: 2) == nil)
        #expect(LinePieces.cut(columnInk: [0, 0, 0], minimumGap: 1) == nil)
    }

    @Test func theCutIsFoundFromTheLinesPixels() {
        // Two blocks of ink 40 columns apart on a line 20 tall (gap needed: 16).
        var line = GrayImage(width: 100, height: 20, fill: 255)
        for y in 5..<15 {
            for x in 10..<30 { line[x, y] = 0 }
            for x in 70..<90 { line[x, y] = 0 }
        }
        #expect(LinePieces.columnInk(line)[10] == 10 && LinePieces.columnInk(line)[50] == 0)
        #expect(LinePieces.cut(line) == 50)
        // A gap narrower than the share of the height is not cut.
        var close = GrayImage(width: 100, height: 40, fill: 255)
        for y in 5..<35 {
            for x in 10..<40 { close[x, y] = 0 }
            for x in 70..<90 { close[x, y] = 0 }
        }
        #expect(LinePieces.cut(close) == nil)
    }
}
