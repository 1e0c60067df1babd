import Testing
@testable import SleeveCore

/// Where the page's first reading is weak, and how a second reading of it is merged.
/// Word boxes and confidences harvested with `sleevescan words` from a phone photo of
/// a worn Electrecord back cover (photo-test-20240906-131237): the owner's coloured
/// marker underlines run under its 18 numbered titles, and the global threshold read
/// them as "TRINE", "apECAI", "Be" (titles 1 and 2 lost) while the liner notes beside
/// them read at 90+.
@Suite struct WeakTextRegionsTests {
    static func w(_ text: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ c: Double) -> RecognizedWord {
        RecognizedWord(box: TextBox(text, x: x, y: y, width: width, height: height), confidence: c)
    }

    /// The heading and the tracklist as the page-wide (Otsu) reading gave them.
    static let firstReading: [RecognizedWord] = [
        w("RENCONTRE", 0.1039, 0.0261, 0.1744, 0.0217, 96),
        w("AVEC", 0.2917, 0.0261, 0.0750, 0.0211, 96),
        w("LA", 0.3811, 0.0261, 0.0317, 0.0206, 93),
        w("ROUMANIE", 0.4267, 0.0261, 0.1517, 0.0222, 92),
        w("BANAT", 0.2428, 0.0611, 0.2011, 0.0317, 97),
        w("TRINE", 0.1311, 0.1150, 0.0344, 0.0117, 66),
        w("apECAI", 0.4578, 0.1156, 0.0500, 0.0283, 0),
        w("Us", 0.0528, 0.1167, 0.0094, 0.0089, 69),
        w("Be", 0.0672, 0.1167, 0.0317, 0.0239, 22),
        w("VALEA", 0.2272, 0.1167, 0.0372, 0.0094, 93),
        w("BISTREI", 0.2689, 0.1167, 0.0450, 0.0100, 67),
        w("PE", 0.2089, 0.1172, 0.0139, 0.0089, 93),
        w("i", 0.4339, 0.1178, 0.0161, 0.0233, 56),
        w("».", 0.4411, 0.1178, 0.0094, 0.0094, 0),
        w("UDECATA", 0.4622, 0.1183, 0.0578, 0.0111, 91),
        w("SIRBE", 0.4544, 0.1194, 0.0667, 0.0221, 59),
        w("Se", 0.4572, 0.1194, 0.0389, 0.0083, 43),
        w("DE", 0.4989, 0.1194, 0.0125, 0.0276, 88),
        w("F", 0.5169, 0.1194, 0.0111, 0.0276, 92),
        w("BADE-DE", 0.0722, 0.1289, 0.0550, 0.0344, 55),
        w("DRAGOSTEA", 0.1356, 0.1289, 0.0722, 0.0344, 84),
        w("NOASTRA", 0.2156, 0.1289, 0.0550, 0.0344, 80),
        w("2", 0.0517, 0.1306, 0.0250, 0.0233, 38),
        w("|", 0.4433, 0.1319, 0.0028, 0.0097, 59),
        w("IE", 0.4864, 0.1332, 0.0069, 0.0083, 62),
        w("DE", 0.5003, 0.1332, 0.0153, 0.0097, 62),
        w("PE", 0.5211, 0.1332, 0.0153, 0.0097, 86),
        w("VALEA", 0.5419, 0.1332, 0.0389, 0.0097, 86),
        w("BISTREL", 0.5989, 0.1346, 0.0347, 0.0097, 36),
        w("3,", 0.0517, 0.1450, 0.0100, 0.0089, 80),
        w("12.", 0.4333, 0.1461, 0.0167, 0.0094, 83),
        w("@", 0.4183, 0.1472, 0.0061, 0.0078, 67),
        w("TIN", 0.5767, 0.1484, 0.0319, 0.0097, 46),
        w("MA", 0.4433, 0.1567, 0.0333, 0.0152, 33),
        w("CIRLIGU:", 0.0672, 0.1572, 0.0489, 0.0117, 33),
        w("fi3.", 0.4200, 0.1583, 0.0300, 0.0111, 39),
        w("oes", 0.0683, 0.1589, 0.0583, 0.0233, 0),
        w("4.", 0.0511, 0.1594, 0.0100, 0.0089, 90),
        w("CARABASASCA..", 0.1011, 0.1728, 0.0650, 0.0122, 9),
        w("5.", 0.0511, 0.1733, 0.0100, 0.0089, 93),
        w("14,", 0.4328, 0.1750, 0.0167, 0.0089, 87),
        w("RICA", 0.4906, 0.1760, 0.0292, 0.0083, 63),
        w("DE", 0.5253, 0.1760, 0.0167, 0.0097, 90),
        w("UA", 0.5475, 0.1760, 0.0139, 0.0097, 67),
        w("FIERU.", 0.5683, 0.1760, 0.0347, 0.0097, 39),
        w("POROC—", 0.4522, 0.1867, 0.0583, 0.0278, 0),
        w("6.", 0.0506, 0.1872, 0.0072, 0.0089, 93),
        w("PIPERU", 0.0667, 0.1872, 0.0433, 0.0117, 93),
        w("eR", 0.4433, 0.1884, 0.0569, 0.0110, 19),
        w("15,", 0.4333, 0.1889, 0.0133, 0.0089, 67),
        w("SORO", 0.4556, 0.1889, 0.0350, 0.0100, 87),
        w("DOIN.", 0.0661, 0.2011, 0.0294, 0.0094, 94),
        w("7.", 0.0506, 0.2017, 0.0094, 0.0089, 97),
        w("16.", 0.4322, 0.2033, 0.0139, 0.0089, 93),
        w("INTOARSA", 0.4594, 0.2033, 0.0578, 0.0100, 92),
        w("PE", 0.4533, 0.2128, 0.0150, 0.0222, 55),
        w("Loc", 0.4733, 0.2128, 0.0239, 0.0222, 55),
        w("17", 0.4333, 0.2172, 0.0128, 0.0089, 96),
        w("DE", 0.4856, 0.2294, 0.0150, 0.0172, 88),
        w("DOI", 0.5072, 0.2294, 0.0222, 0.0172, 73),
        w("18.", 0.4322, 0.2317, 0.0133, 0.0089, 95),
        w("JOC", 0.4600, 0.2317, 0.0172, 0.0094, 96),
    ]

    /// The liner notes' column to the right of the tracklist, read well.
    static let linerNotes: [RecognizedWord] = [
        w("with", 0.6839, 0.1044, 0.0167, 0.0072, 97),
        w("profound", 0.7167, 0.1044, 0.0378, 0.0083, 97),
        w("a", 0.7061, 0.1072, 0.0044, 0.0044, 74),
        w("of", 0.7378, 0.1144, 0.0078, 0.0067, 96),
        w("the", 0.6844, 0.1156, 0.0122, 0.0061, 96),
        w("name", 0.7061, 0.1167, 0.0228, 0.0050, 96),
        w("(that", 0.7178, 0.1239, 0.0194, 0.0083, 91),
        w("mefopoela", 0.7439, 0.1244, 0.0439, 0.0083, 43),
        w("proper", 0.6833, 0.1256, 0.0272, 0.0072, 95),
        w("having", 0.6839, 0.1339, 0.0272, 0.0089, 97),
        w("the", 0.7183, 0.1339, 0.0128, 0.0072, 97),
        w("character", 0.7378, 0.1339, 0.0400, 0.0072, 96),
        w("form)", 0.7161, 0.1439, 0.0211, 0.0083, 96),
        w("first", 0.7461, 0.1439, 0.0150, 0.0072, 97),
        w("satory", 0.6833, 0.1450, 0.0244, 0.0072, 92),
        w("strophic", 0.7433, 0.1539, 0.0328, 0.0083, 86),
    ]

    /// The block holding the heading and the tracklist read again as one block under a
    /// local (Sauvola) threshold.
    static let secondReading: [RecognizedWord] = [
        w("BATRINESTLDE", 0.1156, 0.1156, 0.0883, 0.0139, 92),
        w("1.", 0.0533, 0.1167, 0.0083, 0.0089, 94),
        w("JOCURI", 0.0678, 0.1167, 0.0422, 0.0094, 43),
        w("PE", 0.2089, 0.1172, 0.0139, 0.0089, 93),
        w("VALEA", 0.2272, 0.1172, 0.0372, 0.0089, 92),
        w("BISTRE!", 0.2689, 0.1172, 0.0450, 0.0094, 57),
        w("10.", 0.4339, 0.1183, 0.0167, 0.0089, 90),
        w("JUDECATA", 0.4550, 0.1183, 0.0650, 0.0139, 89),
        w("MEA", 0.2483, 0.1289, 0.0644, 0.0161, 39),
        w("BISTREI", 0.5844, 0.1289, 0.0489, 0.0211, 80),
        w("2.", 0.0522, 0.1311, 0.0094, 0.0083, 93),
        w("MAICA,", 0.0683, 0.1311, 0.0106, 0.0122, 88),
        w("MAICULITA", 0.0900, 0.1311, 0.1289, 0.0133, 91),
        w("11.", 0.4339, 0.1322, 0.0161, 0.0089, 93),
        w("SIRBE", 0.4561, 0.1322, 0.0367, 0.0094, 93),
        w("DE", 0.5000, 0.1333, 0.0144, 0.0089, 97),
        w("PE", 0.5211, 0.1333, 0.0144, 0.0133, 93),
        w("VALEA", 0.5422, 0.1339, 0.0356, 0.0128, 93),
        w("RAU", 0.5461, 0.1433, 0.0228, 0.0206, 91),
        w("3.", 0.0517, 0.1450, 0.0094, 0.0089, 92),
        w("BADE_DE", 0.0678, 0.1450, 0.0594, 0.0139, 19),
        w("DRAGOSTEA", 0.1322, 0.1450, 0.0756, 0.0122, 52),
        w("NOASTRA", 0.2144, 0.1450, 0.0578, 0.0122, 92),
        w("TRANDAFIRUL", 0.4556, 0.1456, 0.1144, 0.0150, 91),
        w("12.", 0.4333, 0.1461, 0.0167, 0.0094, 92),
        w("@", 0.4183, 0.1472, 0.0089, 0.0078, 67),
        w("TINJESTE", 0.5761, 0.1483, 0.0567, 0.0133, 92),
        w("13.", 0.4200, 0.1583, 0.0300, 0.0111, 80),
        w("4.", 0.0517, 0.1594, 0.0094, 0.0083, 91),
        w("CIRLIGUL", 0.0672, 0.1594, 0.0594, 0.0133, 61),
        w("HORA-N-SAT", 0.5233, 0.1594, 0.0978, 0.0156, 51),
        w("K,", 0.6322, 0.1594, 0.0106, 0.0167, 59),
        w("MA", 0.4561, 0.1606, 0.0172, 0.0139, 91),
        w("DUSELLA", 0.4794, 0.1611, 0.0361, 0.0094, 54),
        w("DE", 0.5233, 0.1711, 0.0144, 0.0206, 97),
        w("CARABASASCA..", 0.0672, 0.1717, 0.0989, 0.0144, 65),
        w("5.", 0.0511, 0.1733, 0.0094, 0.0089, 93),
        w("14,", 0.4333, 0.1750, 0.0161, 0.0089, 73),
        w("MAZARICA", 0.4561, 0.1750, 0.0844, 0.0144, 91),
        w("LA", 0.5472, 0.1761, 0.0139, 0.0094, 93),
        w("FIERU", 0.5678, 0.1767, 0.0344, 0.0094, 92),
        w("SORO", 0.4594, 0.1850, 0.0283, 0.0200, 27),
        w("G28", 0.4928, 0.1850, 0.0183, 0.0200, 0),
        w("6.", 0.0511, 0.1872, 0.0094, 0.0089, 92),
        w("PIPERU_", 0.0667, 0.1872, 0.0483, 0.0117, 35),
        w("115:", 0.4333, 0.1889, 0.0161, 0.0089, 3),
        w("eeerrermres", 0.5139, 0.1889, 0.0928, 0.0039, 0),
        w("DE", 0.1122, 0.1972, 0.0150, 0.0200, 95),
        w("7.", 0.0506, 0.2017, 0.0094, 0.0089, 93),
        w("DOINA", 0.0661, 0.2017, 0.0600, 0.0133, 92),
        w("LA", 0.1339, 0.2017, 0.0133, 0.0094, 90),
        w("MARGA", 0.1478, 0.2017, 0.0489, 0.0117, 90),
        w("16.", 0.4322, 0.2033, 0.0172, 0.0089, 93),
        w("INTOARSA", 0.4556, 0.2033, 0.0617, 0.0144, 92),
        w("PETROSNENILOR", 0.1078, 0.2156, 0.1044, 0.0144, 91),
        w("PETOc.", 0.4528, 0.2156, 0.0494, 0.0128, 28),
        w("8.", 0.0506, 0.2161, 0.0094, 0.0083, 92),
        w("BRIUL", 0.0661, 0.2161, 0.0350, 0.0128, 92),
        w("17", 0.4333, 0.2172, 0.0128, 0.0089, 92),
        w("CERE", 0.1289, 0.2256, 0.0300, 0.0200, 81),
        w("INEL", 0.1656, 0.2256, 0.0300, 0.0200, 72),
        w("S—URITU-MI", 0.0506, 0.2278, 0.1428, 0.0156, 0),
        w("10.J0CIDE-DO!", 0.4322, 0.2317, 0.0956, 0.0128, 0),
        w("amen", 0.3389, 0.2322, 0.0778, 0.0017, 7),
        w("»", 0.2067, 0.2333, 0.0078, 0.0072, 72),
    ]

    static let block = Rect(x: 0.0506, y: 0.0261, width: 0.5933, height: 0.2911)

    @Test func theTracklistIsAWeakRegionAndTheNotesBesideItAreNot() throws {
        let regions = WeakTextRegions().regions(in: Self.firstReading + Self.linerNotes, aspectRatio: 1)
        let region = try #require(regions.first)
        for text in ["TRINE", "CIRLIGU:", "PIPERU", "SORO", "INTOARSA"] {
            let word = try #require(Self.firstReading.first { $0.box.text == text })
            #expect(WeakTextRegions.centre(of: word, isIn: region), "\(text)")
        }
        #expect(!regions.contains { r in Self.linerNotes.contains { WeakTextRegions.centre(of: $0, isIn: r) } })
        // Grown to whole words: no word of the first reading is cut by its edge.
        for word in Self.firstReading + Self.linerNotes {
            let r = word.box.rect
            let inside = r.minX >= region.minX && r.maxX <= region.maxX && r.minY >= region.minY && r.maxY <= region.maxY
            let outside = r.maxX <= region.minX || r.minX >= region.maxX || r.maxY <= region.minY || r.minY >= region.maxY
            #expect(inside || outside, "\(word.box.text)")
        }
    }

    @Test func aPageReadWellIsNotReadAgain() {
        let clean = Self.linerNotes.map { RecognizedWord(box: $0.box, confidence: 92) }
        #expect(WeakTextRegions().regions(in: clean, aspectRatio: 1).isEmpty)
    }

    @Test func eachBandOfRowsKeepsItsBetterReading() {
        let merged = WeakTextRegions().merging(Self.secondReading, into: Self.firstReading + Self.linerNotes, in: Self.block)
        let texts = Set(merged.map(\.box.text))
        // Titles 1-5 and 10-14: the second reading is clearly more confident there.
        for text in ["JOCURI", "MAICULITA", "JUDECATA", "TRANDAFIRUL", "MAZARICA", "CIRLIGUL"] {
            #expect(texts.contains(text), "\(text)")
        }
        #expect(!texts.contains("apECAI") && !texts.contains("TRINE"))
        // Title 8, which the first reading did not find at all, comes from the
        // second in its column, while the right column's rows 17 and 18 beside it
        // (garbled by the second reading: "10.J0CIDE-DO!") keep the first.
        #expect(texts.contains("BRIUL") && texts.contains("PETROSNENILOR"))
        #expect(texts.contains("JOC") && !texts.contains("10.J0CIDE-DO!"))
        // The heading the second reading lost keeps the first reading.
        for text in ["RENCONTRE", "ROUMANIE", "BANAT"] {
            #expect(texts.contains(text), "\(text)")
        }
        // Outside the block nothing changes.
        #expect(Self.linerNotes.allSatisfy { merged.contains($0) })
        // No word is there twice.
        #expect(merged.count == Set(merged).count)
    }

    @Test func aSecondReadingThatIsLessSureOrLosesTextIsRefused() {
        let region = Rect(x: 0, y: 0, width: 1, height: 1)
        let first = [Self.w("16.", 0.43, 0.20, 0.02, 0.01, 93), Self.w("INTOARSA", 0.46, 0.20, 0.06, 0.01, 92)]
        // Less sure of the same row.
        let unsure = [Self.w("16.", 0.43, 0.20, 0.02, 0.01, 60), Self.w("INTOARSA", 0.46, 0.20, 0.06, 0.01, 70)]
        #expect(Set(WeakTextRegions().merging(unsure, into: first, in: region)) == Set(first))
        // Sure, but of less than the text the first reading held.
        let weakFirst = first.map { RecognizedWord(box: $0.box, confidence: 40) }
        let lost = [Self.w("16.", 0.43, 0.20, 0.02, 0.01, 95)]
        #expect(Set(WeakTextRegions().merging(lost, into: weakFirst, in: region)) == Set(weakFirst))
        // Sure, and of the whole row: taken.
        #expect(Set(WeakTextRegions().merging(first, into: weakFirst, in: region)) == Set(first))
    }

    @Test func textOnlyTheSecondReadingFoundMustBeReadSurely() {
        let region = Rect(x: 0, y: 0, width: 1, height: 1)
        let sure = [Self.w("8.", 0.05, 0.21, 0.01, 0.01, 92), Self.w("BRIUL", 0.07, 0.21, 0.04, 0.01, 92)]
        let unsure = [Self.w("S—URITU-MI", 0.05, 0.23, 0.14, 0.015, 0), Self.w("»", 0.21, 0.23, 0.01, 0.01, 72)]
        let merged = WeakTextRegions().merging(sure + unsure, into: [], in: region)
        #expect(Set(merged) == Set(sure))
    }
}
