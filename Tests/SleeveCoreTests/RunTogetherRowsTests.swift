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
    /// Handwriting is no column of print: nothing is read again.
    static let handwrittenCard: [Word] = [
        (TextBox("—", x: 0.1972, y: 0.0252, width: 0.0111, height: 0.0036), 37),
        (TextBox("6", x: 0.1006, y: 0.0261, width: 0.0039, height: 0.0054), 62),
        (TextBox("ore", x: 0.1600, y: 0.0270, width: 0.0122, height: 0.0045), 13),
        (TextBox("wah", x: 0.0633, y: 0.0279, width: 0.0261, height: 0.0072), 36),
        (TextBox("4", x: 0.0439, y: 0.0306, width: 0.0022, height: 0.0027), 29),
        (TextBox("what", x: 0.2022, y: 0.0468, width: 0.0144, height: 0.0063), 51),
        (TextBox("Th", x: 0.1667, y: 0.0477, width: 0.0094, height: 0.0045), 77),
        (TextBox("RAMEE", x: 0.0356, y: 0.0486, width: 0.0383, height: 0.0090), 32),
        (TextBox("Again", x: 0.0828, y: 0.0504, width: 0.0033, height: 0.0045), 66),
        (TextBox("pas", x: 0.1050, y: 0.0504, width: 0.0161, height: 0.0054), 54),
        (TextBox("bs", x: 0.1500, y: 0.0540, width: 0.0011, height: 0.0027), 50),
        (TextBox("tue", x: 0.2122, y: 0.0576, width: 0.0133, height: 0.0252), 63),
        (TextBox("ae", x: 0.1289, y: 0.0674, width: 0.0144, height: 0.0090), 53),
        (TextBox("tee", x: 0.1683, y: 0.0674, width: 0.0161, height: 0.0063), 31),
        (TextBox("Heck", x: 0.0317, y: 0.0692, width: 0.0256, height: 0.0090), 37),
        (TextBox("wa", x: 0.1950, y: 0.0692, width: 0.0122, height: 0.0054), 63),
        (TextBox("a", x: 0.1572, y: 0.0701, width: 0.0022, height: 0.0045), 71),
        (TextBox("Galaaic", x: 0.0783, y: 0.0710, width: 0.0433, height: 0.0081), 14),
        (TextBox("&", x: 0.0628, y: 0.0719, width: 0.0094, height: 0.0081), 9),
        (TextBox("datadone", x: 0.1444, y: 0.0881, width: 0.0544, height: 0.0081), 26),
        (TextBox("ben", x: 0.0872, y: 0.0890, width: 0.0172, height: 0.0072), 49),
        (TextBox("pees", x: 0.0344, y: 0.0899, width: 0.0217, height: 0.0108), 37),
        (TextBox("B", x: 0.0761, y: 0.0899, width: 0.0039, height: 0.0063), 0),
        (TextBox("tyhel", x: 0.1161, y: 0.0899, width: 0.0211, height: 0.0054), 17),
        (TextBox("Oe", x: 0.2228, y: 0.0899, width: 0.0094, height: 0.0063), 56),
        (TextBox("we", x: 0.2083, y: 0.0908, width: 0.0111, height: 0.0036), 42),
        (TextBox("etme,", x: 0.0722, y: 0.0980, width: 0.0311, height: 0.0252), 54),
        (TextBox("Beavdy", x: 0.1494, y: 0.1025, width: 0.0283, height: 0.0108), 0),
        (TextBox("glass", x: 0.1144, y: 0.1034, width: 0.0228, height: 0.0117), 15),
        (TextBox("weed", x: 0.0472, y: 0.1061, width: 0.0211, height: 0.0090), 35),
        (TextBox("may", x: 0.2233, y: 0.1079, width: 0.0194, height: 0.0072), 49),
        (TextBox("acPtactioy,", x: 0.0389, y: 0.1187, width: 0.0644, height: 0.0189), 0),
        (TextBox("yer", x: 0.1500, y: 0.1241, width: 0.0156, height: 0.0090), 49),
        (TextBox("nacdé", x: 0.2289, y: 0.1241, width: 0.0283, height: 0.0081), 30),
        (TextBox("Aw", x: 0.1728, y: 0.1259, width: 0.0156, height: 0.0054), 52),
        (TextBox("p", x: 0.0300, y: 0.1295, width: 0.0022, height: 0.0036), 51),
        (TextBox("Revel", x: 0.1756, y: 0.1412, width: 0.0283, height: 0.0072), 74),
        (TextBox("pheas", x: 0.0894, y: 0.1421, width: 0.0228, height: 0.0135), 0),
        (TextBox("os", x: 0.2322, y: 0.1421, width: 0.0100, height: 0.0063), 69),
        (TextBox("eke", x: 0.0628, y: 0.1430, width: 0.0167, height: 0.0090), 51),
        (TextBox("as", x: 0.1239, y: 0.1439, width: 0.0106, height: 0.0072), 56),
        (TextBox("0", x: 0.0317, y: 0.1475, width: 0.0072, height: 0.0045), 29),
        (TextBox("ahry", x: 0.0622, y: 0.1520, width: 0.0211, height: 0.0225), 28),
        (TextBox("“alien", x: 0.0883, y: 0.1520, width: 0.0333, height: 0.0225), 33),
        (TextBox("Le", x: 0.2017, y: 0.1520, width: 0.0133, height: 0.0225), 43),
        (TextBox("CRU", x: 0.1783, y: 0.1592, width: 0.0256, height: 0.0090), 63),
        (TextBox("ne", x: 0.2194, y: 0.1610, width: 0.0128, height: 0.0045), 44),
        (TextBox("/e", x: 0.1306, y: 0.1619, width: 0.0061, height: 0.0036), 0),
        (TextBox("Se", x: 0.0478, y: 0.1637, width: 0.0072, height: 0.0036), 72),
        (TextBox("=", x: 0.1456, y: 0.1637, width: 0.0017, height: 0.0018), 23),
        (TextBox("=", x: 0.1717, y: 0.1637, width: 0.0022, height: 0.0018), 16),
        (TextBox("~", x: 0.0367, y: 0.1664, width: 0.0011, height: 0.0018), 7),
        (TextBox("mapemiativg.,", x: 0.0228, y: 0.1754, width: 0.0661, height: 0.0144), 8),
        (TextBox("TheoAy", x: 0.0950, y: 0.1754, width: 0.0533, height: 0.0189), 49),
        (TextBox("they", x: 0.1883, y: 0.1781, width: 0.0217, height: 0.0135), 94),
        (TextBox("AQ", x: 0.2361, y: 0.1790, width: 0.0133, height: 0.0081), 84),
        (TextBox("wary", x: 0.1572, y: 0.1808, width: 0.0233, height: 0.0117), 66),
        (TextBox("live", x: 0.1467, y: 0.2005, width: 0.0261, height: 0.0162), 46),
        (TextBox("belten", x: 0.0800, y: 0.2041, width: 0.0411, height: 0.0153), 7),
        (TextBox("¢", x: 0.1311, y: 0.2041, width: 0.0078, height: 0.0117), 0),
        (TextBox("on", x: 0.1806, y: 0.2059, width: 0.0333, height: 0.0126), 49),
        (TextBox("Sct", x: 0.0228, y: 0.2068, width: 0.0178, height: 0.0117), 50),
        (TextBox("pny", x: 0.0494, y: 0.2086, width: 0.0200, height: 0.0171), 3),
    ]

    @Test func tallScrapsOfHandwritingAreNotReadAgain() {
        #expect(RunTogetherRows().regions(in: Self.words(Self.handwrittenCard), aspectRatio: 3024.0 / 4032).isEmpty)
    }
}
