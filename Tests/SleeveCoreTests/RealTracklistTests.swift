import Testing
@testable import SleeveCore

/// Tracklist forms seen on real sleeves (phone photos of back covers), each pinned
/// with the word boxes `sleevescan words` gave on the image named in the comment.
@Suite struct RealTracklistTests {
    typealias Word = RealSleeveTests.Word

    /// The Explorer back (photo-test-20240906-131214): side one's tracklist is
    /// interleaved with the singer, the language and the translated lyrics. Track 2's
    /// duration stands on the next line and was not read, so the row "2. …earn dai
    /// nabiyano (Mohammed among prophets)" has only its position, and its numbered
    /// neighbour, track 1, stands eleven lines of notes above it: the row was dropped.
    static let interleavedWithNotes: [Word] = [
        (TextBox("SIDEONE", x: 0.3961, y: 0.3111, width: 0.0428, height: 0.0067), 92),
        (TextBox("(17:40)", x: 0.4489, y: 0.3111, width: 0.0256, height: 0.0083), 90),
        (TextBox("dowrai", x: 0.4417, y: 0.3233, width: 0.0289, height: 0.0072), 79),
        (TextBox("a.wolei", x: 0.4728, y: 0.3233, width: 0.0294, height: 0.0072), 30),
        (TextBox("Nan", x: 0.4050, y: 0.3239, width: 0.0161, height: 0.0089), 93),
        (TextBox("(Today,", x: 0.5056, y: 0.3239, width: 0.0311, height: 0.0089), 51),
        (TextBox("her)", x: 0.5633, y: 0.3239, width: 0.0161, height: 0.0089), 89),
        (TextBox("1,", x: 0.3956, y: 0.3244, width: 0.0061, height: 0.0061), 79),
        (TextBox("1", x: 0.5394, y: 0.3244, width: 0.0028, height: 0.0067), 51),
        (TextBox("(4:18)", x: 0.5900, y: 0.3250, width: 0.0211, height: 0.0083), 96),
        (TextBox("mai", x: 0.4239, y: 0.3256, width: 0.0150, height: 0.0050), 91),
        (TextBox("saw", x: 0.5450, y: 0.3267, width: 0.0161, height: 0.0044), 80),
        (TextBox("Gul", x: 0.4050, y: 0.3311, width: 0.0144, height: 0.0100), 92),
        (TextBox("Zaman,", x: 0.4222, y: 0.3344, width: 0.0300, height: 0.0072), 92),
        (TextBox("Language:", x: 0.4050, y: 0.3450, width: 0.0417, height: 0.0083), 97),
        (TextBox("Pashto", x: 0.4500, y: 0.3450, width: 0.0272, height: 0.0067), 97),
        (TextBox("Style:", x: 0.5050, y: 0.3450, width: 0.0211, height: 0.0089), 97),
        (TextBox("Peshawar", x: 0.5322, y: 0.3456, width: 0.0400, height: 0.0067), 97),
        (TextBox("A", x: 0.4044, y: 0.3578, width: 0.0067, height: 0.0067), 97),
        (TextBox("folk", x: 0.4144, y: 0.3578, width: 0.0161, height: 0.0067), 97),
        (TextBox("loosely", x: 0.4789, y: 0.3578, width: 0.0294, height: 0.0089), 93),
        (TextBox("rhymed.", x: 0.5111, y: 0.3578, width: 0.0317, height: 0.0089), 95),
        (TextBox("song,", x: 0.4333, y: 0.3600, width: 0.0206, height: 0.0061), 97),
        (TextBox("very", x: 0.4572, y: 0.3600, width: 0.0183, height: 0.0067), 93),
        (TextBox("Today,", x: 0.4133, y: 0.3706, width: 0.0283, height: 0.0089), 97),
        (TextBox("from", x: 0.4450, y: 0.3706, width: 0.0194, height: 0.0083), 95),
        (TextBox("distance,", x: 0.4756, y: 0.3706, width: 0.0361, height: 0.0078), 97),
        (TextBox("her,", x: 0.5400, y: 0.3706, width: 0.0133, height: 0.0072), 94),
        (TextBox("I", x: 0.5150, y: 0.3711, width: 0.0028, height: 0.0061), 96),
        (TextBox("Leila,", x: 0.5739, y: 0.3711, width: 0.0200, height: 0.0067), 94),
        (TextBox("rambling", x: 0.5994, y: 0.3711, width: 0.0372, height: 0.0089), 95),
        (TextBox("a", x: 0.4678, y: 0.3728, width: 0.0039, height: 0.0044), 95),
        (TextBox("saw", x: 0.5206, y: 0.3733, width: 0.0161, height: 0.0044), 94),
        (TextBox("my", x: 0.5583, y: 0.3733, width: 0.0128, height: 0.0067), 94),
        (TextBox("along", x: 0.4139, y: 0.3811, width: 0.0222, height: 0.0089), 97),
        (TextBox("the", x: 0.4617, y: 0.3811, width: 0.0122, height: 0.0072), 97),
        (TextBox("brook.", x: 0.4778, y: 0.3811, width: 0.0239, height: 0.0072), 89),
        (TextBox("Dressed", x: 0.5078, y: 0.3817, width: 0.0328, height: 0.0067), 97),
        (TextBox("red,", x: 0.5556, y: 0.3817, width: 0.0128, height: 0.0067), 97),
        (TextBox("she", x: 0.5744, y: 0.3817, width: 0.0133, height: 0.0072), 97),
        (TextBox("like", x: 0.6217, y: 0.3817, width: 0.0144, height: 0.0072), 96),
        (TextBox("near", x: 0.4394, y: 0.3833, width: 0.0183, height: 0.0044), 95),
        (TextBox("in", x: 0.5444, y: 0.3839, width: 0.0072, height: 0.0044), 97),
        (TextBox("moves", x: 0.5917, y: 0.3839, width: 0.0261, height: 0.0050), 97),
        (TextBox("flame,", x: 0.4217, y: 0.3917, width: 0.0244, height: 0.0089), 96),
        (TextBox("like", x: 0.4500, y: 0.3917, width: 0.0150, height: 0.0072), 97),
        (TextBox("proud", x: 0.4767, y: 0.3922, width: 0.0244, height: 0.0083), 97),
        (TextBox("her", x: 0.6228, y: 0.3928, width: 0.0139, height: 0.0067), 96),
        (TextBox("strutting,", x: 0.5389, y: 0.3933, width: 0.0372, height: 0.0078), 94),
        (TextBox("a", x: 0.4139, y: 0.3939, width: 0.0039, height: 0.0050), 95),
        (TextBox("a", x: 0.4689, y: 0.3939, width: 0.0039, height: 0.0050), 97),
        (TextBox("to", x: 0.6117, y: 0.3939, width: 0.0072, height: 0.0056), 96),
        (TextBox("pigeon,", x: 0.5050, y: 0.3944, width: 0.0272, height: 0.0061), 97),
        (TextBox("cooing", x: 0.5806, y: 0.3950, width: 0.0272, height: 0.0061), 97),
        (TextBox("beauty.", x: 0.4139, y: 0.4022, width: 0.0278, height: 0.0089), 96),
        (TextBox("When", x: 0.4472, y: 0.4022, width: 0.0239, height: 0.0072), 97),
        (TextBox("closer,", x: 0.4750, y: 0.4022, width: 0.0250, height: 0.0072), 96),
        (TextBox("her", x: 0.5050, y: 0.4028, width: 0.0139, height: 0.0067), 97),
        (TextBox("black", x: 0.5222, y: 0.4028, width: 0.0222, height: 0.0067), 97),
        (TextBox("beneath", x: 0.5722, y: 0.4028, width: 0.0322, height: 0.0072), 93),
        (TextBox("flutter-", x: 0.6078, y: 0.4033, width: 0.0283, height: 0.0083), 92),
        (TextBox("eyes,", x: 0.5478, y: 0.4056, width: 0.0206, height: 0.0061), 97),
        (TextBox("lashes,", x: 0.4294, y: 0.4128, width: 0.0250, height: 0.0072), 97),
        (TextBox("shining,", x: 0.4844, y: 0.4133, width: 0.0322, height: 0.0089), 93),
        (TextBox("lips", x: 0.5367, y: 0.4133, width: 0.0144, height: 0.0089), 97),
        (TextBox("bright", x: 0.5672, y: 0.4133, width: 0.0250, height: 0.0089), 93),
        (TextBox("her", x: 0.5200, y: 0.4139, width: 0.0133, height: 0.0067), 93),
        (TextBox("red!", x: 0.6033, y: 0.4139, width: 0.0161, height: 0.0067), 89),
        (TextBox("her", x: 0.6228, y: 0.4139, width: 0.0139, height: 0.0072), 89),
        (TextBox("ing", x: 0.4133, y: 0.4156, width: 0.0128, height: 0.0061), 97),
        (TextBox("were", x: 0.4606, y: 0.4156, width: 0.0200, height: 0.0044), 97),
        (TextBox("so", x: 0.5550, y: 0.4161, width: 0.0083, height: 0.0044), 97),
        (TextBox("a", x: 0.5956, y: 0.4161, width: 0.0039, height: 0.0044), 93),
        (TextBox("face,", x: 0.4133, y: 0.4239, width: 0.0189, height: 0.0083), 97),
        (TextBox("radiant", x: 0.4361, y: 0.4239, width: 0.0300, height: 0.0072), 93),
        (TextBox("white;", x: 0.4700, y: 0.4239, width: 0.0228, height: 0.0072), 97),
        (TextBox("her", x: 0.4994, y: 0.4239, width: 0.0133, height: 0.0072), 97),
        (TextBox("words!", x: 0.5167, y: 0.4239, width: 0.0283, height: 0.0072), 96),
        (TextBox("Today", x: 0.5489, y: 0.4244, width: 0.0261, height: 0.0083), 97),
        (TextBox("she", x: 0.5911, y: 0.4244, width: 0.0133, height: 0.0072), 97),
        (TextBox("passed", x: 0.6078, y: 0.4244, width: 0.0283, height: 0.0089), 96),
        (TextBox("as", x: 0.5789, y: 0.4267, width: 0.0078, height: 0.0044), 97),
        (TextBox("by,", x: 0.4139, y: 0.4344, width: 0.0117, height: 0.0089), 97),
        (TextBox("caught", x: 0.4378, y: 0.4344, width: 0.0272, height: 0.0089), 96),
        (TextBox("glimpse,", x: 0.4783, y: 0.4344, width: 0.0339, height: 0.0089), 97),
        (TextBox("her", x: 0.5167, y: 0.4344, width: 0.0133, height: 0.0072), 96),
        (TextBox("half-hidden", x: 0.5556, y: 0.4344, width: 0.0472, height: 0.0089), 82),
        (TextBox("I", x: 0.4306, y: 0.4350, width: 0.0022, height: 0.0061), 96),
        (TextBox("face", x: 0.5344, y: 0.4350, width: 0.0167, height: 0.0083), 93),
        (TextBox("by", x: 0.6083, y: 0.4350, width: 0.0100, height: 0.0089), 97),
        (TextBox("her", x: 0.6228, y: 0.4350, width: 0.0139, height: 0.0072), 97),
        (TextBox("a", x: 0.4694, y: 0.4367, width: 0.0039, height: 0.0050), 96),
        (TextBox("flowing", x: 0.4133, y: 0.4450, width: 0.0311, height: 0.0089), 95),
        (TextBox("black", x: 0.4500, y: 0.4450, width: 0.0222, height: 0.0072), 95),
        (TextBox("hair.", x: 0.4772, y: 0.4450, width: 0.0167, height: 0.0072), 96),
        (TextBox("smile", x: 0.5139, y: 0.4456, width: 0.0217, height: 0.0067), 96),
        (TextBox("all", x: 0.5628, y: 0.4456, width: 0.0100, height: 0.0067), 91),
        (TextBox("she", x: 0.6222, y: 0.4456, width: 0.0139, height: 0.0072), 97),
        (TextBox("A", x: 0.5017, y: 0.4461, width: 0.0061, height: 0.0061), 97),
        (TextBox("1", x: 0.5789, y: 0.4461, width: 0.0022, height: 0.0061), 75),
        (TextBox("was", x: 0.5411, y: 0.4478, width: 0.0156, height: 0.0044), 97),
        (TextBox("saw", x: 0.5867, y: 0.4478, width: 0.0161, height: 0.0050), 95),
        (TextBox("as", x: 0.6083, y: 0.4483, width: 0.0083, height: 0.0044), 95),
        (TextBox("passed", x: 0.4128, y: 0.4556, width: 0.0283, height: 0.0089), 91),
        (TextBox("by,", x: 0.4461, y: 0.4556, width: 0.0117, height: 0.0089), 97),
        (TextBox("nurtured", x: 0.4628, y: 0.4561, width: 0.0361, height: 0.0067), 97),
        (TextBox("tender", x: 0.5183, y: 0.4561, width: 0.0261, height: 0.0067), 96),
        (TextBox("Leila.", x: 0.5900, y: 0.4561, width: 0.0200, height: 0.0072), 97),
        (TextBox("How", x: 0.6172, y: 0.4572, width: 0.0189, height: 0.0061), 97),
        (TextBox("on", x: 0.5033, y: 0.4583, width: 0.0094, height: 0.0044), 97),
        (TextBox("care,", x: 0.5489, y: 0.4583, width: 0.0194, height: 0.0056), 96),
        (TextBox("my", x: 0.5728, y: 0.4583, width: 0.0128, height: 0.0067), 97),
        (TextBox("hearts", x: 0.4394, y: 0.4667, width: 0.0256, height: 0.0072), 97),
        (TextBox("does", x: 0.4694, y: 0.4667, width: 0.0183, height: 0.0072), 97),
        (TextBox("she", x: 0.4917, y: 0.4667, width: 0.0133, height: 0.0072), 97),
        (TextBox("hold", x: 0.5089, y: 0.4667, width: 0.0183, height: 0.0072), 97),
        (TextBox("her", x: 0.5428, y: 0.4667, width: 0.0133, height: 0.0072), 93),
        (TextBox("henna’d", x: 0.5600, y: 0.4667, width: 0.0322, height: 0.0072), 75),
        (TextBox("hands!", x: 0.5961, y: 0.4672, width: 0.0272, height: 0.0067), 97),
        (TextBox("many", x: 0.4133, y: 0.4689, width: 0.0228, height: 0.0067), 97),
        (TextBox("in", x: 0.5311, y: 0.4694, width: 0.0072, height: 0.0044), 97),
        (TextBox("7", x: 0.4017, y: 0.4789, width: 0.0039, height: 0.0228), 1),
        (TextBox("earn", x: 0.4111, y: 0.4811, width: 0.0411, height: 0.0183), 10),
        (TextBox("dai", x: 0.4556, y: 0.4817, width: 0.0122, height: 0.0072), 95),
        (TextBox("nabiyano", x: 0.4706, y: 0.4817, width: 0.0378, height: 0.0128), 91),
        (TextBox("(Mohammed", x: 0.5122, y: 0.4822, width: 0.0506, height: 0.0083), 96),
        (TextBox("2.", x: 0.3950, y: 0.4828, width: 0.0061, height: 0.0056), 86),
        (TextBox("prophets)_", x: 0.5956, y: 0.4828, width: 0.0444, height: 0.0111), 85),
        (TextBox("among", x: 0.5661, y: 0.4850, width: 0.0272, height: 0.0067), 93),
        (TextBox("rie", x: 0.4039, y: 0.4933, width: 0.0239, height: 0.0189), 41),
        (TextBox("Ban", x: 0.4744, y: 0.4961, width: 0.0094, height: 0.0039), 33),
        (TextBox("Doray", x: 0.4306, y: 0.5056, width: 0.0250, height: 0.0083), 93),
        (TextBox("Logari,", x: 0.4583, y: 0.5056, width: 0.0261, height: 0.0083), 90),
        (TextBox("singer", x: 0.4894, y: 0.5078, width: 0.0250, height: 0.0061), 97),
        (TextBox("Language:", x: 0.4039, y: 0.5161, width: 0.0394, height: 0.0083), 97),
        (TextBox("Pashto", x: 0.4494, y: 0.5161, width: 0.0272, height: 0.0067), 89),
        (TextBox("Style:", x: 0.5044, y: 0.5161, width: 0.0206, height: 0.0089), 97),
        (TextBox("Kabul", x: 0.5311, y: 0.5161, width: 0.0239, height: 0.0072), 95),
    ]

    @Test func aNumberedRowBetweenParagraphsOfNotesIsInTheList() {
        let tracks = RealSleeveTests.parse(Self.interleavedWithNotes).tracks
        #expect(tracks.contains { $0.position == "1" && $0.duration == "4:18" }, "\(tracks)")
        let second = tracks.first { $0.position == "2" }
        #expect(second?.title.hasSuffix("dai nabiyano (Mohammed among prophets)") == true, "\(tracks)")
        #expect(second?.duration == nil)
    }

    /// The same words with the row moved right by three of its line heights, off the
    /// list's left edge: a number in running text, not the list's next row.
    @Test func aNumberedRowOffTheListsEdgeIsNotInTheList() {
        let moved = Self.interleavedWithNotes.map { word -> Word in
            guard (0.478...0.486).contains(word.box.rect.minY) else { return word }
            var box = word.box
            box.rect.x += 0.03
            return (box, word.confidence)
        }
        let tracks = RealSleeveTests.parse(moved).tracks
        #expect(!tracks.contains { $0.position == "2" }, "\(tracks)")
        #expect(tracks.contains { $0.position == "1" }, "\(tracks)")
    }

    /// The Explorer back again, side one's third title: the owner's red underline came
    /// back as letters in boxes a fifth of the row's height ("J", "Cee", "Oa", "RM"),
    /// run into the title: "3.CeeJ BimGrOadil, kharab dil (HeartsickRM and sad)".
    static let underlineReadAsLetters: [Word] = [
        (TextBox("thee,", x: 0.4122, y: 0.6478, width: 0.0194, height: 0.0083), 96),
        (TextBox("beloved.", x: 0.4528, y: 0.6478, width: 0.0322, height: 0.0072), 97),
        (TextBox("His", x: 0.4350, y: 0.6483, width: 0.0139, height: 0.0067), 96),
        (TextBox("fvit:", x: 0.3972, y: 0.6539, width: 0.0139, height: 0.0106), 0),
        (TextBox("oh", x: 0.5522, y: 0.6539, width: 0.0067, height: 0.0106), 8),
        (TextBox("BimGr", x: 0.4050, y: 0.6617, width: 0.0200, height: 0.0106), 72),
        (TextBox("dil,", x: 0.4289, y: 0.6617, width: 0.0150, height: 0.0106), 93),
        (TextBox("kharab", x: 0.4472, y: 0.6617, width: 0.0250, height: 0.0106), 88),
        (TextBox("dil", x: 0.4761, y: 0.6617, width: 0.0083, height: 0.0106), 92),
        (TextBox("(Heartsick", x: 0.4911, y: 0.6617, width: 0.0428, height: 0.0106), 69),
        (TextBox("and", x: 0.5361, y: 0.6617, width: 0.0144, height: 0.0106), 69),
        (TextBox("sad)", x: 0.5533, y: 0.6617, width: 0.0183, height: 0.0106), 86),
        (TextBox("Oa", x: 0.4194, y: 0.6628, width: 0.0333, height: 0.0017), 23),
        (TextBox("RM", x: 0.5283, y: 0.6633, width: 0.0017, height: 0.0011), 20),
        (TextBox("3.", x: 0.3933, y: 0.6639, width: 0.0061, height: 0.0061), 91),
        (TextBox("J", x: 0.3944, y: 0.6639, width: 0.0017, height: 0.0006), 11),
        (TextBox("(3:35)", x: 0.5800, y: 0.6644, width: 0.0211, height: 0.0078), 93),
        (TextBox("Cee", x: 0.3939, y: 0.6694, width: 0.0028, height: 0.0006), 37),
        (TextBox("Seay", x: 0.4028, y: 0.6694, width: 0.1894, height: 0.0111), 22),
        (TextBox("singer", x: 0.4883, y: 0.6783, width: 0.0250, height: 0.0067), 93),
        (TextBox("-", x: 0.5706, y: 0.6822, width: 0.0033, height: 0.0017), 40),
        (TextBox("Language:", x: 0.4022, y: 0.6872, width: 0.0394, height: 0.0083), 93),
        (TextBox("Dari", x: 0.4478, y: 0.6872, width: 0.0178, height: 0.0067), 97),
        (TextBox("Style:", x: 0.4928, y: 0.6872, width: 0.0211, height: 0.0083), 97),
        (TextBox("Herat", x: 0.5194, y: 0.6878, width: 0.0228, height: 0.0067), 97),
    ]

    @Test func marksFarFlatterThanTheRowAreNotPartOfTheTitle() {
        let tracks = RealSleeveTests.parse(Self.underlineReadAsLetters).tracks
        let third = tracks.first { $0.position == "3" }
        #expect(third?.title == "BimGr dil, kharab dil (Heartsick and sad)", "\(tracks)")
        #expect(third?.duration == "3:35")
    }

    /// The Explorer back, side two's third title, read again line by line after the
    /// engine had run it together with the credit under it (`RunTogetherRows`): its
    /// opening bracket came back as an "l", "Song of the Cricket linstrumental)", and
    /// a title closing a bracket it never opened was taken for the tail of a cut title.
    static let bracketReadAsL: [Word] = [
        (TextBox("will", x: 0.7461, y: 0.7417, width: 0.0156, height: 0.0072), 97),
        (TextBox("be", x: 0.7728, y: 0.7417, width: 0.0089, height: 0.0072), 94),
        (TextBox("till", x: 0.7867, y: 0.7417, width: 0.0106, height: 0.0072), 94),
        (TextBox("I", x: 0.7661, y: 0.7422, width: 0.0022, height: 0.0067), 81),
        (TextBox("Resurrection", x: 0.8017, y: 0.7422, width: 0.0533, height: 0.0067), 97),
        (TextBox("Day.", x: 0.8589, y: 0.7422, width: 0.0161, height: 0.0083), 96),
        (TextBox("true", x: 0.7261, y: 0.7428, width: 0.0156, height: 0.0061), 97),
        (TextBox("Song", x: 0.7178, y: 0.7550, width: 0.0183, height: 0.0128), 96),
        (TextBox("of", x: 0.7400, y: 0.7550, width: 0.0089, height: 0.0128), 96),
        (TextBox("the", x: 0.7517, y: 0.7550, width: 0.0122, height: 0.0128), 87),
        (TextBox("Cricket", x: 0.7667, y: 0.7550, width: 0.0300, height: 0.0128), 0),
        (TextBox("linstrumental)", x: 0.7983, y: 0.7567, width: 0.0600, height: 0.0111), 0),
        (TextBox("(2:54)", x: 0.8678, y: 0.7572, width: 0.0217, height: 0.0083), 93),
        (TextBox("3.", x: 0.7072, y: 0.7578, width: 0.0061, height: 0.0061), 92),
        (TextBox("4),", x: 0.9022, y: 0.7589, width: 0.0178, height: 0.0083), 6),
        (TextBox("Mohamed", x: 0.7428, y: 0.7644, width: 0.0411, height: 0.0106), 95),
        (TextBox("tits", x: 0.8867, y: 0.7644, width: 0.0333, height: 0.0028), 30),
        (TextBox("Ustad", x: 0.7167, y: 0.7650, width: 0.0233, height: 0.0094), 95),
        (TextBox("robabsolo", x: 0.8144, y: 0.7672, width: 0.0433, height: 0.0072), 71),
        (TextBox("Omar,", x: 0.7867, y: 0.7678, width: 0.0250, height: 0.0078), 71),
        (TextBox("Bogzar", x: 0.7161, y: 0.7828, width: 0.0294, height: 0.0083), 93),
        (TextBox("dar", x: 0.7483, y: 0.7828, width: 0.0133, height: 0.0067), 93),
        (TextBox("pish-e", x: 0.7639, y: 0.7828, width: 0.0250, height: 0.0089), 76),
        (TextBox("be", x: 0.8356, y: 0.7828, width: 0.0094, height: 0.0072), 94),
        (TextBox("4,", x: 0.7067, y: 0.7833, width: 0.0067, height: 0.0061), 79),
        (TextBox("(Let", x: 0.8028, y: 0.7833, width: 0.0156, height: 0.0083), 96),
        (TextBox("you)", x: 0.8683, y: 0.7833, width: 0.0178, height: 0.0111), 85),
        (TextBox("(2:51)", x: 0.8961, y: 0.7833, width: 0.0211, height: 0.0083), 79),
        (TextBox("to", x: 0.7922, y: 0.7839, width: 0.0072, height: 0.0061), 96),
        (TextBox("me", x: 0.8211, y: 0.7850, width: 0.0117, height: 0.0050), 93),
        (TextBox("near", x: 0.8478, y: 0.7850, width: 0.0183, height: 0.0050), 85),
        (TextBox("Hamida", x: 0.7161, y: 0.7956, width: 0.0322, height: 0.0072), 80),
        (TextBox("Rokhshana,", x: 0.7511, y: 0.7956, width: 0.0483, height: 0.0078), 93),
        (TextBox("singer", x: 0.8022, y: 0.7956, width: 0.0256, height: 0.0089), 97),
    ]

    @Test func anOpeningBracketReadAsALetterIsABracket() {
        let tracks = RealSleeveTests.parse(Self.bracketReadAsL).tracks
        #expect(tracks.contains { $0.position == "3" && $0.title == "Song of the Cricket (instrumental)" && $0.duration == "2:54" },
                "\(tracks)")
        #expect(tracks.contains { $0.position == "4" && $0.duration == "2:51" }, "\(tracks)")
    }

    @Test func aTailCutOffItsHeadStaysUnbalanced() {
        let parser = TracklistParser()
        func box(_ t: String) -> TextBox { TextBox(t, x: 0, y: 0, width: 0.01, height: 0.01) }
        #expect(parser.withOpeningBracketsRepaired([box("ental)")]).map(\.text) == ["ental)"])
        #expect(parser.withOpeningBracketsRepaired([box("near"), box("you)")]).map(\.text) == ["near", "you)"])
        #expect(parser.withOpeningBracketsRepaired([box("Song"), box("linstrumental)")]).map(\.text) == ["Song", "(instrumental)"])
        // Balanced already: nothing to repair.
        #expect(parser.withOpeningBracketsRepaired([box("(Love"), box("lines)")]).map(\.text) == ["(Love", "lines)"])
    }
}
