import Testing
@testable import SleeveCore

/// Choosing among the variants' readings of one run-out strip by their agreement.
@Suite("DeadWax reading consensus")
struct ReadingConsensusTests {
    typealias Reading = ReadingConsensus.Reading

    /// The variants of a stamped close-up of "348647-1-A1 A//1" that read anything,
    /// with the reader's own scores. The upside-down row band's "8SE--V VAN" was kept
    /// by score alone; the upright row band's "34647" is echoed by "34864" and
    /// "S4E647-3-G" from the other upright readings, the soup by nothing.
    static let closeUp009: [Reading] = [
        Reading("S4E647-3-G", score: 16), Reading("VVNV8", score: 5),
        Reading("34647", score: 141.64), Reading("S-5-L79B0E", score: 16),
        Reading("8SE--V VAN", score: 258.99), Reading("34864", score: 5),
    ]

    /// A held-out close-up of "8-15397-2 PMDC20": the confident "GSSGI4G S-VGEES-6"
    /// stands alone; the readings of the code agree with one another.
    static let heldOut003: [Reading] = [
        Reading("8-15397-2 PMDT2", score: 193.89), Reading("L2EES", score: 5),
        Reading("S-VGQEAES-6", score: 9), Reading("B-S2390S-5 BWDCS", score: 296.02),
        Reading("8-15397-2 PMDT2D", score: 139.2), Reading("GSSGI4G S-VGEES-6", score: 510.94),
        Reading("B-S239N-5", score: 7), Reading("B.1SSS7-2 PMCOCZO", score: 14),
        Reading("GEDA 2-YV-3", score: 8), Reading("G-TR2GA-5 BIISCS", score: 13),
        Reading("B.1SSE7-2 PMOCZES", score: 300.43), Reading("GSSDDIAN 5-TYFEL-3", score: 15),
        Reading("TR2-5 BEVIGCSO", score: 12),
    ]

    @Test func theReadingOthersEchoBeatsAConfidentLoneOne() throws {
        let scoreAlone = try #require(Self.closeUp009.indices.max { Self.closeUp009[$0].score < Self.closeUp009[$1].score })
        #expect(Self.closeUp009[scoreAlone].text == "8SE--V VAN")
        let chosen = try #require(ReadingConsensus.choose(Self.closeUp009))
        #expect(Self.closeUp009[chosen].text == "34647")
    }

    @Test func agreementAmongTheCodesReadingsOutweighsTheLoudestSoup() throws {
        let chosen = try #require(ReadingConsensus.choose(Self.heldOut003))
        #expect(Self.heldOut003[chosen].text.contains("-2 PM"))
    }

    /// The variants of a stamped close-up of "658777-1-D1" (shared close-up 010) that
    /// read anything, with the reader's own scores: the whole band read the lacquer
    /// number as 4, surest; both row bands read it as 1.
    static let closeUp010: [Reading] = [
        Reading("658777-1-D4", score: 17.09), Reading("TQ-T-LLL8S9", score: 3.74),
        Reading("658777-1-D1", score: 15.27), Reading("TQG-T-LLL8S9", score: 3.91),
        Reading("658777-1-D1", score: 15.12), Reading("TO-T-LLL859", score: 3.54),
        Reading("P119C", score: 1.41),
    ]

    @Test func aGlyphMoreVariantsReadOutweighsOneVariantsSurerReading() throws {
        // By score times agreement alone, the lone `-D4` would be chosen.
        let keys = Self.closeUp010.map { ReadingConsensus.normalised($0.text) }
        let weights = Self.closeUp010.indices.map { Self.closeUp010[$0].score * (1 + ReadingConsensus.agreement(of: $0, keys)) }
        #expect(weights.indices.max { weights[$0] < weights[$1] } == 0)
        let chosen = try #require(ReadingConsensus.choose(Self.closeUp010))
        #expect(Self.closeUp010[chosen].text == "658777-1-D1")
    }

    @Test func withoutAgreementTheScoreDecides() throws {
        let readings = [Reading("ABC123-A1", score: 10), Reading("XYZ", score: 30), Reading("QQQ999", score: 20)]
        #expect(ReadingConsensus.choose(readings) == 1)
    }

    @Test func nothingReadNothingChosen() {
        #expect(ReadingConsensus.choose([]) == nil)
        #expect(ReadingConsensus.choose([Reading("", score: 40), Reading("AB12", score: 0)]) == nil)
    }

    @Test func similarityIgnoresSpacingAndDashesAndIsGradedByEdits() {
        let a = ReadingConsensus.normalised("SI-4963-A1 HT"), b = ReadingConsensus.normalised("si 4963 a1ht")
        #expect(ReadingConsensus.similarity(a, b) == 1)
        let c = ReadingConsensus.normalised("S1-4963-A1 HT")
        #expect(abs(ReadingConsensus.similarity(a, c) - 9.0 / 10) < 1e-9)
        #expect(ReadingConsensus.similarity(a, ReadingConsensus.normalised("VVNV")) < ReadingConsensus.agreeingSimilarity)
    }
}
