import Testing
@testable import SleeveCore

/// Rows of print where no word was read (`UnreadRows`), on drawn pages: paper at 244,
/// letters as small blocks, black type at 14 and faint print at 194 as on the sleeve
/// footer that motivated them.
@Suite struct UnreadRowsTests {
    /// Letter-sized blocks (`w`×`h`, `gap` apart) from `x` along the baseline at `y`.
    static func draw(_ page: inout GrayImage, x: Int, y: Int, count: Int, level: UInt8, w: Int = 6, h: Int = 9, gap: Int = 4) {
        for i in 0..<count {
            for yy in y..<(y + h) { for xx in (x + i * (w + gap))..<(x + i * (w + gap) + w) { page[xx, yy] = level } }
        }
    }

    static func page() -> GrayImage {
        var page = GrayImage(width: 800, height: 600, fill: 244)
        draw(&page, x: 60, y: 60, count: 12, level: 14, w: 20, h: 30, gap: 8)   // a black header
        draw(&page, x: 60, y: 520, count: 30, level: 194)                        // the faint footer
        return page
    }

    /// The header, read: where a word was read nothing is faint and unread.
    static let header = Rect(x: 60.0 / 800, y: 60.0 / 600, width: 336.0 / 800, height: 30.0 / 600)

    @Test func aFaintRowBesideReadTypeIsFound() throws {
        let rows = UnreadRows().rows(in: Self.page(), read: [Self.header])
        #expect(rows.count == 1)
        let row = try #require(rows.first)
        // It covers the 30 marks (x 60...355, y 520...528), and only them.
        #expect(row.minX * 800 <= 60.5 && row.maxX * 800 >= 355.5)
        #expect(row.minY * 600 <= 520.5 && row.maxY * 600 >= 528.5)
        #expect(row.height * 600 < 12)
    }

    @Test func printAlreadyReadIsNotFoundAgain() {
        let footer = Rect(x: 58.0 / 800, y: 518.0 / 600, width: 300.0 / 800, height: 13.0 / 600)
        #expect(UnreadRows().rows(in: Self.page(), read: [Self.header, footer]).isEmpty)
    }

    /// The black header, had it not been read, is a row too: it is the reading's
    /// words that keep it out, not its darkness.
    @Test func anUnreadHeaderIsARowAsWell() {
        #expect(UnreadRows().rows(in: Self.page(), read: []).count == 2)
    }

    @Test func aRowOnThePagesEdgeIsNoRow() {
        var page = GrayImage(width: 800, height: 600, fill: 244)
        Self.draw(&page, x: 500, y: 2, count: 20, level: 194)
        #expect(UnreadRows().rows(in: page, read: []).isEmpty)
        Self.draw(&page, x: 300, y: 20, count: 20, level: 194)
        #expect(UnreadRows().rows(in: page, read: []).count == 1)
    }

    /// Black type whose letters run together: each word is one mark.
    @Test func aRowOfWordsRunTogetherIsFound() {
        var page = GrayImage(width: 800, height: 600, fill: 244)
        for (x, width) in [(60, 30), (100, 45), (155, 110), (275, 45), (330, 20), (360, 150), (520, 70)] {
            for y in 500..<512 { for xx in x..<(x + width) { page[xx, y] = 30 } }
        }
        #expect(UnreadRows().rows(in: page, read: []).count == 1)
    }

    /// Bars far wider than tall (a rule broken in four, a picture's edges) are no
    /// words, however many stand in a row.
    @Test func barsAreNoMarks() {
        var page = GrayImage(width: 800, height: 600, fill: 244)
        for i in 0..<4 { for y in 300..<308 { for x in (60 + i * 160)..<(210 + i * 160) { page[x, y] = 30 } } }
        #expect(UnreadRows().rows(in: page, read: []).isEmpty)
        var wide = UnreadRows()
        wide.maxMarkWidth = 20
        #expect(wide.rows(in: page, read: []).count == 1)
    }

    @Test func aFewMarksAreNoRow() {
        var page = GrayImage(width: 800, height: 600, fill: 244)
        Self.draw(&page, x: 60, y: 520, count: 5, level: 194)
        #expect(UnreadRows().rows(in: page, read: []).isEmpty)
    }

    /// A texture (marks on every line, as artwork or a photo shows) has no paper above
    /// and below its "rows": none of them is taken.
    @Test func aTextureIsNoRow() {
        var page = GrayImage(width: 800, height: 600, fill: 244)
        for y in stride(from: 100, to: 400, by: 12) { Self.draw(&page, x: 60, y: y, count: 40, level: 194) }
        #expect(UnreadRows().rows(in: page, read: []).isEmpty)
    }

    /// Light falling off across a photo is no ink: the paper is taken tile by tile.
    @Test func unevenLightIsNoInk() {
        var page = GrayImage(width: 800, height: 600, fill: 0)
        for y in 0..<600 { for x in 0..<800 { page[x, y] = UInt8(250 - x * 80 / 800) } }
        #expect(UnreadRows().rows(in: page, read: []).isEmpty)
        Self.draw(&page, x: 400, y: 300, count: 20, level: 150)
        #expect(UnreadRows().rows(in: page, read: []).count == 1)
    }

    @Test func marksTouchingAtACornerAreOneMark() {
        // Two pixels diagonal to each other, and one apart from both.
        let mask: [Bool] = [true, false, false, false,
                            false, true, false, true]
        let marks = UnreadRows.components(mask, width: 4, height: 2)
        #expect(marks.count == 2)
        #expect(marks.contains { $0.x == 0 && $0.width == 2 && $0.height == 2 && $0.pixels == 2 })
    }
}
