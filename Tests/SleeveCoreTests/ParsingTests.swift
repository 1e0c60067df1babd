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
