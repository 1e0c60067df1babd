import Application
import DiscogsIndex
import Foundation
import Reading
import Settings
import Station
import SleeveCore

/// `sleevescan identify RECORD.json… [--index PATH] [--json]`: which Discogs release is
/// this record? The records given together are one physical record (its sleeve, its
/// dead-wax photos, its label); the answer is written into the sleeve's record as
/// `release`.
enum IdentifyCommand {
    static let command = Command(
        name: "identify",
        usage: "sleevescan identify RECORD.json… [--index PATH] [--json] [--config PATH]",
        summary: "Identify the Discogs release of one physical record from its records (sleeve, dead wax) in the offline index.",
        options: [
            .index,
            Option("--json", nil, "Print the answer as JSON."),
            .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard !args.positionals.isEmpty else { throw UsageError(message: "no records given", command: command) }
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        guard let path = args.value("--index") ?? config[.indexPath] else {
            throw UsageError(message: "no index: give --index PATH or set index.path", command: command)
        }
        let index: DiscogsIndex
        do { index = try DiscogsIndex(path: path) } catch {
            console.error("\(error)")
            return .noInput
        }
        var records: [RecordFields] = []
        for p in args.positionals {
            do { records.append(try ReleaseAnnotation.fields(at: p)) } catch {
                console.error("\(error.description)")
                return error.missing ? .noInput : .dataError
            }
        }
        // The answer goes into the sleeve's record (the first record that is not dead wax).
        let target = zip(args.positionals, records).first { !$0.1.isDeadWax }?.0 ?? args.positionals[0]
        let release: Identification
        do { release = try index.identify(records) } catch {
            console.error("\(path): \(error) (import the dump again)")
            return .dataError
        }
        do {
            try ReleaseAnnotation.write(release, into: target)
        } catch {
            console.error("\(target): \(error) (check that the folder is writable and has space)")
            return .ioError
        }
        if args.has("--json"), let line = try? JSONEncoder.sortedLine(release) { console.out(line) }
        console.info("\(target): \(release.summary)")
        return .ok
    }
}

extension JSONEncoder {
    static func sortedLine<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try e.encode(value), as: UTF8.self)
    }
}
