import Testing
@testable import SleeveCore

/// Header and catalog failures on real photos (the gathered fronts and the identify
/// set's phone photos), each pinned by the word boxes `sleevescan words` gave on the
/// image before the rule that fixes it.
@Suite struct RealHeaderAndCatalogTests {
    typealias Word = RealSleeveTests.Word

    /// A phone photo of a back cover with a numbered tracklist and no durations
    /// (identify set, sleeve-photo-7001-006, The Phipps Family "Hills of Home"). The
    /// footer's catalog number is garbled ("ME®| 36"); the reader took track 10's row,
    /// "10. UTTLE MOSES", as the catalog number instead.
    static let numberedTracklist: [Word] = [
        (TextBox("PHIPPS", x: 0.1525, y: 0.0583, width: 0.1483, height: 0.0383), 92),
        (TextBox("THE", x: 0.0600, y: 0.0592, width: 0.0758, height: 0.0375), 93),
        (TextBox("FAMILY,", x: 0.3167, y: 0.0592, width: 0.1583, height: 0.0400), 96),
        (TextBox("HELEN", x: 0.4917, y: 0.0592, width: 0.1333, height: 0.0375), 94),
        (TextBox("CARTER", x: 0.6425, y: 0.0592, width: 0.1708, height: 0.0375), 80),
        (TextBox("““*'*", x: 0.8517, y: 0.0608, width: 0.0867, height: 0.0158), 16),
        (TextBox("HILLS", x: 0.0617, y: 0.1283, width: 0.1025, height: 0.0317), 96),
        (TextBox("OF", x: 0.1750, y: 0.1283, width: 0.0525, height: 0.0317), 95),
        (TextBox("HOME", x: 0.2400, y: 0.1292, width: 0.1108, height: 0.0308), 97),
        (TextBox("HE", x: 0.0925, y: 0.2150, width: 0.0200, height: 0.0333), 96),
        (TextBox("CAN", x: 0.1225, y: 0.2150, width: 0.0375, height: 0.0333), 96),
        (TextBox("HEAL", x: 0.1700, y: 0.2150, width: 0.0483, height: 0.0333), 97),
        (TextBox("THE", x: 0.2283, y: 0.2150, width: 0.0342, height: 0.0333), 97),
        (TextBox("SICK", x: 0.2725, y: 0.2150, width: 0.0508, height: 0.0333), 97),
        (TextBox("1.", x: 0.0625, y: 0.2183, width: 0.0150, height: 0.0192), 85),
        (TextBox("2.", x: 0.0600, y: 0.2558, width: 0.0192, height: 0.0333), 95),
        (TextBox("THE", x: 0.0900, y: 0.2558, width: 0.0308, height: 0.0333), 97),
        (TextBox("HILLS", x: 0.1317, y: 0.2558, width: 0.0500, height: 0.0333), 88),
        (TextBox("OF", x: 0.1925, y: 0.2558, width: 0.0258, height: 0.0333), 97),
        (TextBox("HOME", x: 0.2283, y: 0.2558, width: 0.0592, height: 0.0333), 97),
        (TextBox("3.", x: 0.0567, y: 0.2967, width: 0.0208, height: 0.0333), 94),
        (TextBox("SINNER", x: 0.0900, y: 0.2967, width: 0.0642, height: 0.0333), 97),
        (TextBox("LAY", x: 0.1675, y: 0.2967, width: 0.0367, height: 0.0333), 96),
        (TextBox("YOUR", x: 0.2150, y: 0.2967, width: 0.0508, height: 0.0333), 97),
        (TextBox("BURDEN", x: 0.2783, y: 0.2967, width: 0.0792, height: 0.0333), 95),
        (TextBox("DOWN", x: 0.3700, y: 0.2967, width: 0.0650, height: 0.0333), 95),
        (TextBox("4,", x: 0.0592, y: 0.3375, width: 0.0225, height: 0.0333), 80),
        (TextBox("THE", x: 0.0892, y: 0.3375, width: 0.0333, height: 0.0333), 97),
        (TextBox("OLD", x: 0.1333, y: 0.3375, width: 0.0367, height: 0.0333), 97),
        (TextBox("SHIP", x: 0.2642, y: 0.3375, width: 0.0475, height: 0.0333), 96),
        (TextBox("GOSPEL", x: 0.1758, y: 0.3408, width: 0.1342, height: 0.0200), 95),
        (TextBox("5.", x: 0.0600, y: 0.3783, width: 0.0217, height: 0.0325), 85),
        (TextBox("THE", x: 0.0892, y: 0.3783, width: 0.0358, height: 0.0325), 93),
        (TextBox("GRAVE", x: 0.2733, y: 0.3783, width: 0.0683, height: 0.0325), 96),
        (TextBox("DRUNKARD'S", x: 0.1267, y: 0.3825, width: 0.2125, height: 0.0200), 44),
        (TextBox("6.", x: 0.0600, y: 0.4200, width: 0.0183, height: 0.0325), 90),
        (TextBox("THERE", x: 0.0892, y: 0.4200, width: 0.0517, height: 0.0325), 97),
        (TextBox("IS", x: 0.1508, y: 0.4200, width: 0.0225, height: 0.0325), 54),
        (TextBox("WHERE", x: 0.1833, y: 0.4200, width: 0.0608, height: 0.0325), 94),
        (TextBox("WANT", x: 0.2733, y: 0.4200, width: 0.0492, height: 0.0325), 93),
        (TextBox("TO", x: 0.3325, y: 0.4200, width: 0.0275, height: 0.0325), 93),
        (TextBox("GO", x: 0.3733, y: 0.4200, width: 0.0300, height: 0.0325), 96),
        (TextBox("|", x: 0.2542, y: 0.4242, width: 0.0033, height: 0.0175), 74),
        (TextBox("CITY", x: 0.0900, y: 0.4608, width: 0.0408, height: 0.0325), 95),
        (TextBox("ON", x: 0.1408, y: 0.4608, width: 0.0250, height: 0.0325), 95),
        (TextBox("THE", x: 0.1767, y: 0.4608, width: 0.0325, height: 0.0325), 97),
        (TextBox("HILL", x: 0.2200, y: 0.4608, width: 0.0433, height: 0.0325), 65),
        (TextBox("7.", x: 0.0608, y: 0.4642, width: 0.0167, height: 0.0192), 93),
        (TextBox("8.", x: 0.0600, y: 0.5017, width: 0.0217, height: 0.0325), 94),
        (TextBox("WALKING", x: 0.0917, y: 0.5017, width: 0.0817, height: 0.0325), 97),
        (TextBox("IN", x: 0.1833, y: 0.5017, width: 0.0250, height: 0.0325), 92),
        (TextBox("THE", x: 0.2192, y: 0.5017, width: 0.0325, height: 0.0325), 96),
        (TextBox("KING'S", x: 0.2650, y: 0.5017, width: 0.0658, height: 0.0325), 65),
        (TextBox("HIGHWAY", x: 0.3367, y: 0.5050, width: 0.1017, height: 0.0200), 96),
        (TextBox("WHAT", x: 0.0942, y: 0.5425, width: 0.0508, height: 0.0333), 97),
        (TextBox("WOULD", x: 0.1583, y: 0.5425, width: 0.0617, height: 0.0333), 96),
        (TextBox("YOU", x: 0.2333, y: 0.5425, width: 0.0367, height: 0.0333), 96),
        (TextBox("GIVE", x: 0.2833, y: 0.5425, width: 0.0483, height: 0.0333), 96),
        (TextBox("IN", x: 0.3417, y: 0.5425, width: 0.0225, height: 0.0333), 97),
        (TextBox("EXCHANGE", x: 0.3708, y: 0.5458, width: 0.1200, height: 0.0200), 96),
        (TextBox("9.", x: 0.0592, y: 0.5467, width: 0.0183, height: 0.0183), 93),
        (TextBox("10.", x: 0.0625, y: 0.5842, width: 0.0292, height: 0.0325), 93),
        (TextBox("UTTLE", x: 0.1025, y: 0.5842, width: 0.0542, height: 0.0325), 92),
        (TextBox("MOSES", x: 0.1700, y: 0.5842, width: 0.0658, height: 0.0325), 96),
        (TextBox("WILL", x: 0.1025, y: 0.6250, width: 0.0433, height: 0.0325), 88),
        (TextBox("MY", x: 0.1567, y: 0.6250, width: 0.0275, height: 0.0325), 97),
        (TextBox("MOTHER", x: 0.1967, y: 0.6250, width: 0.0767, height: 0.0325), 96),
        (TextBox("KNOW", x: 0.2867, y: 0.6250, width: 0.0542, height: 0.0325), 96),
        (TextBox("ME", x: 0.3542, y: 0.6250, width: 0.0250, height: 0.0325), 97),
        (TextBox("THERE", x: 0.3892, y: 0.6250, width: 0.0658, height: 0.0325), 97),
        (TextBox("11.", x: 0.0625, y: 0.6283, width: 0.0275, height: 0.0183), 81),
        (TextBox("12.", x: 0.0625, y: 0.6658, width: 0.0325, height: 0.0325), 93),
        (TextBox("WHAT", x: 0.1050, y: 0.6658, width: 0.0467, height: 0.0325), 97),
        (TextBox("FRIEND", x: 0.1833, y: 0.6658, width: 0.0708, height: 0.0325), 97),
        (TextBox("WE", x: 0.2675, y: 0.6658, width: 0.0250, height: 0.0325), 96),
        (TextBox("HAVE", x: 0.3025, y: 0.6658, width: 0.0467, height: 0.0325), 97),
        (TextBox("IN", x: 0.3592, y: 0.6658, width: 0.0225, height: 0.0325), 95),
        (TextBox("JESUS", x: 0.3917, y: 0.6658, width: 0.0633, height: 0.0325), 96),
        (TextBox("A", x: 0.1625, y: 0.6700, width: 0.0108, height: 0.0183), 97),
        (TextBox("Dy", x: 0.1358, y: 0.7375, width: 0.0150, height: 0.0250), 89),
        (TextBox("The", x: 0.1583, y: 0.7375, width: 0.0233, height: 0.0250), 96),
        (TextBox("Cure", x: 0.1900, y: 0.7375, width: 0.0292, height: 0.0250), 94),
        (TextBox("and", x: 0.2275, y: 0.7375, width: 0.0250, height: 0.0250), 92),
        (TextBox("Us", x: 0.2583, y: 0.7375, width: 0.0175, height: 0.0250), 85),
        (TextBox("Numb", x: 0.2817, y: 0.7375, width: 0.0458, height: 0.0250), 49),
        (TextBox("Produced", x: 0.0600, y: 0.7408, width: 0.2642, height: 0.0150), 87),
        (TextBox("Bec", x: 0.0567, y: 0.7617, width: 0.0275, height: 0.0250), 51),
        (TextBox("orded", x: 0.0900, y: 0.7617, width: 0.0417, height: 0.0250), 70),
        (TextBox("Ff", x: 0.1417, y: 0.7617, width: 0.0092, height: 0.0250), 55),
        (TextBox("ge", x: 0.1625, y: 0.7617, width: 0.0192, height: 0.0250), 9),
        (TextBox("Rumery", x: 0.1900, y: 0.7617, width: 0.0483, height: 0.0250), 22),
        (TextBox("Staton", x: 0.2442, y: 0.7617, width: 0.0500, height: 0.0250), 38),
        (TextBox("Benn", x: 0.3025, y: 0.7617, width: 0.0417, height: 0.0250), 26),
        (TextBox("Cover", x: 0.0567, y: 0.7858, width: 0.0483, height: 0.0242), 88),
        (TextBox("demgn", x: 0.1108, y: 0.7858, width: 0.0425, height: 0.0242), 72),
        (TextBox("by", x: 0.1608, y: 0.7858, width: 0.0183, height: 0.0242), 92),
        (TextBox("Maxten", x: 0.1875, y: 0.7858, width: 0.0492, height: 0.0242), 85),
        (TextBox("Pie", x: 0.2458, y: 0.7858, width: 0.0325, height: 0.0242), 18),
        (TextBox("1980", x: 0.0875, y: 0.9158, width: 0.0292, height: 0.0233), 72),
        (TextBox("tagte", x: 0.1958, y: 0.9158, width: 0.0392, height: 0.0233), 68),
        (TextBox("Records", x: 0.2442, y: 0.9158, width: 0.0550, height: 0.0233), 54),
        (TextBox("in", x: 0.3533, y: 0.9158, width: 0.0125, height: 0.0233), 79),
        (TextBox("|", x: 0.4425, y: 0.9158, width: 0.0067, height: 0.0233), 71),
        (TextBox("36", x: 0.4542, y: 0.9158, width: 0.0142, height: 0.0233), 49),
        (TextBox("Mountain", x: 0.1225, y: 0.9200, width: 0.1750, height: 0.0142), 28),
        (TextBox("ME®", x: 0.4075, y: 0.9200, width: 0.0600, height: 0.0108), 13),
        (TextBox(")", x: 0.0617, y: 0.9208, width: 0.0167, height: 0.0100), 0),
        (TextBox("Made", x: 0.3067, y: 0.9208, width: 0.0908, height: 0.0100), 93),
        (TextBox("USA", x: 0.3725, y: 0.9208, width: 0.0250, height: 0.0100), 88),
    ]

    @Test func aNumberedTrackRowIsNoCatalogNumber() {
        let fields = RealSleeveTests.parse(Self.numberedTracklist)
        // The row is track 10 and nothing else: the garbled footer gives no number.
        #expect(fields.tracks.contains { $0.position == "10" && $0.title == "UTTLE MOSES" })
        #expect(fields.catalogNumber == nil)
    }

    /// A hand-held photo of a promotional LP with a bad outline (gathered set, album-wiz
    /// IMG_5356, Fleetwood Mac): the sticker's "NOT FOR" came back as one token,
    /// "NOTFOR", and became the artist; the cover's own lettering was not read.
    static let stickerWordsRunTogether: [Word] = [
        (TextBox("i", x: 0.0622, y: 0.0000, width: 0.0106, height: 0.0178), 22),
        (TextBox("aca", x: 0.0889, y: 0.0000, width: 0.0178, height: 0.0178), 12),
        (TextBox("i", x: 0.1156, y: 0.0000, width: 0.0061, height: 0.0178), 16),
        (TextBox("/", x: 0.3517, y: 0.0000, width: 0.1089, height: 0.2072), 87),
        (TextBox("pai", x: 0.0006, y: 0.0006, width: 0.1672, height: 0.0122), 15),
        (TextBox("peer", x: 0.1372, y: 0.1367, width: 0.4111, height: 0.2339), 0),
        (TextBox("90.", x: 0.8722, y: 0.1894, width: 0.1244, height: 0.1144), 49),
        (TextBox("ye", x: 0.5650, y: 0.2072, width: 0.2422, height: 0.2228), 32),
        (TextBox("¥", x: 0.7617, y: 0.2078, width: 0.0994, height: 0.1778), 24),
        (TextBox("e", x: 0.9339, y: 0.2544, width: 0.0661, height: 0.0700), 0),
        (TextBox("A", x: 0.9539, y: 0.3300, width: 0.0378, height: 0.0772), 48),
        (TextBox("NOTFOR", x: 0.6302, y: 0.4582, width: 0.0691, height: 0.0150), 74),
        (TextBox("wv", x: 0.6993, y: 0.4650, width: 0.0149, height: 0.0231), 49),
        (TextBox(".", x: 0.6153, y: 0.4718, width: 0.0163, height: 0.0163), 41),
        (TextBox("SALE", x: 0.6465, y: 0.4718, width: 0.0677, height: 0.0163), 93),
        (TextBox("|", x: 0.9189, y: 0.5522, width: 0.0139, height: 0.0989), 94),
        (TextBox("5)", x: 0.5122, y: 0.6106, width: 0.0683, height: 0.0800), 56),
        (TextBox("}", x: 0.8739, y: 0.6211, width: 0.0339, height: 0.0639), 30),
        (TextBox("|", x: 0.9467, y: 0.6239, width: 0.0128, height: 0.1183), 81),
        (TextBox("i?", x: 0.0000, y: 0.7925, width: 0.1683, height: 0.1625), 30),
        (TextBox("a.", x: 0.4256, y: 0.9894, width: 0.0161, height: 0.0106), 44),
        (TextBox("See", x: 0.4444, y: 0.9894, width: 0.0194, height: 0.0106), 22),
        (TextBox("ee", x: 0.4711, y: 0.9894, width: 0.0094, height: 0.0106), 19),
        (TextBox("GEN", x: 0.6294, y: 0.9894, width: 0.0317, height: 0.0106), 28),
        (TextBox("EE", x: 0.6794, y: 0.9894, width: 0.0411, height: 0.0106), 51),
        (TextBox("a", x: 0.7900, y: 0.9894, width: 0.0167, height: 0.0106), 33),
        (TextBox("ee", x: 0.7478, y: 0.9983, width: 0.0367, height: 0.0017), 15),
    ]

    @Test func packagingWordsRunTogetherAreNoArtist() {
        let fields = RealSleeveTests.parse(Self.stickerWordsRunTogether)
        #expect(fields.artist == nil)
        #expect(fields.title == nil)
    }

    @Test func packagingRuns() {
        let header = HeaderReader()
        #expect(header.isPackagingNotice("NOTFOR"))
        #expect(header.isPackagingNotice("NOTFORSALE"))
        #expect(header.isPackagingNotice("PROMOTIONALCOPY"))
        #expect(!header.isPackagingNotice("STEREOLAB"))
        #expect(!header.isPackagingNotice("FORSALEX"))
        #expect(!header.isPackagingNotice("FLEETWOOD"))
    }

    /// Numbered rows and title words around a number are no catalog numbers; codes
    /// with a short format suffix still are.
    @Test(arguments: ["10. UTTLE MOSES", "4, THE OLD", "B12. OUTRO", "500 MUSIC"])
    func notACatalogNumber(text: String) {
        #expect(!CatalogNumber.looksLike(text))
    }

    @Test(arguments: ["TRI 633 CD", "MER-136", "DEF 24208", "SD 8216 ST"])
    func stillACatalogNumber(text: String) {
        #expect(CatalogNumber.looksLike(text))
    }
}
