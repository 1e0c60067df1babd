import Foundation
import Testing
@testable import SleeveCore

@Suite("DeadWax matrix parser")
struct DeadWaxMatrixParserTests {
    let parser = MatrixParser()

    @Test(arguments: [
        ("83939-1-B2 STERLING", "83939-1-B2 STERLING", "B", "B2", ["STERLING"]),
        ("PI-8824-A3 STERLING", "PI-8824-A3 STERLING", "A", "A3", ["STERLING"]),
        ("UVBD5525-B4", "UVBD5525-B4", "B", "B4", []),
        ("HLA-406-A2 A//1", "HLA-406-A2 A//1", "A", "A2", ["A//1"]),
        ("st-a-123456 A1 MASTERDISK", "ST-A-123456 A1 MASTERDISK", "A", "A1", ["MASTERDISK"]),
        ("12345B2 PORKY", "12345B2 PORKY", "B", "B2", ["PORKY"]),
        ("ZX 7731 TML-M", "ZX 7731 TML-M", nil, nil, ["TML-M"]),
    ] as [(String, String, String?, String?, [String])])
    func parsesRuns(raw: String, text: String, side: String?, lacquer: String?, marks: [String]) throws {
        let run = try #require(parser.parse(raw))
        #expect(run.text == text)
        #expect(run.side == side)
        #expect(run.lacquer == lacquer)
        #expect(run.marks == marks)
    }

    // The parts written as the record's extra keys (catalogue, lacquer, marks), from
    // the identify set's runs and the close-ups' ("BLY AS 558058 A2" lost its prefix).
    @Test(arguments: [
        ("83939-1-B2 STERLING", "83939-1", "B2", ["STERLING"]),
        ("BLY AS 558058 A2", "BLY AS 558058", "A2", []),
        ("DRUE549-B1 GZ", "DRUE549", "B1", ["GZ"]),
        ("12345B2 PORKY", "12345", "B2", ["PORKY"]),
        ("ZX 7731 TML-M", "ZX 7731", nil, ["TML-M"]),
        ("92776M2/A PORKY", "92776M2/A", nil, ["PORKY"]),
        ("STERLING 4711-A1", "4711", "A1", ["STERLING"]),
        ("SST MPO DMM", nil, nil, ["SST", "MPO"]),
    ] as [(String, String?, String?, [String])])
    func recordEntryCarriesParsedParts(raw: String, catalogue: String?, lacquer: String?, marks: [String]) throws {
        let entry = SleeveRecord.MatrixEntry(try #require(parser.parse(raw)))
        #expect(entry.catalogue == catalogue)
        #expect(entry.lacquer == lacquer)
        #expect(entry.marks == marks)
    }

    @Test func recordEntryWithoutPartsDecodesFromAnOlderRecord() throws {
        let entry = try JSONDecoder().decode(SleeveRecord.MatrixEntry.self, from: Data(#"{"text":"UVBD5525-B4","side":"B"}"#.utf8))
        #expect(entry == SleeveRecord.MatrixEntry(text: "UVBD5525-B4", side: "B"))
        let written = String(decoding: try JSONEncoder().encode(SleeveRecord.MatrixEntry(try #require(parser.parse("UVBD5525-B4")))), as: UTF8.self)
        #expect(written.contains(#""catalogue":"UVBD5525""#) && written.contains(#""lacquer":"B4""#))
    }

    // O/0 read the wrong way round on held-out close-ups ("0RB21786-D3 A//1",
    // "7-34636-2 SRC9O"); letters and digits that are not in that shape stay.
    @Test(arguments: [
        ("0RB21786-D3 A//1", "ORB21786-D3 A//1"),
        ("7-34636-2 SRC9O", "7-34636-2 SRC90"),
        ("4O5-1-A2", "405-1-A2"),
        ("MOV-98984-C1", "MOV-98984-C1"),
        ("ORB10578-A1 RL", "ORB10578-A1 RL"),
        ("10OA", "10OA"),
        ("0A1", "0A1"),
    ] as [(String, String)])
    func zeroAndOFollowTheRunsShape(raw: String, text: String) throws {
        #expect(try #require(parser.parse(raw)).text == text)
    }

    @Test func rlIsAMarkNotASide() throws {
        let run = try #require(parser.parse("783145-1 RL"))
        #expect(run.side == nil)
        #expect(run.marks == ["RL"])
    }

    @Test func cleaningDropsNoiseAndDanglingSeparators() {
        #expect(parser.clean("  -83939-1-B2.  , STERLING_ ") == "83939-1-B2 STERLING")
        #expect(parser.clean("— . ~") == nil)
        #expect(parser.parse("..") == nil)
    }

    /// A stamped close-up's row band read `658777 -1-D1` (tesseract put the code's
    /// tail in a word of its own), and a held-out one's `H0G15 -B3`: the dash joins
    /// the tail to the digits before it instead of being dropped as a scratch.
    @Test func aCodesTailReadApartJoinsIt() throws {
        let run = try #require(parser.parse("658777 -1-D1"))
        #expect(run.text == "658777-1-D1")
        #expect(run.lacquer == "D1")
        #expect(parser.clean("H0G15 -B3") == "H0G15-B3")
        // Not after letters, not a mark, not a lone dash or a dangling one.
        #expect(parser.clean("STERLING -1-A2") == "STERLING 1-A2")
        #expect(parser.clean("83939-1-B2 -TML-M") == "83939-1-B2 TML-M")
        #expect(parser.clean("83939 - B2") == "83939 B2")
        #expect(parser.clean("83939 -1-") == "83939 1")
        #expect(parser.clean("83939 -B") == "83939 B")
    }

    @Test func runsSplitAtWideGapsOnly() {
        let words = [
            TextBox("STERLING", x: 130, y: 10, width: 80, height: 20),
            TextBox("83939-1-B2", x: 10, y: 10, width: 105, height: 20),
            TextBox("A1", x: 400, y: 12, width: 20, height: 20),
        ]
        #expect(parser.runs(from: words) == ["83939-1-B2 STERLING", "A1"])
    }
}

/// Which parsed runs count as a matrix in a close-up, and which shapes weigh more
/// (an upside-down reading of "SI-4963-A1" came back as "1V-960-15", of
/// "658777-1-D1" as "TQ-T-LLL899"; glare as "SNVALLAITING").
@Suite("DeadWax run plausibility")
struct DeadWaxRunPlausibilityTests {
    let parser = MatrixParser()

    @Test(arguments: [
        ("S11938-B3 MASTERDISK", true), ("STERLING", true), ("TML-M", true), ("U63094-A3", true),
        ("SNVALLAITING ANUYASS", false), ("7", false), ("A", false), ("RL", true),
    ])
    func plausibleRuns(raw: String, plausible: Bool) throws {
        let run = try #require(parser.parse(raw))
        #expect(MatrixParser.isPlausibleRun(run) == plausible)
    }

    /// Identify's close-up 7001-005 (a 10 px run, `YVKC411-A5 RL`) read as "BG" alone:
    /// a known mark, so a plausible run, but alone it is noise and names nothing.
    @Test(arguments: [
        (["BG"], true), (["RL"], true), (["RL", "BG"], true),
        (["HCPB649-A2 RL"], false), (["TML-M"], false), (["STERLING"], false),
        (["SI-4963-A1", "S272"], false), (["BUM-277-A3 RE", "TML-M"], false),
    ])
    func shortMarksAloneAreNoMatrix(raw: [String], onlyShortMarks: Bool) throws {
        let runs = try raw.map { try #require(parser.parse($0)) }
        #expect(MatrixParser.isOnlyShortMarks(runs) == onlyShortMarks)
    }

    @Test func aCodeWithItsSideMarkOutweighsAnUpsideDownReading() throws {
        let upright = try #require(parser.parse("SI-4963-A1"))
        let flipped = try #require(parser.parse("1V-960-15"))
        let junk = try #require(parser.parse("TQ-T-LLL899"))
        #expect(MatrixParser.shapeWeight(upright) == 2)
        #expect(MatrixParser.shapeWeight(flipped) == 1)
        #expect(MatrixParser.shapeWeight(junk) == 1)
        #expect(MatrixParser.shapeWeight(try #require(parser.parse("83939-1-B2 STERLING"))) == 2.5)
    }
}
