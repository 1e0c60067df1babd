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

    /// A hand-held photo of The Smiths "Rank" (gathered set, album-wiz IMG_5369): the
    /// name is set one word a line, "THE" over "SMITHS", and the two-line block was
    /// taken as the title; a name stacked one word a line is still a name.
    static let nameStackedOneWordALine: [Word] = [
        (TextBox("THE", x: 0.1059, y: 0.0291, width: 0.1500, height: 0.0624), 97),
        (TextBox("Li", x: 0.6572, y: 0.0433, width: 0.0089, height: 0.0094), 36),
        (TextBox("Lg", x: 0.7011, y: 0.0461, width: 0.0389, height: 0.0156), 0),
        (TextBox("af", x: 0.9883, y: 0.0767, width: 0.0117, height: 0.0033), 38),
        (TextBox("_", x: 0.0417, y: 0.0867, width: 0.0022, height: 0.0039), 60),
        (TextBox("——", x: 0.6050, y: 0.1065, width: 0.0801, height: 0.0124), 30),
        (TextBox("Pig", x: 0.5256, y: 0.1222, width: 0.0689, height: 0.0356), 16),
        (TextBox("SMITHS", x: 0.0972, y: 0.1361, width: 0.2822, height: 0.0639), 96),
        (TextBox("fo", x: 0.4522, y: 0.1567, width: 0.0722, height: 0.0511), 23),
        (TextBox("&", x: 0.4083, y: 0.1822, width: 0.0106, height: 0.0056), 72),
        (TextBox("~", x: 0.5450, y: 0.2150, width: 0.0072, height: 0.0028), 42),
        (TextBox("Te", x: 0.6508, y: 0.2435, width: 0.0407, height: 0.0059), 37),
        (TextBox("—", x: 0.6278, y: 0.2861, width: 0.0544, height: 0.0328), 11),
        (TextBox("“RANK", x: 0.0896, y: 0.2927, width: 0.2650, height: 0.0809), 96),
        (TextBox("PY", x: 0.6828, y: 0.2944, width: 0.0283, height: 0.0428), 25),
        (TextBox("\\", x: 0.4483, y: 0.3006, width: 0.0044, height: 0.0167), 52),
        (TextBox("tule", x: 0.3589, y: 0.3478, width: 0.0122, height: 0.0050), 35),
        (TextBox("Ek", x: 0.3100, y: 0.3539, width: 0.0178, height: 0.0089), 24),
        (TextBox("e", x: 0.7422, y: 0.3583, width: 0.0044, height: 0.0056), 0),
        (TextBox("—", x: 0.5256, y: 0.3611, width: 0.0150, height: 0.0072), 26),
        (TextBox("ih", x: 0.6383, y: 0.3678, width: 0.0361, height: 0.0189), 19),
        (TextBox("ware”,", x: 0.2956, y: 0.3722, width: 0.0483, height: 0.0211), 22),
        (TextBox("a", x: 0.2367, y: 0.3829, width: 0.0053, height: 0.0053), 59),
        (TextBox("ae", x: 0.2505, y: 0.3829, width: 0.0245, height: 0.0117), 32),
        (TextBox("ten", x: 0.2772, y: 0.3893, width: 0.0469, height: 0.0106), 31),
        (TextBox("(ee", x: 0.2484, y: 0.3936, width: 0.0107, height: 0.0085), 49),
        (TextBox("=", x: 0.2836, y: 0.4063, width: 0.0330, height: 0.0117), 0),
        (TextBox("—_*", x: 0.6344, y: 0.4072, width: 0.0311, height: 0.0061), 11),
        (TextBox("rao", x: 0.2207, y: 0.4085, width: 0.0224, height: 0.0053), 43),
        (TextBox("~~.", x: 0.6739, y: 0.4122, width: 0.0322, height: 0.0067), 0),
        (TextBox("re", x: 0.8878, y: 0.4133, width: 0.0078, height: 0.0044), 27),
        (TextBox("but", x: 0.1178, y: 0.4183, width: 0.0206, height: 0.0222), 37),
        (TextBox("ane", x: 0.1456, y: 0.4183, width: 0.0189, height: 0.0222), 46),
        (TextBox("=e", x: 0.2878, y: 0.4194, width: 0.0467, height: 0.0322), 35),
        (TextBox("tay", x: 0.1722, y: 0.4228, width: 0.0217, height: 0.0156), 51),
        (TextBox("“4", x: 0.2011, y: 0.4256, width: 0.0217, height: 0.0150), 55),
        (TextBox("oe", x: 0.2094, y: 0.4394, width: 0.0550, height: 0.0289), 41),
        (TextBox("pith", x: 0.6406, y: 0.4433, width: 0.0450, height: 0.0161), 20),
        (TextBox("ler", x: 0.1856, y: 0.4439, width: 0.0178, height: 0.0094), 0),
        (TextBox("%", x: 0.2733, y: 0.4439, width: 0.0089, height: 0.0094), 66),
        (TextBox("Che'r", x: 0.1450, y: 0.4450, width: 0.0317, height: 0.0083), 0),
        (TextBox("jo)", x: 0.1211, y: 0.4467, width: 0.0139, height: 0.0083), 41),
        (TextBox("I", x: 0.2950, y: 0.4556, width: 0.0211, height: 0.0122), 42),
        (TextBox("fo", x: 0.1906, y: 0.4561, width: 0.0100, height: 0.0294), 23),
        (TextBox("sip", x: 0.2100, y: 0.4561, width: 0.0289, height: 0.0294), 28),
        (TextBox("Ove?", x: 0.1622, y: 0.4600, width: 0.0278, height: 0.0094), 55),
        (TextBox("estade", x: 0.1178, y: 0.4622, width: 0.0344, height: 0.0083), 10),
        (TextBox("we", x: 0.1678, y: 0.4733, width: 0.0189, height: 0.0078), 29),
        (TextBox("lone,", x: 0.2811, y: 0.4733, width: 0.0250, height: 0.0106), 85),
        (TextBox("teotks", x: 0.1828, y: 0.4844, width: 0.0489, height: 0.0133), 0),
        (TextBox("ff", x: 0.1156, y: 0.4867, width: 0.0056, height: 0.0044), 55),
        (TextBox("«", x: 0.1711, y: 0.4894, width: 0.0056, height: 0.0067), 2),
        (TextBox("md", x: 0.1972, y: 0.5083, width: 0.0139, height: 0.0044), 47),
        (TextBox("Pieese,", x: 0.2500, y: 0.5144, width: 0.0400, height: 0.0233), 0),
        (TextBox("peu", x: 0.2967, y: 0.5144, width: 0.0233, height: 0.0233), 7),
        (TextBox("prea", x: 0.2072, y: 0.5156, width: 0.0239, height: 0.0033), 0),
        (TextBox(",", x: 0.2406, y: 0.5278, width: 0.0044, height: 0.0072), 34),
        (TextBox("y", x: 0.3311, y: 0.5300, width: 0.0017, height: 0.0033), 5),
        (TextBox("S04", x: 0.2344, y: 0.5328, width: 0.0200, height: 0.0217), 58),
        (TextBox("those", x: 0.2617, y: 0.5328, width: 0.0367, height: 0.0217), 88),
        (TextBox("i.", x: 0.9367, y: 0.5333, width: 0.0067, height: 0.0178), 13),
        (TextBox("i", x: 0.5972, y: 0.5356, width: 0.0339, height: 0.0322), 16),
        (TextBox("ad", x: 0.1989, y: 0.5383, width: 0.0272, height: 0.0139), 58),
        (TextBox("ee", x: 0.9417, y: 0.5456, width: 0.0106, height: 0.0056), 33),
        (TextBox("Mine,", x: 0.2450, y: 0.5544, width: 0.0428, height: 0.0139), 32),
        (TextBox("y~", x: 0.4911, y: 0.5778, width: 0.0139, height: 0.0067), 83),
        (TextBox("~}", x: 0.6756, y: 0.5778, width: 0.0122, height: 0.0033), 3),
        (TextBox("ings", x: 0.4361, y: 0.5844, width: 0.0672, height: 0.0217), 32),
        (TextBox("ms,", x: 0.6611, y: 0.5850, width: 0.0111, height: 0.0039), 17),
        (TextBox("a", x: 0.1722, y: 0.5967, width: 0.0061, height: 0.0056), 41),
        (TextBox("ans", x: 0.1828, y: 0.5967, width: 0.0483, height: 0.0200), 35),
        (TextBox("fal", x: 0.3417, y: 0.6022, width: 0.0217, height: 0.0083), 17),
        (TextBox("|", x: 0.2456, y: 0.6056, width: 0.0033, height: 0.0039), 28),
        (TextBox("ot,", x: 0.3650, y: 0.6144, width: 0.0272, height: 0.0061), 0),
        (TextBox("Faas", x: 0.5389, y: 0.6183, width: 0.0389, height: 0.0322), 26),
        (TextBox("re", x: 0.3078, y: 0.6300, width: 0.0194, height: 0.0194), 34),
        (TextBox("oe", x: 0.4072, y: 0.6544, width: 0.0144, height: 0.0083), 63),
        (TextBox("~", x: 0.5017, y: 0.6900, width: 0.0211, height: 0.0056), 30),
        (TextBox("a", x: 0.4422, y: 0.6972, width: 0.0094, height: 0.0056), 31),
        (TextBox("rie)", x: 0.1733, y: 0.7106, width: 0.0117, height: 0.0072), 12),
        (TextBox("ae", x: 0.2206, y: 0.7133, width: 0.0233, height: 0.0094), 42),
        (TextBox("td", x: 0.5550, y: 0.7239, width: 0.0089, height: 0.0078), 45),
        (TextBox("Be", x: 0.2172, y: 0.9500, width: 0.0044, height: 0.0033), 33),
    ]

    @Test func aNameStackedOneWordALineIsTheArtist() {
        let fields = RealSleeveTests.parse(Self.nameStackedOneWordALine)
        #expect(fields.artist == "THE SMITHS")
        #expect(fields.title != "THE SMITHS")
    }

    /// The flat shop image of "Surrealistic Pillow" (gathered set, album-wiz ref-gt1):
    /// "JEFFERSON" over "AIRPLANE" in the picture's corner, the title not read; the
    /// stacked name became the title.
    static let stackedNameInACorner: [Word] = [
        (TextBox("STEREO", x: 0.0383, y: 0.0150, width: 0.1017, height: 0.0139), 96),
        (TextBox("be", x: 0.6416, y: 0.0667, width: 0.1843, height: 0.1598), 14),
        (TextBox("SERR:", x: 0.0375, y: 0.0701, width: 0.2116, height: 0.0816), 56),
        (TextBox("LIST", x: 0.3549, y: 0.0701, width: 0.2628, height: 0.1564), 6),
        (TextBox("ny", x: 0.8805, y: 0.0701, width: 0.0819, height: 0.0748), 39),
        (TextBox("meee", x: 0.2935, y: 0.1619, width: 0.1160, height: 0.0646), 11),
        (TextBox("a", x: 0.1365, y: 0.1925, width: 0.0853, height: 0.0340), 45),
        (TextBox("Ca)", x: 0.8839, y: 0.2006, width: 0.0150, height: 0.0100), 0),
        (TextBox("x", x: 0.8389, y: 0.2056, width: 0.0117, height: 0.0072), 34),
        (TextBox("Wy", x: 0.4544, y: 0.2344, width: 0.0267, height: 0.0389), 83),
        (TextBox("m", x: 0.1939, y: 0.2583, width: 0.0033, height: 0.0172), 0),
        (TextBox("at", x: 0.1128, y: 0.2606, width: 0.0411, height: 0.0178), 61),
        (TextBox("Fy", x: 0.4756, y: 0.2900, width: 0.0311, height: 0.0072), 0),
        (TextBox("sry", x: 0.6383, y: 0.3100, width: 0.0878, height: 0.0422), 55),
        (TextBox("i\\", x: 0.2094, y: 0.3106, width: 0.0094, height: 0.0106), 0),
        (TextBox("A", x: 0.4317, y: 0.3206, width: 0.0378, height: 0.0122), 0),
        (TextBox("¥", x: 0.1344, y: 0.3506, width: 0.0061, height: 0.0033), 0),
        (TextBox(">", x: 0.6328, y: 0.3767, width: 0.0194, height: 0.0094), 0),
        (TextBox("{e,", x: 0.6350, y: 0.3972, width: 0.0167, height: 0.0139), 0),
        (TextBox("|", x: 0.7228, y: 0.4050, width: 0.0028, height: 0.0300), 73),
        (TextBox("ei}", x: 0.6317, y: 0.4061, width: 0.0272, height: 0.0289), 20),
        (TextBox("‘i", x: 0.0794, y: 0.4178, width: 0.0167, height: 0.0167), 21),
        (TextBox("@", x: 0.8633, y: 0.4283, width: 0.0200, height: 0.0233), 80),
        (TextBox("Pe,", x: 0.0439, y: 0.4561, width: 0.0222, height: 0.0267), 17),
        (TextBox("Sectane", x: 0.8828, y: 0.4628, width: 0.0483, height: 0.0261), 0),
        (TextBox("TO", x: 0.9389, y: 0.4628, width: 0.0156, height: 0.0261), 40),
        (TextBox("4s", x: 0.4383, y: 0.5053, width: 0.0594, height: 0.0228), 57),
        (TextBox("dj", x: 0.7100, y: 0.5078, width: 0.0406, height: 0.0350), 49),
        (TextBox("~", x: 0.4078, y: 0.5206, width: 0.0206, height: 0.0194), 0),
        (TextBox("i", x: 0.4086, y: 0.5213, width: 0.0206, height: 0.0182), 45),
        (TextBox("4", x: 0.6122, y: 0.5600, width: 0.0161, height: 0.0144), 49),
        (TextBox("sa", x: 0.1861, y: 0.5922, width: 0.0894, height: 0.0700), 24),
        (TextBox("—", x: 0.9289, y: 0.6061, width: 0.0456, height: 0.0083), 31),
        (TextBox("oo", x: 0.8967, y: 0.6178, width: 0.0172, height: 0.0156), 4),
        (TextBox("\\", x: 0.0244, y: 0.6222, width: 0.0161, height: 0.0567), 27),
        (TextBox("Y", x: 0.2928, y: 0.6222, width: 0.0111, height: 0.0206), 91),
        (TextBox("————", x: 0.1094, y: 0.6250, width: 0.0561, height: 0.0039), 6),
        (TextBox("SS", x: 0.0933, y: 0.6294, width: 0.0700, height: 0.0111), 0),
        (TextBox("BEEZ", x: 0.1089, y: 0.6622, width: 0.1361, height: 0.0239), 68),
        (TextBox("Zoe", x: 0.3028, y: 0.6750, width: 0.0244, height: 0.0083), 61),
        (TextBox("ZZ", x: 0.3022, y: 0.6811, width: 0.0267, height: 0.0089), 64),
        (TextBox("LZ", x: 0.2978, y: 0.6911, width: 0.0328, height: 0.0128), 63),
        (TextBox("ZZ", x: 0.2939, y: 0.7011, width: 0.0356, height: 0.0144), 59),
        (TextBox("EELZ", x: 0.2911, y: 0.7111, width: 0.0411, height: 0.0094), 14),
        (TextBox("vA", x: 0.0000, y: 0.7133, width: 0.0294, height: 0.0250), 0),
        (TextBox("ZE", x: 0.3144, y: 0.7206, width: 0.0189, height: 0.0117), 31),
        (TextBox("T=", x: 0.2511, y: 0.7278, width: 0.0233, height: 0.0056), 41),
        (TextBox("<=", x: 0.2506, y: 0.7322, width: 0.0206, height: 0.0050), 35),
        (TextBox("MAA", x: 0.2872, y: 0.7400, width: 0.0433, height: 0.0222), 0),
        (TextBox("ww", x: 0.8183, y: 0.7472, width: 0.0500, height: 0.0500), 34),
        (TextBox("BY", x: 0.2522, y: 0.7567, width: 0.0539, height: 0.0211), 42),
        (TextBox("wy", x: 0.9133, y: 0.7606, width: 0.0483, height: 0.0206), 21),
        (TextBox("Saaz", x: 0.0072, y: 0.7894, width: 0.2267, height: 0.0306), 36),
        (TextBox("yy", x: 0.8300, y: 0.7956, width: 0.0267, height: 0.0222), 17),
        (TextBox("SSE", x: 0.0589, y: 0.8156, width: 0.1806, height: 0.0317), 11),
        (TextBox("SSS", x: 0.0628, y: 0.8239, width: 0.0700, height: 0.0300), 0),
        (TextBox("EEZE=", x: 0.1500, y: 0.8239, width: 0.0928, height: 0.0300), 0),
        (TextBox(".f", x: 0.7956, y: 0.8294, width: 0.0139, height: 0.0300), 0),
        (TextBox("e", x: 0.7806, y: 0.8389, width: 0.0028, height: 0.0017), 3),
        (TextBox("SEB", x: 0.0472, y: 0.8444, width: 0.2039, height: 0.0344), 0),
        (TextBox("JEFFERSON", x: 0.8244, y: 0.8561, width: 0.1650, height: 0.0306), 96),
        (TextBox(")", x: 0.8122, y: 0.8694, width: 0.0011, height: 0.0011), 49),
        (TextBox("AIRPLANE", x: 0.8300, y: 0.8844, width: 0.1483, height: 0.0294), 96),
        (TextBox("Ss", x: 0.4418, y: 0.9338, width: 0.1093, height: 0.0667), 64),
        (TextBox("SS", x: 0.0744, y: 0.9528, width: 0.0194, height: 0.0117), 39),
        (TextBox("—", x: 0.8928, y: 0.9578, width: 0.0344, height: 0.0206), 70),
        (TextBox("~", x: 0.8000, y: 0.9789, width: 0.0244, height: 0.0111), 0),
        (TextBox(">", x: 0.4544, y: 0.9867, width: 0.0056, height: 0.0050), 60),
        (TextBox("i", x: 0.4878, y: 0.9867, width: 0.0083, height: 0.0067), 17),
        (TextBox("=", x: 0.8028, y: 0.9894, width: 0.0161, height: 0.0089), 25),
        (TextBox("y", x: 0.4439, y: 0.9900, width: 0.0056, height: 0.0044), 54),
    ]

    @Test func aStackedNameInACornerIsTheArtistNotTheTitle() {
        let fields = RealSleeveTests.parse(Self.stackedNameInACorner)
        #expect(fields.artist == "JEFFERSON AIRPLANE")
        #expect(fields.title == nil)
    }

    /// A flatbed scan of a CD back inlay (gathered set, Internet Archive's Rome "Le Ceneri
    /// di Heliodoro", TRI 633 CD): the two red headings over its two tracklists,
    /// APERTURA and CLAUSURA, became artist and title. The names are printed only on the
    /// spine, which the outline leaves out.
    static let headingsOverTwoColumns: [Word] = [
        (TextBox("ll", x: 0.4309, y: 0.0000, width: 0.0157, height: 0.0437), 47),
        (TextBox("|", x: 0.4531, y: 0.0000, width: 0.0052, height: 0.0321), 69),
        (TextBox("NACI", x: 0.4528, y: 0.0006, width: 0.0406, height: 0.0317), 26),
        (TextBox("6", x: 0.4479, y: 0.0347, width: 0.0131, height: 0.0128), 49),
        (TextBox("60063\"946332", x: 0.4483, y: 0.0350, width: 0.1250, height: 0.0122), 89),
        (TextBox("y", x: 0.4894, y: 0.0889, width: 0.0528, height: 0.0633), 0),
        (TextBox("ig", x: 0.4072, y: 0.0894, width: 0.0406, height: 0.0239), 25),
        (TextBox("ye", x: 0.4539, y: 0.0933, width: 0.0350, height: 0.0428), 42),
        (TextBox("/.", x: 0.6606, y: 0.1061, width: 0.0494, height: 0.0344), 0),
        (TextBox("s", x: 0.5617, y: 0.1256, width: 0.0306, height: 0.0583), 0),
        (TextBox("L", x: 0.7783, y: 0.1272, width: 0.0311, height: 0.0239), 0),
        (TextBox("«i", x: 0.6633, y: 0.1389, width: 0.0044, height: 0.0156), 0),
        (TextBox("6:", x: 0.6317, y: 0.1439, width: 0.0261, height: 0.0233), 52),
        (TextBox("5", x: 0.6672, y: 0.1461, width: 0.0072, height: 0.0033), 27),
        (TextBox("4", x: 0.2089, y: 0.1489, width: 0.0333, height: 0.0472), 75),
        (TextBox("bf", x: 0.7828, y: 0.1506, width: 0.0333, height: 0.0367), 64),
        (TextBox("B", x: 0.3433, y: 0.1511, width: 0.0083, height: 0.0483), 12),
        (TextBox("|", x: 0.3633, y: 0.1539, width: 0.0078, height: 0.0322), 59),
        (TextBox("ay", x: 0.3178, y: 0.1644, width: 0.0150, height: 0.0056), 47),
        (TextBox("foam", x: 0.3294, y: 0.1728, width: 0.0150, height: 0.0056), 60),
        (TextBox("less", x: 0.5971, y: 0.1772, width: 0.2105, height: 0.0978), 44),
        (TextBox("thy", x: 0.2271, y: 0.1793, width: 0.0744, height: 0.0872), 38),
        (TextBox("x", x: 0.2186, y: 0.1942, width: 0.0128, height: 0.0234), 61),
        (TextBox("Aimer", x: 0.1722, y: 0.1950, width: 0.0272, height: 0.0156), 0),
        (TextBox("CPD", x: 0.1722, y: 0.2050, width: 0.0356, height: 0.0056), 42),
        (TextBox("Uy", x: 0.3328, y: 0.2267, width: 0.0622, height: 0.0700), 17),
        (TextBox("\\", x: 0.5767, y: 0.2311, width: 0.0283, height: 0.0550), 72),
        (TextBox("%4", x: 0.8594, y: 0.2389, width: 0.0278, height: 0.0383), 54),
        (TextBox("Va", x: 0.2117, y: 0.2506, width: 0.0422, height: 0.0472), 35),
        (TextBox("wee", x: 0.6283, y: 0.2556, width: 0.0256, height: 0.0172), 14),
        (TextBox("Z", x: 0.8222, y: 0.2628, width: 0.0533, height: 0.0550), 44),
        (TextBox("SD", x: 0.6722, y: 0.2656, width: 0.0300, height: 0.0250), 61),
        (TextBox("i", x: 0.6544, y: 0.2694, width: 0.0017, height: 0.0022), 56),
        (TextBox("ie", x: 0.2433, y: 0.2822, width: 0.0389, height: 0.0489), 45),
        (TextBox("re", x: 0.3644, y: 0.2878, width: 0.0339, height: 0.0306), 30),
        (TextBox("i", x: 0.1794, y: 0.2928, width: 0.0650, height: 0.0661), 53),
        (TextBox(",", x: 0.7806, y: 0.3028, width: 0.0178, height: 0.0306), 26),
        (TextBox("yy", x: 0.7739, y: 0.3222, width: 0.0228, height: 0.0300), 44),
        (TextBox("4", x: 0.3056, y: 0.3239, width: 0.0294, height: 0.0717), 43),
        (TextBox("\\", x: 0.0983, y: 0.3244, width: 0.0122, height: 0.0222), 65),
        (TextBox("7G", x: 0.7761, y: 0.3250, width: 0.0644, height: 0.0233), 0),
        (TextBox("Ba", x: 0.1333, y: 0.3372, width: 0.0183, height: 0.0106), 53),
        (TextBox("Pe", x: 0.2522, y: 0.3433, width: 0.0300, height: 0.0061), 38),
        (TextBox("ue", x: 0.7756, y: 0.3456, width: 0.1067, height: 0.0294), 25),
        (TextBox("2", x: 0.1217, y: 0.3467, width: 0.0039, height: 0.0022), 32),
        (TextBox("KA", x: 0.2833, y: 0.3472, width: 0.0061, height: 0.0050), 25),
        (TextBox("OXY", x: 0.4717, y: 0.3472, width: 0.0350, height: 0.0139), 40),
        (TextBox("fy", x: 0.1094, y: 0.3478, width: 0.0106, height: 0.0028), 5),
        (TextBox("4,", x: 0.0933, y: 0.3528, width: 0.0228, height: 0.0428), 45),
        (TextBox("TEP", x: 0.1000, y: 0.3622, width: 0.0956, height: 0.0389), 21),
        (TextBox("CQ", x: 0.3220, y: 0.3777, width: 0.0971, height: 0.0622), 40),
        (TextBox("A\\:S", x: 0.8328, y: 0.3933, width: 0.0478, height: 0.0261), 2),
        (TextBox("\\\\\\)", x: 0.4434, y: 0.4572, width: 0.0555, height: 0.0657), 36),
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
        (TextBox("SOUL", x: 0.0811, y: 0.9628, width: 0.0300, height: 0.0122), 97),
        (TextBox("3", x: 0.9222, y: 0.9733, width: 0.0089, height: 0.0100), 89),
        (TextBox("FOOD", x: 0.0811, y: 0.9756, width: 0.0300, height: 0.0122), 91),
        (TextBox("DE", x: 0.7522, y: 0.9872, width: 0.0194, height: 0.0128), 34),
        (TextBox("GROUP", x: 0.5500, y: 0.9894, width: 0.0472, height: 0.0106), 95),
        (TextBox("GMBH", x: 0.6017, y: 0.9894, width: 0.0394, height: 0.0106), 16),
        (TextBox("WWWTRISOL_", x: 0.6539, y: 0.9894, width: 0.1161, height: 0.0106), 34),
        (TextBox("TRI", x: 0.2244, y: 0.9900, width: 0.0217, height: 0.0100), 34),
        (TextBox("6332", x: 0.2517, y: 0.9900, width: 0.0200, height: 0.0100), 0),
        (TextBox("CD.", x: 0.2772, y: 0.9900, width: 0.0244, height: 0.0100), 0),
        (TextBox("MADEIN", x: 0.3083, y: 0.9900, width: 0.0567, height: 0.0100), 67),
        (TextBox("EU.", x: 0.3711, y: 0.9900, width: 0.0244, height: 0.0100), 88),
        (TextBox("©", x: 0.4011, y: 0.9900, width: 0.0089, height: 0.0100), 91),
        (TextBox("2019", x: 0.4156, y: 0.9900, width: 0.0272, height: 0.0100), 91),
        (TextBox("TRISOL", x: 0.4472, y: 0.9900, width: 0.0500, height: 0.0100), 90),
        (TextBox("MUSIC", x: 0.5022, y: 0.9900, width: 0.0422, height: 0.0100), 96),
        (TextBox("susie", x: 0.0811, y: 0.9906, width: 0.0150, height: 0.0044), 53),
        (TextBox("-", x: 0.6472, y: 0.9950, width: 0.0017, height: 0.0028), 16),
        (TextBox("ba", x: 0.0811, y: 0.9961, width: 0.0339, height: 0.0039), 25),
    ]

    @Test func headingsOverTwoColumnsAreNeitherArtistNorTitle() {
        let fields = RealSleeveTests.parse(Self.headingsOverTwoColumns)
        #expect(fields.artist == nil)
        #expect(fields.title == nil)
    }

    @Test func aNameAndATitleOnOneRowWithNothingUnderThemAreNoHeadings() {
        // The same two words alone on the page: nothing under them to head.
        let words = Self.headingsOverTwoColumns.filter { ["APERTURA", "CLAUSURA"].contains($0.box.text) }
        let fields = RealSleeveTests.parse(words)
        #expect(fields.artist != nil)
        #expect(fields.title != nil)
    }

    /// A 7" back photographed on a table (identify sleeve-photo-7001-012): the side
    /// headings "SIDE A" and "SIDE B" were read with a tall "A" and "B" that the word
    /// joiner ran into "SIDEA", which the header then took for the title.
    static let sideHeadingsRunTogether: [RealSleeveTests.Word] = [
        (TextBox("LE", x: 0.0625, y: 0.0583, width: 0.0542, height: 0.0383), 96),
        (TextBox("NEON", x: 0.1325, y: 0.0583, width: 0.1308, height: 0.0392), 97),
        (TextBox("NING", x: 0.8417, y: 0.0600, width: 0.0592, height: 0.0175), 97),
        (TextBox("141", x: 0.9083, y: 0.0600, width: 0.0292, height: 0.0175), 89),
        (TextBox("S.P.A.C.E.", x: 0.0600, y: 0.1283, width: 0.1333, height: 0.0242), 76),
        (TextBox("A", x: 0.1267, y: 0.2150, width: 0.0150, height: 0.0350), 89),
        (TextBox("B", x: 0.6258, y: 0.2150, width: 0.0150, height: 0.0350), 84),
        (TextBox("SIDE", x: 0.0600, y: 0.2183, width: 0.0800, height: 0.0208), 89),
        (TextBox("SIDE", x: 0.5592, y: 0.2183, width: 0.0800, height: 0.0217), 84),
        (TextBox("SPACE.", x: 0.0917, y: 0.2583, width: 0.1058, height: 0.0208), 84),
        (TextBox("A", x: 0.0608, y: 0.2592, width: 0.0183, height: 0.0192), 93),
        (TextBox("2:53", x: 0.4367, y: 0.2592, width: 0.0433, height: 0.0200), 84),
        (TextBox("B", x: 0.5608, y: 0.2592, width: 0.0108, height: 0.0200), 93),
        (TextBox("Britannia", x: 0.5825, y: 0.2592, width: 0.1067, height: 0.0200), 96),
        (TextBox("ty", x: 0.1292, y: 0.5583, width: 0.0150, height: 0.0208), 80),
        (TextBox("ewe", x: 0.2125, y: 0.5583, width: 0.0300, height: 0.0208), 0),
        (TextBox("ard", x: 0.2492, y: 0.5583, width: 0.0250, height: 0.0208), 53),
        (TextBox("Preteond", x: 0.0617, y: 0.5617, width: 0.0792, height: 0.0108), 5),
        (TextBox("Deg", x: 0.3400, y: 0.5617, width: 0.0258, height: 0.0133), 46),
        (TextBox("Contrau", x: 0.1483, y: 0.5625, width: 0.1833, height: 0.0100), 0),
        (TextBox("Starwor", x: 0.2800, y: 0.5625, width: 0.0517, height: 0.0100), 4),
        (TextBox("Recabs", x: 0.1433, y: 0.5858, width: 0.0425, height: 0.0108), 0),
        (TextBox("Revered!", x: 0.0617, y: 0.5867, width: 0.0600, height: 0.0100), 12),
        (TextBox("New", x: 0.2492, y: 0.5867, width: 0.0267, height: 0.0100), 89),
        (TextBox("York", x: 0.2842, y: 0.5867, width: 0.0275, height: 0.0100), 31),
        (TextBox("Sratiom", x: 0.1917, y: 0.5883, width: 0.0475, height: 0.0083), 0),
        (TextBox("af", x: 0.1275, y: 0.5892, width: 0.0100, height: 0.0075), 72),
        (TextBox("Moanan", x: 0.1717, y: 0.6100, width: 0.0492, height: 0.0100), 0),
        (TextBox("Mee", x: 0.2275, y: 0.6108, width: 0.0250, height: 0.0117), 46),
        (TextBox("dewge:", x: 0.1042, y: 0.6117, width: 0.0383, height: 0.0108), 0),
        (TextBox("ty", x: 0.1517, y: 0.6125, width: 0.0108, height: 0.0067), 50),
        (TextBox("Comey", x: 0.0608, y: 0.6133, width: 0.0358, height: 0.0067), 35),
        (TextBox("—————", x: 0.4867, y: 0.9992, width: 0.1475, height: 0.0008), 0),
    ]

    @Test func aSideHeadingRunTogetherIsNoTitle() {
        let fields = RealSleeveTests.parse(Self.sideHeadingsRunTogether)
        #expect(fields.artist == "LE NEON")
        #expect(fields.title.map { !$0.uppercased().hasPrefix("SIDE") } ?? true, "\(String(describing: fields.title))")
    }

    @Test(arguments: ["SIDEA", "SideB", "SIDEONE", "SIDE A", "Side Two", "SIDE2"])
    func sideHeadings(text: String) {
        #expect(SleeveParser().isSideHeading(text), "\(text)")
    }

    @Test(arguments: ["SIDEWINDER", "Sides", "SIDEKICK", "Side By Side"])
    func notSideHeadings(text: String) {
        #expect(!SleeveParser().isSideHeading(text), "\(text)")
    }
}

/// A catalog number printed beside a rights society, the way European labels set it.
@Suite struct CatalogBesideRightsSocietyTests {
    typealias Word = RealSleeveTests.Word

    /// A phone photo of a Music On Vinyl centre label (gathered set, arossmann/blog
    /// IMG_0042.jpg, MIT): "SIDE ONE · 33 1/3 RPM · MOVATM235 · BIEM/STEMRA" on one row.
    /// The engine read the dots as "-" and a blob of the spindle hole's rim as "i)", so
    /// the code stood in the segment "33 1/3 RRM i) MOVATM235" and no catalog number
    /// was found.
    static let musicOnVinylLabel: [Word] = [
        (TextBox("Breaking", x: 0.4039, y: 0.3472, width: 0.1780, height: 0.0550), 96),
        (TextBox("‘", x: 0.6030, y: 0.3700, width: 0.0114, height: 0.0094), 0),
        (TextBox("“", x: 0.3675, y: 0.3794, width: 0.0080, height: 0.0061), 0),
        (TextBox("i)", x: 0.6263, y: 0.3922, width: 0.0057, height: 0.0044), 0),
        (TextBox("cs", x: 0.3487, y: 0.3994, width: 0.0091, height: 0.0072), 36),
        (TextBox("56", x: 0.4972, y: 0.4039, width: 0.0091, height: 0.0061), 95),
        (TextBox("@", x: 0.6348, y: 0.4039, width: 0.0074, height: 0.0078), 6),
        (TextBox("Bad", x: 0.4619, y: 0.4111, width: 0.0738, height: 0.0289), 96),
        (TextBox("s", x: 0.3339, y: 0.4267, width: 0.0068, height: 0.0056), 28),
        (TextBox("a3", x: 0.6502, y: 0.4328, width: 0.0080, height: 0.0067), 10),
        (TextBox("S", x: 0.3305, y: 0.4372, width: 0.0057, height: 0.0039), 81),
        (TextBox("i)", x: 0.4795, y: 0.4850, width: 0.0307, height: 0.0322), 44),
        (TextBox("-", x: 0.5813, y: 0.4928, width: 0.0034, height: 0.0178), 47),
        (TextBox("-", x: 0.3970, y: 0.4944, width: 0.0034, height: 0.0178), 70),
        (TextBox("BIEM/STEMRA", x: 0.5882, y: 0.4950, width: 0.0546, height: 0.0100), 90),
        (TextBox("MOVATM235", x: 0.5307, y: 0.4956, width: 0.0478, height: 0.0100), 82),
        (TextBox("RRM", x: 0.4306, y: 0.4967, width: 0.0165, height: 0.0117), 95),
        (TextBox("ONE", x: 0.3783, y: 0.4972, width: 0.0142, height: 0.0094), 91),
        (TextBox("33", x: 0.4022, y: 0.4972, width: 0.0097, height: 0.0094), 80),
        (TextBox("1/3", x: 0.4147, y: 0.4972, width: 0.0131, height: 0.0094), 80),
        (TextBox("SIDE", x: 0.3584, y: 0.4978, width: 0.0165, height: 0.0094), 91),
        (TextBox("wl", x: 0.4835, y: 0.5644, width: 0.0245, height: 0.0244), 44),
        (TextBox("ES", x: 0.6524, y: 0.5656, width: 0.0046, height: 0.0022), 8),
        (TextBox("S", x: 0.6507, y: 0.5689, width: 0.0057, height: 0.0039), 70),
        (TextBox("Zz", x: 0.3350, y: 0.5728, width: 0.0057, height: 0.0061), 75),
        (TextBox("ony", x: 0.4892, y: 0.5972, width: 0.0182, height: 0.0044), 57),
        (TextBox("artuelliaies", x: 0.4676, y: 0.6178, width: 0.0546, height: 0.0244), 0),
        (TextBox("Vinyl", x: 0.5068, y: 0.6439, width: 0.0307, height: 0.0083), 44),
        (TextBox("Music", x: 0.4528, y: 0.6444, width: 0.0353, height: 0.0067), 54),
        (TextBox("On", x: 0.4903, y: 0.6444, width: 0.0148, height: 0.0061), 75),
        (TextBox("ON", x: 0.5034, y: 0.6689, width: 0.0063, height: 0.0056), 58),
        (TextBox("ny", x: 0.4915, y: 0.6694, width: 0.0057, height: 0.0056), 49),
        (TextBox("SF", x: 0.1917, y: 0.9222, width: 0.0193, height: 0.0089), 58),
        (TextBox("ip", x: 0.7315, y: 0.9411, width: 0.0279, height: 0.0061), 28),
    ]

    @Test func theCodeBesideBIEMIsTheCatalogNumber() {
        let fields = RealSleeveTests.parse(Self.musicOnVinylLabel)
        #expect(fields.catalogNumber == "MOVATM235")
    }

    @Test(arguments: [
        ("MOVATM235 · BIEM/STEMRA", "MOVATM235"),
        ("SIDE ONE - 33 1/3 RRM i) MOVATM235 - BIEM/STEMRA", "MOVATM235"),
        ("SDFI 220 BIEM/GEMA", "SDFI 220"),
        ("GEMA · 887 654-1", "887 654-1"),
        ("BIEM/SDRM • MOVLP 1234", "MOVLP 1234"),
    ])
    func findsTheCodeNextToTheSociety(line: String, code: String) {
        #expect(CatalogNumber.besideRightsSociety(line) == code)
    }

    /// The label code, the speed, a side heading and a line without a society carry no
    /// catalog number of this kind.
    @Test(arguments: ["GEMA LC 0309", "33 1/3 RPM · BIEM/STEMRA", "SIDE A · BIEM", "MOVATM235 · STEREO",
                      "BIEM/STEMRA", "LC-0193 GEMA"])
    func refusesNeighboursThatAreNoCatalogNumber(line: String) {
        #expect(CatalogNumber.besideRightsSociety(line) == nil)
    }
}
