import Testing
@testable import SleeveCore

/// The matcher over array-literal releases and records: what it names, and when it
/// refuses to.
@Suite struct ReleaseMatcherTests {
    static let original = ReleaseFacts(
        id: 1, title: "Stockholm", artists: [.init(name: "The Persuader (2)")], labels: [.init(name: "Svek", catno: "SK 032")],
        barcodes: ["0 9362-47555-2 4"], matrices: ["MPO SK 032 A1", "MPO SK 032 B1"], country: "US", year: 1999, masterId: 9,
        tracks: [.init(position: "A", title: "Östermalm", duration: "4:45"), .init(position: "B1", title: "Vasastaden", duration: "6:11")])
    static let repress: ReleaseFacts = {
        var r = original
        r.id = 2
        r.matrices = ["MPO SK 032 A2 RE", "MPO SK 032 B2 RE"]
        return r
    }()
    static let german: ReleaseFacts = {
        var r = original
        r.id = 3
        r.barcodes = ["7 961220 922684 >"]
        r.country = "Germany"
        r.year = 2001
        r.matrices = []
        return r
    }()
    static let coloured = ReleaseFacts(
        id: 4, title: "Distant Plastic", artists: [.init(name: "Magnetic Fields")], labels: [.init(name: "Magnet", catno: "SNGI 319LTD")],
        barcodes: ["004865424087"], country: "US", year: 2001)
    static let black: ReleaseFacts = {
        var r = coloured
        r.id = 5
        r.labels = [.init(name: "Magnet", catno: "SNGI 319")]
        r.barcodes = ["0 04865 42408 7"]
        return r
    }()

    static func sleeve(barcode: String? = nil, catno: String?, lines: [String], label: String? = nil) -> RecordFields {
        RecordFields(barcodes: barcode.map { [.init(value: $0)] } ?? [], artist: nil, title: nil, label: label,
                     catalogNumber: catno, lines: lines)
    }

    let matcher = ReleaseMatcher()

    @Test func aBarcodeOnOneReleaseNamesIt() {
        let e = RecordEvidence(records: [Self.sleeve(barcode: "7961220922684", catno: "SK 032",
                                                     lines: ["THE PERSUADER", "STOCKHOLM", "(P) 2001 Svek. Made in Germany. SK 032"])])
        let id = matcher.identify(e, candidates: [Self.original, Self.repress, Self.german])
        #expect(id.discogsId == 3)
        #expect(id.candidates.first?.discogsId == 3)
        #expect(id.canonical?.artist == "The Persuader")
        #expect(id.evidence.contains { $0.kind == "barcode" })
        #expect(id.score > 0.9)
    }

    @Test func whenOnlyTheMatrixDiffersItSaysSoAndNamesNone() {
        let e = RecordEvidence(records: [Self.sleeve(barcode: "093624755524", catno: "SK 032",
                                                     lines: ["(P) 1999 Svek. Made in USA. SK 032"])])
        let id = matcher.identify(e, candidates: [Self.original, Self.repress, Self.german])
        #expect(id.discogsId == nil)
        #expect(Set(id.candidates.prefix(2).map(\.discogsId)) == [1, 2])
        #expect(id.reason?.contains("dead wax") == true)
        #expect(id.canonical == nil)
        // A dead-wax photo whose run was not legible (an eval read: `Y 4`) changes nothing
        // but the advice.
        let blurred = RecordEvidence(records: [Self.sleeve(barcode: "093624755524", catno: "SK 032", lines: ["(P) 1999 Svek. Made in USA. SK 032"]),
                                               RecordFields(kind: "deadwax", matrix: ["Y 4", "4"])])
        let again = matcher.identify(blurred, candidates: [Self.original, Self.repress, Self.german])
        #expect(again.discogsId == nil)
        #expect(again.reason?.contains("photograph the run-out closer") == true)
    }

    @Test func theDeadWaxDecidesBetweenRepresses() {
        let sleeve = Self.sleeve(barcode: "093624755524", catno: "SK 032", lines: ["(P) 1999 Svek. Made in USA. SK 032"])
        let deadwax = RecordFields(kind: "deadwax", matrix: ["MPO SK O32 A2 RE"])
        let id = matcher.identify(RecordEvidence(records: [sleeve, deadwax]), candidates: [Self.original, Self.repress, Self.german])
        #expect(id.discogsId == 2)
        #expect(id.evidence.contains { $0.kind == "matrix" })
    }

    @Test func aDeadWaxReadThatFitsTwoRepressesAlikeNamesNeither() {
        // Harvested from an eval dead-wax photo: `DRUE549-B1 GZ` read as `DRUES4I9-B1`
        // (S/5 and I/1 folded, one glyph too many), and a repress whose B side differs
        // only by a mark the photo did not catch.
        let first = ReleaseFacts(id: 10, title: "Country, My Way", artists: [.init(name: "Nancy Sinatra")],
                                 labels: [.init(name: "London Records", catno: "DRUE 549")], barcodes: ["0 35207 47875 8"],
                                 matrices: ["DRUE549-A1 GZ", "DRUE549-B1 GZ"], country: "Canada", year: 2005)
        var second = first
        second.id = 11
        second.matrices = ["DRUE549-A3 GZ", "DRUE549-B1 GZ BILBO"]
        let sleeve = Self.sleeve(barcode: "035207478758", catno: "DRUE 549", lines: ["Made in Canada. DRUE 549"])
        let deadwax = RecordFields(kind: "deadwax", matrix: ["DRUES4I9-B1"])
        let id = matcher.identify(RecordEvidence(records: [sleeve, deadwax]), candidates: [first, second])
        #expect(id.discogsId == nil)
        #expect(Set(id.candidates.map(\.discogsId)) == [10, 11])
        #expect(id.candidates[0].score == id.candidates[1].score)
        #expect(id.reason?.contains("fits more than one pressing") == true)
        // The same read with its last glyph on the first pressing's A side instead names it.
        let sideA = RecordFields(kind: "deadwax", matrix: ["DRUE549-A1 GZ"])
        #expect(matcher.identify(RecordEvidence(records: [sleeve, sideA]), candidates: [first, second]).discogsId == 10)
        // Today's read of that photo, `DRUES49-B1 GZ`, from a close-up still fits both:
        // the mark may lie out of its frame.
        var closeUp = RecordFields(kind: "deadwax", matrix: ["DRUES49-B1 GZ"])
        closeUp.source = .init(width: 1600, height: 1200)
        closeUp.disc = .init(center: [2100, -250], radius: nil)
        #expect(matcher.identify(RecordEvidence(records: [sleeve, closeUp]), candidates: [first, second]).discogsId == nil)
        // Off the photo of the whole disc it names the first: the second pressing's BILBO
        // would be in view, and was not read.
        var whole = closeUp
        whole.disc = .init(center: [863.1, 600.6], radius: 467.0)
        let named = matcher.identify(RecordEvidence(records: [sleeve, whole]), candidates: [first, second])
        #expect(named.discogsId == 10)
        #expect(named.evidence.contains { $0.kind == "matrix" && $0.value == "DRUE549-B1 GZ" })
        // With only the BILBO pressing in the index, the photo contradicts it: no release.
        let alone = matcher.identify(RecordEvidence(records: [sleeve, whole]), candidates: [second])
        #expect(alone.discogsId == nil)
        #expect(alone.reason?.contains("differs in its matrix") == true)
        #expect(matcher.identify(RecordEvidence(records: [sleeve, closeUp]), candidates: [second]).discogsId == 11)
    }

    /// Harvested from an eval pair: the sleeve of Trentemøller vs. DJ Lab "Rauta EP"
    /// (echocord 034) read as printed below (its catno and country footer garbled, its
    /// barcode read as digits) and its dead wax `Echocord 034 B SST MPO DMM` read as
    /// `E034 B SST MPO DMM`. The index holds that pressing, a sibling listing no matrix and
    /// the DJ edition.
    static let rauta = ReleaseFacts(
        id: 20, title: "Rauta EP", artists: [.init(name: "Trentemøller", join: "vs."), .init(name: "DJ Lab")],
        labels: [.init(name: "Echocord", catno: "echocord 034")], barcodes: ["880319337116"],
        matrices: ["ECHOCORD 034 A SST MPO DMM", "Echocord 034 B SST MPO DMM"], country: "Denmark", year: 2009,
        tracks: [.init(position: "A", title: "Rauta (Girls Mix)", duration: ""), .init(position: "B", title: "Rauta (Boys Mix)", duration: "")])
    static let rautaUnlisted: ReleaseFacts = { var r = rauta; r.id = 21; r.matrices = []; return r }()
    static let rautaDJ: ReleaseFacts = {
        var r = rauta
        r.id = 22
        r.labels = [.init(name: "Echocord", catno: "echocord 034DJ")]
        r.barcodes = []
        r.matrices = ["echocord034DJ-A3", "echocord034DJ-B3"]
        return r
    }()
    static let rautaSleeve: RecordFields = {
        var f = RecordFields(artist: "DJ LAB", title: "RAUTA EP", label: "OY Echocond Records", catalogNumber: nil,
                             lines: ["TRENTEM@LLER VS.", "RAUTA EP", "A. RAUTA (GIRLS MIX)", "B. RAUTA (BOYS MIX)",
                                     "(P) OY Echocond Records Matem Deamad echecordOM", "DJ LAB", "880319337116"])
        f.barcodes = [.init(value: "880319337116", checksumValid: true, source: "text")]
        return f
    }()

    @Test func aMatrixReadThatLostGlyphsOfTheLabelsNameStillNamesThePressing() {
        // The photo lost `chocord` of the label's name where the run spells the catno; the
        // catno's number and the side, lacquer and marks after it were read glyph for glyph.
        // Those are what tell pressings of one catno apart; the label's name is the same on all.
        let candidates = [Self.rauta, Self.rautaUnlisted, Self.rautaDJ]
        let read = RecordFields(kind: "deadwax", matrix: ["E034 B SST MPO DMM"])
        let id = matcher.identify(RecordEvidence(records: [Self.rautaSleeve, read]), candidates: candidates)
        #expect(id.discogsId == 20)
        #expect(id.evidence.contains { $0.kind == "matrix" && $0.value == "Echocord 034 B SST MPO DMM" })
        // Without the dead wax the two pressings are alike.
        #expect(matcher.identify(RecordEvidence(records: [Self.rautaSleeve]), candidates: candidates).discogsId == nil)
        // A glyph the label's name does not have is a misread, not a loss: one glyph off
        // where all pressings agree, a weaker match.
        let misread = matcher.identify(RecordEvidence(records: [Self.rautaSleeve, RecordFields(kind: "deadwax", matrix: ["X034 B SST MPO DMM"])]),
                                       candidates: candidates)
        #expect(misread.evidence.contains { $0.kind == "matrixNear" })
        // A number that differs too, a lost side letter, or a lacquer number the dump lacks:
        // the read decides nothing.
        for garbled in ["X035 B SST MPO DMM", "E034 SST MPO DMM", "E034 B2 SST MPO DMM"] {
            let other = RecordFields(kind: "deadwax", matrix: [garbled])
            #expect(matcher.identify(RecordEvidence(records: [Self.rautaSleeve, other]), candidates: candidates).discogsId == nil,
                    "\(garbled)")
        }
    }

    /// A pressing and its repress that differ only in the lacquer number, and a sibling
    /// that lists no matrix; the runs and reads are from held-out dead-wax photos.
    static func pressings(_ run: String, repress: String, catno: String) -> [ReleaseFacts] {
        let first = ReleaseFacts(id: 40, title: "Far Lights", artists: [.init(name: "The Kites")],
                                 labels: [.init(name: "Kettle", catno: catno)], matrices: [run], country: "UK", year: 1984,
                                 tracks: [.init(position: "A1", title: "Slow Water", duration: "3:12")])
        var second = first
        second.id = 41
        second.matrices = [repress]
        var unlisted = first
        unlisted.id = 42
        unlisted.matrices = []
        return [first, second, unlisted]
    }

    static func kites(catno: String?, run: String) -> [RecordFields] {
        [RecordFields(artist: "THE KITES", title: "FAR LIGHTS", catalogNumber: catno,
                      lines: ["THE KITES", "FAR LIGHTS", "A1 SLOW WATER 3:12", "(P) 1984 Kettle. Made in UK." + (catno.map { " " + $0 } ?? "")]),
         RecordFields(kind: "deadwax", matrix: [run])]
    }

    @Test func aReadWithAnotherLacquerNumberIsAnotherPressing() {
        // Held-out photos etched `KL-45098-C3` and `BX-48500-C1 MASTERDISK`, read exactly; the
        // index held only the represses (`…-C1`, `…-C2 MASTERDISK`). One glyph off used to
        // count for the repress, which was then named; the lacquer number is what tells
        // pressings apart, so the read is another pressing's run.
        for (run, repress, catno) in [("KL-45098-C3", "KL-45098-C1", "KL 45098"),
                                      ("BX-48500-C1 MASTERDISK", "BX-48500-C2 MASTERDISK", "BX 48500")] {
            let candidates = Self.pressings(run, repress: repress, catno: catno)
            for printed in [catno, nil] {
                let e = RecordEvidence(records: Self.kites(catno: printed, run: run))
                let without = matcher.identify(e, candidates: Array(candidates.dropFirst()))
                #expect(without.discogsId == nil, "\(run), catno \(printed ?? "unread")")
                #expect(without.reason?.contains("dead wax") == true || without.reason?.contains("matrix") == true)
                // With the pressing itself listed, the read names it.
                #expect(matcher.identify(e, candidates: candidates).discogsId == 40, "\(run)")
            }
        }
        // A read lacquer number alone does not rule out a release listing no matrix: the
        // sleeve names it as before when no listed pressing disagrees.
        let solo = Self.pressings("KL-45098-C3", repress: "KL-45098-C1", catno: "KL 45098")[2]
        #expect(matcher.identify(RecordEvidence(records: Self.kites(catno: "KL 45098", run: "KL-45098-C3")), candidates: [solo]).discogsId == 42)
    }

    @Test func aGlyphMisreadWhereAllPressingsAgreeStillTellsThePressing() {
        // Held-out photo etched `RCA87844-B2 PORKY`, read `RCA87824-B2 PORKY`: the catno's
        // number misread, the side, lacquer and mark read exactly. That is this pressing's
        // run, not the repress's (`-B3`), nor can it be a sibling's that lists no matrix.
        let candidates = Self.pressings("RCA87844-B2 PORKY", repress: "RCA87844-B3 PORKY", catno: "RCA 87844")
        let id = matcher.identify(RecordEvidence(records: Self.kites(catno: "RCA 87844", run: "RCA87824-B2 PORKY")), candidates: candidates)
        #expect(id.discogsId == 40)
        #expect(id.evidence.contains { $0.kind == "matrixNear" && $0.weight == 4.5 })
        // The same misread with the lacquer read as the repress's names the repress.
        let other = matcher.identify(RecordEvidence(records: Self.kites(catno: "RCA 87844", run: "RCA87824-B3 PORKY")), candidates: candidates)
        #expect(other.discogsId == 41)
    }

    @Test func aCatnoPrintedWithLookAlikeSymbolsIsReadAsItsLetters() {
        // Harvested from an eval sleeve: the footer's `MER-136` came out as `ME®| 36`.
        // `®` is the R with a ring OCR saw around it, `|` the vertical stroke of the 1.
        let hills = ReleaseFacts(id: 30, title: "Hills of Home", artists: [.init(name: "The Phipps Family", join: ","), .init(name: "Helen Carter (2)")],
                                 labels: [.init(name: "Mountain Eagle Records", catno: "MER-136")], country: "US", year: 1980,
                                 tracks: [.init(position: "1", title: "He Can Heal The Sick", duration: ""),
                                          .init(position: "2", title: "The Hills Of Home", duration: ""),
                                          .init(position: "10", title: "Little Moses", duration: "")])
        let lines = ["THE PHIPPS FAMILY, HELEN CARTER", "HILLS OF HOME", "1. HE CAN HEAL THE SICK", "2. THE HILLS OF HOME",
                     "10. UTTLE MOSES", ") 1980 Mountaintagte Records Madein USA ME®| 36"]
        let sleeve = RecordFields(artist: "HILLS OF HOME", title: "THE PHIPPS FAMILY, HELEN CARTER", lines: lines)
        let e = RecordEvidence(records: [sleeve])
        #expect(e.catnoPhrases.contains { $0.folded == "MER136" })
        let id = matcher.identify(e, candidates: [hills])
        #expect(id.discogsId == 30)
        #expect(id.evidence.contains { $0.kind == "catno" && $0.value == "MER-136" })
        // A bar standing alone (barcode bars, a separator) is no letter: it neither makes a
        // catno nor reads as a suffix after one.
        let bars = RecordEvidence(records: [Self.sleeve(catno: nil, lines: ["(P) 1999 Svek. Made in USA. SK 032 |", "| | ll |"])])
        #expect(!bars.catnoPhrases.contains { $0.exact.contains("SK032I") || $0.exact.contains("LLI") || $0.exact.contains("ILL") })
        #expect(bars.catnoPhrases.contains { $0.exact == "SK032" && !$0.suffixed })
    }

    @Test func aSharedBarcodeIsDecidedByTheCatno() {
        let plain = RecordEvidence(records: [Self.sleeve(barcode: "004865424087", catno: "SNGI 319", lines: ["(P) 2001 Magnet. Made in USA. SNGI 319"])])
        #expect(matcher.identify(plain, candidates: [Self.coloured, Self.black]).discogsId == 5)
        let ltd = RecordEvidence(records: [Self.sleeve(barcode: "004865424087", catno: "SNGI 319LTD",
                                                       lines: ["(P) 2001 Magnet. Made in USA. SNGI 319 LTD"])])
        #expect(matcher.identify(ltd, candidates: [Self.coloured, Self.black]).discogsId == 4)
    }

    @Test func anEditionWithASuffixedCatnoIsNotThePlainOne() {
        // The coloured edition (not in the index) shares the black one's barcode; its catno
        // carries a suffix, glued or as a word, and no catno field was parsed.
        for footer in ["(P) 2001 Magnet. Made in USA. SNGI 319X", "(P) 2001 Magnet. Made in USA. SNGI 319 X"] {
            let e = RecordEvidence(records: [Self.sleeve(barcode: "004865424087", catno: nil, lines: ["DISTANT PLASTIC", footer])])
            let id = matcher.identify(e, candidates: [Self.black])
            #expect(id.discogsId == nil, "\(footer)")
        }
    }

    @Test func aPressingThatDisagreesOnWhatIsPrintedIsNeverNamed() {
        // A 1984 Italian pressing the index does not hold; its sibling shares the catno.
        let e = RecordEvidence(records: [Self.sleeve(catno: "SK 032", lines: ["THE PERSUADER", "STOCKHOLM", "(P) 1984 Svek. Made in Italy. SK 032"],
                                                     label: "Svek")])
        let id = matcher.identify(e, candidates: [Self.original, Self.repress, Self.german])
        #expect(id.discogsId == nil)
        #expect(!id.candidates.isEmpty)
    }

    @Test func aCatnoReadWithOCRConfusionsStillNamesABarcodeLessRelease() {
        let vibrant = ReleaseFacts(id: 9, title: "Golden Hour", artists: [.init(name: "Vibrant Ones")],
                                   labels: [.init(name: "Vibrant Records", catno: "AUG 70166")], country: "UK", year: 1969,
                                   tracks: [.init(position: "A1", title: "Golden Hour", duration: "2:58")])
        let other = ReleaseFacts(id: 10, title: "Golden Hour", artists: [.init(name: "Vibrant Ones")],
                                 labels: [.init(name: "Vibrant Records", catno: "AUG 70167")], country: "UK", year: 1970)
        let e = RecordEvidence(records: [Self.sleeve(catno: "AUG 7O166", lines: ["VIBRANT ONES", "GOLDEN HOUR", "A1 Golden Hour 2:58",
                                                                                 "(P) 1969 Vibrant Records. Made in UK. AUG 7O166"],
                                                     label: "Vibrant Records")])
        let id = matcher.identify(e, candidates: [vibrant, other])
        #expect(id.discogsId == 9)
    }

    @Test func aBarcodeAloneNamesNothingButListsTheRelease() {
        // `read --only barcodes`: no text, no catno; an edition sharing the code could be it.
        let e = RecordEvidence(records: [Self.sleeve(barcode: "7961220922684", catno: nil, lines: [])])
        let id = matcher.identify(e, candidates: [Self.original, Self.german])
        #expect(id.discogsId == nil)
        #expect(id.candidates.first?.discogsId == 3)
    }

    @Test func aCatnoAloneNeedsThePrintedCountry() {
        // Labels reuse a catno across countries: the Australian pressing in the index must
        // not be named for a sleeve whose footer was not read (it may be the German one).
        let australian = ReleaseFacts(id: 7, title: "Soul Deep", artists: [.init(name: "The Council Collective")],
                                      labels: [.init(name: "Polydor", catno: "881 646-7")], country: "Australia", year: 1984)
        let unread = RecordEvidence(records: [Self.sleeve(catno: "881 646-7", lines: ["THE COUNCIL COLLECTIVE", "SOUL DEEP", "881 646-7"],
                                                          label: "Polydor")])
        let id = matcher.identify(unread, candidates: [australian])
        #expect(id.discogsId == nil)
        #expect(id.reason?.contains("country") == true)
        let read = RecordEvidence(records: [Self.sleeve(catno: "881 646-7", lines: ["THE COUNCIL COLLECTIVE", "SOUL DEEP",
                                                                                    "(P) 1984 Polydor. Made in Australia. 881 646-7"],
                                                        label: "Polydor")])
        #expect(matcher.identify(read, candidates: [australian]).discogsId == 7)
    }

    @Test func digitsReadAsTextAreNoBarcodeToContradictWith() {
        // Harvested from a sleeve whose symbol was not decoded: the reader offered the
        // printed catno "888430749078" (a UPC-shaped Sony catno, check digit valid) as a
        // barcode read from text. The release lists its real code: printed digits are not
        // a symbol, so they must not rule it out; the catno and the footer name it.
        let canadian = ReleaseFacts(id: 9, title: "Taxi Cab", artists: [.init(name: "Misty Miller")],
                                    labels: [.init(name: "Sony Music", catno: "888430749078")], barcodes: ["040089588761"],
                                    country: "Canada", year: 2014)
        var fields = Self.sleeve(catno: nil, lines: ["MISTY MILLER", "TAXI CAB", "A Taxi Cab", "B Rabbits",
                                                     "(P) 2014 Sony Music. Made in Canada. 888430749078", "888430749078"])
        fields.barcodes = [.init(value: "888430749078", checksumValid: true, source: "text")]
        let id = matcher.identify(RecordEvidence(records: [fields]), candidates: [canadian])
        #expect(id.discogsId == 9)
        // A code decoded from the bars that the release does not list still rules it out.
        fields.barcodes = [.init(value: "888430749078", checksumValid: true, source: "symbol")]
        #expect(matcher.identify(RecordEvidence(records: [fields]), candidates: [canadian]).discogsId == nil)
    }

    @Test func nothingAgreeingMeansNoCandidates() {
        let e = RecordEvidence(records: [Self.sleeve(catno: nil, lines: ["SOMETHING ELSE"])])
        let id = matcher.identify(e, candidates: [])
        #expect(id.discogsId == nil && id.candidates.isEmpty)
    }
}
