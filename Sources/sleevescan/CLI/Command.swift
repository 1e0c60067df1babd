import Application
/// A subcommand: its name, usage line, the options it accepts and what it does.
struct Command: Sendable {
    var name: String
    var usage: String
    var summary: String
    var flags: Set<String>
    var valueOptions: Set<String>
    var run: @Sendable (Arguments, Console) throws -> ExitCode
}

