import SleeveCore
import Testing

@Suite struct RowCountTests {
    /// Boxes as tesseract reports them (y grows upwards: top > bottom), in its order.
    static func rows(_ words: [(left: Int, right: Int, top: Int, bottom: Int)]) -> Int {
        var count = RowCount()
        for w in words { count.add(left: w.left, right: w.right, top: w.top, bottom: w.bottom) }
        return count.rows
    }

    @Test func wordsOfOneRowAreOneRow() {
        #expect(Self.rows([(10, 50, 120, 100), (60, 130, 121, 99), (140, 200, 118, 101)]) == 1)
        #expect(Self.rows([]) == 0)
    }

    /// The next row of a block starts left of the last word of the row before, even
    /// where a tall word (a capital, a bracket) reaches into that row's height.
    @Test func aRowThatStartsOverOnTheLeftIsANewRow() {
        #expect(Self.rows([(10, 50, 120, 100), (60, 100, 120, 100), (10, 50, 104, 84), (60, 100, 100, 84)]) == 2)
    }

    /// Sparse text: one short row after another down a column, or a word off to the
    /// right at another height (the next block), each a row of its own.
    @Test func wordsAtAnotherHeightAreAnotherRow() {
        #expect(Self.rows([(10, 60, 300, 280), (400, 450, 250, 230), (10, 60, 200, 180), (10, 60, 150, 130)]) == 4)
    }

    /// Texture read as text: specks scattered over the page, each its own block, some
    /// side by side at one height far apart; in a row of print the words are close.
    @Test func scatteredSpecksCountAsManyRows() {
        let specks = (0..<50).map { i in (left: (i * 37) % 500, right: (i * 37) % 500 + 8, top: 1000 - i * 19, bottom: 990 - i * 19) }
        #expect(Self.rows(specks) == 50)
        let band = (0..<10).map { i in (left: i * 100, right: i * 100 + 8, top: 500, bottom: 490) }
        #expect(Self.rows(band) == 10)
        let print = (0..<10).map { i in (left: i * 30, right: i * 30 + 24, top: 500, bottom: 490) }
        #expect(Self.rows(print) == 1)
    }
}
