import Application

/// `sleevescan bench NAME …`: the benchmarks, each with its own options (an option of
/// another benchmark is a usage error, not silently ignored). They print figures;
/// nothing here asserts a time.
enum BenchCommand {
    static let benchmarks: [Command] = [
        ReadBench.command, DetectBench.command, DeadWaxBench.command, BarcodeBench.command, StationBench.command,
        LiveBench.command, SoakBench.command, IdentifyBench.command, CatalogueBench.command,
    ]

    static let command = Command(
        name: "bench",
        usage: "sleevescan bench NAME … (read, detect, deadwax, barcodes, station, live, soak, identify, catalogue)",
        summary: "Benchmarks that print medians and ratios measured in one run.",
        options: [],
        subcommands: benchmarks,
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        let names = benchmarks.map { String($0.name.dropFirst("bench ".count)) }
        if let what = args.positionals.first {
            throw UsageError(message: "unknown benchmark '\(what)' (one of \(names.joined(separator: ", ")))", command: command)
        }
        throw UsageError(message: "say what to benchmark: \(names.joined(separator: ", "))", command: command)
    }
}
