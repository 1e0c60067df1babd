/// A subcommand: its name, usage line, the options it accepts and what it does.
struct Command: Sendable {
    var name: String
    var usage: String
    var summary: String
    var flags: Set<String>
    var valueOptions: Set<String>
    var run: @Sendable (Arguments, Console) throws -> ExitCode
}

/// Everything a command writes to a person goes through here: progress and errors on
/// stderr, records on stdout.
struct Console: Sendable {
    func error(_ message: String) { FileOutput.stderr("error: \(message)\n") }
    func warning(_ message: String) { FileOutput.stderr("warning: \(message)\n") }
    func info(_ message: String) { FileOutput.stderr(message + "\n") }
    func out(_ line: String) { FileOutput.stdout(line + "\n") }
}

import Foundation

enum FileOutput {
    static func stderr(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
    static func stdout(_ s: String) { FileHandle.standardOutput.write(Data(s.utf8)) }
}
