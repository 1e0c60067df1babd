import Application
import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore

/// `sleevescan bench live --replay PATH [--fps N]`: the live loop on a recording, twice.
///
/// 1. OCR off, frames as fast as they decode: per-frame analysis throughput (barcode
///    pass, outline and tracker, stability measures, the logic), decoding reported beside.
/// 2. OCR on, frames paced as recorded (a camera's rate) with the reads running on the
///    worker: per-frame analysis time while OCR competes for the machine, frames
///    dropped, and the time from a sleeve's first stable frame to its read and record.
/// Then the process's peak resident memory. Records go to a temporary folder.
enum LiveBench {
    static let command = Command(
        name: "bench live",
        usage: "sleevescan bench live --replay PATH [--fps N] [--mode sleeve|deadwax] [--no-ocr] [--config PATH]",
        summary: "The live loop on a recording: per-frame analysis and decode medians, then with OCR paced as recorded; peak memory.",
        options: [
            .replay, .fps, .mode,
            Option("--no-ocr", nil, "Only the first pass (frame analysis as fast as frames decode)."),
            .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        try run(args, console, command: command)
    }

    static func run(_ args: Arguments, _ console: Console, command: Command) throws -> ExitCode {
        guard let replay = args.value("--replay") else { throw UsageError(message: "bench live needs --replay PATH", command: command) }
        let fps = try args.int("--fps", in: 1...1000, command: command) ?? 30
        let mode = try args.choice("--mode", ["sleeve", "deadwax"], command: command) ?? "sleeve"
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let settings = LiveSettings(config)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-bench-live-\(getpid())").path
        try OutputFolder.prepare(scratch)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        func open(_ pace: ReplaySource.Pace) throws -> ReplaySource? {
            do { return try ReplaySource(path: replay, decoder: Leptonica(), pace: pace, framesPerSecond: Double(fps)) } catch {
                console.error(error.reason)
                return nil
            }
        }
        func station(ocr: Bool) throws -> LiveStation {
            var assembly = StationAssembly(mode: mode, config: config, folder: scratch, device: "replay", sourceName: replay)
            assembly.ocr = ocr
            return try assembly.station(status: StatusBoard(), events: { _ in })
        }

        // 1. OCR off, unpaced; decoding timed apart.
        guard var source = try open(.asFastAsPossible) else { return .noInput }
        var decode: [Double] = [], decodeCPU: [Double] = []
        let off = try station(ocr: false).run({
            let t = ContinuousClock.now, cpu = ThreadCPUClock.milliseconds()
            defer {
                decode.append(StageTimer.ms(ContinuousClock.now - t))
                decodeCPU.append(ThreadCPUClock.milliseconds() - cpu)
            }
            do { return try source.nextLiveFrame(analysisSide: settings.barcodeWorkingSide).map { .frame($0) } ?? .end } catch {
                return .failure("\(error)")
            }
        }, stop: StopFlag())
        guard off.frames > 0 else {
            console.error("\(replay): no frames could be replayed")
            return .dataError
        }
        let size = (try? open(.asFastAsPossible)).flatMap { s -> Frame? in var s = s; return try? s?.nextFrame() }
        let label = size.map { "\($0.width)x\($0.height)" } ?? "?"

        // 2. OCR on, paced as recorded (`--no-ocr`: not run; for instruction counts of the frame loop alone).
        var on = LiveRunSummary()
        if !args.has("--no-ocr") {
            guard let paced = try open(.recorded) else { return .noInput }
            let pump = FramePump(source: paced, capacity: settings.queueFrames, analysisSide: settings.barcodeWorkingSide)
            on = try station(ocr: true).run({ pump.next(waiting: 0.1) }, stop: StopFlag(), dropped: { pump.droppedFrames })
            pump.stop()
        }

        console.out("bench live: \(replay) (\(label), \(off.frames) frames, recorded at \(fps) fps)")
        console.out("wall: elapsed time per frame (includes waiting for a core on a busy machine); cpu: the loop thread's CPU time per frame (one core's work)")
        console.out("pass\tframes\tfps_wall\tmedian_ms\tp95_ms\tfps_cpu\tcpu_median_ms\tcpu_p95_ms\tdecode_median_ms\tdropped\trecords")
        console.out(row("ocr-off", off, decode: decode))
        console.out(row("ocr-on", on, decode: nil))
        for part in ["reduce", "barcodes", "outline", "measures"] {
            let v = off.partMilliseconds[part] ?? []
            console.out("  ocr-off \(part): median \(f(DetectBench.pct(v, 0.5))) ms, p95 \(f(DetectBench.pct(v, 0.95))) ms")
        }
        // What one core spends on a frame: decoding it (at the analysis's size where the
        // source can) plus analysing it; the last decode call is the end of the replay.
        let loopCPU = zip(decodeCPU, off.frameCPUMilliseconds).map { $0 + $1 }
        console.out("frame loop (decode + analysis), cpu: median \(f(DetectBench.pct(loopCPU, 0.5))) ms, p95 \(f(DetectBench.pct(loopCPU, 0.95))) ms; decode cpu median \(f(DetectBench.pct(decodeCPU, 0.5))) ms")
        let ratio = DetectBench.pct(on.frameMilliseconds, 0.95) / DetectBench.pct(off.frameMilliseconds, 0.95)
        let cpuRatio = DetectBench.pct(on.frameCPUMilliseconds, 0.95) / DetectBench.pct(off.frameCPUMilliseconds, 0.95)
        console.out("frame-time p95 ratio (ocr-on / ocr-off): wall \(f(ratio)), cpu \(f(cpuRatio))")
        console.out("reads: \(on.readMilliseconds.count), median \(f(DetectBench.pct(on.readMilliseconds, 0.5))) ms, p95 \(f(DetectBench.pct(on.readMilliseconds, 0.95))) ms")
        console.out("first stable frame -> first read done: median \(f(DetectBench.pct(on.stableToRead, 0.5))) s, p95 \(f(DetectBench.pct(on.stableToRead, 0.95))) s (n=\(on.stableToRead.count))")
        console.out("first stable frame -> record written: median \(f(DetectBench.pct(on.stableToWritten, 0.5))) s, p95 \(f(DetectBench.pct(on.stableToWritten, 0.95))) s (n=\(on.stableToWritten.count); written when the sleeve leaves)")
        for w in on.written { console.out("  record \(w.recordFile): \(LiveTerminal.describe(w.record))") }
        console.out("peak RSS: \(f(Double(peakResidentKB()) / 1024)) MB")
        return .ok
    }

    static func row(_ name: String, _ s: LiveRunSummary, decode: [Double]?) -> String {
        let mean = s.frameMilliseconds.reduce(0, +) / Double(max(1, s.frameMilliseconds.count))
        let cpuMean = s.frameCPUMilliseconds.reduce(0, +) / Double(max(1, s.frameCPUMilliseconds.count))
        return [name, "\(s.frames)", f(1000 / mean), f(DetectBench.pct(s.frameMilliseconds, 0.5)), f(DetectBench.pct(s.frameMilliseconds, 0.95)),
                f(1000 / cpuMean), f(DetectBench.pct(s.frameCPUMilliseconds, 0.5)), f(DetectBench.pct(s.frameCPUMilliseconds, 0.95)),
                decode.map { f(DetectBench.pct($0, 0.5)) } ?? "-", "\(s.dropped)", "\(s.written.count)"].joined(separator: "\t")
    }

    static func f(_ v: Double) -> String { v.isFinite ? String(format: "%.2f", v) : "-" }

    /// VmHWM from /proc/self/status: the most resident memory the process has had.
    static func peakResidentKB() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
