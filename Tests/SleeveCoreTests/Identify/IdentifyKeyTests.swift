import Testing
@testable import SleeveCore

@Suite struct BarcodeKeyTests {
    @Test(arguments: [
        // Discogs' free text: spaces, hyphens, a trailing >, UPC-A as 12 and 13 digits.
        ("0 9362-47555-2 4", "0093624755524", true),
        ("093624755524", "0093624755524", true),
        ("0093624755524", "0093624755524", true),
        ("7 961220 922684 >", "7961220922684", true),
        ("5 012981 255015", "5012981255015", true),
        // Kept apart as bare digits: an invalid check digit, 11 digits.
        ("5012981255016", "5012981255016", false),
        ("04411416021", "04411416021", false),
    ])
    func normalisesFreeText(text: String, key: String, valid: Bool) {
        #expect(BarcodeKey.normalise(text) == BarcodeKey(key: key, valid: valid))
    }

    @Test(arguments: ["none", "Text", "", "12345", "LC 0407"])
    func refusesWhatHoldsNoCode(text: String) {
        #expect(BarcodeKey.normalise(text) == nil)
    }

    @Test func elevenDigitsAgreeWithTheFullUPCAndNothingElse() {
        let dump = BarcodeKey.normalise("04411416021")!
        let read = BarcodeKey.normalise("044114160212")!
        #expect(read.valid)
        #expect(dump.agreement(withRead: read) == .partial)
        #expect(dump.agreement(withRead: BarcodeKey.normalise("5012981255015")!) == nil)
        #expect(BarcodeKey.normalise("093624755524")!.agreement(withRead: BarcodeKey.normalise("0093624755524")!) == .same)
    }
}

@Suite struct CatalogKeyTests {
    @Test(arguments: [("828 148.1", "8281481"), ("LL-209 390", "LL209390"), ("sngi 319ltd", "SNGI319LTD"), ("MOVLP 2538", "MOVLP2538")])
    func ignoresSeparatorsAndCase(text: String, exact: String) {
        #expect(CatalogKey.exact(text) == exact)
    }

    @Test(arguments: [("BFV 41602", "8FV4I6O2"), ("SOMA 92B", "50MA 928"), ("TRUEP355", "TRUEP3S5"), ("EYE 018", "EYE O18")])
    func toleratesOCRConfusionsInsideACatno(printed: String, read: String) {
        #expect(CatalogKey.folded(printed) == CatalogKey.folded(read))
        #expect(CatalogKey.exact(printed) != CatalogKey.exact(read))
    }

    @Test(arguments: ["828 148.1", "sngi 319ltd", "Ob-Is 8", "  ", "", "\r\n x9", "BFV 41602 BS ES1 ~!@#[]{}"])
    func asciiTextTakesTheBytePathWithTheCharacterPathsResult(text: String) {
        // The Character path, spelled out: upper-cased, ASCII letters and digits kept.
        let expected = String(text.uppercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(CatalogKey.asciiKey(text, folding: false) == expected)
        #expect(CatalogKey.exact(text) == expected)
        #expect(CatalogKey.folded(text) == String(expected.map(CatalogKey.fold)))
    }

    @Test(arguments: [("Straße 12", "STRASSE12"), ("Ärger 7", "RGER7"), ("Hölle-3", "HLLE3"), ("Cafe\u{301} 5", "CAF5")])
    func nonASCIITextKeepsTheCharacterPath(text: String, exact: String) {
        #expect(CatalogKey.asciiKey(text, folding: false) == nil)
        #expect(CatalogKey.exact(text) == exact)
        #expect(CatalogKey.folded(text) == String(exact.map(CatalogKey.fold)))
    }

    @Test func tellsDifferentCatnosApart() {
        #expect(CatalogKey.folded("SNGI 319") != CatalogKey.folded("SNGI 319LTD"))
        #expect(CatalogKey.folded("BFV 41602") != CatalogKey.folded("BFV 41603"))
    }
}

@Suite struct MatrixKeyTests {
    @Test func theSameRunEarnsMostAndOneMisreadGlyphLess() {
        #expect(MatrixKey.points(read: "BFV 41602 BS ES1", dump: "BFV-41602-BS  ES1")?.points == 6)
        // l is not one of the folded confusions: one edit.
        #expect(MatrixKey.points(read: "BFV 4l602 BS ES1", dump: "BFV 41602 BS ES1")?.edits == 1)
        #expect(MatrixKey.points(read: "MPO SK 032 A1", dump: "MPO SK 032 A2 RE")?.edits == 1)
        #expect(MatrixKey.points(read: "MPO SK 032 A1", dump: "BFV 41602 BS ES1") == nil)
    }

    @Test func aRepressOneGlyphAwayLosesByMoreThanTheMargin() {
        let exact = MatrixKey.points(read: "BLY AS 558058 A2", dump: "BLY AS 558058 A2")!.points
        let other = MatrixKey.points(read: "BLY AS 558058 A2", dump: "BLY AS 558058 A1")!.points
        #expect(exact - other >= ReleaseMatcher().margin)
    }

    @Test func partOfTheRunReadIsFreeButGlyphsTheDumpLacksCost() {
        // The photo caught the code, not the mark beside it.
        #expect(MatrixKey.points(read: "DRUE 549 A", dump: "DRUE 549 A STERLING")?.points == 6)
        // The dump leaves the engineer's mark out: it explains less of what was read.
        let full = MatrixKey.points(read: "92776M2/A PORKY", dump: "92776M2/A PORKY")!.points
        let short = MatrixKey.points(read: "92776M2/A PORKY", dump: "92776M2/A")!.points
        #expect(short < full)
        #expect(MatrixKey.points(read: "3", dump: "BFV 41602") == nil)
    }

    /// Reads of the identify eval's whole-disc photos (deadwax-7001-003 and -000).
    @Test func aReadFromTheRunsStartThatStopsBeforeAListedMarkMissesIt() {
        #expect(MatrixKey.missesListedMark(read: "DRUES49-B1 GZ", dump: "DRUE549-B1 GZ BILBO"))
        #expect(!MatrixKey.missesListedMark(read: "DRUES49-B1 GZ", dump: "DRUE549-B1 GZ"))
        // One misread glyph in the read does not hide the mark.
        #expect(MatrixKey.missesListedMark(read: "DRUES49-B7 GZ", dump: "DRUE549-B1 GZ BILBO"))
        // One glyph past the end is a glyph the read lost, not a mark.
        #expect(!MatrixKey.missesListedMark(read: "DRUE549-B1 G", dump: "DRUE549-B1 GZ"))
        // A read that lost the run's start may have lost its end too.
        #expect(!MatrixKey.missesListedMark(read: "41602 B5", dump: "BFV 41602 BS ES1"))
        // Another run altogether.
        #expect(!MatrixKey.missesListedMark(read: "MPO SK 032 A1", dump: "BFV 41602 BS ES1"))
    }

    @Test func aPrefixAlignmentTakesTheLongestPrefix() {
        #expect(MatrixKey.prefixAlignment(Array("ABC"), of: Array("ABCDE")) == (0, 3))
        #expect(MatrixKey.prefixAlignment(Array("AXC"), of: Array("ABCDE")) == (1, 3))
        #expect(MatrixKey.prefixAlignment(Array("BCD"), of: Array("ABCDE")) == (1, 4))
        #expect(MatrixKey.prefixAlignment(Array("ABCDE"), of: Array("ABC")) == (2, 3))
    }

    @Test func oneAlignmentGivesInfixSuffixAndWholeDistances() {
        let b = Array("XABCDY")
        #expect(MatrixKey.infixDistance(Array("BCD"), in: b) == 0)
        #expect(MatrixKey.suffixDistance(Array("CDY")[...], of: b[...]) == 0)
        #expect(MatrixKey.suffixDistance(Array("BCD")[...], of: b[...]) == 1)
        #expect(MatrixKey.alignment(Array("XABCDY")[...], in: b[...], anyStart: false, anyEnd: false) == (0, 6))
        #expect(MatrixKey.alignment(Array("ABC")[...], in: b[...], anyStart: false, anyEnd: false) == (3, 6))
        #expect(MatrixKey.alignment(Array("AB")[...], in: [][...], anyStart: true, anyEnd: true) == (2, 0))
    }

    @Test func glyphsLostFromTheLabelLettersOfTheCatnoCostNothing() {
        // Eval read of `Echocord 034 B SST MPO DMM`.
        #expect(MatrixKey.points(read: "E034 B SST MPO DMM", dump: "Echocord 034 B SST MPO DMM", catnos: ["echocord 034"])?.points == 6)
        // Without the catno the run spells, the same read is one glyph off.
        #expect(MatrixKey.points(read: "E034 B SST MPO DMM", dump: "Echocord 034 B SST MPO DMM")?.edits == 1)
        // A glyph the letters lack, or a loss past them, is not a loss of the letters.
        #expect(MatrixKey.points(read: "X034 B SST MPO DMM", dump: "Echocord 034 B SST MPO DMM", catnos: ["echocord 034"])?.points != 6)
        #expect(MatrixKey.points(read: "ECHOCORD 03 B SST MPO DMM", dump: "Echocord 034 B SST MPO DMM", catnos: ["echocord 034"])?.points != 6)
    }

    @Test(arguments: [
        // Held-out reads: the number misread, the side and lacquer as listed.
        ("RCA87824-B2 PORKY", "RCA87844-B2 PORKY", "RCA 87844", MatrixKey.Pressing.misreadWhereAllPressingsAgree),
        ("TZ694311-A1", "TZ69411-A1", "TZ 69411", .misreadWhereAllPressingsAgree),
        // The same side, another lacquer number; also behind a misread number.
        ("KL-45098-C3", "KL-45098-C1", "KL 45098", .otherLacquer),
        ("ORB-83269-B1", "ORB-83869-B2", "ORB 83869", .otherLacquer),
        ("BX-48500-C1 MASTERDISK", "BX-48500-C2 MASTERDISK", "BX 48500", .otherLacquer),
    ])
    func whereTheOddGlyphIsTellsThisPressingFromAnother(read: String, dump: String, catno: String, expected: MatrixKey.Pressing) {
        #expect(MatrixKey.pressing(read: read, dump: dump, catnos: [catno]) == expected)
    }

    @Test func noVerdictWithoutTheCatnoInTheRunOrOnAnotherSide() {
        // The run does not spell the catno: what is shared cannot be told from what is not.
        #expect(MatrixKey.pressing(read: "92776M2/A PORKY", dump: "92776M1/A PORKY", catnos: ["EYE 018"]) == nil)
        // The other side of the same pressing (D, not C) is no other lacquer.
        #expect(MatrixKey.pressing(read: "KL-45098-D1", dump: "KL-45098-C1", catnos: ["KL 45098"]) == nil)
        // A misread mark after the lacquer says nothing about the pressing.
        #expect(MatrixKey.pressing(read: "QV22005-D1 THL-N", dump: "QV22005-D1 TML-M", catnos: ["QV 22005"]) == nil)
    }
}

@Suite struct TextAndFooterTests {
    @Test func discogsSuffixAndAccentsDoNotMatter() {
        #expect(TextSimilarity.normalise("The Persuader (2)") == "the persuader")
        #expect(TextSimilarity.normalise("Jesper Dahlbäck") == "jesper dahlback")
        #expect(TextSimilarity.normalise("Öster-malm!") == "oster malm")
        #expect(DiscogsName.withoutSuffix("Boston (12)") == "Boston")
        #expect(DiscogsName.withoutSuffix("Blink (182x)") == "Blink (182x)")
        #expect(TextSimilarity.similarity("THIS IS THE STORY", "This Is The Story") == 1)
        #expect(TextSimilarity.similarity("THlS IS THE ST0RY", "This Is The Story") > 0.5)
    }

    @Test(arguments: ["The Persuader", "  THlS IS -- THE ST0RY!! ", "A&M Records / Ffrr", "", "...", "Side 2: 4'33\"", "x"])
    func asciiTextTakesTheBytePathWithTheUnicodePathsResult(text: String) {
        #expect(TextSimilarity.asciiNormalised(text) == TextSimilarity.unicodeNormalised(text))
        #expect(TextSimilarity.asciiNormalised("Dahlbäck") == nil)
    }

    @Test func characterCountsStopEarlyButCountCharactersNotBytes() {
        #expect("abc".hasCharacters(atLeast: 3))
        #expect(!"ab".hasCharacters(atLeast: 3))
        // Three Characters in five bytes.
        #expect("e\u{301}bc".hasCharacters(atLeast: 3))
        #expect(!"e\u{301}bc".hasCharacters(atLeast: 4))
        #expect("".hasCharacters(atLeast: 0))
    }

    @Test func trigramsArePaddedSoShortWordsCountAndOrderMatters() {
        // "  ab " gives "  a", " ab", "ab ".
        #expect(TextSimilarity.trigramCodes("ab").count == 3)
        #expect(TextSimilarity.trigramCodes("").count == 1)
        #expect(TextSimilarity.trigramCodes("abc") != TextSimilarity.trigramCodes("cba"))
        #expect(TextSimilarity.similarity("Stockholm", "Stockholm Östermalm") > 0.5)
        #expect(TextSimilarity.similarity("Stockholm", "Kungsholmen") < 0.5)
        let text = TextSimilarity.trigramCodes(TextSimilarity.normalise("A1 Östermalm 4:45 B1 Vasastaden 6:11"))
        // All of "  vasastaden " but its padded start "  v" (mid-line it follows "1 ").
        #expect(TextSimilarity.containment(of: "Vasastaden", in: text) == 10.0 / 11.0)
        #expect(TextSimilarity.containment(of: "Kungsholmen", in: text) < 0.5)
    }

    @Test func readsCountryAndYearFromTheFooter() throws {
        let f = FooterReading(lines: ["B6 The Joyful Kilmarnock Blues 3:03", "(P) 1987 Chrysalis. Made in USA. BFV 41602"])
        #expect(f.country == "USA")
        #expect(f.year == 1987)
        // Harvested from a read of a photographed sleeve: no full stop before the catno.
        #expect(FooterReading(lines: ["(P) 1984 Polydor Records.Made in Germany 881 646-7"]).country == "Germany")
        #expect(FooterReading(lines: ["(P) 1979 EMI Records Ltd. Made in U.K. EMC 3300"]).country == "U.K")
        #expect(CountryName.agrees(printed: "U.K", dump: "UK") == true)
        // Harvested from photographed sleeves: "in" lost or misread by OCR.
        let madeim = try #require(FooterReading(lines: ["(P) 2005 London Reco Madeim Canada DmUt 549"]).country)
        #expect(CountryName.agrees(printed: madeim, dump: "Canada") == true)
        #expect(FooterReading(lines: ["1996 Signa’ Records Made m italy SIGNAL CXS"]).country == "italy SIGNAL CXS")
        // Harvested from a faint footer read on its own (UnreadRowsRereader): "Made un USA",
        // its two words run together.
        #expect(FooterReading(lines: ["BS Madeun USA NING"]).country == "USA NING")
        #expect(CountryName.agrees(printed: "USA NING", dump: "US") == true)
        #expect(FooterReading(lines: ["Homemade in the garage"]).country == nil)
        #expect(CountryName.agrees(printed: "italy SIGNAL CXS", dump: "Italy") == true)
        #expect(CountryName.agrees(printed: "West Germany 881", dump: "Germany") == true)
        #expect(CountryName.agrees(printed: "France SIGNAL", dump: "Italy") == false)
        // Harvested from a photographed footer: "Madein Gernany".
        #expect(CountryName.agrees(printed: "Gernany", dump: "Germany") == true)
        #expect(CountryName.agrees(printed: "Austria", dump: "Australia") == false)
        let none = FooterReading(lines: ["A1 1984 3:10", "Side B 1999"])
        #expect(none.country == nil && none.year == nil)
    }

    @Test func printedCountriesAgreeWithDiscogsNames() {
        #expect(CountryName.agrees(printed: "USA", dump: "US") == true)
        #expect(CountryName.agrees(printed: "EU", dump: "Europe") == true)
        #expect(CountryName.agrees(printed: "UK", dump: "UK & Europe") == true)
        #expect(CountryName.agrees(printed: "Germany", dump: "US") == false)
        #expect(CountryName.agrees(printed: "Spain", dump: "Unknown") == nil)
    }
}
