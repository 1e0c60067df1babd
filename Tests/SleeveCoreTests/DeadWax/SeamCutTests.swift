import Testing
@testable import SleeveCore

/// A band seen all round is cut between runs, not through one.
@Suite("DeadWax seam cut")
struct SeamCutTests {
    /// Lit-edge ink per column of identify photo 7001-001 (a whole disc with a
    /// lowercase `Echocord 034 B SST MPO DMM`, read as a close-up), as means over
    /// blocks of 41 of its 2133 columns. The band starts at angle 0, through the run:
    /// `O DMM` is at columns 2...125 and the rest at 1632...2132, so they were read
    /// as two pieces and `O DMM` was lost.
    static let identify001BlockInk: [Double] = [
        5.6, 7.5, 10.7, 1.0, 1.1, 1.1, 1.2, 1.2, 1.4, 0.9, 1.2, 1.2, 1.0, 1.0, 1.2, 1.2, 1.2, 1.2,
        1.3, 1.3, 1.1, 1.2, 1.4, 1.2, 1.2, 1.3, 1.3, 1.2, 1.1, 1.3, 1.2, 1.3, 1.1, 1.2, 1.1, 1.3,
        1.3, 1.3, 1.3, 1.7, 8.8, 7.9, 6.4, 6.3, 5.8, 6.7, 7.5, 6.9, 4.2, 7.2, 4.0, 11.0,
    ]

    static func wholeTurn(width: Int, height: Int, fill: UInt8 = 128) -> UnwrappedStrip {
        UnwrappedStrip(image: GrayImage(width: width, height: height, fill: fill),
                       excluded: [Bool](repeating: false, count: width * height),
                       startAngle: 0, radiansPerColumn: 2 * Double.pi / Double(width), columnsPerTurn: width)
    }

    @Test func theHarvestedRunIsCutOutsideItAndComesOutWhole() throws {
        let columns = 2133
        let ink = (0..<columns).map { Self.identify001BlockInk[min($0 / 41, Self.identify001BlockInk.count - 1)] }
        let strip = Self.wholeTurn(width: columns, height: 105)
        let seam = try #require(strip.quietSeam(columnInk: ink))
        // Between the pieces: after `O DMM`'s end, before the rest's start.
        #expect(seam > 125 && seam < 1632)
        // The run's columns marked black: after the cut they lie in one stretch.
        var marked = GrayImage(width: columns, height: 105, fill: 255)
        for x in Array(2...125) + Array(1632..<columns) { for y in 40..<60 { marked[x, y] = 0 } }
        let cut = strip.cut(marked, at: seam)
        let inked = (0..<columns).filter { cut[$0, 50] == 0 }
        #expect(inked.count == 124 + 501)
        // The rest first, then `O DMM` after it (the two quiet columns 0 and 1 between).
        #expect(inked.first == 1632 - seam)
        #expect(zip(inked, inked.dropFirst()).allSatisfy { $1 - $0 <= 3 })
    }

    @Test func aPartialArcIsNotCut() {
        var strip = Self.wholeTurn(width: 400, height: 60)
        strip.radiansPerColumn = Double.pi / 400  // half a turn in view
        #expect(!strip.isWholeTurn)
        #expect(strip.quietSeam(columnInk: [Double](repeating: 1, count: 400)) == nil)
    }

    @Test func inkOfAnotherSizeIsNotUsed() {
        let strip = Self.wholeTurn(width: 400, height: 60)
        #expect(strip.isWholeTurn)
        #expect(strip.quietSeam(columnInk: [Double](repeating: 1, count: 399)) == nil)
    }

    @Test func theCutMovesTheColumnsBeforeTheSeamToTheEnd() {
        let strip = Self.wholeTurn(width: 8, height: 1)
        let row = GrayImage(width: 8, height: 1, pixels: [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(strip.cut(row, at: 3).pixels == [3, 4, 5, 6, 7, 0, 1, 2])
    }
}
