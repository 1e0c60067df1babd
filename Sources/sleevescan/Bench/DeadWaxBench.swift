import Application
import Foundation
import Reading
import Settings
import Station
import SleeveCore

/// `sleevescan bench deadwax IMAGE… [--runs N]`: milliseconds per image of the
/// dead-wax read (decoding reported beside the analysis, as for frames), median
/// and p95 per stage and over all images, and over close-ups (the run-out path:
/// arcs, unwrap, eight OCR variants) and whole-disc photos apart.
enum DeadWaxBench {
    static let command = Command(
        name: "bench deadwax",
        usage: "sleevescan bench deadwax IMAGE… [--runs N] [--config PATH]",
        summary: "Dead-wax reads (whole discs and close-ups): milliseconds per image.",
        options: [.runs, .config],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        try run(args, console, command: command)
    }

    static func run(_ args: Arguments, _ console: Console, command: Command) throws -> ExitCode {
        let images = Array(args.positionals.dropFirst())
        guard !images.isEmpty else { throw UsageError(message: "no images given", command: command) }
        let runs = try args.int("--runs", in: 1...1000, command: command) ?? 5
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let reader = try Engines.deadWaxReader(config: config)
        console.out("image\tstage\tmedian_ms\tp95_ms")
        var walls: [Double] = [], analysis: [Double] = []
        // Close-ups (no disc outline in frame) and whole-disc photos take different paths.
        var kindWalls: [String: [Double]] = [:]
        for image in images {
            guard let data = FileManager.default.contents(atPath: image) else {
                console.error("\(image): cannot be read (check the path)")
                return .noInput
            }
            var stages: [String: [Double]] = [:]
            var kind = "whole"
            for _ in 0..<runs {
                let t0 = ContinuousClock.now
                let record: SleeveRecord
                do {
                    record = try reader.read(data: [UInt8](data), path: image)
                } catch {
                    console.error("\(image): \(error.reason)")
                    return .dataError
                }
                let wall = StageTimer.ms(ContinuousClock.now - t0)
                kind = record.disc != nil && record.disc?.radius == nil ? "closeup" : "whole"
                for (k, v) in record.timingsMs { stages[k, default: []].append(v) }
                stages["wall", default: []].append(wall)
                stages["analysis", default: []].append(wall - (record.timingsMs["decode"] ?? 0))
            }
            for (stage, values) in stages.sorted(by: { $0.key < $1.key }) {
                console.out("\(image)\t\(stage)\t\(BenchFigures.fmt(BenchFigures.percentile(values, 0.5)))\t\(BenchFigures.fmt(BenchFigures.percentile(values, 0.95)))")
            }
            walls += stages["wall"] ?? []
            kindWalls[kind, default: []] += stages["wall"] ?? []
            analysis += stages["analysis"] ?? []
        }
        console.out("ALL\twall\t\(BenchFigures.fmt(BenchFigures.percentile(walls, 0.5)))\t\(BenchFigures.fmt(BenchFigures.percentile(walls, 0.95)))")
        for (kind, values) in kindWalls.sorted(by: { $0.key < $1.key }) {
            console.out("ALL-\(kind.uppercased())\twall\t\(BenchFigures.fmt(BenchFigures.percentile(values, 0.5)))\t\(BenchFigures.fmt(BenchFigures.percentile(values, 0.95)))")
        }
        console.out("ALL\tanalysis\t\(BenchFigures.fmt(BenchFigures.percentile(analysis, 0.5)))\t\(BenchFigures.fmt(BenchFigures.percentile(analysis, 0.95)))")
        return .ok
    }
}
