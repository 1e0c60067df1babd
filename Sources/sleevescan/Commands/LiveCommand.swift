import Application
import Catalogue
import Dispatch
import Foundation
import Reading
import Settings
import Station
import StatusServer
import SleeveCore

/// `sleevescan live`: a camera (or a replay of one) over a table; one record per sleeve.
enum LiveCommand {
    static let command = Command(
        name: "live",
        usage: "sleevescan live [--device /dev/videoN | --replay PATH] [--mode sleeve|deadwax] [--out DIR] "
            + "[--frames N] [--json] [--realtime] [--fps N] [--index PATH] [--catalogue URL] [--config PATH]",
        summary: "Watch a camera (or a recorded replay): one record per sleeve laid down, read when it holds still.",
        options: [
            Option("--device", "/dev/videoN", "V4L2 camera to watch."),
            .replay, .mode, .out,
            Option("--frames", "N", "Stop after N frames."),
            .json,
            Option("--realtime", nil, "Pace a replay at its recorded rate (frames may be dropped, as from a camera)."),
            .fps, .index, .catalogue, .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard args.positionals.isEmpty else {
            throw UsageError(message: "live takes no file names (use --replay PATH for a recording)", command: command)
        }
        let device = args.value("--device"), replay = args.value("--replay")
        guard (device == nil) != (replay == nil) else {
            throw UsageError(message: "give one of --device /dev/videoN and --replay PATH", command: command)
        }
        if args.has("--realtime"), replay == nil {
            throw UsageError(message: "--realtime paces a replay; a camera is always real time", command: command)
        }
        let mode = try args.choice("--mode", ["sleeve", "deadwax"], command: command) ?? "sleeve"
        let maxFrames = try args.int("--frames", in: 1...Int(Int32.max), command: command)
        // The rate a replay was recorded at when it carries no times (an MJPEG stream).
        let fps = try args.int("--fps", in: 1...1000, command: command) ?? 30
        if args.value("--fps") != nil, replay == nil {
            throw UsageError(message: "--fps is a replay's recorded rate; a camera has its own", command: command)
        }
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let out = args.value("--out") ?? config[.outputFolder] ?? "."
        try OutputFolder.prepare(out)

        let stop = StopFlag()
        let source: LiveSource
        do {
            source = try LiveSource.open(device.map { .camera(path: $0) } ?? .replay(path: replay!, realtime: args.has("--realtime"), fps: fps),
                                         config: config, stop: stop)
        } catch {
            console.error(error.description)
            return error.exitCode
        }
        return try runStation(source, stop: stop, args: args, mode: mode, maxFrames: maxFrames, config: config,
                              out: out, console: console)
    }

    private static func runStation(_ source: LiveSource, stop: StopFlag, args: Arguments, mode: String, maxFrames: Int?,
                                   config: Configuration, out: String, console: Console) throws -> ExitCode {
        let deviceName = source.device, sourceName = source.name, pump = source.pump
        let identifier: RecordIdentifier?
        do { identifier = try RecordIdentifier.resolve(explicitPath: args.value("--index"), config, console) } catch {
            console.error("\(error)")
            return .noInput
        }
        let catalogue = try CatalogueSetup.recorder(explicit: args.value("--catalogue"), config: config, folder: out, console: console)
        defer { catalogue.finish() }
        var assembly = StationAssembly(mode: mode, config: config, folder: out, device: deviceName, sourceName: sourceName)
        assembly.sink = RecordIdentifier.sink(identifier, catalogue: catalogue)
        if mode == "deadwax" {
            assembly.afterWrite = RecordIdentifier.deadWaxJoin(identifier, folder: out, window: config[.deadWaxJoinSeconds],
                                                               catalogue: catalogue, console: console)
        }
        let terminal = LiveTerminal(json: args.has("--json"), console: console)
        let board = StatusBoard()
        // The page names its source from the first request on, before the loop runs.
        var first = StationStatus()
        first.source = sourceName
        board.publish(first)
        // The status page, when configured: it reads the board's snapshots and never
        // waits on the loop.
        let server: StatusServer?
        do {
            server = try StatusServer.start(board: board, config: config, outputFolder: out,
                                            catalogue: CatalogueDesk(url: catalogue.url, station: catalogue.station))
        } catch let e as ConfigError {
            console.error(e.description)
            return .config
        } catch {
            // Capture matters more than the page: a taken port costs the page, not the
            // station.
            console.warning("status page not started: \(error)")
            server = nil
        }
        defer { server?.stop() }
        if let server { console.info("status page: \(server.url)") }
        let station: LiveStation
        do {
            station = try assembly.station(status: board, events: terminal.show)
        } catch {
            console.error("\(error)")
            return .unavailable
        }
        station.catalogueProblem = { catalogue.problem }
        station.pacer = IdlePacer(config)
        let signals = StopSignals(stop)
        console.info("\(sourceName): watching (\(mode) mode), records in \(out); Ctrl-C to stop")
        // An unpaced replay reads in lockstep: the same records on any machine.
        let summary = station.run(source.next, stop: stop, maxFrames: maxFrames, lockstep: pump == nil,
                                  dropped: { pump?.droppedFrames ?? 0 })
        pump?.stop()
        stop.raise()
        withExtendedLifetime(signals) {}
        terminal.finish(summary)
        // Stopped by a signal: 128 + its number, as a shell reports a process it killed
        // (130 after Ctrl-C, 143 after SIGTERM); the sleeve in view is written first.
        let status = signals.received.map { ExitCode(rawValue: 128 + $0) } ?? .ok
        if summary.abandonedRead {
            // The OCR thread is still inside tesseract: exit handlers (tesseract's static
            // destructors among them) must not run under it. Everything is written and
            // our output is unbuffered.
            fflush(nil)
            _exit(status.rawValue)
        }
        return status
    }
}

