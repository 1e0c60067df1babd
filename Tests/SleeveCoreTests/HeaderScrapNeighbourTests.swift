import Testing
@testable import SleeveCore

/// A large title beside scraps of a picture: a word of smaller type on the title's row
/// makes the title "a piece of a line of small print" only when that word was read as
/// print. Word boxes from `sleevescan words` on a gathered photo, before the rule.
@Suite struct HeaderScrapNeighbourTests {
    typealias Word = RealSleeveTests.Word

    /// The Smiths' "Rank" held up in a radio station's record library (gathered set,
    /// album-wiz IMG_5369; its words are `RealHeaderAndCatalogTests`' harvest of that
    /// photo): THE / SMITHS stacked above "“RANK", the largest type, with a handwritten
    /// review card and a doodle beside it. "tule" (35) and "Ek" (24), scraps of the card
    /// read on RANK's row, made RANK look like an inflated piece of body text, so the
    /// title was null.
    static var rankBesideScraps: [Word] { RealHeaderAndCatalogTests.nameStackedOneWordALine }

    @Test func aLargeTitleBesideScrapsOfAPictureIsStillTheTitle() {
        let fields = RealSleeveTests.parse(Self.rankBesideScraps)
        #expect(fields.artist == "THE SMITHS")
        #expect(fields.title == "RANK")
    }

    /// A quoted block is a title, not a name, however large its type; a name's own
    /// apostrophe or a bare word is no quotation.
    @Test func aBlockOpeningWithAQuotationMarkIsQuoted() {
        let reader = HeaderReader()
        func block(_ words: String...) -> [TextLine] {
            [TextLine(words: words.enumerated().map { TextBox($1, x: 0.1 + 0.1 * Double($0), y: 0.3, width: 0.08, height: 0.05) })]
        }
        #expect(reader.isQuoted(block("“RANK")))
        #expect(reader.isQuoted(block("\"Heroes\"")))
        #expect(reader.isQuoted(block("«BANAT»")))
        #expect(!reader.isQuoted(block("RANK")))
        #expect(!reader.isQuoted(block("'TIL", "TUESDAY")))
        #expect(!reader.isQuoted(block("THE", "SMITHS")))
    }

    /// Counter-case: the same scraps read as print (a sentence's next words, confident)
    /// still make "“RANK" an inflated piece of a line of small print.
    @Test func aLargeWordBesideConfidentSmallPrintIsAPieceOfThatLine() {
        let confident = Self.rankBesideScraps.map { w -> Word in
            ["tule", "Ek"].contains(w.box.text) ? (w.box, 90) : w
        }
        let fields = RealSleeveTests.parse(confident)
        #expect(fields.artist == "THE SMITHS")
        #expect(fields.title == nil)
    }
}
