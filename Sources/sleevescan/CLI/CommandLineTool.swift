import Application
import Foundation
import Reading
import Settings
import Station

/// Dispatches to subcommands and reports usage errors in one shape:
/// `error: …`, the usage line, and where to read more.
enum CommandLineTool {
    static let commands: [Command] = [
        ReadCommand.command, ScanCommand.command, LiveCommand.command, StationCommand.command,
        DevicesCommand.command, WordsCommand.command, BenchCommand.command, VersionCommand.command,
        IndexCommand.command, IdentifyCommand.command, CatalogueCommand.command,
    ]

    static let overview = """
        usage: sleevescan <command> [options]

        commands:
        \(commands.map { "  \($0.name.padding(toLength: 11, withPad: " ", startingAt: 0))\($0.summary)" }.joined(separator: "\n"))

        'sleevescan help <command>' shows a command's usage; README.md has the details.
        """

    static func run(_ argv: [String]) -> ExitCode {
        let console = Console()
        guard let name = argv.first else {
            FileOutput.stderr(overview + "\n")
            return .usage
        }
        if ["help", "--help", "-h"].contains(name) {
            let topic = Array(argv.dropFirst())
            guard let first = topic.first else {
                console.out(overview)
                return .ok
            }
            guard let c = commands.first(where: { $0.name == first }) else {
                return usageError(UsageError(message: "no command '\(first)' to explain", command: nil), console)
            }
            if topic.count > 1 {
                guard let sub = c.subcommand(topic[1]) else {
                    return usageError(UsageError(message: "'\(first)' has no '\(topic[1])'", command: c), console)
                }
                console.out(sub.help)
            } else {
                console.out(c.help)
            }
            return .ok
        }
        guard var command = commands.first(where: { $0.name == name }) else {
            return usageError(UsageError(message: "unknown command '\(name)'", command: nil), console)
        }
        let rest = Array(argv.dropFirst())
        // `bench live …`: the named subcommand parses the arguments, with its own options.
        if let first = rest.first, let sub = command.subcommand(first) { command = sub }
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return .ok
        }
        do {
            let args = try Arguments(rest, for: command)
            return try command.run(args, console)
        } catch let e as UsageError {
            return usageError(e, console)
        } catch let e as OptionError {
            return usageError(UsageError(message: e.description, command: command), console)
        } catch let e as ConfigError {
            console.error(e.description)
            return .config
        } catch let e as OutputFolder.Unusable {
            // Not a bug: the folder given (or configured) cannot be made or is a file.
            console.error(e.description)
            return .cantCreate
        } catch {
            console.error("\(error)")
            return .software
        }
    }

    static func usageError(_ e: UsageError, _ console: Console) -> ExitCode {
        console.error(e.message)
        if let c = e.command {
            FileOutput.stderr("usage: \(c.usage)\nsee 'sleevescan help \(c.name)' or README.md\n")
        } else {
            FileOutput.stderr("usage: sleevescan <command> [options]\nsee 'sleevescan help' or README.md\n")
        }
        return .usage
    }
}
