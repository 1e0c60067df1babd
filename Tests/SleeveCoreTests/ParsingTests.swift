import Testing
@testable import SleeveCore

@Suite struct DurationTests {
    @Test(arguments: [
        ("5:10", "5:10"), ("(12:44)", "12:44"), ("4:O5", "4:05"), ("1:S5", "1:55"), ("4.05", "4:05"),
        ("1:02:33", "1:02:33"), ("4:2]", "4:21"), ("3:00,", "3:00"), ("(640)", "6:40"), ("(1020)", "10:20"),
    ])
    func repairsInsideTheDurationShape(text: String, expected: String) {
        #expect(Duration.parse(text) == expected)
    }

    @Test(arguments: ["1984", "A1", "9.99", "4:6", "DO:IS", "12:345", "Ween", "", "1:2:3:4", "(1977)", "(1945)", "640", "(47)", "(675)"])
    func refusesWhatIsNotADuration(text: String) {
        #expect(Duration.parse(text) == nil)
    }
}

@Suite struct TrackPositionTests {
    @Test(arguments: [("A1", "A1"), ("Al", "A1"), ("AS", "A5"), ("B12", "B12"), ("A1.", "A1"), ("01", "01"), ("7.", "7"), ("AA1", "AA1"),
                      ("A2,", "A2")])
    func parsesAndRepairs(token: String, expected: String) {
        #expect(TrackPosition.parse(token) == expected)
    }

    @Test(arguments: ["SIDE", "Lust", "A", "0", "Z1", "A123", "AB1"])
    func refusesNonPositions(token: String) {
        #expect(TrackPosition.parse(token) == nil)
    }

    @Test func garbledNumbersTakeTheirNumberFromTheSequence() {
        // Harvested from a flatbed scan: A3 read as "AS." and A4…A6 as "Ad.".
        func row(_ pos: String, _ title: String, _ y: Double) -> TextLine {
            TextLine(words: [
                TextBox(pos, x: 0.07, y: y, width: 0.035, height: 0.018),
                TextBox(title, x: 0.12, y: y, width: 0.15, height: 0.018),
                TextBox("3:00", x: 0.62, y: y, width: 0.04, height: 0.018),
            ])
        }
        let lines = [row("Al.", "ROLL", 0.22), row("A2.", "ANIMALS", 0.26), row("AS.", "COMFORTABLY", 0.30),
                     row("Ad.", "SANITARIUM", 0.34), row("Ad.", "WALL", 0.38), row("Bl.", "FOUR", 0.42), row("BS.", "RIVER", 0.46)]
        let positions = TracklistParser().tracks(in: lines).map(\.position)
        #expect(positions == ["A1", "A2", "A3", "A4", "A5", "B1", "B2"])
    }

    @Test func aRepairThatFitsTheSequenceIsKept() {
        func row(_ pos: String, _ y: Double) -> TextLine {
            TextLine(words: [TextBox(pos, x: 0.07, y: y, width: 0.03, height: 0.02),
                             TextBox("Song", x: 0.12, y: y, width: 0.08, height: 0.02)])
        }
        let tracks = TracklistParser().tracks(in: [row("A4", 0.1), row("AS", 0.2), row("A6", 0.3)])
        #expect(tracks.map(\.position) == ["A4", "A5", "A6"])
    }
}

/// A side's first position read as a word: "A1" came back "At" on the rendered photo
/// sleeve-photo-101-006 (a bright red sleeve), and the row became the track "At Dogs
/// Lightning" without a position.
@Suite struct FirstPositionReadAsAWordTests {
    typealias Word = RealSleeveTests.Word

    static let redSleeve: [Word] = [
        (TextBox("SONIC", x: 0.0608, y: 0.0592, width: 0.1450, height: 0.0375), 96),
        (TextBox("YOUTH", x: 0.2208, y: 0.0592, width: 0.1467, height: 0.0375), 96),
        (TextBox("F", x: 0.8742, y: 0.0592, width: 0.0092, height: 0.0167), 93),
        (TextBox("67135", x: 0.8892, y: 0.0592, width: 0.0508, height: 0.0183), 77),
        (TextBox("STAIRWAY", x: 0.1608, y: 0.1283, width: 0.1292, height: 0.0267), 96),
        (TextBox("STICKS", x: 0.0608, y: 0.1292, width: 0.0917, height: 0.0258), 97),
        (TextBox("STICKS", x: 0.2983, y: 0.1292, width: 0.0917, height: 0.0258), 96),
        (TextBox("TEN", x: 0.3975, y: 0.1292, width: 0.0517, height: 0.0250), 97),
        (TextBox("Dogs", x: 0.0958, y: 0.2075, width: 0.0467, height: 0.0425), 89),
        (TextBox("Lightning", x: 0.1525, y: 0.2075, width: 0.0825, height: 0.0425), 97),
        (TextBox("(12:17)", x: 0.2450, y: 0.2075, width: 0.0658, height: 0.0425), 97),
        (TextBox("At", x: 0.0608, y: 0.2200, width: 0.0225, height: 0.0192), 48),
        (TextBox("Breaks", x: 0.0933, y: 0.2600, width: 0.0667, height: 0.0317), 97),
        (TextBox("Mother", x: 0.1700, y: 0.2600, width: 0.0608, height: 0.0317), 95),
        (TextBox("(7:51)", x: 0.2383, y: 0.2600, width: 0.0567, height: 0.0317), 95),
        (TextBox("A2", x: 0.0600, y: 0.2642, width: 0.0258, height: 0.0200), 93),
        (TextBox("Not", x: 0.1700, y: 0.3042, width: 0.0292, height: 0.0333), 97),
        (TextBox("Lust", x: 0.2092, y: 0.3042, width: 0.0367, height: 0.0333), 97),
        (TextBox("A3", x: 0.0600, y: 0.3075, width: 0.0258, height: 0.0200), 93),
        (TextBox("Mother", x: 0.0983, y: 0.3075, width: 0.2092, height: 0.0242), 97),
        (TextBox("(2:51)", x: 0.2533, y: 0.3075, width: 0.0542, height: 0.0242), 97),
        (TextBox("Gone", x: 0.0975, y: 0.3475, width: 0.0500, height: 0.0325), 96),
        (TextBox("Damage", x: 0.1600, y: 0.3475, width: 0.0658, height: 0.0325), 96),
        (TextBox("Black", x: 0.2358, y: 0.3475, width: 0.0525, height: 0.0325), 88),
        (TextBox("(9:46)", x: 0.2992, y: 0.3475, width: 0.0542, height: 0.0325), 97),
        (TextBox("B1", x: 0.0608, y: 0.3508, width: 0.0225, height: 0.0208), 91),
        (TextBox("B2", x: 0.0608, y: 0.3950, width: 0.0250, height: 0.0200), 93),
        (TextBox("Dawn", x: 0.0992, y: 0.3950, width: 0.0517, height: 0.0208), 96),
        (TextBox("(8:05)", x: 0.1575, y: 0.3950, width: 0.0542, height: 0.0242), 97),
        (TextBox("B3", x: 0.0608, y: 0.4383, width: 0.0250, height: 0.0208), 91),
        (TextBox("Master", x: 0.0983, y: 0.4392, width: 0.0633, height: 0.0200), 91),
        (TextBox("Dark", x: 0.1683, y: 0.4392, width: 0.0442, height: 0.0200), 96),
        (TextBox("(5:49)", x: 0.2192, y: 0.4392, width: 0.0533, height: 0.0242), 96),
        (TextBox("B4", x: 0.0608, y: 0.4825, width: 0.0250, height: 0.0200), 80),
        (TextBox("Underfoot", x: 0.0992, y: 0.4833, width: 0.0917, height: 0.0200), 80),
        (TextBox("Wall", x: 0.1967, y: 0.4833, width: 0.0392, height: 0.0200), 96),
        (TextBox("Not", x: 0.2433, y: 0.4833, width: 0.0325, height: 0.0192), 96),
        (TextBox("(4:31)", x: 0.2817, y: 0.4833, width: 0.0542, height: 0.0233), 96),
        (TextBox("Four", x: 0.0958, y: 0.5233, width: 0.0417, height: 0.0308), 97),
        (TextBox("Us", x: 0.1467, y: 0.5233, width: 0.0217, height: 0.0308), 97),
        (TextBox("Blue", x: 0.1750, y: 0.5233, width: 0.0400, height: 0.0308), 96),
        (TextBox("Silver", x: 0.2217, y: 0.5233, width: 0.0550, height: 0.0308), 96),
        (TextBox("(5:34)", x: 0.2858, y: 0.5233, width: 0.0533, height: 0.0308), 97),
        (TextBox("B5", x: 0.0608, y: 0.5267, width: 0.0250, height: 0.0200), 93),
        (TextBox("by", x: 0.1175, y: 0.5933, width: 0.0133, height: 0.0267), 96),
        (TextBox("Neu", x: 0.1375, y: 0.5933, width: 0.0183, height: 0.0267), 85),
        (TextBox("and", x: 0.1617, y: 0.5933, width: 0.0208, height: 0.0267), 95),
        (TextBox("Pigs", x: 0.1883, y: 0.5933, width: 0.0225, height: 0.0267), 93),
        (TextBox("Crimson", x: 0.2150, y: 0.5933, width: 0.0475, height: 0.0267), 68),
        (TextBox("Produced", x: 0.0608, y: 0.6000, width: 0.1975, height: 0.0150), 90),
        (TextBox("at", x: 0.1167, y: 0.6167, width: 0.0125, height: 0.0275), 90),
        (TextBox("Young", x: 0.1325, y: 0.6167, width: 0.0308, height: 0.0275), 90),
        (TextBox("Studios.", x: 0.1692, y: 0.6167, width: 0.0442, height: 0.0275), 73),
        (TextBox("London", x: 0.2175, y: 0.6167, width: 0.0417, height: 0.0275), 91),
        (TextBox("Recorded", x: 0.0608, y: 0.6242, width: 0.1958, height: 0.0142), 94),
        (TextBox("Cover", x: 0.0575, y: 0.6450, width: 0.0350, height: 0.0208), 92),
        (TextBox("dean", x: 0.0992, y: 0.6450, width: 0.0317, height: 0.0208), 18),
        (TextBox("by", x: 0.1367, y: 0.6450, width: 0.0133, height: 0.0208), 93),
        (TextBox("Showtd", x: 0.1542, y: 0.6450, width: 0.0358, height: 0.0208), 18),
        (TextBox("Sabbath", x: 0.1958, y: 0.6450, width: 0.0458, height: 0.0208), 69),
        (TextBox("IMT", x: 0.8550, y: 0.7933, width: 0.0692, height: 0.1025), 29),
        (TextBox("WN", x: 0.7392, y: 0.7967, width: 0.1833, height: 0.0717), 25),
        (TextBox("6871046755995", x: 0.7683, y: 0.8800, width: 0.1258, height: 0.0125), 95),
        (TextBox("(P)", x: 0.0608, y: 0.9158, width: 0.0150, height: 0.0225), 74),
        (TextBox("1976", x: 0.0817, y: 0.9158, width: 0.0250, height: 0.0225), 93),
        (TextBox("Creaton", x: 0.1117, y: 0.9158, width: 0.0458, height: 0.0225), 70),
        (TextBox("Records.", x: 0.1625, y: 0.9158, width: 0.0492, height: 0.0225), 87),
        (TextBox("in", x: 0.2483, y: 0.9158, width: 0.0100, height: 0.0225), 78),
        (TextBox("Made", x: 0.2133, y: 0.9192, width: 0.0717, height: 0.0117), 96),
        (TextBox("USA", x: 0.2633, y: 0.9192, width: 0.0217, height: 0.0117), 92),
        (TextBox("F", x: 0.2925, y: 0.9192, width: 0.0050, height: 0.0108), 92),
        (TextBox("67135", x: 0.3025, y: 0.9192, width: 0.0342, height: 0.0117), 94),
    ]

    @Test func theListsSecondRowMakesItTheSidesFirst() {
        let tracks = RealSleeveTests.parse(Self.redSleeve).tracks
        #expect(tracks.first?.position == "A1")
        #expect(tracks.first?.title == "Dogs Lightning")
        #expect(tracks.first?.duration == "12:17")
        #expect(tracks.map(\.position) == ["A1", "A2", "A3", "B1", "B2", "B3", "B4", "B5"])
    }

    func row(_ first: String, _ title: String, _ y: Double, x: Double = 0.07) -> TextLine {
        TextLine(words: [TextBox(first, x: x, y: y, width: 0.03, height: 0.02),
                         TextBox(title, x: x + 0.05, y: y, width: 0.1, height: 0.02),
                         TextBox("3:00", x: 0.6, y: y, width: 0.04, height: 0.02)])
    }

    /// A title that starts with "At" keeps it: with no A2 after it, or an A2 that starts
    /// elsewhere, nothing says the word is a position.
    @Test func aTitleThatStartsWithAtKeepsItWithoutTheSequence() {
        let alone = TracklistParser().tracks(in: [row("At", "Last", 0.1), row("B2", "Song", 0.2)])
        #expect(alone.first?.position == nil && alone.first?.title == "At Last")
        let elsewhere = TracklistParser().tracks(in: [row("At", "Last", 0.1, x: 0.3), row("A2", "Song", 0.2)])
        #expect(elsewhere.first?.position == nil && elsewhere.first?.title == "At Last")
    }
}

@Suite struct CheckDigitTests {
    @Test func gtinCheckDigits() {
        #expect(CheckDigit.isValidGTIN("0075596043918") == false)
        #expect(CheckDigit.isValidGTIN("5787836339980"))
        #expect(CheckDigit.isValidGTIN("5787836339981") == false)
        #expect(CheckDigit.isValidGTIN("036000291452"))  // UPC-A
        #expect(CheckDigit.isValidGTIN("96385074"))  // EAN-8
        #expect(CheckDigit.isValidGTIN("12a4567890128") == false)
    }

    @Test func upcEExpandsToItsUPCA() {
        #expect(CheckDigit.expandUPCE("04252614") == "042100005264")
        #expect(CheckDigit.isValidUPCE("04252614"))
        #expect(CheckDigit.isValidUPCE("04252615") == false)
        #expect(CheckDigit.expandUPCE("24252614") == nil)
    }
}

@Suite struct CatalogNumberTests {
    @Test(arguments: ["YKP 28974", "60439-1", "EWT-039", "G 25261", "SDFI 220", "CHC-153", "LAR-815",
                      // A hyphenated prefix, from a real Electrecord back.
                      "STM-EPE 0751"])
    func recognisesCatalogShapes(text: String) {
        #expect(CatalogNumber.looksLike(text))
    }

    @Test(arguments: ["5787836339980", "1984", "11:38", "A1", "SIDE A", "Produced by Roxy Music", "9.99", "THE SMITHS",
                      "We27/"])
    func refusesOtherThingsWithDigitsOrLetters(text: String) {
        #expect(!CatalogNumber.looksLike(text))
    }
}

@Suite struct GarbledDurationTests {
    /// Harvested from a flatbed scan in a light geometric face: 12:10 and 1:27 came back
    /// as "Zao" and "We27", standing in the durations' column.
    static let boxes = [
        TextBox("Al.", x: 0.0717, y: 0.2278, width: 0.0356, height: 0.0178),
        TextBox("ROLL", x: 0.1178, y: 0.2272, width: 0.0567, height: 0.0189),
        TextBox("DOG", x: 0.1833, y: 0.2272, width: 0.0578, height: 0.0189),
        TextBox("Zao", x: 0.6206, y: 0.2272, width: 0.0567, height: 0.0183),
        TextBox("A2.", x: 0.0717, y: 0.2650, width: 0.0356, height: 0.0183),
        TextBox("ANIMALS", x: 0.1167, y: 0.2650, width: 0.1044, height: 0.0189),
        TextBox("NUMB", x: 0.2306, y: 0.2656, width: 0.0678, height: 0.0178),
        TextBox("We27", x: 0.6206, y: 0.2650, width: 0.0422, height: 0.0183),
        TextBox("A4.", x: 0.0717, y: 0.3411, width: 0.0356, height: 0.0178),
        TextBox("SANITARIUM", x: 0.1167, y: 0.3406, width: 0.1378, height: 0.0189),
        TextBox("7:50", x: 0.6183, y: 0.3406, width: 0.0450, height: 0.0183),
        TextBox("A5.", x: 0.0717, y: 0.3789, width: 0.0356, height: 0.0178),
        TextBox("WALL", x: 0.1167, y: 0.3783, width: 0.0622, height: 0.0183),
        TextBox("8:14", x: 0.6183, y: 0.3783, width: 0.0456, height: 0.0183),
    ]

    @Test func garbledDurationsLeaveTheTitleAndMarkTheirCell() {
        let rows = TracklistParser().rows(in: ReadingOrder().lines(Self.boxes))
        #expect(rows.map(\.track.title) == ["ROLL DOG", "ANIMALS NUMB", "SANITARIUM", "WALL"])
        #expect(rows.map(\.track.duration) == [nil, nil, "7:50", "8:14"])
        #expect(rows.map { $0.durationCell?.text } == ["Zao", "We27", "7:50", "8:14"])
    }

    @Test func aLastWordOutsideTheDurationColumnStaysInTheTitle() {
        var boxes = Self.boxes
        // The first row's last word sits right after the title, not in the column.
        boxes[3] = TextBox("Zao", x: 0.25, y: 0.2272, width: 0.0567, height: 0.0183)
        let rows = TracklistParser().rows(in: ReadingOrder().lines(boxes))
        #expect(rows[0].track.title == "ROLL DOG Zao")
        #expect(rows[0].durationCell == nil)
    }
}
