import Testing
@testable import SleeveCore

@Suite struct SleeveParserTests {
    /// A sleeve back as word boxes: header, side-by-side tracklists, credits, barcode
    /// digits and the rights line.
    static let boxes: [TextBox] = [
        TextBox("THE", x: 0.06, y: 0.061, width: 0.08, height: 0.033),
        TextBox("SMITHS", x: 0.15, y: 0.061, width: 0.18, height: 0.033),
        TextBox("YKP", x: 0.83, y: 0.062, width: 0.04, height: 0.016),
        TextBox("28974", x: 0.88, y: 0.062, width: 0.06, height: 0.016),
        TextBox("DAMAGE", x: 0.06, y: 0.131, width: 0.15, height: 0.022),
        TextBox("MOANIN", x: 0.22, y: 0.131, width: 0.14, height: 0.022),
        TextBox("SIDE", x: 0.06, y: 0.221, width: 0.05, height: 0.018),
        TextBox("A", x: 0.12, y: 0.221, width: 0.015, height: 0.018),
        TextBox("A1", x: 0.06, y: 0.264, width: 0.025, height: 0.016),
        TextBox("Lust", x: 0.095, y: 0.264, width: 0.05, height: 0.016),
        TextBox("Gone", x: 0.155, y: 0.264, width: 0.06, height: 0.016),
        TextBox("11:38", x: 0.43, y: 0.264, width: 0.05, height: 0.016),
        TextBox("A2", x: 0.06, y: 0.307, width: 0.025, height: 0.016),
        TextBox("Time", x: 0.095, y: 0.307, width: 0.05, height: 0.016),
        TextBox("10:27", x: 0.43, y: 0.307, width: 0.05, height: 0.016),
        TextBox("A3", x: 0.06, y: 0.35, width: 0.025, height: 0.016),
        TextBox("You", x: 0.095, y: 0.35, width: 0.04, height: 0.016),
        TextBox("9:39", x: 0.44, y: 0.35, width: 0.04, height: 0.016),
        TextBox("SIDE", x: 0.56, y: 0.221, width: 0.05, height: 0.018),
        TextBox("B", x: 0.62, y: 0.221, width: 0.015, height: 0.018),
        TextBox("B1", x: 0.56, y: 0.264, width: 0.025, height: 0.016),
        TextBox("Welcome", x: 0.595, y: 0.264, width: 0.09, height: 0.016),
        TextBox("12:11", x: 0.93, y: 0.264, width: 0.05, height: 0.016),
        TextBox("B2", x: 0.56, y: 0.307, width: 0.025, height: 0.016),
        TextBox("Numb", x: 0.595, y: 0.307, width: 0.06, height: 0.016),
        TextBox("9:09", x: 0.94, y: 0.307, width: 0.04, height: 0.016),
        TextBox("B3", x: 0.56, y: 0.35, width: 0.025, height: 0.016),
        TextBox("Hop", x: 0.595, y: 0.35, width: 0.04, height: 0.016),
        TextBox("11:04", x: 0.93, y: 0.35, width: 0.05, height: 0.016),
        TextBox("Produced", x: 0.06, y: 0.6, width: 0.07, height: 0.012),
        TextBox("by", x: 0.135, y: 0.6, width: 0.02, height: 0.012),
        TextBox("Roxy", x: 0.16, y: 0.6, width: 0.04, height: 0.012),
        TextBox("5787836339980", x: 0.77, y: 0.879, width: 0.124, height: 0.012),
        TextBox("(P)", x: 0.06, y: 0.918, width: 0.02, height: 0.014),
        TextBox("1969", x: 0.085, y: 0.918, width: 0.035, height: 0.014),
        TextBox("Capitol", x: 0.125, y: 0.918, width: 0.05, height: 0.014),
        TextBox("Records.", x: 0.18, y: 0.918, width: 0.06, height: 0.014),
        TextBox("Made", x: 0.245, y: 0.918, width: 0.04, height: 0.014),
        TextBox("in", x: 0.29, y: 0.918, width: 0.015, height: 0.014),
        TextBox("UK.", x: 0.31, y: 0.918, width: 0.025, height: 0.014),
        TextBox("YKP", x: 0.34, y: 0.918, width: 0.03, height: 0.014),
        TextBox("28974", x: 0.375, y: 0.918, width: 0.045, height: 0.014),
    ]

    @Test func readsEveryFieldFromGeometry() {
        let fields = SleeveParser().parse(ReadingOrder().lines(Self.boxes.shuffledDeterministically()))
        #expect(fields.artist == "THE SMITHS")
        #expect(fields.title == "DAMAGE MOANIN")
        #expect(fields.catalogNumber == "YKP 28974")
        #expect(fields.label == "Capitol Records")
        #expect(fields.barcodeDigits == ["5787836339980"])
        #expect(fields.tracks == [
            .init(position: "A1", title: "Lust Gone", duration: "11:38"),
            .init(position: "A2", title: "Time", duration: "10:27"),
            .init(position: "A3", title: "You", duration: "9:39"),
            .init(position: "B1", title: "Welcome", duration: "12:11"),
            .init(position: "B2", title: "Numb", duration: "9:09"),
            .init(position: "B3", title: "Hop", duration: "11:04"),
        ])
    }

    @Test func unknownIsNullNotInvented() {
        let boxes = [
            TextBox("Produced", x: 0.06, y: 0.6, width: 0.07, height: 0.012),
            TextBox("by", x: 0.135, y: 0.6, width: 0.02, height: 0.012),
            TextBox("1984", x: 0.7, y: 0.8, width: 0.05, height: 0.012),
            TextBox("5787836339981", x: 0.77, y: 0.879, width: 0.124, height: 0.012),  // bad check digit
        ]
        let fields = SleeveParser().parse(ReadingOrder().lines(boxes))
        #expect(fields.catalogNumber == nil)
        #expect(fields.label == nil)
        #expect(fields.tracks.isEmpty)
        #expect(fields.barcodeDigits.isEmpty)
    }

    @Test func inlineDurationsInParentheses() {
        let line = TextLine(words: [
            TextBox("A1", x: 0.1, y: 0.3, width: 0.02, height: 0.02),
            TextBox("Lust", x: 0.13, y: 0.3, width: 0.05, height: 0.02),
            TextBox("Heaven", x: 0.19, y: 0.3, width: 0.08, height: 0.02),
            TextBox("(12:44)", x: 0.28, y: 0.3, width: 0.08, height: 0.02),
        ])
        #expect(TracklistParser().track(in: line) == .init(position: "A1", title: "Lust Heaven", duration: "12:44"))
    }

    @Test func labelFromTheRightsLine() {
        let p = SleeveParser()
        #expect(p.label(in: "(P) 1969 Capitol Records. Made in UK. YKP 28974") == "Capitol Records")
        #expect(p.label(in: "℗ 1984 4AD. Made in England.") == "4AD")
        #expect(p.label(in: "Recorded at Shine River Studios") == nil)
        // Small print where OCR lost a space or the bracket.
        #expect(p.label(in: "(P) 1976 Creation Records.Madein USA F 67135") == "Creation Records")
        #expect(p.label(in: "P) 1977 Atlantic Records. Made in Germany. LAR-815") == "Atlantic Records")
        #expect(p.label(in: "(P) 1993 Blue Note Records Made in Germany") == "Blue Note Records")
    }
}
