import Testing
@testable import SleeveCore

/// A name read in part: the engine read one line of a name set large and lost the
/// line beside it, and the part it read became the artist. Word boxes from
/// `sleevescan words` on a front cover photographed on a shelf (gathered set,
/// arossmann/blog IMG_0814, MIT), before the rule.
@Suite struct HeaderUnreadNeighbourTests {
    typealias Word = RealSleeveTests.Word

    /// Gregory Porter, "Nat King Cole & Me": GREGORY over PORTER over NAT KING /
    /// COLE & ME, all in one large type. Only PORTER came out surely ("REGORY" at 68,
    /// "A RING", "COLESME" at 36–46), so the artist was "PORTER".
    static let nameOverUnreadLine: [Word] = [
        (TextBox("REGORY", x: 0.6225, y: 0.0687, width: 0.2517, height: 0.1438), 68),
        (TextBox("—", x: 0.8592, y: 0.1392, width: 0.0767, height: 0.0208), 58),
        (TextBox("ae", x: 0.0975, y: 0.1683, width: 0.0650, height: 0.0133), 37),
        (TextBox("PORTER", x: 0.6783, y: 0.1817, width: 0.2292, height: 0.1367), 97),
        (TextBox("-", x: 0.8992, y: 0.2933, width: 0.0400, height: 0.1542), 83),
        (TextBox("RING", x: 0.7500, y: 0.2967, width: 0.1850, height: 0.1125), 37),
        (TextBox("A", x: 0.6558, y: 0.2975, width: 0.0767, height: 0.1083), 36),
        (TextBox("COLESME", x: 0.6208, y: 0.3742, width: 0.3500, height: 0.1499), 46),
        (TextBox("Ye", x: 0.1058, y: 0.6200, width: 0.0425, height: 0.0433), 45),
        (TextBox("ee", x: 0.0000, y: 0.6575, width: 0.0579, height: 0.1000), 29),
        (TextBox("———", x: 0.8108, y: 0.9000, width: 0.0958, height: 0.0458), 34),
        (TextBox("ee", x: 0.4033, y: 0.9942, width: 0.3075, height: 0.0058), 29),
    ]

    @Test func aNameBesideUnreadTypeOfItsSizeIsNotGiven() {
        let fields = RealSleeveTests.parse(Self.nameOverUnreadLine)
        #expect(fields.artist == nil)
        #expect(fields.title == nil)
    }

    /// A name half read on its row ("TRENTEM@LLER VS." is no print, "DJ LAB" is), the
    /// two halves lines of their own as the reading order gave them, over a title: the
    /// name is a piece and stays null; the title below keeps its role.
    @Test func aPieceOfANameLeavesTheTitleBelowIt() {
        let unread = TextLine(words: [TextBox("TRENTEM@LLER", x: 0.06, y: 0.058, width: 0.38, height: 0.045),
                                      TextBox("VS.", x: 0.46, y: 0.058, width: 0.12, height: 0.045)])
        let name = TextLine(words: [TextBox("DJ", x: 0.61, y: 0.061, width: 0.08, height: 0.038),
                                    TextBox("LAB", x: 0.71, y: 0.061, width: 0.10, height: 0.038)])
        let title = TextLine(words: [TextBox("RAUTA", x: 0.06, y: 0.129, width: 0.10, height: 0.026),
                                     TextBox("EP", x: 0.17, y: 0.129, width: 0.04, height: 0.026)])
        let reader = HeaderReader()
        let page = [unread, name, title]
        let fields = reader.read(page.map { HeaderReader.Candidate($0, confidence: 93) }, page: page)
        #expect(fields.artist == nil)
        #expect(fields.title == "RAUTA EP")
        // Without the unreadable half beside it, "DJ LAB" is the name.
        let alone = reader.read([name, title].map { HeaderReader.Candidate($0, confidence: 93) }, page: [name, title])
        #expect(alone.artist == "DJ LAB")
        #expect(alone.title == "RAUTA EP")
    }

    /// Counter-case: the same name with nothing unread beside it is the artist.
    @Test func theSameNameAloneIsTheArtist() {
        let unread: Set<String> = ["REGORY", "—", "RING", "A", "COLESME", "-"]
        let fields = RealSleeveTests.parse(Self.nameOverUnreadLine.filter { !unread.contains($0.box.text) })
        #expect(fields.artist == "PORTER")
    }

    /// Counter-case: unread type of a much smaller size beside a name (a picture's
    /// scraps, a credit that did not come out) leaves the name standing.
    @Test func smallUnreadTypeBesideANameLeavesIt() {
        let shrunk = Self.nameOverUnreadLine.map { w -> Word in
            guard ["REGORY", "—", "RING", "A", "COLESME", "-"].contains(w.box.text) else { return w }
            let b = w.box
            return (TextBox(b.text, x: b.rect.minX, y: b.rect.minY, width: b.rect.width, height: b.rect.height / 3), w.confidence)
        }
        let fields = RealSleeveTests.parse(shrunk)
        #expect(fields.artist == "PORTER")
    }
}
