import Testing
@testable import SleeveCore

/// Rows of a numbered list the sparse reading cut short, found and completed by a
/// reading of the row as one line (word boxes and confidences harvested with
/// `sleevescan words`; the line readings with the reader's own single-line pass).
@Suite struct CutShortRowsTests {
    typealias Word = (box: TextBox, confidence: Double)

    static func words(_ w: [Word]) -> [RecognizedWord] { w.map { RecognizedWord(box: $0.box, confidence: $0.confidence) } }

    /// The Electrecord back (photo-test-20240906-131237; the rectified page is 0.958 as
    /// wide as tall), its two columns of numbered titles, each underlined in marker by
    /// the owner. Row 7 is "7. DOINA DE LA MARGA"; the engine returned "7." and "DOIN."
    /// at confidence 97 and 94, and nothing of the rest.
    static let aspectRatio = 0.958
    static let twoColumnList: [Word] = [
        (TextBox("BATRINESTLDE", x: 0.1156, y: 0.1156, width: 0.0883, height: 0.0139), 92),
        (TextBox("1.", x: 0.0533, y: 0.1167, width: 0.0083, height: 0.0089), 94),
        (TextBox("JOCURI", x: 0.0678, y: 0.1167, width: 0.0422, height: 0.0094), 43),
        (TextBox("PE", x: 0.2089, y: 0.1172, width: 0.0139, height: 0.0089), 93),
        (TextBox("VALEA", x: 0.2272, y: 0.1172, width: 0.0372, height: 0.0089), 92),
        (TextBox("BISTRE!", x: 0.2689, y: 0.1172, width: 0.0450, height: 0.0094), 57),
        (TextBox("10.", x: 0.4339, y: 0.1183, width: 0.0167, height: 0.0089), 90),
        (TextBox("JUDECATA", x: 0.4550, y: 0.1183, width: 0.0650, height: 0.0139), 89),
        (TextBox("MEA", x: 0.2483, y: 0.1289, width: 0.0644, height: 0.0161), 39),
        (TextBox("BISTREI", x: 0.5844, y: 0.1289, width: 0.0489, height: 0.0211), 80),
        (TextBox("2.", x: 0.0522, y: 0.1311, width: 0.0094, height: 0.0083), 93),
        (TextBox("MAICA,", x: 0.0683, y: 0.1311, width: 0.0106, height: 0.0122), 88),
        (TextBox("MAICULITA", x: 0.0900, y: 0.1311, width: 0.1289, height: 0.0133), 91),
        (TextBox("11.", x: 0.4339, y: 0.1322, width: 0.0161, height: 0.0089), 93),
        (TextBox("SIRBE", x: 0.4561, y: 0.1322, width: 0.0367, height: 0.0094), 93),
        (TextBox("DE", x: 0.5000, y: 0.1333, width: 0.0144, height: 0.0089), 97),
        (TextBox("PE", x: 0.5211, y: 0.1333, width: 0.0144, height: 0.0133), 93),
        (TextBox("VALEA", x: 0.5422, y: 0.1339, width: 0.0356, height: 0.0128), 93),
        (TextBox("RAU", x: 0.5461, y: 0.1433, width: 0.0228, height: 0.0206), 91),
        (TextBox("3.", x: 0.0517, y: 0.1450, width: 0.0094, height: 0.0089), 92),
        (TextBox("BADE_DE", x: 0.0678, y: 0.1450, width: 0.0594, height: 0.0139), 19),
        (TextBox("DRAGOSTEA", x: 0.1322, y: 0.1450, width: 0.0756, height: 0.0122), 52),
        (TextBox("NOASTRA", x: 0.2144, y: 0.1450, width: 0.0578, height: 0.0122), 92),
        (TextBox("TRANDAFIRUL", x: 0.4556, y: 0.1456, width: 0.1144, height: 0.0150), 91),
        (TextBox("12.", x: 0.4333, y: 0.1461, width: 0.0167, height: 0.0094), 92),
        (TextBox("@", x: 0.4183, y: 0.1472, width: 0.0089, height: 0.0078), 67),
        (TextBox("TINJESTE", x: 0.5761, y: 0.1483, width: 0.0567, height: 0.0133), 92),
        (TextBox("13.", x: 0.4200, y: 0.1583, width: 0.0300, height: 0.0111), 80),
        (TextBox("4.", x: 0.0517, y: 0.1594, width: 0.0094, height: 0.0083), 91),
        (TextBox("CIRLIGUL", x: 0.0672, y: 0.1594, width: 0.0594, height: 0.0133), 61),
        (TextBox("HORA-N-SAT", x: 0.5233, y: 0.1594, width: 0.0978, height: 0.0156), 51),
        (TextBox("MA", x: 0.4561, y: 0.1606, width: 0.0172, height: 0.0139), 91),
        (TextBox("DUSELLA", x: 0.4794, y: 0.1611, width: 0.0361, height: 0.0094), 54),
        (TextBox("DE", x: 0.5233, y: 0.1711, width: 0.0144, height: 0.0206), 97),
        (TextBox("CARABASASCA..", x: 0.0672, y: 0.1717, width: 0.0989, height: 0.0144), 65),
        (TextBox("5.", x: 0.0511, y: 0.1733, width: 0.0094, height: 0.0089), 93),
        (TextBox("14,", x: 0.4333, y: 0.1750, width: 0.0161, height: 0.0089), 73),
        (TextBox("MAZARICA", x: 0.4561, y: 0.1750, width: 0.0844, height: 0.0144), 91),
        (TextBox("LA", x: 0.5472, y: 0.1761, width: 0.0139, height: 0.0094), 93),
        (TextBox("FIERU", x: 0.5678, y: 0.1767, width: 0.0344, height: 0.0094), 92),
        (TextBox("POROC—", x: 0.4522, y: 0.1867, width: 0.0583, height: 0.0278), 0),
        (TextBox("6.", x: 0.0506, y: 0.1872, width: 0.0072, height: 0.0089), 93),
        (TextBox("PIPERU", x: 0.0667, y: 0.1872, width: 0.0433, height: 0.0117), 93),
        (TextBox("15,", x: 0.4333, y: 0.1889, width: 0.0133, height: 0.0089), 67),
        (TextBox("SORO", x: 0.4556, y: 0.1889, width: 0.0350, height: 0.0100), 87),
        (TextBox("DOIN.", x: 0.0661, y: 0.2011, width: 0.0294, height: 0.0094), 94),
        (TextBox("7.", x: 0.0506, y: 0.2017, width: 0.0094, height: 0.0089), 97),
        (TextBox("16.", x: 0.4322, y: 0.2033, width: 0.0139, height: 0.0089), 93),
        (TextBox("INTOARSA", x: 0.4594, y: 0.2033, width: 0.0578, height: 0.0100), 92),
        (TextBox("PE", x: 0.4533, y: 0.2128, width: 0.0150, height: 0.0222), 55),
        (TextBox("Loc", x: 0.4733, y: 0.2128, width: 0.0239, height: 0.0222), 55),
        (TextBox("PETROSNENILOR", x: 0.1078, y: 0.2156, width: 0.1044, height: 0.0144), 91),
        (TextBox("8.", x: 0.0506, y: 0.2161, width: 0.0094, height: 0.0083), 92),
        (TextBox("BRIUL", x: 0.0661, y: 0.2161, width: 0.0350, height: 0.0128), 92),
        (TextBox("17", x: 0.4333, y: 0.2172, width: 0.0128, height: 0.0089), 96),
        (TextBox("CERE", x: 0.1289, y: 0.2256, width: 0.0300, height: 0.0200), 81),
        (TextBox("INEL", x: 0.1656, y: 0.2256, width: 0.0300, height: 0.0200), 72),
        (TextBox("S—URITU-MI", x: 0.0506, y: 0.2278, width: 0.1428, height: 0.0156), 0),
        (TextBox("DE", x: 0.4856, y: 0.2294, width: 0.0150, height: 0.0172), 88),
        (TextBox("DOI", x: 0.5072, y: 0.2294, width: 0.0222, height: 0.0172), 73),
        (TextBox("18.", x: 0.4322, y: 0.2317, width: 0.0133, height: 0.0089), 95),
        (TextBox("JOC", x: 0.4600, y: 0.2317, width: 0.0172, height: 0.0094), 96),
        (TextBox("»", x: 0.2067, y: 0.2333, width: 0.0078, height: 0.0072), 72),
        (TextBox("{-«", x: 0.0194, y: 0.2411, width: 0.0144, height: 0.0117), 18),
    ]

    /// Row 7 read again as one line by the reader (tesseract's single-line mode on the
    /// row's crop), in page coordinates. The box of "DOINA" spans the whole run.
    static let row7AsALine: [Word] = [
        (TextBox("7.", x: 0.0506, y: 0.2017, width: 0.0094, height: 0.0089), 92),
        (TextBox("DOINA", x: 0.0661, y: 0.1972, width: 0.1306, height: 0.0178), 91),
        (TextBox("DE", x: 0.1117, y: 0.1972, width: 0.0156, height: 0.0178), 96),
        (TextBox("LA", x: 0.1339, y: 0.1972, width: 0.0156, height: 0.0178), 93),
        (TextBox("MARGA", x: 0.1561, y: 0.1972, width: 0.0406, height: 0.0178), 90),
    ]

    static func row7(_ words: [RecognizedWord]) -> CutShortRows.Row? {
        CutShortRows().rows(in: words, aspectRatio: aspectRatio).first { $0.first.map(\.box.text) == ["7.", "DOIN."] }
    }

    static func title(of position: String, in words: [RecognizedWord]) -> String? {
        let confidence = Dictionary(words.map { ($0.box, $0.confidence) }, uniquingKeysWith: max)
        var order = ReadingOrder()
        order.aspectRatio = aspectRatio
        return SleeveParser().parse(order.lines(words.map(\.box)), confidence: confidence)
            .tracks.first { $0.position == position }?.title
    }

    @Test func aListRowCutShortIsReadAgainToTheNextColumn() throws {
        let words = Self.words(Self.twoColumnList)
        #expect(Self.title(of: "7", in: words) == "DOIN")
        let row = try #require(Self.row7(words))
        // From the position to a line height before the next column's "16.".
        #expect(row.read.minX <= 0.0506 && row.read.maxX >= 0.30 && row.read.maxX < 0.4322, "\(row.read)")
        #expect(row.read.minY < 0.2011 && row.read.maxY > 0.2017 + 0.0089 && row.read.maxY < 0.2161 + 0.0083, "\(row.read)")
        let merged = CutShortRows().merging(Self.words(Self.row7AsALine), into: words, row: row, aspectRatio: Self.aspectRatio)
        #expect(Self.title(of: "7", in: merged) == "DOINA DE LA MARGA")
        // The other rows are as they were.
        #expect(Self.title(of: "8", in: merged) == Self.title(of: "8", in: words))
        #expect(merged.count == words.count - 2 + 5)
    }

    @Test func aLineReadingThatDoesNotRepeatTheFirstIsRefused() throws {
        let words = Self.words(Self.twoColumnList)
        let row = try #require(Self.row7(words))
        // Another position: the line reading is not the same row.
        var other = Self.row7AsALine
        other[0].box.text = "1."
        #expect(CutShortRows().merging(Self.words(other), into: words, row: row, aspectRatio: Self.aspectRatio) == words)
        // Words added weakly (the marker under them read as letters) are not taken.
        var weak = Self.row7AsALine
        weak[4].confidence = 40
        #expect(CutShortRows().merging(Self.words(weak), into: words, row: row, aspectRatio: Self.aspectRatio) == words)
        // Nothing added: the first reading stays.
        #expect(CutShortRows().merging(Self.words(Array(Self.row7AsALine.prefix(1))), into: words, row: row,
                                       aspectRatio: Self.aspectRatio) == words)
    }

    @Test func numbersNotStackedAtOneEdgeAreNoList() {
        // The same rows with each position moved by a few line heights across: no
        // three of them start at one edge.
        let scattered = Self.twoColumnList.enumerated().map { i, w -> Word in
            guard TrackPosition.parse(w.box.text) != nil else { return w }
            var m = w
            m.box.rect = Rect(x: w.box.rect.minX + Double(i % 7) * 0.03, y: w.box.rect.minY, width: w.box.rect.width, height: w.box.rect.height)
            return m
        }
        #expect(CutShortRows().rows(in: Self.words(scattered), aspectRatio: Self.aspectRatio).isEmpty)
    }

    @Test func aRowEndingInADurationIsComplete() {
        let list: [Word] = [
            (TextBox("1.", x: 0.10, y: 0.50, width: 0.01, height: 0.01), 95),
            (TextBox("Intro", x: 0.12, y: 0.50, width: 0.04, height: 0.01), 95),
            (TextBox("3:12", x: 0.17, y: 0.50, width: 0.03, height: 0.01), 95),
            (TextBox("2.", x: 0.10, y: 0.52, width: 0.01, height: 0.01), 95),
            (TextBox("Song", x: 0.12, y: 0.52, width: 0.04, height: 0.01), 95),
            (TextBox("4:01", x: 0.17, y: 0.52, width: 0.03, height: 0.01), 95),
            (TextBox("3.", x: 0.10, y: 0.54, width: 0.01, height: 0.01), 95),
            (TextBox("Outro", x: 0.12, y: 0.54, width: 0.04, height: 0.01), 95),
            (TextBox("2:58", x: 0.17, y: 0.54, width: 0.03, height: 0.01), 95),
            (TextBox("4.", x: 0.10, y: 0.56, width: 0.01, height: 0.01), 95),
            (TextBox("Coda", x: 0.12, y: 0.56, width: 0.04, height: 0.01), 95),
        ]
        let rows = CutShortRows().rows(in: Self.words(list), aspectRatio: 1)
        #expect(rows.map { $0.first.map(\.box.text) } == [["4.", "Coda"]])
    }
}

extension CutShortRowsTests {
    /// A timed list (a rendered sleeve, sleeve-photo-101-000): titles at the left, the
    /// durations in a column of their own far to the right.
    @Test func aRowWithItsDurationAcrossAGapIsComplete() {
        let list: [Word] = [
            (TextBox("A1.", x: 0.10, y: 0.40, width: 0.02, height: 0.01), 90),
            (TextBox("THING", x: 0.13, y: 0.40, width: 0.05, height: 0.01), 96),
            (TextBox("3:12", x: 0.60, y: 0.40, width: 0.03, height: 0.01), 95),
            (TextBox("A2.", x: 0.10, y: 0.42, width: 0.02, height: 0.01), 90),
            (TextBox("ANIMALS", x: 0.13, y: 0.42, width: 0.07, height: 0.01), 96),
            (TextBox("4:01", x: 0.60, y: 0.42, width: 0.03, height: 0.01), 95),
            (TextBox("A3.", x: 0.10, y: 0.44, width: 0.02, height: 0.01), 90),
            (TextBox("CHILDREN", x: 0.13, y: 0.44, width: 0.08, height: 0.01), 96),
            (TextBox("2:58", x: 0.60, y: 0.44, width: 0.03, height: 0.01), 95),
        ]
        #expect(CutShortRows().rows(in: Self.words(list), aspectRatio: 1).isEmpty)
        // Without the durations the row shorter than the list's widest has room beside it.
        let untimed = list.filter { Duration.parse($0.box.text) == nil }
        #expect(CutShortRows().rows(in: Self.words(untimed), aspectRatio: 1).map { $0.first.map(\.box.text) } == [["A1.", "THING"]])
    }
}
