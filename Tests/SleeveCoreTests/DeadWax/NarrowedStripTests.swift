import Testing
@testable import SleeveCore

/// A wide-spaced run's row band narrowed along the groove before it is read again.
@Suite("DeadWax narrowed strip")
struct NarrowedStripTests {
    /// Columns 40–99 of row 40 of the lit-edge row band (746 × 76, padded) of the
    /// mixed close-up `VSL63301-B2 TML-M`, whose stamped letters stand about a
    /// letter's width apart: the right stroke of its `V`, 29 white columns, the start
    /// of the `S`. Read as it is, the band came back `VSLG663301-B2` (each `6` read
    /// as two or three letters); narrowed to three quarters, `VSL63301-B2`.
    static let wideSpacedRow: [UInt8] = [
        255, 255, 255, 255, 255, 255, 247, 184, 135, 124, 123, 112, 124, 156, 172, 135, 36, 0, 0, 28,
        95, 135, 166, 227, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
        255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 236, 216, 202, 185, 172, 162, 152,
    ]

    static func longestWhiteRun(_ row: [UInt8]) -> Int {
        var best = 0, current = 0
        for v in row {
            current = v == 255 ? current + 1 : 0
            best = max(best, current)
        }
        return best
    }

    @Test func narrowingShortensTheGapBetweenLettersAndKeepsTheStroke() {
        let row = Self.wideSpacedRow
        let image = GrayImage(width: row.count, height: 2, pixels: row + row)
        let narrowed = image.narrowed(by: 0.75)
        #expect(narrowed.width == 45)
        #expect(narrowed.height == 2)
        let first = Array(narrowed.pixels[0..<45]), second = Array(narrowed.pixels[45..<90])
        #expect(first == second)
        // The 29-column gap between the letters is about three quarters as wide.
        #expect(Self.longestWhiteRun(row) == 29)
        #expect((20...23).contains(Self.longestWhiteRun(first)))
        // The stroke's core (0, 0 in the source) stays dark ink after averaging.
        #expect(first.min()! <= 20)
    }

    @Test func anImageIsKeptWhenTheFactorDoesNotNarrowIt() {
        let image = GrayImage(width: 3, height: 1, pixels: [0, 128, 255])
        #expect(image.narrowed(by: 1) == image)
        #expect(image.narrowed(by: 0) == image)
    }
}
