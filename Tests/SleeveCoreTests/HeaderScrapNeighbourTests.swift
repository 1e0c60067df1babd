import Testing
@testable import SleeveCore

/// A large title beside scraps of a picture: a word of smaller type on the title's row
/// makes the title "a piece of a line of small print" only when that word was read as
/// print. Word boxes from `sleevescan words` on a gathered photo, before the rule.
@Suite struct HeaderScrapNeighbourTests {
    typealias Word = RealSleeveTests.Word

    /// The Smiths' "Rank" held up in a radio station's record library (gathered set,
    /// album-wiz IMG_5369): THE / SMITHS stacked above "“RANK", the
    /// largest type, with a handwritten review card and a doodle beside it. "tule" (35)
    /// and "Ek" (24), scraps of the card read on RANK's row, made RANK look like an
    /// inflated piece of body text, so the title was null.
    static let rankBesideScraps: [Word] = [
        (TextBox("THE", x: 0.1058, y: 0.0291, width: 0.1500, height: 0.0624), 97),
        (TextBox("Li", x: 0.6572, y: 0.0433, width: 0.0089, height: 0.0094), 36),
        (TextBox("Lg", x: 0.7011, y: 0.0461, width: 0.0389, height: 0.0156), 0),
        (TextBox("af", x: 0.9883, y: 0.0767, width: 0.0117, height: 0.0033), 38),
        (TextBox("_", x: 0.0417, y: 0.0867, width: 0.0022, height: 0.0039), 60),
        (TextBox("—-", x: 0.6087, y: 0.1063, width: 0.0838, height: 0.0110), 13),
        (TextBox("Pig", x: 0.5256, y: 0.1222, width: 0.0689, height: 0.0356), 16),
        (TextBox("SMITHS", x: 0.0972, y: 0.1361, width: 0.2822, height: 0.0639), 96),
        (TextBox("fo", x: 0.4522, y: 0.1567, width: 0.0722, height: 0.0511), 23),
        (TextBox("&", x: 0.4083, y: 0.1822, width: 0.0106, height: 0.0056), 72),
        (TextBox("~", x: 0.5450, y: 0.2150, width: 0.0072, height: 0.0028), 42),
        (TextBox("Te", x: 0.6504, y: 0.2430, width: 0.0407, height: 0.0059), 37),
        (TextBox("—", x: 0.6278, y: 0.2861, width: 0.0544, height: 0.0328), 11),
        (TextBox("“RANK", x: 0.0894, y: 0.2926, width: 0.2650, height: 0.0809), 96),
        (TextBox("PY", x: 0.6828, y: 0.2944, width: 0.0283, height: 0.0428), 25),
        (TextBox("\\", x: 0.4483, y: 0.3006, width: 0.0044, height: 0.0167), 52),
        (TextBox("tule", x: 0.3589, y: 0.3478, width: 0.0122, height: 0.0050), 35),
        (TextBox("Ek", x: 0.3100, y: 0.3539, width: 0.0178, height: 0.0089), 24),
        (TextBox("e", x: 0.7422, y: 0.3583, width: 0.0044, height: 0.0056), 0),
        (TextBox("—", x: 0.5256, y: 0.3611, width: 0.0150, height: 0.0072), 26),
        (TextBox("ih", x: 0.6383, y: 0.3678, width: 0.0361, height: 0.0189), 19),
        (TextBox("ware”,", x: 0.2956, y: 0.3722, width: 0.0483, height: 0.0211), 22),
        (TextBox("a", x: 0.2365, y: 0.3828, width: 0.0053, height: 0.0053), 59),
        (TextBox("ae", x: 0.2504, y: 0.3828, width: 0.0245, height: 0.0117), 32),
        (TextBox("ten", x: 0.2770, y: 0.3892, width: 0.0469, height: 0.0106), 31),
        (TextBox("(ee", x: 0.2482, y: 0.3934, width: 0.0107, height: 0.0085), 49),
        (TextBox("=", x: 0.2834, y: 0.4062, width: 0.0330, height: 0.0117), 0),
        (TextBox("—_*", x: 0.6344, y: 0.4072, width: 0.0311, height: 0.0061), 11),
        (TextBox("rao", x: 0.2205, y: 0.4083, width: 0.0224, height: 0.0053), 43),
        (TextBox("~~.", x: 0.6739, y: 0.4122, width: 0.0322, height: 0.0067), 0),
        (TextBox("re", x: 0.8878, y: 0.4133, width: 0.0078, height: 0.0044), 27),
        (TextBox("but", x: 0.1178, y: 0.4183, width: 0.0206, height: 0.0222), 37),
        (TextBox("ane", x: 0.1456, y: 0.4183, width: 0.0189, height: 0.0222), 46),
        (TextBox("=e", x: 0.2878, y: 0.4194, width: 0.0467, height: 0.0322), 35),
        (TextBox("tay", x: 0.1722, y: 0.4228, width: 0.0217, height: 0.0156), 51),
        (TextBox("“4", x: 0.2011, y: 0.4256, width: 0.0217, height: 0.0150), 55),
        (TextBox("oe", x: 0.2094, y: 0.4394, width: 0.0550, height: 0.0289), 41),
        (TextBox("pith", x: 0.6406, y: 0.4433, width: 0.0450, height: 0.0161), 20),
        (TextBox("ler", x: 0.1856, y: 0.4439, width: 0.0178, height: 0.0094), 0),
        (TextBox("%", x: 0.2733, y: 0.4439, width: 0.0089, height: 0.0094), 66),
        (TextBox("Che'r", x: 0.1450, y: 0.4450, width: 0.0317, height: 0.0083), 0),
        (TextBox("jo)", x: 0.1211, y: 0.4467, width: 0.0139, height: 0.0083), 41),
        (TextBox("I", x: 0.2950, y: 0.4556, width: 0.0211, height: 0.0122), 42),
        (TextBox("fo", x: 0.1906, y: 0.4561, width: 0.0100, height: 0.0294), 23),
        (TextBox("sip", x: 0.2100, y: 0.4561, width: 0.0289, height: 0.0294), 28),
        (TextBox("Ove?", x: 0.1622, y: 0.4600, width: 0.0278, height: 0.0094), 55),
        (TextBox("estade", x: 0.1178, y: 0.4622, width: 0.0344, height: 0.0083), 10),
        (TextBox("we", x: 0.1678, y: 0.4733, width: 0.0189, height: 0.0078), 29),
        (TextBox("lone,", x: 0.2811, y: 0.4733, width: 0.0250, height: 0.0106), 85),
        (TextBox("teotks", x: 0.1828, y: 0.4844, width: 0.0489, height: 0.0133), 0),
        (TextBox("ff", x: 0.1156, y: 0.4867, width: 0.0056, height: 0.0044), 55),
        (TextBox("«", x: 0.1711, y: 0.4894, width: 0.0056, height: 0.0067), 2),
        (TextBox("md", x: 0.1972, y: 0.5083, width: 0.0139, height: 0.0044), 47),
        (TextBox("Pieese,", x: 0.2500, y: 0.5144, width: 0.0400, height: 0.0233), 0),
        (TextBox("peu", x: 0.2967, y: 0.5144, width: 0.0233, height: 0.0233), 7),
        (TextBox("prea", x: 0.2072, y: 0.5156, width: 0.0239, height: 0.0033), 0),
        (TextBox(",", x: 0.2406, y: 0.5278, width: 0.0044, height: 0.0072), 34),
        (TextBox("y", x: 0.3311, y: 0.5300, width: 0.0017, height: 0.0033), 5),
        (TextBox("S04", x: 0.2344, y: 0.5328, width: 0.0200, height: 0.0217), 58),
        (TextBox("those", x: 0.2617, y: 0.5328, width: 0.0367, height: 0.0217), 88),
        (TextBox("i.", x: 0.9367, y: 0.5333, width: 0.0067, height: 0.0178), 13),
        (TextBox("i", x: 0.5972, y: 0.5356, width: 0.0339, height: 0.0322), 16),
        (TextBox("ad", x: 0.1989, y: 0.5383, width: 0.0272, height: 0.0139), 58),
        (TextBox("ee", x: 0.9417, y: 0.5456, width: 0.0106, height: 0.0056), 33),
        (TextBox("Mine,", x: 0.2450, y: 0.5544, width: 0.0428, height: 0.0139), 32),
        (TextBox("y~", x: 0.4911, y: 0.5778, width: 0.0139, height: 0.0067), 83),
        (TextBox("~}", x: 0.6756, y: 0.5778, width: 0.0122, height: 0.0033), 3),
        (TextBox("ings", x: 0.4361, y: 0.5844, width: 0.0672, height: 0.0217), 32),
        (TextBox("ms,", x: 0.6611, y: 0.5850, width: 0.0111, height: 0.0039), 17),
        (TextBox("a", x: 0.1722, y: 0.5967, width: 0.0061, height: 0.0056), 41),
        (TextBox("ans", x: 0.1828, y: 0.5967, width: 0.0483, height: 0.0200), 35),
        (TextBox("fal", x: 0.3417, y: 0.6022, width: 0.0217, height: 0.0083), 17),
        (TextBox("|", x: 0.2456, y: 0.6056, width: 0.0033, height: 0.0039), 28),
        (TextBox("ot,", x: 0.3650, y: 0.6144, width: 0.0272, height: 0.0061), 0),
        (TextBox("Faas", x: 0.5389, y: 0.6183, width: 0.0389, height: 0.0322), 26),
        (TextBox("re", x: 0.3078, y: 0.6300, width: 0.0194, height: 0.0194), 34),
        (TextBox("oe", x: 0.4072, y: 0.6544, width: 0.0144, height: 0.0083), 63),
        (TextBox("~", x: 0.5017, y: 0.6900, width: 0.0211, height: 0.0056), 30),
        (TextBox("a", x: 0.4422, y: 0.6972, width: 0.0094, height: 0.0056), 31),
        (TextBox("rie)", x: 0.1733, y: 0.7106, width: 0.0117, height: 0.0072), 12),
        (TextBox("ae", x: 0.2206, y: 0.7133, width: 0.0233, height: 0.0094), 42),
        (TextBox("td", x: 0.5550, y: 0.7239, width: 0.0089, height: 0.0078), 45),
        (TextBox("Be", x: 0.2172, y: 0.9500, width: 0.0044, height: 0.0033), 33),
    ]

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
