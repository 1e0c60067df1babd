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
    static let twoBlocks: [Word] = [
        (TextBox("APERTURA", x: 0.2911, y: 0.5633, width: 0.1350, height: 0.0217), 92),
        (TextBox("CLAUSURA", x: 0.5728, y: 0.5633, width: 0.1350, height: 0.0217), 91),
        (TextBox("ENTRATA", x: 0.3011, y: 0.6317, width: 0.1261, height: 0.0222), 92),
        (TextBox("ONE", x: 0.5728, y: 0.6317, width: 0.0594, height: 0.0222), 93),
        (TextBox("LION’S", x: 0.6406, y: 0.6317, width: 0.0889, height: 0.0222), 92),
        (TextBox("SACRA", x: 0.2139, y: 0.6322, width: 0.0800, height: 0.0217), 93),
        (TextBox("ROAR", x: 0.7383, y: 0.6322, width: 0.0689, height: 0.0217), 97),
        (TextBox("VII", x: 0.9228, y: 0.6400, width: 0.0256, height: 0.0133), 65),
        (TextBox("I", x: 0.0444, y: 0.6406, width: 0.0050, height: 0.0133), 95),
        (TextBox("UNFOLDING", x: 0.2556, y: 0.6661, width: 0.1711, height: 0.0222), 95),
        (TextBox("BLACK", x: 0.5728, y: 0.6661, width: 0.0844, height: 0.0217), 95),
        (TextBox("CRANE", x: 0.6639, y: 0.6661, width: 0.0950, height: 0.0222), 95),
        (TextBox("NEW", x: 0.1822, y: 0.6667, width: 0.0667, height: 0.0217), 82),
        (TextBox("A", x: 0.1594, y: 0.6672, width: 0.0156, height: 0.0206), 82),
        (TextBox("Vill", x: 0.9156, y: 0.6744, width: 0.0328, height: 0.0133), 60),
        (TextBox("Il.", x: 0.0439, y: 0.6750, width: 0.0183, height: 0.0133), 69),
        (TextBox("ONLY", x: 0.1583, y: 0.7006, width: 0.0722, height: 0.0222), 94),
        (TextBox("EUROPE", x: 0.2361, y: 0.7006, width: 0.1022, height: 0.0222), 96),
        (TextBox("KNOW", x: 0.3450, y: 0.7006, width: 0.0822, height: 0.0217), 96),
        (TextBox("LA", x: 0.5728, y: 0.7006, width: 0.0339, height: 0.0217), 72),
        (TextBox("FIN", x: 0.6139, y: 0.7006, width: 0.0489, height: 0.0217), 72),
        (TextBox("DUN", x: 0.6711, y: 0.7006, width: 0.0706, height: 0.0217), 92),
        (TextBox("MONDE", x: 0.7494, y: 0.7006, width: 0.1022, height: 0.0217), 95),
        (TextBox("WHO", x: 0.0867, y: 0.7011, width: 0.0644, height: 0.0211), 94),
        (TextBox("ui.", x: 0.0444, y: 0.7089, width: 0.0256, height: 0.0133), 58),
        (TextBox("Ix", x: 0.9317, y: 0.7089, width: 0.0172, height: 0.0128), 79),
        (TextBox("BEST", x: 0.3639, y: 0.7344, width: 0.0628, height: 0.0222), 95),
        (TextBox("THE", x: 0.5722, y: 0.7344, width: 0.0567, height: 0.0222), 96),
        (TextBox("LEGION", x: 0.6372, y: 0.7344, width: 0.1067, height: 0.0222), 96),
        (TextBox("ROME", x: 0.7944, y: 0.7344, width: 0.0767, height: 0.0222), 96),
        (TextBox("THE", x: 0.1211, y: 0.7350, width: 0.0550, height: 0.0217), 95),
        (TextBox("WEST", x: 0.1817, y: 0.7350, width: 0.0750, height: 0.0217), 95),
        (TextBox("KNOWS", x: 0.2633, y: 0.7350, width: 0.0933, height: 0.0217), 96),
        (TextBox("OF", x: 0.7528, y: 0.7350, width: 0.0333, height: 0.0217), 96),
        (TextBox("IV.", x: 0.0444, y: 0.7433, width: 0.0217, height: 0.0133), 93),
        (TextBox("x", x: 0.9394, y: 0.7433, width: 0.0094, height: 0.0128), 71),
        (TextBox("MORTE", x: 0.7044, y: 0.7689, width: 0.0961, height: 0.0222), 92),
        (TextBox("F", x: 0.1483, y: 0.7694, width: 0.0144, height: 0.0217), 91),
        (TextBox("mn", x: 0.1650, y: 0.7694, width: 0.3361, height: 0.1894), 21),
        (TextBox("UROPTA", x: 0.5722, y: 0.7694, width: 0.0983, height: 0.0217), 47),
        (TextBox("O", x: 0.6783, y: 0.7694, width: 0.0178, height: 0.0211), 90),
        (TextBox("Xl", x: 0.9311, y: 0.7772, width: 0.0172, height: 0.0133), 69),
        (TextBox("V", x: 0.0428, y: 0.7778, width: 0.0067, height: 0.0128), 88),
        (TextBox("FL", x: 0.1228, y: 0.8033, width: 0.0333, height: 0.0217), 96),
        (TextBox("I", x: 0.1578, y: 0.8039, width: 0.0078, height: 0.0211), 91),
    ]

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
