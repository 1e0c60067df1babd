import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore
import Testing
import Application

/// The live loop decodes each replayed JPEG frame's luminance at the size the analysis
/// reads (libjpeg's DCT scaling) and the whole frame only when it is kept: the analysis
/// must see the same sleeves, and the station write the same records, as from frames
/// decoded whole and reduced afterwards.
@Suite struct ReducedDecodeTests {
    /// The fixtures are 640×480: an analysis side of 320 makes the decoder halve them,
    /// as a 1080p camera's frames are halved for the default 960.
    static let side = 320

    static func settings() -> LiveSettings {
        var s = LiveSettings()
        s.barcodeWorkingSide = side
        return s
    }

    static func replay(_ sequence: String) throws -> ReplaySource {
        try ReplaySource(path: LiveReplayTests.fixtures.appendingPathComponent("\(sequence).mjpeg").path, decoder: Leptonica(),
                         pace: .asFastAsPossible, framesPerSecond: 5)
    }

    /// Every frame of a sequence both ways: whole (reduced by the analyser) and reduced at decode.
    static func bothWays(_ sequence: String) throws -> [(whole: LiveFrame, reduced: LiveFrame)] {
        var whole = try replay(sequence), reduced = try replay(sequence)
        var out: [(LiveFrame, LiveFrame)] = []
        while let w = try whole.nextFrame() {
            let r = try #require(try reduced.nextLiveFrame(analysisSide: side))
            out.append((LiveFrame(w), r))
        }
        #expect(try reduced.nextLiveFrame(analysisSide: side) == nil)
        return out
    }

    @Test func aReducedFrameIsDecodedWholeOnlyWhenAskedAndThenAsBefore() throws {
        for (whole, reduced) in try Self.bothWays("slide-in-hold-out") {
            #expect(reduced.luminance.width == 320 && reduced.luminance.height == 240)
            #expect(reduced.width == 640 && reduced.height == 480 && reduced.sequence == whole.sequence)
            #expect(!reduced.picture.isDecoded)
            #expect(try reduced.picture.image() == whole.picture.image())
            #expect(reduced.picture.isDecoded)
        }
    }

    /// Outlines within 1% of the frame's diagonal (8 px of 800): the DCT's halving and a
    /// 2×2 average differ by a gray level here and there, not by a sleeve. Where a hand
    /// crosses the sleeve's left edge (hand-over, frames 10 and 11) the detector picks
    /// between the hand's edge and the sleeve's, and a gray level can tip that pick: the
    /// outline there is allowed to differ, nowhere else.
    @Test(arguments: [("slide-in-hold-out", 0), ("two-in-a-row", 0), ("hand-over", 2), ("barcode-closeup", 0)])
    func theAnalysisFindsTheSameOutlinesInReducedDecodes(sequence: String, allowedToDiffer: Int) throws {
        var before = Engines.frameAnalyser(mode: "sleeve", settings: Self.settings())
        var after = Engines.frameAnalyser(mode: "sleeve", settings: Self.settings())
        var outlines = 0
        var differing: [Int] = []
        for (whole, reduced) in try Self.bothWays(sequence) {
            let a = before.analyse(whole), b = after.analyse(reduced)
            #expect((a.outline == nil) == (b.outline == nil), "frame \(whole.sequence)")
            if let qa = a.outline, let qb = b.outline {
                outlines += 1
                let worst = zip(qa.corners, qb.corners).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }.max()!
                if worst >= 8 { differing.append(whole.sequence) }
            }
            #expect(a.confirmedBarcodes.map(\.value) == b.confirmedBarcodes.map(\.value), "frame \(whole.sequence)")
            #expect(!reduced.picture.isDecoded, "the analysis decoded frame \(whole.sequence) whole")
        }
        #expect(outlines > 0)
        #expect(differing.count <= allowedToDiffer, "outlines differ in frames \(differing)")
    }

    /// The station on reduced decodes writes the records it writes on whole frames, and
    /// decodes whole only the frames it read or wrote.
    @Test(arguments: ["two-in-a-row", "barcode-closeup"])
    func theStationWritesTheSameRecordsAndDecodesOnlyWhatItKeeps(sequence: String) throws {
        let frames = try Self.bothWays(sequence)
        func records(_ feed: [LiveFrame]) throws -> (LiveRunSummary, [SleeveRecord]) {
            let out = try IdlePacerTests.scratch()
            defer { try? FileManager.default.removeItem(at: out) }
            var config = Configuration()
            try config.set(.barcodeWorkingSide, json: Self.side, origin: "test")
            let station = try IdlePacerTests.station(out: out, config: config)
            var n = 0
            let summary = station.run({ n < feed.count ? { defer { n += 1 }; return .frame(feed[n]) }() : .end },
                                      stop: StopFlag(), lockstep: true)
            return (summary, summary.written.map(\.record))
        }
        let (_, before) = try records(frames.map(\.whole))
        let (summary, after) = try records(frames.map(\.reduced))
        #expect(!after.isEmpty)
        #expect(after.map(\.catalogNumber) == before.map(\.catalogNumber))
        #expect(after.map(\.artist) == before.map(\.artist))
        #expect(after.map(\.title) == before.map(\.title))
        #expect(after.map { $0.barcodes.map(\.value) } == before.map { $0.barcodes.map(\.value) })
        #expect(after.map(\.source.width) == before.map(\.source.width))
        #expect(after.map(\.source.sha256) == before.map(\.source.sha256))
        let decoded = frames.filter { $0.reduced.picture.isDecoded }.count
        #expect(decoded >= after.count)
        #expect(decoded <= summary.readMilliseconds.count + summary.recordsWritten)
    }
}
