import Testing
@testable import SleeveCore

/// The text row of an enhanced run-out strip, read as one line.
@Suite("DeadWax text row band")
struct TextRowBandTests {
    /// Per row of the enhanced 150-row strip of a stamped close-up whose whole band,
    /// read as sparse text, came back as "S4E647-3-G" for "348647-1-A1 A//1": the
    /// run occupies rows about 23–60, a bright ring's remnant lies across rows 4–24.
    /// Strokes (ink/paper crossings) per row:
    static let strokes: [Double] = [
        2, 0, 4, 2, 6, 6, 4, 6, 4, 4, 2, 4, 8, 4, 2, 2, 2, 4, 2, 4, 6, 6, 4, 12, 18,
        6, 10, 2, 10, 10, 20, 6, 6, 8, 12, 22, 24, 26, 28, 30, 28, 24, 26, 28, 34, 32, 36, 40, 38, 38,
        38, 38, 38, 34, 30, 26, 26, 24, 26, 22, 14, 8, 2, 2, 2, 2, 2, 2, 0, 0, 2, 2, 2, 2, 2,
        2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 10, 6,
    ]
    /// Summed darkness per row of the same strip: the ring's line outweighs the run.
    static let ink: [Double] = [
        43, 29, 34, 58, 123, 186, 189, 157, 130, 128, 149, 165, 155, 113, 84, 85, 99, 106, 117, 137, 165, 189, 201, 188, 143,
        79, 43, 40, 86, 98, 73, 52, 47, 51, 55, 69, 95, 106, 105, 93, 80, 77, 74, 75, 79, 88, 95, 103, 107, 112,
        116, 112, 102, 90, 81, 81, 80, 76, 69, 69, 66, 60, 47, 39, 35, 37, 45, 50, 51, 55, 39, 27, 14, 14, 15,
        15, 20, 20, 24, 24, 17, 16, 11, 15, 14, 16, 14, 18, 22, 21, 18, 13, 16, 19, 20, 12, 7, 7, 11, 15,
        16, 18, 15, 12, 9, 13, 14, 12, 9, 15, 25, 18, 12, 16, 28, 25, 18, 13, 12, 8, 12, 16, 20, 12, 11,
        15, 15, 12, 8, 12, 14, 15, 12, 12, 16, 21, 30, 39, 50, 56, 57, 49, 33, 24, 22, 29, 49, 61, 54, 59,
    ]

    @Test func theRunsRowsByStrokesNotTheRingsByInk() throws {
        let band = try #require(TextRowBand.find(rowStrokes: Self.strokes))
        #expect(band.top <= 35 && band.top + band.height - 1 >= 58)
        #expect(band.top >= 15 && band.height <= 60)
        // Summed ink would have cut the ring instead: its band misses the run's middle
        // (the ring lies at the outer edge, which is not set aside here).
        let byInk = try #require(TextRowBand.find(rowStrokes: Self.ink, outerEdgeZone: 0))
        #expect(byInk.top + byInk.height - 1 < 47)
    }

    @Test func aUniformlyNoisyStripHasNoBand() {
        let noise: [Double] = (0..<60).map { Double(3 + ($0 * 7) % 3) }
        #expect(TextRowBand.find(rowStrokes: noise) == nil)
    }

    @Test func aRunFillingTheStripIsNotCut() {
        let full: [Double] = (0..<60).map { $0 < 4 || $0 > 55 ? 2 : 40 }
        #expect(TextRowBand.find(rowStrokes: full) == nil)
    }

    @Test func strokesCountCrossingsNotInk() {
        // Row 0: a long dark line (2 crossings); row 1: three strokes (6 crossings).
        let image = GrayImage(width: 9, height: 2, pixels: [
            255, 0, 0, 0, 0, 0, 0, 0, 255,
            255, 0, 255, 0, 255, 0, 255, 255, 255,
        ])
        #expect(TextRowBand.rowStrokes(image) == [2, 6])
    }

    /// Per row of the 150-row strips (lit edges; paired edges) of a CD hub's close-up whose
    /// `4-80836-2` came back as "IEP 2198909D": the hub's rim, blurred and mottled, lies
    /// across the top rows (the band's outer edge) and crosses ink and paper more often
    /// than the run's letters, rows about 67-96, do.
    static let cdHubLitEdges: [Double] = [
        2, 2, 22, 46, 48, 46, 56, 40, 52, 42, 42, 50, 40, 50, 26, 120, 142, 186, 78, 108, 90, 74, 56, 54, 46,
        32, 26, 28, 22, 18, 28, 16, 6, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 6, 6, 6, 6,
        4, 4, 4, 4, 2, 2, 2, 4, 4, 2, 2, 2, 4, 6, 2, 2, 8, 20, 20, 18, 20, 22, 28, 30, 32,
        32, 34, 32, 30, 32, 30, 32, 32, 32, 34, 34, 34, 34, 36, 22, 24, 24, 20, 16, 16, 20, 22, 14, 14, 10,
        10, 6, 4, 4, 2, 4, 4, 2, 2, 4, 4, 6, 2, 2, 4, 4, 4, 4, 4, 4, 4, 2, 6, 8, 2,
        2, 6, 6, 4, 8, 6, 6, 6, 4, 4, 4, 4, 4, 2, 6, 8, 8, 4, 4, 10, 12, 10, 10, 4, 4,
    ]
    static let cdHubPairedEdges: [Double] = [
        12, 16, 18, 20, 46, 34, 46, 72, 74, 82, 86, 94, 110, 174, 168, 138, 102, 170, 46, 30, 24, 18, 20, 18, 18,
        28, 22, 12, 8, 6, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 8, 6, 6, 4,
        6, 4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 8, 18, 20, 18, 16, 16, 24, 26, 26,
        30, 28, 26, 28, 32, 32, 30, 32, 32, 30, 32, 32, 20, 18, 18, 18, 16, 14, 6, 6, 8, 2, 4, 6, 4,
        4, 4, 4, 4, 2, 2, 4, 4, 4, 4, 4, 2, 0, 4, 2, 2, 0, 2, 2, 2, 2, 4, 0, 2, 2,
        0, 4, 2, 2, 4, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 0, 4,
    ]

    @Test(arguments: [cdHubLitEdges, cdHubPairedEdges])
    func theRimAtTheOuterEdgeGivesWayToTheRun(strokes: [Double]) throws {
        let band = try #require(TextRowBand.find(rowStrokes: strokes))
        #expect(band.top <= 67 && band.top + band.height - 1 >= 96, "\(band)")
        #expect(band.top >= 40, "\(band)")
        // Without the outer edge set aside, the rim is the band.
        let rim = try #require(TextRowBand.find(rowStrokes: strokes, outerEdgeZone: 0))
        #expect(rim.top + rim.height - 1 < 30, "\(rim)")
    }

    /// Turned upside down, the outer edge is the bottom: the same rows, mirrored.
    @Test func anUpsideDownStripHasItsOuterEdgeAtTheBottom() throws {
        let strokes = Self.cdHubLitEdges
        let upright = try #require(TextRowBand.find(rowStrokes: strokes))
        let flipped = try #require(TextRowBand.find(rowStrokes: strokes.reversed(), outerEdge: .bottom))
        #expect(flipped.top == strokes.count - upright.top - upright.height && flipped.height == upright.height)
        // Told the wrong side, the rim keeps the band: nothing is set aside at the inner edge.
        let wrongSide = try #require(TextRowBand.find(rowStrokes: strokes.reversed(), outerEdge: .top))
        #expect(wrongSide.top + wrongSide.height > strokes.count - 30)
    }

    /// A run next to the label (the strip's inner, bottom edge) stays the band: the label
    /// is blank in the strip, no rim lies there.
    @Test func aRunByTheInnerEdgeKeepsItsBand() throws {
        let strokes: [Double] = (0..<150).map { (128...147).contains($0) ? 30 : ($0 % 5 == 0 ? 4 : 2) }
        let band = try #require(TextRowBand.find(rowStrokes: strokes))
        #expect(band.top <= 128 && band.top + band.height >= 147)
    }
}

