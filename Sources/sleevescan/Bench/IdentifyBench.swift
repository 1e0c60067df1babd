import Application
import DiscogsIndex
import Foundation
import Reading
import Settings
import Station
import SleeveCore

/// `sleevescan bench identify --index PATH RECORD.json… [--runs N]`: identify latency
/// (candidate lookups in the index plus the matcher), each record on its own, median and
/// p95 over all runs, with the index's size per million releases.
enum IdentifyBench {
    static let command = Command(
        name: "bench identify",
        usage: "sleevescan bench identify --index PATH RECORD.json… [--runs N]",
        summary: "Identification latency against an index: median and p95 per record.",
        options: [
            Option("--index", "PATH", "The index to identify against."),
            .runs,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        try run(args, console, command: command)
    }

    static func run(_ args: Arguments, _ console: Console, command: Command) throws -> ExitCode {
        let files = Array(args.positionals.dropFirst())
        guard !files.isEmpty else { throw UsageError(message: "no records given", command: command) }
        guard let path = args.value("--index") else { throw UsageError(message: "give the index with --index PATH", command: command) }
        let runs = try args.int("--runs", in: 1...1000, command: command) ?? 5
        let index: DiscogsIndex
        do { index = try DiscogsIndex(path: path) } catch {
            console.error("\(error)")
            return .noInput
        }
        var records: [RecordFields] = []
        for f in files {
            do { records.append(try ReleaseAnnotation.fields(at: f)) } catch {
                console.error(error.description)
                return error.missing ? .noInput : .dataError
            }
        }
        var times: [Double] = []
        var named = 0
        for run in 0..<runs {
            for r in records {
                let t0 = ContinuousClock.now
                let id = try index.identify([r])
                times.append(StageTimer.ms(ContinuousClock.now - t0))
                if run == 0, id.discogsId != nil { named += 1 }
            }
        }
        times.sort()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.doubleValue ?? 0
        console.out("index\treleases\tsize_mb\tmb_per_million\trecords\truns\tnamed\tmedian_ms\tp95_ms\tmax_ms")
        console.out(String(format: "%@\t%d\t%.1f\t%.1f\t%d\t%d\t%d\t%.2f\t%.2f\t%.2f", path, index.releaseCount, size / 1e6,
                           size / 1e6 / max(Double(index.releaseCount) / 1e6, 1e-6), records.count, runs, named,
                           percentile(times, 0.5), percentile(times, 0.95), times.last ?? 0))
        return .ok
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
