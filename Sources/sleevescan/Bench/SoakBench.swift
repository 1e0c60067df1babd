import Application
import Foundation
import Imaging
import Reading
import Settings
import Station
import StatusServer
import SleeveCore

/// `sleevescan bench soak --replay PATH --minutes N [--empty PATH] [--idle-seconds N] [--fps N]`:
/// does a day at the fair grow memory, and what does an empty table cost?
///
/// 1. The replay, looped and paced as recorded, through the whole live loop (frame
///    pump, analysis, OCR worker, records written to a scratch folder, the status page
///    served with a client polling status.json and the preview) for N minutes;
///    resident memory sampled every 10 s, printed at the start, every minute and at
///    the end, with the growth per hour after warm-up.
/// 2. An empty table (`--empty`, default Fixtures/live/empty-table.mjpeg), looped and
///    paced: CPU while the station is still at full rate and once it has dropped to
///    `station.idleFramesPerSecond`.
enum SoakBench {
    static let command = Command(
        name: "bench soak",
        usage: "sleevescan bench soak --replay PATH [--minutes N] [--empty PATH] [--idle-seconds N] [--fps N] [--config PATH]",
        summary: "A long live run alternating sleeves and an empty table: memory and frame rate over time.",
        options: [
            .replay,
            Option("--minutes", "N", "How long to run (default 10)."),
            Option("--empty", "PATH", "Recording of the empty table between sleeves (default Fixtures/live/empty-table.mjpeg)."),
            Option("--idle-seconds", "N", "Empty-table time between sleeves (default 60)."),
            .fps, .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        try run(args, console, command: command)
    }

    static func run(_ args: Arguments, _ console: Console, command: Command) throws -> ExitCode {
        guard let replay = args.value("--replay") else { throw UsageError(message: "bench soak needs --replay PATH", command: command) }
        let minutes = try args.int("--minutes", in: 1...10_000, command: command) ?? 10
        let idleSeconds = try args.int("--idle-seconds", in: 0...86_400, command: command) ?? 60
        // The fixture sequences are rendered at 5 frames per second.
        let fps = try args.int("--fps", in: 1...1000, command: command) ?? 5
        let empty = args.value("--empty") ?? "Fixtures/live/empty-table.mjpeg"
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let settings = LiveSettings(config)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-bench-soak-\(getpid())").path
        try OutputFolder.prepare(scratch)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for path in [replay] + (idleSeconds > 0 ? [empty] : []) {
            do { _ = try ReplaySource(path: path, decoder: Leptonica()) } catch {
                console.error(error.reason)
                return .noInput
            }
        }

        // The status page on a free port, and a client polling it as a phone would.
        let board = StatusBoard()
        guard let server = try StationBench.serverOnFreePort(board: board, config: config, folder: scratch, console: console) else {
            return .unavailable
        }
        defer { server.stop() }
        let clientStop = StopFlag()
        let requests = StationBench.Counters()
        let port = server.port
        let client = Thread {
            var i = 0
            while !clientStop.isRaised {
                requests.add(ok: StationBenchHTTP.get(port: port, i % 4 == 3 ? "/preview.jpg" : "/status.json") == 200)
                i += 1
                usleep(500_000)
            }
        }
        client.start()
        defer { clientStop.raise() }

        // 1. The soak.
        console.out("bench soak: \(replay) looped at \(fps) fps for \(minutes) min, status page on port \(port)")
        console.out("minute\trss_mib\tloop_seconds\trecords\tstatus_requests")
        var sampler = ResidentMemorySampler()
        let stop = StopFlag()
        let soak = try station(config: config, folder: scratch, board: board, ocr: true)
        soak.pacer = IdlePacer(config)
        let source = LoopingReplay(path: replay, framesPerSecond: Double(fps))
        let pump = FramePump(source: source, capacity: settings.queueFrames, analysisSide: settings.barcodeWorkingSide)
        let progress = SoakProgress()
        soak.progress = progress
        let sampling = Thread {
            let started = Date()
            var minute = 0
            while !stop.isRaised {
                let elapsed = Date().timeIntervalSince(started)
                if elapsed >= Double(minutes * 60) { stop.raise(); break }
                Thread.sleep(forTimeInterval: 1)
                let now = Date().timeIntervalSince(started)
                if Int(now) % 10 == 0 || now >= Double(minutes * 60) { progress.sample() }
                if Int(now / 60) > minute {
                    minute = Int(now / 60)
                    console.out(progress.line(minute: "\(minute)", requests: requests.total))
                }
            }
        }
        progress.sample()
        console.out(progress.line(minute: "0", requests: requests.total))
        sampling.start()
        let summary = soak.run({ pump.next(waiting: 0.1) }, stop: stop, dropped: { pump.droppedFrames })
        pump.stop()
        progress.sample()
        console.out(progress.line(minute: "end", requests: requests.total))
        sampler = progress.sampler
        if let s = sampler.summary, let steady = sampler.summary(afterWarmUp: 60) ?? sampler.summary {
            console.out("frames\t\(summary.frames) analysed, \(summary.dropped) dropped, \(summary.recordsWritten) records written")
            console.out("rss_start_mib\t\(mib(s.startKiB))")
            console.out("rss_end_mib\t\(mib(s.endKiB))")
            console.out("rss_peak_mib\t\(mib(s.peakKiB))")
            console.out("rss_growth_after_first_minute_mib_per_hour\t\(String(format: "%.1f", steady.growthKiBPerHour / 1024))")
            console.out("cpu_share_soak\t\(String(format: "%.2f", s.cpuShare)) (of one core)")
            console.out("status_requests\t\(requests.total) (\(requests.failed) failed)")
        }

        // 2. An empty table: full rate, then idle.
        guard idleSeconds > 0 else { return .ok }
        let idleStop = StopFlag()
        let idleStation = try station(config: config, folder: scratch, board: board, ocr: true)
        let pacer = IdlePacer(config)
        idleStation.pacer = pacer
        var wentIdle: Date?
        idleStation.onIdle = { idle in if idle, wentIdle == nil { wentIdle = Date() } }
        let emptyPump = FramePump(source: LoopingReplay(path: empty, framesPerSecond: Double(fps)), capacity: settings.queueFrames,
                                  analysisSide: settings.barcodeWorkingSide)
        let startCPU = ProcessUsage.cpuSeconds(), start = Date()
        var idleCPU: (cpu: Double, at: Date)?
        let timer = Thread {
            Thread.sleep(forTimeInterval: Double(idleSeconds))
            idleStop.raise()
        }
        timer.start()
        var activeShare: Double?
        let idleSummary = idleStation.run({
            if let at = wentIdle, idleCPU == nil {
                // CPU up to the drop: the empty table at full rate.
                let cpu = ProcessUsage.cpuSeconds()
                activeShare = (cpu - startCPU) / max(0.001, at.timeIntervalSince(start))
                idleCPU = (cpu, Date())
            }
            return emptyPump.next(waiting: 0.1)
        }, stop: idleStop, dropped: { emptyPump.droppedFrames })
        emptyPump.stop()
        let end = Date(), endCPU = ProcessUsage.cpuSeconds()
        console.out("empty table: \(empty) at \(fps) fps for \(idleSeconds) s; idle after \(f(pacer.idleAfterSeconds)) s at \(f(pacer.idleFramesPerSecond)) fps")
        console.out("empty_frames\t\(idleSummary.frames) analysed, \(idleSummary.skipped) skipped")
        if let activeShare { console.out("cpu_share_empty_full_rate\t\(String(format: "%.3f", activeShare)) (of one core, whole process, status client polling)") }
        if let idleCPU {
            let span = end.timeIntervalSince(idleCPU.at)
            console.out("cpu_share_empty_idle\t\(String(format: "%.3f", (endCPU - idleCPU.cpu) / max(0.001, span))) (of one core over \(String(format: "%.0f", span)) s)")
        } else {
            console.out("cpu_share_empty_idle\t- (the station did not go idle within \(idleSeconds) s: raise --idle-seconds)")
        }
        return .ok
    }

    static func station(config: Configuration, folder: String, board: StatusBoard, ocr: Bool) throws -> SoakStation {
        let events = SoakEvents()
        var assembly = StationAssembly(mode: "sleeve", config: config, folder: folder, device: "replay", sourceName: "soak")
        assembly.ocr = ocr
        let station = try assembly.station(status: board, events: { events.handle($0) })
        return SoakStation(station: station, events: events)
    }

    static func mib(_ kib: Int) -> String { String(format: "%.1f", Double(kib) / 1024) }
    static func f(_ v: Double) -> String { String(format: "%g", v) }
}

/// The live station with the soak's counters attached to its events.
final class SoakStation {
    let station: LiveStation
    let events: SoakEvents
    init(station: LiveStation, events: SoakEvents) {
        self.station = station
        self.events = events
    }

    var pacer: IdlePacer? {
        get { station.pacer }
        set { station.pacer = newValue }
    }
    var progress: SoakProgress? {
        get { events.progress }
        set { events.progress = newValue }
    }
    var onIdle: ((Bool) -> Void)? {
        get { events.onIdle }
        set { events.onIdle = newValue }
    }

    func run(_ next: () -> FramePump.Item?, stop: StopFlag, dropped: @escaping () -> Int) -> LiveRunSummary {
        station.run(next, stop: stop, dropped: dropped)
    }
}

final class SoakEvents: @unchecked Sendable {
    var progress: SoakProgress?
    var onIdle: ((Bool) -> Void)?
    func handle(_ e: LiveEvent) {
        switch e {
        case .written: progress?.wrote()
        case .tick: progress?.framesTick()
        case let .idle(i): onIdle?(i)
        default: break
        }
    }
}

/// Counters the loop updates and the sampling thread reads.
final class SoakProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var records = 0
    private var ticks = 0
    private(set) var sampler = ResidentMemorySampler()

    func wrote() { lock.withLock { records += 1 } }
    func framesTick() { lock.withLock { ticks += 1 } }
    func sample() { lock.withLock { sampler.sample() } }

    func line(minute: String, requests: Int) -> String {
        lock.withLock {
            let rss = ProcessUsage.residentKiB() ?? 0
            return "\(minute)\t\(SoakBench.mib(rss))\t\(ticks)\t\(records)\t\(requests)"
        }
    }
}

/// A replay played over and over, paced as recorded, its clock running on across
/// the loops (the station sees one long recording).
struct LoopingReplay: FrameSource {
    let deviceName = "replay"
    let path: String
    let framesPerSecond: Double
    private var replay: ReplaySource?
    private var offset = 0.0
    private var last = 0.0

    init(path: String, framesPerSecond: Double) {
        self.path = path
        self.framesPerSecond = framesPerSecond
    }

    mutating func nextFrame() throws -> Frame? {
        try next { try $0.nextFrame() }
    }

    mutating func nextLiveFrame(analysisSide: Int) throws -> LiveFrame? {
        try next { try $0.nextLiveFrame(analysisSide: analysisSide) }
    }

    /// The replay's next frame, starting it again at its end, timestamps carried on.
    private mutating func next<F: Retimed>(_ take: (inout ReplaySource) throws -> F?) throws -> F? {
        for _ in 0..<2 {
            if replay == nil {
                replay = try ReplaySource(path: path, decoder: Leptonica(), pace: .recorded, framesPerSecond: framesPerSecond)
                offset = last + 1 / framesPerSecond
            }
            if var frame = try take(&replay!) {
                frame.timestamp += offset
                last = frame.timestamp
                return frame
            }
            replay = nil
        }
        return nil
    }
}

/// A frame whose time can be moved (a looped replay's frames carry on after the last).
protocol Retimed { var timestamp: Double { get set } }
extension Frame: Retimed {}
extension LiveFrame: Retimed {}
