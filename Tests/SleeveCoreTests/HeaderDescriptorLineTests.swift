import Testing
@testable import SleeveCore

/// Lines a front cover sets large that say what the record is, not its name: a credit
/// whose "BY" the engine ran into the word before it, a soundtrack's "music from the …"
/// line, a season's number. Lines as `sleevescan read` gave them on front covers
/// photographed on a shelf (gathered set, arossmann/blog IMG_0116, IMG_0753, IMG_0416,
/// MIT), before the rules; each became the artist or the title.
@Suite struct HeaderDescriptorLineTests {
    /// A line of the given words spread evenly over its box.
    static func line(_ text: String, x: Double, y: Double, width: Double, height: Double) -> TextLine {
        let words = text.split(separator: " ").map(String.init)
        let step = width / Double(words.count)
        return TextLine(words: words.enumerated().map { i, w in
            TextBox(w, x: x + Double(i) * step, y: y, width: step * 0.9, height: height)
        })
    }

    static func read(_ lines: [(TextLine, Double)]) -> (artist: String?, title: String?) {
        let page = lines.map(\.0)
        return HeaderReader().read(lines.map { HeaderReader.Candidate($0.0, confidence: $0.1) }, page: page)
    }

    /// TRON: Legacy, whose title is a logo no engine reads; under it "MUSIC BY DAFT
    /// PUNK" came out "MUSICBY DAFT PUNK" at 95.
    @Test func aCreditWhoseByRanIntoTheWordBeforeIsNoTitle() {
        let fields = Self.read([
            (Self.line("G A G", x: 0.4242, y: 0.5850, width: 0.2850, height: 0.0508), 78),
            (Self.line("MUSICBY DAFT PUNK", x: 0.3508, y: 0.9217, width: 0.3117, height: 0.0467), 95),
        ])
        #expect(fields.artist == nil)
        #expect(fields.title == nil)
        #expect(HeaderReader().isCredit("MUSICBY DAFT PUNK"))
        #expect(HeaderReader().isCredit("Words by Bernie Taupin"))
        // A name that merely ends in "by" is no credit.
        #expect(!HeaderReader().isCredit("RUGBY"))
        #expect(!HeaderReader().isCredit("SHELBY LYNNE"))
    }

    /// Pulp Fiction, whose title is in a lurid display face the engine lost; the line
    /// above it, "MUSIC FROM THE MOTION PICTURE", came out "MOSIC FROM THE
    /// MOTIONree:PICTURE" (word boxes from `sleevescan words`).
    static let musicFromTheMotionPicture: [RealSleeveTests.Word] = [
        (TextBox("t", x: 0.0000, y: 0.0000, width: 0.0017, height: 0.0075), 20),
        (TextBox("MOSIC", x: 0.0375, y: 0.0000, width: 0.0842, height: 0.0483), 79),
        (TextBox("MOTION", x: 0.2908, y: 0.0142, width: 0.1008, height: 0.0250), 96),
        (TextBox("PICTURE", x: 0.4100, y: 0.0142, width: 0.1150, height: 0.0242), 62),
        (TextBox("FROM", x: 0.1392, y: 0.0150, width: 0.0683, height: 0.0242), 75),
        (TextBox("THE", x: 0.2242, y: 0.0150, width: 0.0500, height: 0.0242), 94),
        (TextBox("ree:", x: 0.3788, y: 0.0159, width: 0.1473, height: 0.0210), 26),
        (TextBox("PULP", x: 0.0295, y: 0.0327, width: 0.1978, height: 0.2140), 46),
        (TextBox("FIREONE", x: 0.2441, y: 0.0327, width: 0.3241, height: 0.2140), 20),
        (TextBox("\\«", x: 0.7775, y: 0.1817, width: 0.0400, height: 0.0250), 15),
        (TextBox("4", x: 0.0375, y: 0.2250, width: 0.0242, height: 0.0467), 70),
        (TextBox("Ns", x: 0.4367, y: 0.2283, width: 0.0983, height: 0.0467), 9),
        (TextBox("Tu", x: 0.3783, y: 0.2517, width: 0.0425, height: 0.0167), 50),
        (TextBox("a", x: 0.3733, y: 0.3100, width: 0.0358, height: 0.0342), 44),
        (TextBox("4", x: 0.0133, y: 0.4000, width: 0.0492, height: 0.0575), 64),
        (TextBox("=", x: 0.6925, y: 0.4342, width: 0.0425, height: 0.0317), 52),
        (TextBox("~", x: 0.6167, y: 0.4583, width: 0.0250, height: 0.0092), 60),
        (TextBox("se", x: 0.7592, y: 0.5125, width: 0.0475, height: 0.0150), 10),
        (TextBox("ore,", x: 0.1900, y: 0.5783, width: 0.0733, height: 0.0358), 41),
        (TextBox("|", x: 0.6817, y: 0.6742, width: 0.0042, height: 0.0408), 82),
        (TextBox("=", x: 0.7217, y: 0.6917, width: 0.0225, height: 0.0100), 67),
        (TextBox("Sage", x: 0.7683, y: 0.7092, width: 0.1258, height: 0.0183), 17),
        (TextBox("SS", x: 0.1492, y: 0.7167, width: 0.0992, height: 0.0292), 47),
        (TextBox("=", x: 0.1667, y: 0.8417, width: 0.0408, height: 0.0217), 84),
        (TextBox("he", x: 0.4042, y: 0.8892, width: 0.0350, height: 0.0342), 34),
        (TextBox("a", x: 0.2942, y: 0.8925, width: 0.1425, height: 0.0250), 0),
        (TextBox("—_", x: 0.8433, y: 0.8933, width: 0.0742, height: 0.0258), 58),
        (TextBox("Vn", x: 0.9558, y: 0.9033, width: 0.0258, height: 0.0242), 33),
        (TextBox("<<.", x: 0.0733, y: 0.9292, width: 0.0617, height: 0.0142), 37),
        (TextBox("TV", x: 0.0592, y: 0.9317, width: 0.0350, height: 0.0517), 9),
        (TextBox("sthy", x: 0.0625, y: 0.9350, width: 0.0800, height: 0.0400), 0),
        (TextBox("tz", x: 0.9525, y: 0.9375, width: 0.0283, height: 0.0283), 54),
        (TextBox("ee", x: 0.8717, y: 0.9633, width: 0.1283, height: 0.0367), 26),
    ]

    @Test func aSoundtracksMusicFromLineIsNoTitle() {
        let fields = RealSleeveTests.parse(Self.musicFromTheMotionPicture)
        #expect(fields.artist == nil)
        #expect(fields.title == nil)
        let reader = HeaderReader()
        #expect(reader.isSoundtrackDescriptor("MUSIC FROM THE HBO* SERIES"))
        #expect(reader.isSoundtrackDescriptor("ORIGINAL MOTION PICTURE SOUNDTRACK"))
        #expect(reader.isSoundtrackDescriptor("Original Soundtrack"))
        // Counter-cases: music from a place is a title; a band named after a soundtrack is a name.
        #expect(!reader.isSoundtrackDescriptor("MUSIC FROM THE CROSSROADS OF ASIA"))
        #expect(!reader.isSoundtrackDescriptor("The Soundtrack of Our Lives"))
        #expect(!reader.isSoundtrackDescriptor("Pictures at an Exhibition"))
    }

    /// Jackie Brown (gathered set, arossmann/blog IMG_0755, MIT): the title a film still
    /// with lettering the engine could not read, and the small line at the foot, "MUSIC
    /// FROM THE MOTION PICTURE", read without its FROM; "Motion PICTURE" became the artist.
    static let motionPictureWithoutFrom: [RealSleeveTests.Word] = [
        (TextBox("%,", x: 0.7167, y: 0.0333, width: 0.1108, height: 0.0608), 3),
        (TextBox("$", x: 0.6175, y: 0.0417, width: 0.0525, height: 0.0525), 5),
        (TextBox("1e", x: 0.3133, y: 0.1092, width: 0.1017, height: 0.0525), 73),
        (TextBox("*B6", x: 0.0875, y: 0.1650, width: 0.1933, height: 0.0775), 20),
        (TextBox("omdé", x: 0.4667, y: 0.3892, width: 0.1825, height: 0.0767), 0),
        (TextBox("music", x: 0.0467, y: 0.9333, width: 0.1075, height: 0.0217), 93),
        (TextBox("THE", x: 0.3175, y: 0.9333, width: 0.0692, height: 0.0217), 87),
        (TextBox("Motion", x: 0.6167, y: 0.9333, width: 0.1442, height: 0.0217), 76),
        (TextBox("PICTURE", x: 0.7925, y: 0.9333, width: 0.1567, height: 0.0217), 85),
        (TextBox("EEE", x: 0.4917, y: 0.9842, width: 0.0550, height: 0.0158), 48),
        (TextBox("SE", x: 0.5567, y: 0.9842, width: 0.0267, height: 0.0158), 54),
        (TextBox("EES", x: 0.5925, y: 0.9842, width: 0.0425, height: 0.0158), 51),
        (TextBox("eee", x: 0.5267, y: 0.9992, width: 0.2975, height: 0.0008), 35),
    ]

    @Test func aMotionPictureLineWithoutItsFromIsNoName() {
        let fields = RealSleeveTests.parse(Self.motionPictureWithoutFrom)
        #expect(fields.artist == nil)
        #expect(fields.title == nil)
        #expect(HeaderReader().isSoundtrackDescriptor("Motion PICTURE"))
        #expect(HeaderReader().isSoundtrackDescriptor("ORIGINAL MOTION PICTURE"))
        // A picture alone is no screen: a title may be one.
        #expect(!HeaderReader().isSoundtrackDescriptor("THE PICTURE OF YOU"))
        #expect(!HeaderReader().isSoundtrackDescriptor("SLOW MOTION"))
    }

    /// Game of Thrones, Season 4: the series' name is a logo read at 63 ("GAME®FL
    /// HR@NES"), and "SEASON 4" under it became the artist.
    @Test func aSeasonsNumberIsNoName() {
        let fields = Self.read([
            (Self.line("GAME®FL HR@NES", x: 0.0570, y: 0.0247, width: 0.8493, height: 0.1855), 63),
            (Self.line("SEASON 4", x: 0.4067, y: 0.2117, width: 0.1700, height: 0.0267), 96),
        ])
        #expect(fields.artist == nil)
        #expect(fields.title == nil)
        let reader = HeaderReader()
        #expect(reader.isPartNumber("VOL. 2"))
        #expect(reader.isPartNumber("SEASON4"))
        #expect(reader.isPartNumber("Part One"))
        #expect(reader.isPartNumber("VOLUME III"))
        // Counter-cases: a name with a number, a title that only starts like a part.
        #expect(!reader.isPartNumber("BLINK 182"))
        #expect(!reader.isPartNumber("SEASON OF THE WITCH"))
        #expect(!reader.isPartNumber("Book of Dreams"))
    }
}
