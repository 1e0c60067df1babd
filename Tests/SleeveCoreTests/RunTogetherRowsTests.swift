import Testing
@testable import SleeveCore

/// Rows the engine ran together into one blob, found and merged back (word boxes and
/// confidences harvested with `sleevescan words`).
@Suite struct RunTogetherRowsTests {
    typealias Word = (box: TextBox, confidence: Double)

    static func words(_ w: [Word]) -> [RecognizedWord] { w.map { RecognizedWord(box: $0.box, confidence: $0.confidence) } }

    /// The Explorer back (photo-test-20240906-131214, the rectified page is square):
    /// the owner's ballpoint underline under "3. Song of the Cricket (instrumental)
    /// (2:54)" touches the credit line under it, and the engine returned both lines as
    /// one word two lines tall at confidence 0, "eolvclaaedometcette"; the position and
    /// the duration beside it were lost with it.
    static let underlinedTitleAndCredit: [Word] = [
        (TextBox("—", x: 0.8922, y: 0.7283, width: 0.0039, height: 0.0139), 79),
        (TextBox("love,", x: 0.7483, y: 0.7311, width: 0.0172, height: 0.0067), 96),
        (TextBox("nothing", x: 0.7889, y: 0.7311, width: 0.0317, height: 0.0089), 97),
        (TextBox("if", x: 0.8244, y: 0.7311, width: 0.0056, height: 0.0083), 97),
        (TextBox("steadfast", x: 0.8511, y: 0.7311, width: 0.0789, height: 0.0089), 90),
        (TextBox("faithful", x: 0.8978, y: 0.7311, width: 0.0322, height: 0.0089), 79),
        (TextBox("end", x: 0.9333, y: 0.7311, width: 0.0156, height: 0.0072), 88),
        (TextBox("I’m", x: 0.7722, y: 0.7317, width: 0.0122, height: 0.0061), 75),
        (TextBox("not", x: 0.8339, y: 0.7322, width: 0.0133, height: 0.0061), 97),
        (TextBox("your", x: 0.7256, y: 0.7333, width: 0.0189, height: 0.0067), 96),
        (TextBox("will", x: 0.7461, y: 0.7417, width: 0.0156, height: 0.0072), 97),
        (TextBox("be", x: 0.7728, y: 0.7417, width: 0.0089, height: 0.0072), 94),
        (TextBox("till", x: 0.7867, y: 0.7417, width: 0.0106, height: 0.0072), 94),
        (TextBox("I", x: 0.7661, y: 0.7422, width: 0.0022, height: 0.0067), 81),
        (TextBox("Resurrection", x: 0.8017, y: 0.7422, width: 0.0533, height: 0.0067), 97),
        (TextBox("Day.", x: 0.8589, y: 0.7422, width: 0.0161, height: 0.0083), 96),
        (TextBox("true", x: 0.7261, y: 0.7428, width: 0.0156, height: 0.0061), 97),
        (TextBox("eolvclaaedometcette", x: 0.7167, y: 0.7567, width: 0.1417, height: 0.0189), 0),
        (TextBox("Bogzar", x: 0.7161, y: 0.7828, width: 0.0294, height: 0.0083), 93),
        (TextBox("dar", x: 0.7483, y: 0.7828, width: 0.0133, height: 0.0067), 93),
        (TextBox("pish-e", x: 0.7639, y: 0.7828, width: 0.0250, height: 0.0089), 76),
        (TextBox("be", x: 0.8356, y: 0.7828, width: 0.0094, height: 0.0072), 94),
        (TextBox("4,", x: 0.7067, y: 0.7833, width: 0.0067, height: 0.0061), 79),
        (TextBox("(Let", x: 0.8028, y: 0.7833, width: 0.0156, height: 0.0083), 96),
        (TextBox("you)", x: 0.8683, y: 0.7833, width: 0.0178, height: 0.0111), 85),
        (TextBox("(2:51)", x: 0.8961, y: 0.7833, width: 0.0211, height: 0.0083), 79),
        (TextBox("to", x: 0.7922, y: 0.7839, width: 0.0072, height: 0.0061), 96),
        (TextBox("me", x: 0.8211, y: 0.7850, width: 0.0117, height: 0.0050), 93),
        (TextBox("near", x: 0.8478, y: 0.7850, width: 0.0183, height: 0.0050), 85),
        (TextBox("Hamida", x: 0.7161, y: 0.7956, width: 0.0322, height: 0.0072), 80),
        (TextBox("Rokhshana,", x: 0.7511, y: 0.7956, width: 0.0483, height: 0.0078), 93),
        (TextBox("singer", x: 0.8022, y: 0.7956, width: 0.0256, height: 0.0089), 97),
    ]

    @Test func aBlobTwoLinesTallInAColumnOfPrintIsReadAgainAcrossTheRowLineByLine() {
        let found = RunTogetherRows().regions(in: Self.words(Self.underlinedTitleAndCredit), aspectRatio: 1)
        #expect(found.count == 1)
        guard let region = found.first else { return }
        // Across the whole row: from the column's left edge (the positions, "4,") to
        // past the durations' column ("(2:51)"), where the lost "(2:54)" stands.
        #expect(region.read.minX <= 0.7067 && region.read.maxX >= 0.8961 + 0.0211, "\(region.read)")
        #expect(region.read.minY <= 0.7567 && region.read.maxY >= 0.7567 + 0.0189)
        // Not into the rows above and below.
        #expect(region.read.minY > 0.7422 && region.read.maxY < 0.7828, "\(region.read)")
        #expect(region.bands.count == 2)
        if region.bands.count == 2 {
            #expect(region.bands[0].midY < 0.7567 + 0.0189 / 2 && region.bands[1].midY > 0.7567 + 0.0189 / 2)
        }
    }

    @Test func withoutPrintAroundItATallWeakWordIsNotReadAgain() {
        let weakened = Self.underlinedTitleAndCredit.map { ($0.box, min($0.confidence, 70)) }
        #expect(RunTogetherRows().regions(in: Self.words(weakened), aspectRatio: 1).isEmpty)
    }

    /// Galaxie 500 front (gathered albumwiz-IMG_5397, a phone photo): a hand-written card
    /// top left, read as tall weak scraps ("ahry", "acPtactioy,") among other scraps.
    /// Handwriting is no column of print: nothing is read again. The card's words are
    /// the top-left part of that page's harvest (`HeaderFunctionWordTests.stackedTitle`).
    static let handwrittenCard: [Word] = HeaderFunctionWordTests.stackedTitle.filter {
        $0.box.rect.minX < 0.3 && $0.box.rect.minY < 0.22
    }

    @Test func tallScrapsOfHandwritingAreNotReadAgain() {
        // The card's 63 words, among them the tall scraps, all come through the slice.
        #expect(Self.handwrittenCard.count == 63)
        #expect(Self.handwrittenCard.contains { $0.box.text == "acPtactioy," })
        #expect(RunTogetherRows().regions(in: Self.words(Self.handwrittenCard), aspectRatio: 3024.0 / 4032).isEmpty)
    }
}
