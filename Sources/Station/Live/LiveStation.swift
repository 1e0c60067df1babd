import Foundation
import SleeveCore
import Reading
import Settings

/// Something the station did, for the terminal (status line or log) and the tests.
public enum LiveEvent: Sendable {
    case state(StationStatus.State)
    case readStarted(sleeve: Int, frame: Int)
    case readFinished(sleeve: Int, milliseconds: Double)
    case written(WrittenRecord)
    case discarded(sleeve: Int, reason: String)
    case frameFailed(String)
    case writeFailed(String)
    /// Once a second or so: frames per second over the last seconds, frames dropped.
    case tick(framesPerSecond: Double, dropped: Int)
    /// The device went away, is being reopened, or came back.
    case device(String)
    /// The loop dropped to the idle frame rate (true) or back to full rate (false).
    case idle(Bool)
}

/// Figures from a run, for the benchmark and the closing log line.
public struct LiveRunSummary: Sendable {
    public var frames = 0
    public var dropped = 0
    /// Frames not analysed because the station was idle (`IdlePacer`).
    public var skipped = 0
    /// Times the device went away.
    public var disconnections = 0
    /// The records written, oldest first (the latest `LiveStation.writtenKept` of them
    /// on a long run; `recordsWritten` counts them all).
    public var written: [WrittenRecord] = []
    public var recordsWritten = 0
    /// Per-frame analysis plus the logic, milliseconds (decoding excluded).
    public var frameMilliseconds: [Double] = []
    /// The same in CPU time of the loop's thread: what one core spends per frame,
    /// whatever else the machine is doing.
    public var frameCPUMilliseconds: [Double] = []
    /// Per-frame analysis parts, milliseconds.
    public var partMilliseconds: [String: [Double]] = [:]
    /// Wall seconds from a sleeve's first stable frame to its written record.
    public var stableToWritten: [Double] = []
    /// Wall seconds from a sleeve's first stable frame to its first finished read.
    public var stableToRead: [Double] = []
    public var readMilliseconds: [Double] = []
    public var interrupted = false
    /// A read was still running when the station gave up on it (its thread is busy in
    /// the OCR engine: the process should end without running exit handlers).
    public var abandonedRead = false

    public init() {}
}

extension LiveRunSummary {
    /// Keeps at most `limit` (and at least half as many) of the latest per-frame timings.
    mutating func boundTimings(to limit: Int) {
        guard frameMilliseconds.count > limit else { return }
        let drop = frameMilliseconds.count - max(1, limit / 2)
        frameMilliseconds.removeFirst(min(drop, frameMilliseconds.count))
        frameCPUMilliseconds.removeFirst(min(drop, frameCPUMilliseconds.count))
        for k in partMilliseconds.keys {
            let n = partMilliseconds[k]!.count - max(1, limit / 2)
            if n > 0 { partMilliseconds[k]!.removeFirst(n) }
        }
    }
}

/// The live loop: frames in, analysis on every frame, reads on the worker, one record
/// per sleeve out. Decisions are `StationLogic`'s; this class only moves frames,
/// reads and files between threads, and keeps time.
public final class LiveStation {
    public var logic: StationLogic
    public var analyser: FrameAnalyser
    let worker: ReadWorker?
    let writer: LiveRecordWriter
    let status: (any StatusSink)?
    /// Asked before every write: false (with a reason) pauses writing.
    public var spaceCheck: (() -> (allowed: Bool, reason: String?))?
    let events: (LiveEvent) -> Void
    var snapshot = StationStatus()
    private var summary = LiveRunSummary()
    private var stableWall: [Int: ContinuousClock.Instant] = [:]
    private var readSeen: Set<Int> = []
    private var recentFrames: [ContinuousClock.Instant] = []
    private var lastTick = ContinuousClock.now
    /// The last frame's reduced copy (the preview is smaller still).
    private var lastFrame: GrayImage?
    /// Encodes the once-a-second preview for the status page; nil: no preview.
    public var previewEncoder: (any JPEGEncoding)?
    /// Longer side of the preview.
    public var previewSide = 480
    /// Per-frame timings kept in the summary (the most recent): a station running all
    /// day at 30 fps would otherwise keep 2.6 million of each.
    public var timingsKept = 100_000
    /// Records the status page lists, newest first.
    static let recentShown = 20
    /// Written records kept in the summary (the page shows the last 20 anyway).
    public var writtenKept = 1000
    /// Asked once a second: why the catalogue is not taking records (nil: it is).
    public var catalogueProblem: (() -> String?)?
    /// Run after each record is written; returns the records it rewrote in the folder,
    /// as they now are (`live --mode deadwax`: the sleeve a dead-wax capture joined,
    /// with its new `release`), which the recent list then shows.
    public var afterWrite: ((WrittenRecord) -> [WrittenRecord])?
    /// Drops the analysis rate while nothing is in view; nil analyses every frame.
    public var pacer: IdlePacer?
    private var wasIdle = false
    private var deviceAway = false

    /// `worker` nil: no OCR (records carry the barcodes and pictures only).
    public init(logic: StationLogic, analyser: FrameAnalyser, worker: ReadWorker?, writer: LiveRecordWriter,
                status: (any StatusSink)?, sourceName: String, events: @escaping (LiveEvent) -> Void) {
        self.logic = logic
        self.analyser = analyser
        self.worker = worker
        self.writer = writer
        self.status = status
        self.events = events
        snapshot.source = sourceName
        status?.publish(snapshot)
    }

    /// Runs until the source ends, `maxFrames` frames were analysed, or `stop` is
    /// raised; then finishes the sleeve in view and writes what is pending. After a
    /// stop, a running read gets `shutdownGraceSeconds` and sleeves never read are
    /// written without OCR.
    ///
    /// `lockstep`: each read finishes before the next frame is analysed, so a replay
    /// gives the same records whatever the machine's speed (tests, unpaced replays).
    public func run(_ next: () -> FramePump.Item?, stop: StopFlag, maxFrames: Int? = nil, lockstep: Bool = false,
                    dropped: () -> Int = { 0 }) -> LiveRunSummary {
        loop: while !stop.isRaised {
            if let maxFrames, summary.frames >= maxFrames { break }
            guard let item = next() else { continue }
            switch item {
            case .end: break loop
            case let .failure(why): events(.frameFailed(why))
            case let .frame(frame): paced(frame)
            case let .notice(notice): device(notice)
            }
            if lockstep, let worker {
                while logic.readInFlight != nil, !stop.isRaised {
                    if worker.waitForFinished(seconds: 0.1) { collectReads() }
                }
            }
            collectReads()
            summary.dropped = dropped()
        }
        summary.interrupted = stop.isRaised
        drain(interrupted: stop.isRaised, stop: stop)
        worker?.stop()
        return summary
    }

    /// One frame, unless the station is idle and this frame is not due.
    private func paced(_ frame: LiveFrame) {
        guard var pacer else {
            process(frame)
            return
        }
        guard pacer.shouldAnalyse(at: frame.timestamp) else {
            summary.skipped += 1
            return
        }
        let seen = process(frame)
        pacer.analysed(at: frame.timestamp, somethingInView: seen)
        self.pacer = pacer
        let idle = pacer.isIdle(at: frame.timestamp)
        if idle != wasIdle {
            wasIdle = idle
            events(.idle(idle))
        }
    }

    /// The device went away (finish the sleeve in view, say so) or came back.
    private func device(_ notice: ReconnectingFrames.Notice) {
        switch notice {
        case let .disconnected(message):
            if !deviceAway {
                deviceAway = true
                summary.disconnections += 1
                // The sleeve in view is finished with what is known: nobody can tell
                // whether it is still there when the camera comes back.
                perform(logic.finishAll(reading: true))
                analyser.restart()
            }
            snapshot.state = .reconnecting
            snapshot.message = message
            snapshot.framesPerSecond = 0
            status?.publish(snapshot)
            events(.device(message))
        case let .reconnected(message):
            deviceAway = false
            snapshot.state = logic.state
            snapshot.message = nil
            status?.publish(snapshot)
            events(.device(message))
            events(.state(logic.state))
            wasIdle = false
            pacer?.wake()
        }
    }

    /// One frame: analysis, logic, actions. Returns whether anything was in view.
    @discardableResult
    public func process(_ frame: LiveFrame) -> Bool {
        let started = ContinuousClock.now
        let cpuStarted = ThreadCPUClock.milliseconds()
        let observation = analyser.analyse(frame)
        let wasStable = logic.current?.firstStable
        let actions = logic.observe(observation)
        let elapsed = StageTimer.ms(ContinuousClock.now - started)
        summary.frames += 1
        summary.frameMilliseconds.append(elapsed)
        summary.frameCPUMilliseconds.append(ThreadCPUClock.milliseconds() - cpuStarted)
        for (k, v) in analyser.lastTimings { summary.partMilliseconds[k, default: []].append(v) }
        summary.boundTimings(to: timingsKept)
        if let e = logic.current, wasStable == nil, e.firstStable != nil { stableWall[e.number] = started }
        perform(actions)
        lastFrame = observation.analysed
        tick()
        return observation.showsSomething
    }

    private func tick() {
        let now = ContinuousClock.now
        recentFrames.append(now)
        recentFrames.removeAll { now - $0 > .seconds(3) }
        guard now - lastTick >= .seconds(1) else { return }
        lastTick = now
        let span = recentFrames.count > 1 ? StageTimer.ms(now - recentFrames[0]) / 1000 : 0
        snapshot.framesPerSecond = span > 0 ? Double(recentFrames.count - 1) / span : 0
        snapshot.catalogue = catalogueProblem?()
        if let previewEncoder, let frame = lastFrame, status != nil {
            let factor = FrameAnalyser.reduction(frame, to: previewSide)
            snapshot.previewJPEG = try? previewEncoder.jpeg(factor > 1 ? FrameAnalyser.shrink(frame, by: factor) : frame, quality: 70)
        }
        status?.publish(snapshot)
        events(.tick(framesPerSecond: snapshot.framesPerSecond, dropped: summary.dropped))
    }

    private func collectReads() {
        guard let worker else { return }
        for done in worker.collect() { finished(done) }
    }

    private func finished(_ done: ReadWorker.Finished) {
        summary.readMilliseconds.append(done.milliseconds)
        events(.readFinished(sleeve: done.sleeve, milliseconds: done.milliseconds))
        if !readSeen.contains(done.sleeve), let t = stableWall[done.sleeve] {
            readSeen.insert(done.sleeve)
            summary.stableToRead.append(StageTimer.ms(ContinuousClock.now - t) / 1000)
        }
        perform(logic.readFinished(sleeve: done.sleeve, read: done.read))
    }

    private func perform(_ actions: [StationAction]) {
        for action in actions {
            switch action {
            case let .read(request):
                if let worker {
                    events(.readStarted(sleeve: request.sleeve, frame: request.frame.sequence))
                    worker.submit(request)
                } else {
                    perform(logic.readFinished(sleeve: request.sleeve, read: nil))
                }
            case let .write(evidence):
                // Below the disk-space floor nothing is written: the station says why
                // (page, log) and keeps watching; writing resumes once space is freed.
                if let check = spaceCheck?(), !check.allowed {
                    snapshot.state = .paused
                    snapshot.message = check.reason
                    status?.publish(snapshot)
                    events(.writeFailed(check.reason ?? "not enough free space"))
                    continue
                }
                if snapshot.message != nil {
                    snapshot.message = nil
                    status?.publish(snapshot)
                }
                do {
                    if let written = try writer.write(evidence) {
                        summary.written.append(written)
                        summary.recordsWritten += 1
                        if summary.written.count > writtenKept { summary.written.removeFirst(summary.written.count - max(1, writtenKept / 2)) }
                        if let t = stableWall.removeValue(forKey: evidence.number) {
                            summary.stableToWritten.append(StageTimer.ms(ContinuousClock.now - t) / 1000)
                        }
                        readSeen.remove(evidence.number)
                        snapshot.recent.insert(written, at: 0)
                        if snapshot.recent.count > Self.recentShown { snapshot.recent.removeLast() }
                        status?.publish(snapshot)
                        events(.written(written))
                        if let rewritten = afterWrite?(written), !rewritten.isEmpty { showRewritten(rewritten, below: written) }
                    }
                } catch {
                    events(.writeFailed("\(error)"))
                }
            case let .discard(evidence, reason):
                stableWall[evidence.number] = nil
                readSeen.remove(evidence.number)
                events(.discarded(sleeve: evidence.number, reason: reason))
            case let .state(s):
                // While the device is away the page keeps saying so.
                if !deviceAway { snapshot.state = s }
                status?.publish(snapshot)
                events(.state(s))
            }
        }
    }

    /// Records rewritten after `written` shown as they now are: in place when the recent
    /// list holds them (what the catalogue said of them kept), else just below `written`.
    private func showRewritten(_ rewritten: [WrittenRecord], below written: WrittenRecord) {
        for var record in rewritten {
            if let i = snapshot.recent.firstIndex(where: { $0.recordFile == record.recordFile }) {
                record.catalogued = snapshot.recent[i].catalogued
                record.duplicates = snapshot.recent[i].duplicates
                snapshot.recent[i] = record
            } else {
                let at = snapshot.recent.firstIndex { $0.recordFile == written.recordFile }.map { $0 + 1 } ?? 0
                snapshot.recent.insert(record, at: at)
            }
        }
        if snapshot.recent.count > Self.recentShown { snapshot.recent.removeLast(snapshot.recent.count - Self.recentShown) }
        status?.publish(snapshot)
    }

    /// Finishes the sleeve in view and waits for what is pending: every read at the
    /// end of input; after a stop, only the running read, for the grace period.
    private func drain(interrupted: Bool, stop: StopFlag) {
        perform(logic.finishAll(reading: !interrupted))
        let deadline = ContinuousClock.now + .milliseconds(Int64(logic.settings.shutdownGraceSeconds * 1000))
        while !logic.isIdle {
            guard let worker else { perform(logic.abandonRead()); break }
            let stopping = interrupted || stop.isRaised
            if stopping, !interrupted {
                // A signal during the end-of-input wait: stop reading sleeves not yet read.
                perform(logic.finishAll(reading: false))
            }
            let wait = stopping ? max(0, StageTimer.ms(deadline - ContinuousClock.now) / 1000) : 0.25
            if worker.waitForFinished(seconds: wait) {
                collectReads()
            } else if stopping, ContinuousClock.now >= deadline {
                summary.abandonedRead = true
                perform(logic.abandonRead())
            }
        }
    }
}
