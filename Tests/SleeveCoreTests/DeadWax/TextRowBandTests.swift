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
        // Summed ink would have cut the ring instead: its band misses the run's middle.
        let byInk = try #require(TextRowBand.find(rowStrokes: Self.ink))
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
}
