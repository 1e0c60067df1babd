import Testing
@testable import SleeveCore

/// Strips that are speckle all over are not read as sparse text.
@Suite("DeadWax speckled strip")
struct SpeckledStripTests {
    /// Row strokes (ink/paper crossings per row) of the lit-edge strip (114 × 2321)
    /// of identify's whole-disc photo of `YVKC411-A5 RL` read as a close-up: a 10 px
    /// run on noisy black wax, speckle in every row (0.042 crossings per pixel), no
    /// row band. Its sparse readings took 30 s and gave soup.
    static let speckle: [Double] = [
        139, 114, 104, 110, 92, 80, 86, 132, 158, 150, 126, 119, 108, 114, 120, 110, 80, 82, 88, 88,
        132, 116, 98, 82, 66, 78, 70, 78, 83, 80, 87, 74, 55, 68, 78, 82, 108, 116, 100, 96,
        88, 108, 130, 122, 120, 116, 100, 82, 88, 90, 92, 94, 108, 114, 108, 122, 124, 114, 108, 104,
        114, 104, 89, 81, 84, 94, 74, 80, 72, 78, 72, 62, 48, 60, 102, 104, 124, 106, 80, 78,
        84, 74, 94, 102, 110, 140, 144, 130, 98, 94, 78, 102, 134, 118, 112, 78, 72, 98, 88, 78,
        62, 84, 108, 96, 74, 76, 82, 90, 112, 110, 92, 78, 94, 116,
    ]
    /// The same of a shared close-up's lit-edge strip (150 × 999) with no row band
    /// either: an etched run on black wax, clean around it (0.0037 per pixel).
    static let sparse: [Double] = [
        0, 0, 0, 2, 2, 2, 2, 2, 6, 0, 0, 0, 0, 2, 2, 14, 4, 4, 4, 6, 2, 0, 2, 2, 14, 16, 2, 2, 2, 2,
        2, 0, 0, 0, 0, 2, 2, 2, 2, 16, 22, 6, 2, 2, 2, 6, 6, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
        2, 4, 4, 2, 4, 4, 2, 2, 2, 2, 6, 12, 8, 8, 2, 2, 2, 0, 4, 4, 2, 4, 8, 4, 18, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 2, 2, 2, 0, 0, 4, 2, 2, 8, 2, 34, 0, 2, 2, 0, 0, 2, 2, 4,
        6, 20, 6, 8, 0, 2, 4, 4, 4, 2, 4, 4, 2, 2, 2, 0, 2, 4, 4, 4, 10, 16, 4, 4, 24, 6, 6, 10, 4, 8,
    ]

    @Test func speckleAllOverIsSpeckle() {
        #expect(Self.speckle.count == 114)
        #expect(TextRowBand.find(rowStrokes: Self.speckle) == nil)
        #expect(SpeckledStrip.isSpeckle(rowStrokes: Self.speckle, width: 2321))
    }

    @Test func aCleanStripIsNot() {
        #expect(Self.sparse.count == 150)
        #expect(!SpeckledStrip.isSpeckle(rowStrokes: Self.sparse, width: 999))
        // The speckle's counts over a strip four times as wide: 0.01 per pixel.
        #expect(!SpeckledStrip.isSpeckle(rowStrokes: Self.speckle, width: 4 * 2321))
    }

    @Test func denseLettersInARowBandAreNotSpeckle() {
        // 60 rows, 200 wide: rows 20–39 hold letters crossing 40 times a row (0.07
        // per pixel overall), the rest 2: a text row, not speckle.
        let counts = (0..<60).map { (20..<40).contains($0) ? 40.0 : 2.0 }
        #expect(TextRowBand.find(rowStrokes: counts) != nil)
        #expect(!SpeckledStrip.isSpeckle(rowStrokes: counts, width: 200))
    }
}
