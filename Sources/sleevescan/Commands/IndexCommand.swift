import Application
import DiscogsIndex
import Foundation
import Reading
import Settings
import Station

/// `sleevescan index import DUMP.xml.gz [--index PATH] [--formats Vinyl,…]`: the
/// offline Discogs index, built from the monthly releases dump.
enum IndexCommand {
    static let command = Command(
        name: "index",
        usage: "sleevescan index import DUMP.xml.gz [--index PATH] [--formats Vinyl,…] [--config PATH]",
        summary: "Import a Discogs releases dump (discogs_YYYYMMDD_releases.xml.gz) into the offline index identify uses.",
        options: [
            Option("--index", "PATH", "Where the index is written (else index.path)."),
            Option("--formats", "Vinyl,…", "Only releases with one of these Discogs formats (default: every release)."),
            .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard args.positionals.first == "import" else {
            throw UsageError(message: args.positionals.isEmpty ? "say what to do: import" : "unknown action '\(args.positionals[0])'",
                             command: command)
        }
        guard args.positionals.count == 2 else {
            throw UsageError(message: args.positionals.count < 2 ? "no dump given" : "give one dump", command: command)
        }
        let dump = args.positionals[1]
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let index = args.value("--index") ?? config[.indexPath] ?? ""
        guard !index.isEmpty else { throw UsageError(message: "no index path: give --index PATH or set index.path", command: command) }
        var formats: Set<String>?
        if let list = args.value("--formats") {
            let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw UsageError(message: "option '--formats' needs format names, such as Vinyl,CD", command: command) }
            formats = Set(names)
        }
        guard FileManager.default.isReadableFile(atPath: dump) else {
            console.error("\(dump): cannot be read (check the path; Discogs publishes discogs_YYYYMMDD_releases.xml.gz)")
            return .noInput
        }
        let folder = URL(fileURLWithPath: index).deletingLastPathComponent().path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)

        let stop = StopFlag()
        let signals = StopSignals(stop)
        defer { withExtendedLifetime(signals) {} }
        var importer = DiscogsImporter(formats: formats)
        importer.shouldStop = { stop.isRaised }
        let meter = ImportMeter(console: console)
        do {
            let summary = try importer.run(dump: dump, index: index, progress: meter.show)
            let mb = Double(summary.indexBytes) / 1_000_000
            console.info(String(format: "index: %d releases (%d skipped) in %.1f s → %@ (%.1f MB)",
                                summary.releases, summary.skipped, summary.seconds, index, mb))
            let xmlMB = Double(summary.xmlBytes) / 1_000_000
            console.info(String(format: "index: %.1f MB of XML, %.1f MB/s overall (load %.1f s at %.1f MB/s, final indexes %.1f s); %.1f MB of index per million releases",
                                xmlMB, xmlMB / max(summary.seconds, 0.001), summary.loadSeconds, xmlMB / max(summary.loadSeconds, 0.001),
                                summary.seconds - summary.loadSeconds, mb / max(Double(summary.releases) / 1e6, 1e-6)))
            return .ok
        } catch .interrupted {
            console.error("\(dump): import interrupted; \(index) is as it was before")
            return .interrupted
        } catch let .dump(e) {
            console.error("\(e) (is the download complete? \(index) is as it was before)")
            return .dataError
        } catch {
            console.error("\(error) (\(index) is as it was before)")
            return .ioError
        }
    }
}

/// Import progress: one line redrawn on a terminal, a log line every ten seconds
/// otherwise.
final class ImportMeter: @unchecked Sendable {
    let console: Console
    let isTTY = isatty(STDERR_FILENO) != 0
    private var lastLog = -10.0

    init(console: Console) { self.console = console }

    func show(_ p: DiscogsImporter.Progress) {
        let rate = p.seconds > 0 ? Double(p.releases + p.skipped) / p.seconds : 0
        let share = p.totalBytes > 0 ? Double(p.bytesRead) / Double(p.totalBytes) : 0
        let eta = share > 0.001 ? p.seconds / share - p.seconds : 0
        let line = String(format: "index: %.0f/%.0f MB read, %d releases, %.0f releases/s, ETA %@",
                          Double(p.bytesRead) / 1e6, Double(p.totalBytes) / 1e6, p.releases, rate, Self.clock(eta))
        if isTTY {
            FileOutput.stderr("\r\u{1B}[K" + line + (p.finished ? "\n" : ""))
        } else if p.finished || p.seconds - lastLog >= 10 {
            lastLog = p.seconds
            console.info(line)
        }
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }
}
