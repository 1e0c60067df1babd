import Testing
@testable import SleeveCore

/// The columns of a run's row band that hold its letters.
@Suite("DeadWax text column span")
struct TextColumnSpanTests {
    /// Vertical edges per column of the lit-edge row band (52 × 1098) of a stamped
    /// close-up, `658777-1-D1`, whose band read whole came back `658777 -1-D1`, the
    /// code's tail dropped; cut to its letters, tesseract reads it exactly. Means over blocks of 6
    /// columns: a groove remnant crosses columns 0–620 as one level line (almost no
    /// edges), the run lies in columns about 630–1010.
    static let stampedBlocks: [Double] = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0.5, 0,
        0, 0.2, 0.3, 0.2, 0.2, 0, 0, 0, 0.2, 0, 0, 0, 0, 0.2, 0.2, 0, 0, 0, 0.2, 0.2, 0, 0, 0.2, 0, 0,
        0.2, 0.2, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0, 0.2, 0, 0.2, 0, 0, 0, 0, 0.2, 0,
        0, 0, 0, 0, 0.3, 0, 0, 0, 0, 0.2, 0, 0.2, 0, 0, 0.3, 0.5, 0.2, 0, 0, 0, 0.3, 0, 0, 4, 4.3, 3.5,
        2.5, 1.3, 1.5, 3.5, 2.2, 3, 3.8, 0, 4.7, 3, 2.5, 3.3, 3.8, 0, 1.3, 2.7, 3.2, 2.8, 1, 0.5, 1.5,
        3, 3, 3.3, 0, 1.2, 1.8, 3.2, 3, 2.2, 0, 0, 1.5, 0.2, 0.2, 0.8, 0, 2.3, 3.7, 0.5, 4.2, 1, 0, 0,
        1.2, 0.2, 1, 0, 1, 4.5, 3.5, 0.5, 3.8, 4, 0, 2.3, 3.2, 1.2, 3.3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0,
    ]
    /// The same of a slanted mixed close-up's row band (36 × 1649, turned upright),
    /// `VSL36623-A1 TML-M A//1`, read `86628 AL ML 47771` whole: the photo's curved
    /// edge and groove lines make a few edges in columns 0–500, the run lies in
    /// columns about 510–1050, nothing after it.
    static let slantedBlocks: [Double] = [
        0, 3, 0, 0.2, 0.3, 0.2, 0, 0.2, 0.2, 0, 0, 0.2, 0, 0, 0.3, 0.2, 0.2, 0.2, 0.3, 0.8, 1.3, 0.5,
        0.3, 0.5, 0.3, 0.5, 0.3, 0.3, 0.3, 0.2, 0.3, 0.3, 0.3, 0.3, 0.3, 0.2, 0.3, 0.2, 0.3, 1, 0.2, 0.3,
        0.7, 0.2, 0, 0.2, 0.2, 0.2, 0, 0.2, 0.2, 0, 0.2, 0.2, 0.2, 0, 0.2, 0, 0, 0, 0, 0, 0, 0, 0, 0.3,
        0.3, 0.3, 0.2, 0.2, 0.3, 0.2, 0.5, 0, 0.7, 0.5, 0, 0.7, 0.3, 0.3, 0.5, 0.5, 0.7, 0.2, 0, 1.7, 3,
        3.7, 1.3, 0, 2.8, 1.2, 2.8, 0.8, 0, 3.7, 1.8, 0.8, 0, 0.5, 2.8, 0.8, 2.8, 0, 1.7, 2.2, 2, 1.8, 0,
        2.3, 1.8, 2.5, 1.3, 0, 2.5, 1.5, 2.5, 0.5, 0.8, 2.5, 1, 2.7, 0, 0, 0.8, 0.8, 0, 0, 3.2, 1.5, 2.7,
        1, 0, 3.2, 2.5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0.8, 2.5, 3.2, 0.2, 2.2, 3.8, 4.2, 3.5, 3, 2.7, 0.7,
        0, 0, 1.5, 4.5, 3.2, 3.2, 0, 0, 0, 0, 0, 0, 0, 1.8, 1.5, 2.7, 0, 3.3, 2, 2.3, 0, 1.8, 2.2, 2.3,
        0, 2.5, 2.8,
    ] + [Double](repeating: 0, count: 98)

    static func columns(_ blocks: [Double], width: Int) -> [Double] {
        (0..<width).map { blocks[$0 / 6] }
    }

    @Test func theStampedRunIsCutFromTheRemnantBesideIt() throws {
        let span = try #require(TextColumnSpan.find(columnEdges: Self.columns(Self.stampedBlocks, width: 1098), bandHeight: 52))
        // Every letter kept (columns ~630–1010), the remnant's 600 columns cut off.
        #expect(span.start >= 540 && span.start <= 630)
        #expect(span.start + span.width >= 1010 && span.start + span.width <= 1098)
    }

    @Test func theSlantedRunIsCutFromTheCurvedEdge() throws {
        let span = try #require(TextColumnSpan.find(columnEdges: Self.columns(Self.slantedBlocks, width: 1649), bandHeight: 36))
        #expect(span.start >= 440 && span.start <= 510)
        #expect(span.start + span.width >= 1050 && span.start + span.width <= 1120)
    }

    @Test func twoWordsAFewHeightsApartStayOneSpan() throws {
        // Band 20 high: words at 200–300 and 330–400 (gap 1.5 heights) are one run;
        // a lone speck cluster at 900 carries less and is left out.
        var edges = [Double](repeating: 0, count: 1000)
        for x in 200..<300 where x % 4 == 0 { edges[x] = 6 }
        for x in 330..<400 where x % 4 == 0 { edges[x] = 6 }
        for x in 900..<906 { edges[x] = 5 }
        let span = try #require(TextColumnSpan.find(columnEdges: edges, bandHeight: 20))
        #expect(span.start <= 200 && span.start >= 185)
        #expect(span.start + span.width >= 400 && span.start + span.width <= 415)
    }

    @Test func nothingToCutGivesNil() {
        // Letters across the whole band, or no edges at all.
        #expect(TextColumnSpan.find(columnEdges: (0..<600).map { $0 % 5 == 0 ? 4 : 0 }, bandHeight: 30) == nil)
        #expect(TextColumnSpan.find(columnEdges: [Double](repeating: 0, count: 600), bandHeight: 30) == nil)
        #expect(TextColumnSpan.find(columnEdges: [1, 2, 3], bandHeight: 30) == nil)
    }

    @Test func columnEdgesCountInkChangesAlongEachRow() {
        // 2 rows × 6 columns: a level line gives no edge inside it; a bar 2 wide two.
        let image = GrayImage(width: 6, height: 2, pixels: [
            0, 0, 0, 0, 0, 0,
            255, 255, 0, 0, 255, 255,
        ])
        #expect(TextColumnSpan.columnEdges(image) == [0, 0, 1, 0, 1, 0])
    }
}
