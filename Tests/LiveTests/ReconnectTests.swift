import Foundation
import Imaging
import Reading
import Settings
import Station
import Application
import SleeveCore
import Testing

/// A camera unplugged and plugged back, over the `FrameSource` protocol with a
/// scripted source made of replayed frames (no device here) and no clock: the waits
/// are recorded, not slept.
@Suite struct ReconnectTests {
    @Test func backoffDoublesFromHalfASecondUpToTenAndStartsOverWhenBack() {
        var b = ReconnectBackoff()
        var waits: [Double] = []
        for _ in 0..<7 {
            waits.append(b.next)
            b.failed()
        }
        #expect(waits == [0.5, 1, 2, 4, 8, 10, 10])
        #expect(b.attempts == 7)
        b.reset()
        #expect(b.next == 0.5 && b.attempts == 0)
    }

    /// Unplugged while a sleeve holds still (frame 13 of slide-in-hold-out): the sleeve
    /// is written, the page says reconnecting, two reopen attempts fail, the third
    /// opens and the next sleeve is read.
    @Test func anUnpluggedCameraFinishesTheSleeveAndIsReopenedWithBackoff() throws {
        let out = try IdlePacerTests.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let sleeve = try ScriptedFrameSource.frames(of: "slide-in-hold-out")
        var waits: [Double] = []
        var attempts = 0
        let frames = ReconnectingFrames(
            source: ScriptedFrameSource(frames: sleeve, unplugAfter: 13), name: "/dev/video-scripted",
            reopen: {
                attempts += 1
                guard attempts >= 3 else { throw FrameSourceError(kind: .disconnected, reason: "no such camera") }
                // Plugged back: its clock starts again at 0.
                return ScriptedFrameSource(frames: sleeve)
            },
            wait: { waits.append($0); return true })
        let log = SnapshotLog()
        var order: [String] = []
        let station = try IdlePacerTests.station(out: out, status: log, events: { e in
            switch e {
            case let .written(w): order.append("written \(w.record.catalogNumber ?? "-")")
            case let .device(m): order.append(m.contains("open again") ? "back" : "away")
            default: break
            }
        })
        station.pacer = IdlePacer(idleAfterSeconds: 10, idleFramesPerSecond: 2)
        let summary = station.run({ frames.next() }, stop: StopFlag(), lockstep: true)

        #expect(waits == [0.5, 1, 2])
        #expect(attempts == 3)
        #expect(summary.disconnections == 1)
        #expect(summary.written.map(\.record.catalogNumber) == ["HPR 1042", "HPR 1042"])
        // The sleeve in view is written when the camera goes, before it is back.
        #expect(order.first == "written HPR 1042")
        #expect(order.firstIndex(of: "back").map { $0 < order.count - 1 } == true)
        let away = log.snapshots.filter { $0.state == .reconnecting }
        #expect(!away.isEmpty)
        #expect(away.allSatisfy { $0.message?.contains("/dev/video-scripted") == true })
        #expect(away.contains { $0.message?.contains("reopening in 0.5 s") == true })
        #expect(away.contains { $0.message?.contains("next try in 2 s") == true })
        #expect(log.snapshots.last?.state != .reconnecting)
        #expect(log.snapshots.last?.message == nil)
        // Frames after the reopen kept time moving forward: the second sleeve was seen.
        #expect(summary.frames == 13 + sleeve.count)
    }

    /// Ctrl-C while waiting to reopen: the wait gives up, the loop stops with the sleeve
    /// that was in view written, and no reopen is attempted.
    @Test func aStopWhileWaitingEndsTheRunWithoutReopening() throws {
        let out = try IdlePacerTests.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let sleeve = try ScriptedFrameSource.frames(of: "slide-in-hold-out")
        let stop = StopFlag()
        var attempts = 0
        let frames = ReconnectingFrames(
            source: ScriptedFrameSource(frames: sleeve, unplugAfter: 13), name: "/dev/video-scripted",
            reopen: { attempts += 1; return ScriptedFrameSource(frames: sleeve) },
            wait: { _ in stop.raise(); return false })
        let station = try IdlePacerTests.station(out: out)
        let summary = station.run({ frames.next() }, stop: stop, lockstep: true)
        #expect(summary.interrupted)
        #expect(attempts == 0)
        #expect(summary.written.map(\.record.catalogNumber) == ["HPR 1042"])
    }

    /// Any other fault is reported and the frames go on; the end of input ends the run.
    @Test func otherFaultsAreNotReconnections() throws {
        var calls = 0
        struct Flaky: FrameSource {
            let deviceName = "flaky"
            var n = 0
            mutating func nextFrame() throws -> Frame? {
                n += 1
                if n == 1 { throw FrameSourceError(kind: .timedOut, reason: "no frame within 5 s") }
                return n == 2 ? Frame(pixels: [0, 0, 0, 0], width: 2, height: 2, format: .gray8, sequence: 0, timestamp: 0) : nil
            }
        }
        let frames = ReconnectingFrames(source: Flaky(), name: "flaky", reopen: { calls += 1; return Flaky() }, wait: { _ in true })
        guard case .failure = frames.next() else { Issue.record("expected a failure"); return }
        guard case .frame = frames.next() else { Issue.record("expected a frame"); return }
        guard case .end = frames.next() else { Issue.record("expected the end"); return }
        #expect(calls == 0)
    }
}
