import Foundation
import Imaging
import Reading
import Settings
import Station
import Application
import SleeveCore
import Testing

/// The idle frame rate: decisions on injected times, then the station on replayed frames.
@Suite struct IdlePacerTests {
    @Test func analysesEveryFrameUntilNothingHasBeenSeenForTheIdleTime() {
        var pacer = IdlePacer(idleAfterSeconds: 10, idleFramesPerSecond: 2)
        var analysed: [Double] = []
        // 30 fps for 12 s of an empty table.
        for i in 0..<360 {
            let t = Double(i) / 30
            if pacer.shouldAnalyse(at: t) {
                analysed.append(t)
                pacer.analysed(at: t, somethingInView: false)
            }
        }
        let before = analysed.filter { $0 < 10 }
        let after = analysed.filter { $0 >= 10 }
        #expect(before.count == 300)
        // From 10 s on: one frame per half second (10.0 … 11.5 s).
        #expect(after.count == 4)
        for (a, b) in zip(after, after.dropFirst()) { #expect(b - a >= 0.5 - 1e-9) }
        #expect(pacer.isIdle(at: 11.9))
        #expect(pacer.secondsUntilDue(at: 11.9) > 0)
    }

    @Test func somethingInAnAnalysedFrameBringsBackTheFullRateAtOnce() {
        var pacer = IdlePacer(idleAfterSeconds: 2, idleFramesPerSecond: 1)
        pacer.analysed(at: 0, somethingInView: false)
        pacer.analysed(at: 3, somethingInView: false)
        #expect(pacer.isIdle(at: 3.1))
        #expect(!pacer.shouldAnalyse(at: 3.5))
        #expect(pacer.shouldAnalyse(at: 4))
        pacer.analysed(at: 4, somethingInView: true)
        #expect(!pacer.isIdle(at: 4.03))
        #expect(pacer.shouldAnalyse(at: 4.03))
        #expect(pacer.secondsUntilDue(at: 4.03) == 0)
        // ...and idles again only after the idle time with nothing.
        pacer.analysed(at: 5.9, somethingInView: false)
        #expect(pacer.shouldAnalyse(at: 5.95))
        #expect(pacer.isIdle(at: 6.0))
    }

    @Test func aClockGoingBackOrAWakeDoesNotHoldFramesBack() {
        var pacer = IdlePacer(idleAfterSeconds: 1, idleFramesPerSecond: 0.5)
        pacer.analysed(at: 0, somethingInView: false)
        pacer.analysed(at: 5, somethingInView: false)
        #expect(!pacer.shouldAnalyse(at: 5.5))
        #expect(pacer.shouldAnalyse(at: 0.2))
        pacer.wake()
        #expect(!pacer.isIdle(at: 5.5))
        #expect(pacer.shouldAnalyse(at: 5.5))
    }

    /// The station `live` runs (at the default settings unless `config` says otherwise).
    static func station(out: URL, config: Configuration = Configuration(), status: (any StatusSink)? = nil,
                        events: @escaping (LiveEvent) -> Void = { _ in }) throws -> LiveStation {
        var assembly = StationAssembly(mode: "sleeve", config: config, folder: out.path, device: "replay", sourceName: "scripted")
        assembly.startedAt = Date(timeIntervalSince1970: 0)
        return try assembly.station(status: status, events: events)
    }

    static func scratch() throws -> URL {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-live-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        return out
    }

    /// An empty table long enough to go idle, then a sleeve slides in: the empty frames
    /// are thinned out, the sleeve's are all analysed and its record is written.
    @Test func anIdleStationSkipsEmptyFramesAndStillCatchesTheSleeve() throws {
        let out = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let empty = try ScriptedFrameSource.frames(of: "empty-table")
        // Four empty-table passes (9.6 s at 5 fps), then the sleeve.
        var frames: [Frame] = []
        for pass in 0..<4 { frames += empty.map { var f = $0; f.timestamp += Double(pass) * 2.4; return f } }
        let emptyCount = frames.count
        frames += try ScriptedFrameSource.frames(of: "slide-in-hold-out", offset: 9.6)
        var idleEvents: [Bool] = []
        let station = try Self.station(out: out, events: { if case let .idle(i) = $0 { idleEvents.append(i) } })
        station.pacer = IdlePacer(idleAfterSeconds: 2, idleFramesPerSecond: 1)
        var source = ScriptedFrameSource(frames: frames)
        let summary = station.run({ (try? source.nextFrame()).map { $0.map { .frame(LiveFrame($0)) } ?? .end } ?? .end },
                                  stop: StopFlag(), lockstep: true)
        #expect(summary.skipped > 0)
        #expect(summary.frames + summary.skipped == frames.count)
        // Every frame after the idle time is analysed at 1 fps of 5: most of the empty ones are skipped.
        #expect(summary.skipped >= (emptyCount - 10) / 2)
        #expect(idleEvents.first == true)
        #expect(idleEvents.contains(false))
        #expect(summary.written.map(\.record.catalogNumber) == ["HPR 1042"])
    }
}

/// A day of frames does not grow the run's figures without bound.
@Suite struct LiveSummaryBoundsTests {
    @Test func perFrameTimingsKeepOnlyTheLatest() throws {
        let out = try IdlePacerTests.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let station = try IdlePacerTests.station(out: out)
        station.timingsKept = 8
        var source = ScriptedFrameSource(frames: try ScriptedFrameSource.frames(of: "empty-table"))
        let summary = station.run({ (try? source.nextFrame()).map { $0.map { .frame(LiveFrame($0)) } ?? .end } ?? .end },
                                  stop: StopFlag(), lockstep: true)
        #expect(summary.frames == 12)
        #expect((4...8).contains(summary.frameMilliseconds.count))
        #expect(summary.frameCPUMilliseconds.count == summary.frameMilliseconds.count)
        #expect(summary.partMilliseconds.values.allSatisfy { (4...8).contains($0.count) })
    }
}

extension LiveSummaryBoundsTests {
    @Test func writtenRecordsAreCountedAllButKeptOnlyTheLatest() throws {
        let out = try IdlePacerTests.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let station = try IdlePacerTests.station(out: out)
        station.writtenKept = 1
        var source = ScriptedFrameSource(frames: try ScriptedFrameSource.frames(of: "two-in-a-row"))
        let summary = station.run({ (try? source.nextFrame()).map { $0.map { .frame(LiveFrame($0)) } ?? .end } ?? .end },
                                  stop: StopFlag(), lockstep: true)
        #expect(summary.recordsWritten == 2)
        #expect(summary.written.map(\.record.catalogNumber) == ["MSR 2207"])
    }
}
