import Application
import Dispatch
import Foundation
import Imaging
import Reading
import Settings
import Station
import Scanning
import SleeveCore

/// `sleevescan scan`: a SANE scanner to an image (PNG) and its record.
enum ScanCommand {
    static let command = Command(
        name: "scan",
        usage: "sleevescan scan [--device NAME] [--color|--gray] [--resolution DPI] [--area L,T,W,H (mm)] "
            + "[--option NAME=VALUE]… [--out DIR] [--wait-button] [--batch] [--json] [--index PATH] [--catalogue URL] [--config PATH]",
        summary: "Scan sleeves on a SANE flatbed or feeder into images and JSON records.",
        options: [
            Option("--device", "NAME", "SANE device (`sleevescan devices` lists them); else the first found."),
            Option("--color", nil, "Scan in colour (the default)."),
            Option("--gray", nil, "Scan in gray."),
            Option("--resolution", "DPI", "Resolution, fitted to the nearest the scanner offers (else scan.resolution)."),
            Option("--area", "L,T,W,H", "Scan area in millimetres from the bed's top-left, or WxH (else the whole bed)."),
            Option("--option", "NAME=VALUE", "A backend option as `scanimage --help -d DEVICE` lists it; may be repeated."),
            .out,
            Option("--wait-button", nil, "Wait for the scanner's button (or Enter) before each scan; keep waiting after it."),
            Option("--batch", nil, "Scan every page in the document feeder."),
            .json, .index, .catalogue, .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard args.positionals.isEmpty else {
            throw UsageError(message: "scan takes no file names (use --out DIR for where scans go)", command: command)
        }
        guard !(args.has("--color") && args.has("--gray")) else {
            throw UsageError(message: "choose one of --color and --gray", command: command)
        }
        let resolution = try args.int("--resolution", in: 1...19200, command: command)
        let area = try args.value("--area").map { raw throws(UsageError) in
            guard let a = ScanSettings.area(raw) else {
                throw UsageError(message: "option '--area' must be LEFT,TOP,WIDTH,HEIGHT or WIDTHxHEIGHT in millimetres, not '\(raw)'", command: command)
            }
            return a
        }
        let backendOptions = try args.values("--option").map { raw throws(UsageError) in
            guard let eq = raw.firstIndex(of: "="), eq != raw.startIndex else {
                throw UsageError(message: "option '--option' must be NAME=VALUE, not '\(raw)'", command: command)
            }
            return (name: String(raw[..<eq]), value: String(raw[raw.index(after: eq)...]))
        }
        if let d = args.value("--device"), d.trimmingCharacters(in: .whitespaces).isEmpty {
            throw UsageError(message: "option '--device' needs a scanner's name (run `sleevescan devices` to list them)", command: command)
        }
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let out = args.value("--out") ?? config[.outputFolder] ?? "."
        try OutputFolder.prepare(out)
        let identifier: RecordIdentifier?
        do { identifier = try RecordIdentifier.resolve(explicitPath: args.value("--index"), config, console) } catch {
            console.error("\(error)")
            return .noInput
        }

        let session: SaneSession
        let scanner: SaneScanner
        let deviceLabel = args.value("--device") ?? "scanner"
        do {
            session = try SaneSession()
            scanner = try session.open(args.value("--device"))
        } catch {
            console.error("\(deviceLabel): \(error.reason)")
            return ScanSettings.exitCode(for: error)
        }
        defer { withExtendedLifetime(session) {} }
        let device = scanner.name
        let interrupts = InterruptHandler(scanner.interruption)

        var request = ScanSettings.Request()
        request.gray = args.has("--gray")
        request.modeAsked = args.has("--gray") || args.has("--color")
        request.resolution = resolution
        request.area = area
        request.feeder = args.has("--batch")
        request.backendOptions = backendOptions
        do {
            console.info(try ScanSettings.apply(request, to: scanner, defaultResolution: config[.scanResolution], console: console))
        } catch {
            console.error(error.description)
            return error.exitCode
        }

        let reader: SleeveReader
        do {
            reader = try Engines.reader(config: config, device: device)
        } catch {
            console.error("\(error)")
            return .unavailable
        }
        let catalogue = try CatalogueSetup.recorder(explicit: args.value("--catalogue"), config: config, folder: out, console: console)
        // At exit (the feeder empty, a fault, Ctrl-C): records that waited for an
        // unreachable catalogue are entered if it is back; the rest stay pending.
        defer { catalogue.finish() }
        let writer = ScanWriter(folder: out, reader: reader, sink: RecordIdentifier.sink(identifier, catalogue: catalogue),
                                json: args.has("--json"), console: console)
        let source = ScannerSource(scanner: scanner, feeder: args.has("--batch"))
        var status = ExitCode.ok
        repeat {
            if args.has("--wait-button") {
                guard ScanTrigger.wait(for: scanner, console: console) else { break }
            }
            let code = scanPages(source, writer: writer, batch: args.has("--batch"), console: console)
            if code == .interrupted { return interrupts.exitCode }
            if code != .ok { status = code }
            // Waiting for the next press: a fault the user can fix (paper, cover)
            // is reported and the station keeps waiting; anything else stops it.
            if code != .ok, !(args.has("--wait-button") && code == .unavailable) { break }
        } while args.has("--wait-button")
        _ = interrupts
        return status
    }

    /// One press of scan: one page, or every page in the feeder with --batch.
    private static func scanPages(_ source: ScannerSource, writer: ScanWriter, batch: Bool, console: Console) -> ExitCode {
        var pages = 0
        while true {
            console.info("\(source.deviceName): scanning…")
            let frame: Frame?
            do {
                frame = try source.nextFrame()
            } catch let error as ScannerError {
                console.error("\(source.deviceName): \(error.reason)" + (pages > 0 ? " (\(pages) page(s) before it were saved)" : ""))
                return ScanSettings.exitCode(for: error)
            } catch {
                console.error("\(source.deviceName): \(error)")
                return .software
            }
            guard let frame else {
                console.info("\(source.deviceName): feeder empty after \(pages) page(s)")
                return .ok
            }
            let code = writer.write(frame, device: source.deviceName)
            guard code == .ok else { return code }
            pages += 1
            if !batch { return .ok }
        }
    }
}

