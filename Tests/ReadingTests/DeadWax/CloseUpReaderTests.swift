import Digest
import Foundation
import Imaging
import Reading
import Settings
import Station
import Recognition
import SleeveCore
import Testing

/// Close-ups of the run-out (Fixtures/deadwax/closeup-*, rendered by
/// Fixtures/scripts/make_deadwax.py) through the real tesseract: the disc's centre
/// is outside the photo, a strip of label with rim text is in view. Pinned: the
/// geometry, that label print never reaches `matrix`, and that a run is either read
/// as a plausible matrix or reported unreadable with its strip kept.
@Suite("DeadWax close-ups", .serialized)
struct CloseUpReaderTests {
    struct Expected: Decodable {
        var matrix: String
        var side: String?
        var labelText: [String]
        var discCenter: [Double]
        var grooveRadius: [Double]
    }

    static func expected(_ name: String) throws -> Expected {
        let data = try Data(contentsOf: DeadWaxReaderTests.folder.appendingPathComponent(name + ".expected.json"))
        return try JSONDecoder().decode(Expected.self, from: data)
    }

    static func read(_ name: String) throws -> (SleeveRecord, DeadWaxReader) {
        let reader = try DeadWaxReaderTests.reader()
        let record = try reader.read(path: DeadWaxReaderTests.folder.appendingPathComponent(name + ".jpg").path)
        return (record, reader)
    }

    @Test(arguments: ["closeup-etched", "closeup-stamped", "closeup-colour"])
    func theLabelsEdgeAndCentreAreFoundOutsideTheFrame(name: String) throws {
        let truth = try Self.expected(name)
        let (record, _) = try Self.read(name)
        #expect(record.kind == .deadwax)
        let disc = try #require(record.disc)
        let labelRadius = truth.grooveRadius[0]
        let error = hypot(disc.center[0] - truth.discCenter[0], disc.center[1] - truth.discCenter[1])
        #expect(error <= 0.03 * labelRadius, "centre off by \(error) px")
        #expect(abs((disc.labelRadius ?? 0) - labelRadius) <= 0.03 * labelRadius)
        // The disc's outline is not in a close-up: its radius is not invented.
        #expect(disc.radius == nil)
    }

    @Test(arguments: ["closeup-etched", "closeup-stamped", "closeup-colour", "closeup-black-label"])
    func labelPrintNeverLeaksAndAnUnreadRunKeepsItsStrip(name: String) throws {
        let truth = try Self.expected(name)
        let (record, reader) = try Self.read(name)
        let all = record.matrix.map(\.text).joined(separator: " ").uppercased()
        for line in truth.labelText where line.count > 3 {
            #expect(!all.contains(line.uppercased()), "label line '\(line)' leaked into \(all)")
        }
        if record.matrix.isEmpty {
            #expect(record.warnings.contains { $0.contains("not legible") })
            #expect(reader.unreadableStrip != nil)
        } else {
            #expect(reader.unreadableStrip == nil)
        }
    }

    /// A purple label on brown wax, one gray level apart: gray shows no label edge, so
    /// without the colour channels nothing is found (and nothing invented).
    @Test func aLabelOfTheWaxsGrayIsNotFoundInGrayAlone() throws {
        let reader = try DeadWaxReaderTests.reader()
        reader.searchesColourChannels = false
        let record = try reader.read(path: DeadWaxReaderTests.folder.appendingPathComponent("closeup-colour.jpg").path)
        #expect(record.disc == nil)
        #expect(record.matrix.isEmpty)
        #expect(record.warnings.contains { $0.contains("no disc, label edge or run-out arc found") })
    }

    /// ... and in its blue channel the edge is plain: the run is read.
    @Test func aLabelOfTheWaxsGrayIsFoundInItsColourAndTheRunRead() throws {
        let (record, _) = try Self.read("closeup-colour")
        let entry = try #require(record.matrix.first { $0.text.contains("14232-B1") }, "read \(record.matrix)")
        #expect(entry.side == "B")
    }

    /// A frame analysed without its file has no colour to fall back on: as before.
    @Test func aFrameWithoutItsFileIsSearchedInGrayOnly() throws {
        let reader = try DeadWaxReaderTests.reader()
        let data = try [UInt8](Data(contentsOf: DeadWaxReaderTests.folder.appendingPathComponent("closeup-colour.jpg")))
        let gray = try Leptonica().decodeGray(data)
        let record = reader.analyse(gray, source: SleeveRecord.Source(path: "frame", width: gray.width, height: gray.height, sha256: "", size: 0,
                                                                           device: "file", capturedAt: ""))
        #expect(record.disc == nil)
    }

    /// A black label on black wax shows no step at its edge; the grooves' beginning
    /// bounds the run-out instead, and the run inside it is read. Before, the close-up
    /// was "no disc, label edge or run-out arc found".
    @Test func theRunInsideTheGroovesOfABlackLabelIsRead() throws {
        let truth = try Self.expected("closeup-black-label")
        let (record, _) = try Self.read("closeup-black-label")
        let disc = try #require(record.disc)
        let labelRadius = truth.grooveRadius[0]
        let error = hypot(disc.center[0] - truth.discCenter[0], disc.center[1] - truth.discCenter[1])
        #expect(error <= 0.03 * labelRadius, "centre off by \(error) px")
        // The label's edge is estimated from the grooves', not seen.
        #expect(abs((disc.labelRadius ?? 0) - labelRadius) <= 0.06 * labelRadius)
        let entry = try #require(record.matrix.first { $0.text.contains("58120-A2") }, "read \(record.matrix)")
        #expect(entry.side == "A")
    }

    /// Where the ring fit round the grooves wanders to another centre (rings round
    /// it are many), the grooves' edge is measured from the voted centre instead, and
    /// the run is read. Before, no centre gave a band: "no matrix legible".
    @Test func aWanderingRingFitFallsBackToTheVotedCentre() throws {
        let truth = try Self.expected("closeup-black-label-wandering-fit")
        let (record, _) = try Self.read("closeup-black-label-wandering-fit")
        let entry = try #require(record.matrix.first { $0.text.contains("58120-A2") }, "read \(record.matrix)")
        #expect(entry.side == "A")
        let all = record.matrix.map(\.text).joined(separator: " ").uppercased()
        for line in truth.labelText where line.count > 3 {
            #expect(!all.contains(line.uppercased()), "label line '\(line)' leaked into \(all)")
        }
    }

    /// A dim label's edge steps a little, and the grooves begin close outside it as
    /// a stronger ring: the label's fit jumped to that ring and the music was
    /// unwrapped ("no matrix legible"). Seen from the fit's centre the label's step
    /// lies well inside; it is fitted again there and the run read.
    @Test func aLabelsFitThatJumpedToTheGroovesIsFittedAgainAtItsStep() throws {
        let truth = try Self.expected("closeup-dim-label-near-grooves")
        let (record, _) = try Self.read("closeup-dim-label-near-grooves")
        let disc = try #require(record.disc)
        let labelRadius = truth.grooveRadius[0]
        #expect(abs((disc.labelRadius ?? 0) - labelRadius) <= 0.05 * labelRadius, "label radius \(disc.labelRadius ?? 0)")
        let error = hypot(disc.center[0] - truth.discCenter[0], disc.center[1] - truth.discCenter[1])
        #expect(error <= 0.05 * labelRadius, "centre off by \(error) px")
        let entry = try #require(record.matrix.first { $0.text.contains("58120-A2") }, "read \(record.matrix)")
        #expect(entry.side == "A")
    }

    /// The etched run (clockwise, tops to the rim) is read with its code and side.
    @Test func theEtchedRunIsRead() throws {
        let (record, _) = try Self.read("closeup-etched")
        let entry = try #require(record.matrix.first { $0.text.contains("39025-A2") }, "read \(record.matrix)")
        #expect(entry.side == "A")
    }

    /// A CD hub's engraving in small letters, its line 43 strip pixels tall: at that
    /// size two line readings took its 3 for a 2 (`2-10952-2`) and outvoted the whole
    /// band's `2-10953-2`; the line read at twice its size reads `2-10953-2` as well.
    /// (Held-out close-up 011 of `make_deadwax.py --held-out closeup OUT 9101 16`.)
    @Test func aShortLineIsReadEnlargedAsWell() throws {
        let truth = try Self.expected("closeup-cd-small-engraving")
        let (record, _) = try Self.read("closeup-cd-small-engraving")
        #expect(record.matrix.map(\.text) == [truth.matrix])
    }
}
