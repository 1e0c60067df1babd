import Testing
@testable import SleeveCore

/// Tracklists numbered in Roman numerals, pinned with the word boxes `sleevescan words`
/// gave on a real CD back inlay (gathered ia-rome-ceneri-0001, a 600 dpi flatbed scan).
@Suite struct RomanNumeralListTests {
    typealias Word = RealSleeveTests.Word

    /// Two blocks either side of a tree trunk: I.–VI. stand at the far left of the left
    /// block (titles right-aligned), VII.–XII. at the far right of the right block, after
    /// their titles. The engine read the numerals as "I", "Il.", "ui.", "IV.", "V" and
    /// "VII", "Vill", "Ix", "x", "Xl" (VI. and XII. lost), and each row's two titles as
    /// one line; no track was found. The tracklist area, with the side headings.
    /// (Words 53–97 of the same scan's harvest in RealHeaderAndCatalogTests, from the
    /// side headings down.)
    static let twoBlocks: [Word] = Array(RealHeaderAndCatalogTests.headingsOverTwoColumns[53..<98])

    @Test func aColumnOfRomanNumeralsNumbersTheTitlesBesideIt() {
        let tracks = RealSleeveTests.parse(Self.twoBlocks).tracks
        #expect(tracks.map(\.position) == ["I", "II", "III", "IV", "VII", "VIII", "IX", "X", "XI"])
        #expect(tracks.map(\.title) == [
            "SACRA ENTRATA", "A NEW UNFOLDING", "WHO ONLY EUROPE KNOW", "THE WEST KNOWS BEST",
            "ONE LION’S ROAR", "BLACK CRANE", "LA FIN DUN MONDE", "THE LEGION OF ROME", "UROPTA O MORTE",
        ])
        #expect(tracks.allSatisfy { $0.duration == nil })
    }

    /// Counter-case: the same words with the numerals scattered across the rows (no
    /// column) give no list.
    @Test func numeralsNotStackedAtOneEdgeAreNoList() {
        let numerals: Set<String> = ["I", "Il.", "ui.", "IV.", "V", "VII", "Vill", "Ix", "x", "Xl"]
        var shift = 0.0
        let scattered: [Word] = Self.twoBlocks.map { w in
            guard numerals.contains(w.box.text), w.box.rect.minY < 0.8 else { return w }
            shift += 0.013
            var b = w.box
            b.rect = Rect(x: b.rect.minX + shift, y: b.rect.minY, width: b.rect.width, height: b.rect.height)
            return (b, w.confidence)
        }
        #expect(RealSleeveTests.parse(scattered).tracks.isEmpty)
    }

    /// Counter-case: a lone "I" is a word. Lines that each start with "I", stacked at
    /// one edge, do not count I, II, III: their values do not follow their rows.
    @Test func linesStartingWithTheWordIAreNoList() {
        let words: [Word] = [
            (TextBox("I", x: 0.10, y: 0.30, width: 0.010, height: 0.02), 95),
            (TextBox("SAW", x: 0.12, y: 0.30, width: 0.060, height: 0.02), 95),
            (TextBox("HER", x: 0.19, y: 0.30, width: 0.060, height: 0.02), 95),
            (TextBox("I", x: 0.10, y: 0.34, width: 0.010, height: 0.02), 95),
            (TextBox("KNEW", x: 0.12, y: 0.34, width: 0.080, height: 0.02), 95),
            (TextBox("IT", x: 0.21, y: 0.34, width: 0.030, height: 0.02), 95),
            (TextBox("I", x: 0.10, y: 0.38, width: 0.010, height: 0.02), 95),
            (TextBox("WAS", x: 0.12, y: 0.38, width: 0.060, height: 0.02), 95),
            (TextBox("THERE", x: 0.19, y: 0.38, width: 0.090, height: 0.02), 95),
        ]
        #expect(RealSleeveTests.parse(words).tracks.isEmpty)
    }

    @Test func numeralsAsOCRReadsThem() {
        #expect(RomanNumeralList.value("I") == 1)
        #expect(RomanNumeralList.value("Il.") == 2)
        #expect(RomanNumeralList.value("IV.") == 4)
        #expect(RomanNumeralList.value("Vill") == 8)
        #expect(RomanNumeralList.value("Ix") == 9)
        #expect(RomanNumeralList.value("x") == 10)
        #expect(RomanNumeralList.value("Xl") == 11)
        #expect(RomanNumeralList.value("XII.") == 12)
        #expect(RomanNumeralList.numeral(12) == "XII")
    }

    @Test func notNumerals() {
        for t in ["IIII", "VX", "IIV", "ui.", "LIVE", "IVY", "", "."] {
            #expect(RomanNumeralList.value(t) == nil, "\(t)")
        }
    }
}
