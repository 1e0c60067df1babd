import Dispatch
import Foundation
import Imaging
import Pipeline
import Scanning
import SleeveCore

/// `sleevescan scan`: a SANE scanner to an image (PNG) and its record.
enum ScanCommand {
    static let command = Command(
        name: "scan",
        usage: "sleevescan scan [--device NAME] [--color|--gray] [--resolution DPI] [--area L,T,W,H (mm)] "
            + "[--option NAME=VALUE]… [--out DIR] [--wait-button] [--batch] [--json] [--index PATH] [--catalogue URL] [--config PATH]",
        summary: "Scan sleeves on a SANE flatbed or feeder into images and JSON records.",
        flags: ["--color", "--gray", "--wait-button", "--batch", "--json"],
        valueOptions: ["--device", "--resolution", "--area", "--option", "--out", "--config", "--index", "--catalogue"],
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
        let out = args.value("--out") ?? config.string("output.folder") ?? "."
        try OutputFolder.prepare(out)
        let identifier: RecordIdentifier?
        do { identifier = try RecordIdentifier.resolve(args, config, console) } catch {
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

        // Settings: ours first, then the user's backend options, which may override them.
        do {
            let mode: ColorMode = args.has("--gray") ? .gray : .color
            let setMode = try scanner.setMode(mode)
            if setMode == nil, args.has("--gray") || args.has("--color") {
                console.warning("\(device): has no mode option; scanning in the mode it delivers")
            }
            let dpi = try scanner.setResolution(Double(resolution ?? config.int("scan.resolution")))
            let setArea = try scanner.setArea(area)
            if args.has("--batch"), !backendOptions.contains(where: { $0.name == "source" }) {
                if try scanner.selectFeeder() == nil {
                    console.warning("\(device): no document feeder found; --batch scans until the scanner reports no documents")
                }
            }
            for o in backendOptions { try scanner.set(o.name, to: o.value) }
            // The area as the backend holds it now: an --option (tl-x=500) may have moved a
            // corner, and the backend clamps what lies beyond its bed.
            let area = backendOptions.isEmpty ? setArea : (scanner.currentArea() ?? setArea)
            if let a = area, a.width < 1 || a.height < 1 {
                console.error(String(format: "%@: the scan area is empty (%.1f×%.1f mm after the options given); "
                    + "check --area and the tl-x, tl-y, br-x, br-y options", device, a.width, a.height))
                return .usage
            }
            console.info(ScanSettings.summary(device: device, mode: setMode, dpi: dpi, area: area,
                                              asked: resolution.map(Double.init)))
        } catch {
            console.error("\(device): \(error.reason)")
            return ScanSettings.exitCode(for: error)
        }

        let reader: SleeveReader
        do {
            reader = try Engines.reader(config: config, device: device)
        } catch {
            console.error("\(error)")
            return .unavailable
        }
        var writer = ScanWriter(folder: out, reader: reader, json: args.has("--json"), console: console)
        writer.identifier = identifier
        let catalogue = try CatalogueSetup.recorder(args, config: config, folder: out, command: command, console: console)
        // At exit (the feeder empty, a fault, Ctrl-C): records that waited for an
        // unreachable catalogue are entered if it is back; the rest stay pending.
        defer { catalogue.finish() }
        writer.catalogue = catalogue
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

/// Ctrl-C or SIGTERM (`systemctl stop`, `kill`): during a scan, cancel it (the scan
/// loop then reports it and exits); between scans (waiting for the button or Enter),
/// say so and leave at once. The exit status is 128 + the signal (130, 143).
final class InterruptHandler: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private let lock = NSLock()
    private var first: Int32?

    /// 130 after Ctrl-C, 143 after SIGTERM.
    var exitCode: ExitCode { ExitCode(rawValue: 128 + (lock.withLock { first } ?? SIGINT)) }

    init(_ interruption: ScanInterruption) {
        sources = [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in
                self?.lock.withLock { if self?.first == nil { self?.first = sig } }
                if !interruption.interrupt() {
                    FileOutput.stderr(sig == SIGTERM ? "\nterminated: nothing was being scanned\n" : "\ninterrupted\n")
                    exit(128 + sig)
                }
            }
            source.resume()
            return source
        }
    }

    deinit {
        for s in sources { s.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

/// What starts each scan with --wait-button: the scanner's own button where the
/// backend exposes one, else Enter on the terminal.
enum ScanTrigger {
    /// False when the user ended the session (end of input).
    static func wait(for scanner: SaneScanner, console: Console) -> Bool {
        let buttons = scanner.buttons()
        if !buttons.isEmpty {
            console.info("\(scanner.name): press the scanner's \(buttons.map(\.name).joined(separator: "/")) button to scan (Ctrl-C to stop)")
            return scanner.waitForButton() != nil
        }
        console.info("\(scanner.name): press Enter to scan (Ctrl-D or Ctrl-C to stop)")
        return readLine(strippingNewline: true) != nil
    }
}

/// Turns option text into scanner settings, and scanner errors into exit codes.
enum ScanSettings {
    /// "LEFT,TOP,WIDTH,HEIGHT" or "WIDTHxHEIGHT", millimetres, an optional "mm".
    static func area(_ raw: String) -> ScanArea? {
        var s = raw.lowercased().trimmingCharacters(in: .whitespaces)
        if s.hasSuffix("mm") { s.removeLast(2) }
        let parts = s.contains("x") && !s.contains(",") ? s.split(separator: "x") : s.split(separator: ",")
        let n = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard n.count == parts.count, n.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        switch n.count {
        case 2 where n[0] > 0 && n[1] > 0: return ScanArea(left: 0, top: 0, width: n[0], height: n[1])
        case 4 where n[2] > 0 && n[3] > 0: return ScanArea(left: n[0], top: n[1], width: n[2], height: n[3])
        default: return nil
        }
    }

    static func summary(device: String, mode: String?, dpi: Double?, area: ScanArea?, asked: Double?) -> String {
        var parts = [mode ?? "mode as delivered"]
        if let dpi {
            let d = dpi == dpi.rounded() ? "\(Int(dpi))" : String(format: "%.1f", dpi)
            parts.append("\(d) dpi" + (asked.map { $0 != dpi ? " (nearest to \(Int($0)) it offers)" : "" } ?? ""))
        }
        if let area {
            parts.append(String(format: "area %.0f,%.0f %.0f×%.0f mm", area.left, area.top, area.width, area.height))
        }
        return "\(device): \(parts.joined(separator: ", "))"
    }

    static func exitCode(for error: ScannerError) -> ExitCode {
        switch error.kind {
        case .cancelled: .interrupted
        case .ioError: .ioError
        case .badOption: .usage
        default: .unavailable
        }
    }
}

/// Writes one scan: the PNG, then its record, each atomically; names never collide.
struct ScanWriter {
    let folder: String
    let reader: SleeveReader
    let json: Bool
    let console: Console
    /// Names each scan's Discogs release (`--index`).
    var identifier: RecordIdentifier?
    /// The catalogue each scan enters (nil: none).
    var catalogue: (any RecordCataloguing)?

    func write(_ frame: Frame, device: String) -> ExitCode {
        let captured = Date()
        let base = Self.freeName(in: folder, at: captured)
        let imagePath = URL(fileURLWithPath: folder).appendingPathComponent(base + ".png").path
        let png: [UInt8]
        do {
            let lept = Leptonica()
            png = frame.format == .rgb24
                ? try lept.encode(RGBImage(width: frame.width, height: frame.height, pixels: frame.pixels), as: .png)
                : try lept.encode(GrayImage(width: frame.width, height: frame.height, pixels: frame.pixels), as: .png)
        } catch {
            console.error("\(device): the scan could not be encoded as PNG (\(error))")
            return .software
        }
        var record: SleeveRecord
        do {
            record = try reader.read(data: png, path: imagePath, capturedAt: captured)
        } catch {
            console.error("\(device): the scan could not be read: \(error.reason)")
            return .dataError
        }
        if let identifier { record.release = identifier.identify(record) }
        let recordPath = SidecarNaming(outputFolder: folder).recordPath(for: imagePath)
        let duplicates: CatalogueDuplicates?
        do {
            let encoded = try RecordJSON.encode(record, catalogue: catalogue)
            duplicates = encoded.duplicates
            try AtomicFile.write(png, to: imagePath)
            try AtomicFile.write(encoded.bytes, to: recordPath)
            catalogue?.enter(recordPath: recordPath, recordJSON: encoded.bytes)
        } catch {
            unlink(imagePath)
            console.error("\(device): \(error) (check that the output folder is writable and has space)")
            return .ioError
        }
        if json, let line = try? (catalogue == nil ? RecordJSON.encode(record, pretty: false)
                                   : RecordJSON.encode(record, duplicates: duplicates, pretty: false)) {
            console.out(String(decoding: line, as: UTF8.self))
        }
        console.info(Summary.line(for: record, input: imagePath, recordPath: recordPath) + (duplicates?.notice.map { " (\($0))" } ?? ""))
        return .ok
    }

    /// `scan-20261129-140000`, with `-2`, `-3`… when a scan of that second exists.
    static func freeName(in folder: String, at date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "scan-" + f.string(from: date)
        var name = stem, n = 1
        while ["png", "json"].contains(where: { FileManager.default.fileExists(atPath: "\(folder)/\(name).\($0)") }) {
            n += 1
            name = "\(stem)-\(n)"
        }
        return name
    }
}
