import Testing
@testable import SleeveCore

/// A phone photo of a back cover (Nonesuch Explorer, 1973) whose owner underlined the
/// track titles in red ballpoint. Global thresholding joined the red line to the
/// letters' feet: track 1, "Nan mai dowrai a wolei (Today, I saw her) (4:18)", came back
/// as "* apt & AOE a.wolei …" in one tall box and gave no track. Words harvested with
/// `sleevescan words`; the second reading is what the engine read in the marks-lifted
/// plane (the photo's lightest channel) over the same crop.
@Suite struct ColourMarkRegionsTests {
    typealias Word = (box: TextBox, confidence: Double)

    static let firstReading: [Word] = [
        (TextBox("SIDEONE", x: 0.3961, y: 0.3111, width: 0.0428, height: 0.0067), 92),
        (TextBox("(17:40)", x: 0.4489, y: 0.3111, width: 0.0256, height: 0.0083), 90),
        (TextBox("a.wolei", x: 0.4706, y: 0.3211, width: 0.0317, height: 0.0172), 82),
        (TextBox("(Today,", x: 0.5061, y: 0.3211, width: 0.0322, height: 0.0172), 49),
        (TextBox("1", x: 0.5394, y: 0.3211, width: 0.0044, height: 0.0172), 49),
        (TextBox("saw", x: 0.5461, y: 0.3211, width: 0.0122, height: 0.0172), 57),
        (TextBox("her)", x: 0.5633, y: 0.3211, width: 0.0178, height: 0.0172), 86),
        (TextBox("(4:18)", x: 0.5900, y: 0.3250, width: 0.0211, height: 0.0083), 96),
        (TextBox("*", x: 0.3956, y: 0.3244, width: 0.0039, height: 0.0056), 43),
        (TextBox("apt", x: 0.4006, y: 0.3233, width: 0.0717, height: 0.0172), 0),
        (TextBox("&", x: 0.4050, y: 0.3239, width: 0.0061, height: 0.0172), 15),
        (TextBox("AOE", x: 0.4117, y: 0.3256, width: 0.0406, height: 0.0161), 0),
        (TextBox("singer", x: 0.4550, y: 0.3367, width: 0.0256, height: 0.0067), 97),
        (TextBox("Language:", x: 0.4050, y: 0.3450, width: 0.0417, height: 0.0083), 97),
        (TextBox("Pashto", x: 0.4500, y: 0.3450, width: 0.0272, height: 0.0067), 97),
        (TextBox("Style:", x: 0.5050, y: 0.3450, width: 0.0211, height: 0.0089), 97),
        (TextBox("Peshawar", x: 0.5322, y: 0.3456, width: 0.0400, height: 0.0067), 97),
    ]

    static let secondReading: [Word] = [
        (TextBox("SIDE", x: 0.3961, y: 0.3111, width: 0.0206, height: 0.0067), 87),
        (TextBox("(17:40)", x: 0.4489, y: 0.3111, width: 0.0256, height: 0.0083), 92),
        (TextBox("1,", x: 0.3956, y: 0.3244, width: 0.0061, height: 0.0061), 79),
        (TextBox("Nan", x: 0.4050, y: 0.3239, width: 0.0161, height: 0.0089), 93),
        (TextBox("mai", x: 0.4239, y: 0.3256, width: 0.0150, height: 0.0050), 91),
        (TextBox("dowrai", x: 0.4417, y: 0.3233, width: 0.0289, height: 0.0072), 79),
        (TextBox("a.wolei", x: 0.4728, y: 0.3233, width: 0.0294, height: 0.0072), 30),
        (TextBox("(Today,", x: 0.5056, y: 0.3239, width: 0.0311, height: 0.0089), 51),
        (TextBox("1", x: 0.5394, y: 0.3244, width: 0.0028, height: 0.0067), 51),
        (TextBox("saw", x: 0.5450, y: 0.3267, width: 0.0161, height: 0.0044), 80),
        (TextBox("her)", x: 0.5633, y: 0.3239, width: 0.0161, height: 0.0089), 89),
        (TextBox("(4:18)", x: 0.5900, y: 0.3250, width: 0.0211, height: 0.0083), 96),
        (TextBox("Gul", x: 0.4050, y: 0.3311, width: 0.0144, height: 0.0100), 92),
        (TextBox("Zaman,", x: 0.4222, y: 0.3344, width: 0.0300, height: 0.0072), 92),
        (TextBox("as", x: 0.4550, y: 0.3344, width: 0.0256, height: 0.0178), 29),
        (TextBox("guage", x: 0.4200, y: 0.3467, width: 0.0194, height: 0.0067), 47),
        (TextBox("Style:", x: 0.5050, y: 0.3450, width: 0.0211, height: 0.0089), 96),
        (TextBox("Peshawar", x: 0.5317, y: 0.3456, width: 0.0406, height: 0.0067), 96),
    ]

    static func words(_ w: [Word]) -> [RecognizedWord] { w.map { RecognizedWord(box: $0.box, confidence: $0.confidence) } }

    /// Cream paper (the lightest channel 10 levels above luminance everywhere), the
    /// title's black print (x 0.40–0.60, y 0.325–0.333; as dark in both planes) and a
    /// red stroke under it (y 0.337–0.341): dark in luminance, paper once lifted.
    static func planes(underline: Bool) -> (page: GrayImage, lifted: GrayImage) {
        let side = 900
        func span(_ a: Double, _ b: Double) -> ClosedRange<Int> { Int(a * Double(side))...Int(b * Double(side)) }
        var page = GrayImage(width: side, height: side, fill: 190)
        var lifted = GrayImage(width: side, height: side, fill: 200)
        for y in span(0.325, 0.333) {
            for x in span(0.40, 0.60) where x % 3 != 0 { page[x, y] = 40; lifted[x, y] = 45 }
        }
        if underline {
            for y in span(0.337, 0.341) {
                for x in span(0.40, 0.58) { page[x, y] = 110; lifted[x, y] = 200 }
            }
        }
        return (page, lifted)
    }

    @Test func theUnderlinedWeakRowIsReadAgainAndTheRowsReadWellAreNot() {
        let (page, lifted) = Self.planes(underline: true)
        let found = ColourMarkRegions().regions(in: Self.words(Self.firstReading), page: page, lifted: lifted)
        try? #require(found.count == 1)
        guard let region = found.first else { return }
        // The title's row (its tall, underline-merged boxes), not the heading above or
        // the credits below, which were read at 90+.
        #expect(abs(region.row.minY - 0.3211) < 0.001 && abs(region.row.maxY - 0.3417) < 0.002)
        #expect(region.read.minY < region.row.minY && region.read.maxY > region.row.maxY)
        #expect(region.read.minX <= 0.3956 && region.read.maxX >= 0.6111, "the read region holds the whole row")
    }

    @Test func withoutAColourMarkNothingIsReadAgain() {
        let (page, lifted) = Self.planes(underline: false)
        #expect(ColourMarkRegions().regions(in: Self.words(Self.firstReading), page: page, lifted: lifted).isEmpty)
    }

    @Test func theSecondReadingReplacesTheRowOnlyAndGivesTheTrack() throws {
        let (page, lifted) = Self.planes(underline: true)
        let marks = ColourMarkRegions()
        let first = Self.words(Self.firstReading)
        let region = try #require(marks.regions(in: first, page: page, lifted: lifted).first)
        let merged = marks.merging(Self.words(Self.secondReading), into: first, row: region.row)
        let texts = Set(merged.map(\.box.text))
        #expect(texts.isSuperset(of: ["Nan", "mai", "dowrai", "SIDEONE", "Language:", "Pashto"]))
        #expect(!texts.contains("AOE") && !texts.contains("SIDE"), "the heading above keeps its first reading")
        let confidence = Dictionary(merged.map { ($0.box, $0.confidence) }, uniquingKeysWith: max)
        let tracks = SleeveParser().parse(ReadingOrder().lines(merged.map(\.box)), confidence: confidence).tracks
        #expect(tracks.first?.position == "1")
        #expect(tracks.first?.title == "Nan mai dowrai a.wolei (Today, 1 saw her)")
        #expect(tracks.first?.duration == "4:18")
        // Before: no track from this row.
        let before = SleeveParser().parse(ReadingOrder().lines(first.map(\.box)),
                                          confidence: Dictionary(first.map { ($0.box, $0.confidence) }, uniquingKeysWith: max))
        #expect(before.tracks.isEmpty)
    }

    @Test func aSecondReadingLessSureOrShorterIsRefused() {
        let first = Self.words(Self.firstReading)
        let row = Rect(x: 0.3956, y: 0.3211, width: 0.2155, height: 0.0206)
        // As sure as the first (no clear margin): refused.
        let unsure = Self.words(Self.secondReading).map { RecognizedWord(box: $0.box, confidence: 50) }
        #expect(ColourMarkRegions().merging(unsure, into: first, row: row) == first)
        // Sure but only two words of the row: most of the text lost, refused.
        let short = Self.words(Array(Self.secondReading[3...4]))
        #expect(ColourMarkRegions().merging(short, into: first, row: row) == first)
    }

    /// A phone photo of a front cover (Galaxie 500, "This Is Our Music") whose title is
    /// printed in red capitals: in the lifted plane the print itself goes, and the
    /// second reading of "& OUR" (read at 62–79) came back "&“OUR" and became the
    /// record's artist. A row whose ink is mostly lifted is print in colour, not marked.
    @Test func printInColourIsNotAMark() {
        let first: [RecognizedWord] = [
            RecognizedWord(box: TextBox("THIS", x: 0.6868, y: 0.1896, width: 0.1691, height: 0.1412), confidence: 97),
            RecognizedWord(box: TextBox("IS", x: 0.7026, y: 0.3828, width: 0.0571, height: 0.1390), confidence: 91),
            RecognizedWord(box: TextBox("OUR", x: 0.6311, y: 0.5701, width: 0.2406, height: 0.1430), confidence: 62),
            RecognizedWord(box: TextBox("&", x: 0.5889, y: 0.5872, width: 0.0061, height: 0.0117), confidence: 79),
            RecognizedWord(box: TextBox("500", x: 0.4026, y: 0.7642, width: 0.2483, height: 0.1406), confidence: 88),
            RecognizedWord(box: TextBox("MUSIC", x: 0.6781, y: 0.7642, width: 0.2631, height: 0.1406), confidence: 95),
        ]
        // White paper; the red letters of OUR (strokes a third of the box) are dark in
        // luminance and light in the lightest channel.
        let w = 400, h = 530
        var page = GrayImage(width: w, height: h, fill: 235)
        var lifted = GrayImage(width: w, height: h, fill: 240)
        for y in Int(0.5701 * Double(h))..<Int(0.7131 * Double(h)) {
            for x in Int(0.6311 * Double(w))..<Int(0.8717 * Double(w)) where x % 3 == 0 { page[x, y] = 90; lifted[x, y] = 205 }
        }
        let marks = ColourMarkRegions()
        #expect(marks.regions(in: first, page: page, lifted: lifted).isEmpty)
        let r = Rect(x: 0.5889, y: 0.5701, width: 0.2828, height: 0.1430)
        #expect(marks.liftedInkShare(of: r, page: page, lifted: lifted, threshold: marks.lift) > 0.9)
        // The underlined title's ink is black: little of it lifts.
        let (p2, l2) = Self.planes(underline: true)
        #expect(marks.liftedInkShare(of: Rect(x: 0.3956, y: 0.3211, width: 0.2155, height: 0.0206), page: p2, lifted: l2,
                                     threshold: marks.lift) < 0.5)
    }
}
