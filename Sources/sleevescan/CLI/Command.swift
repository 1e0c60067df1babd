import Application

/// One option of a command: its name, the placeholder of its value (nil for a flag)
/// and one line of help for `sleevescan help COMMAND`.
struct Option: Sendable, Hashable {
    var name: String
    var value: String?
    var help: String

    init(_ name: String, _ value: String? = nil, _ help: String) {
        self.name = name
        self.value = value
        self.help = help
    }

    var isFlag: Bool { value == nil }
}

/// A subcommand: its name, usage line, the options it accepts and what it does. A
/// command with `subcommands` (`bench`) hands its arguments to the one named first,
/// which accepts only its own options.
struct Command: Sendable {
    var name: String
    var usage: String
    var summary: String
    var options: [Option]
    var subcommands: [Command] = []
    var run: @Sendable (Arguments, Console) throws -> ExitCode

    /// The subcommand `name` (`live` of `bench`), if this command has one by that name.
    func subcommand(_ name: String) -> Command? {
        subcommands.first { $0.name == "\(self.name) \(name)" }
    }

    var flags: Set<String> { Set(options.filter(\.isFlag).map(\.name)) }
    var valueOptions: Set<String> { Set(options.filter { !$0.isFlag }.map(\.name)) }

    /// The text `sleevescan help NAME` prints: usage, summary, each option explained.
    var help: String {
        var text = "usage: \(usage)\n\n\(summary)\n"
        if !subcommands.isEmpty {
            let width = (subcommands.map { $0.name.count }.max() ?? 0) + 2
            text += "\nbenchmarks (see 'sleevescan help \(name) NAME'):\n"
            for s in subcommands {
                let short = String(s.name.split(separator: " ").last ?? "")
                text += "  " + short.padding(toLength: width, withPad: " ", startingAt: 0) + s.summary + "\n"
            }
        }
        if !options.isEmpty {
            let labels = options.map { o in o.value.map { "\(o.name) \($0)" } ?? o.name }
            let width = (labels.map(\.count).max() ?? 0) + 2
            text += "\noptions:\n"
            for (label, o) in zip(labels, options) {
                text += "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + o.help + "\n"
            }
        }
        return text + "\nREADME.md has the details."
    }
}

/// Options several commands share, explained once.
extension Option {
    static let config = Option("--config", "PATH", "Configuration file (config/README.md); else $SLEEVESCAN_CONFIG, else /etc/sleevescan/config.json.")
    static let out = Option("--out", "DIR", "Folder for images and records (else output.folder).")
    static let json = Option("--json", nil, "Also print each record as one line of JSON on stdout.")
    static let index = Option("--index", "PATH", "Discogs index to identify records against (else index.path when that file exists).")
    static let catalogue = Option("--catalogue", "URL", "Catalogue the records enter: sqlite:PATH or postgresql://… (else catalogue.url, else catalogue.sqlite in the output folder).")
    static let mode = Option("--mode", "sleeve|deadwax", "What is read: a sleeve (default), or the matrix in a record's run-out (dead wax).")
    static let runs = Option("--runs", "N", "Repetitions per input; medians and p95 are over these (default 5).")
    static let replay = Option("--replay", "PATH", "A recorded camera: a folder of frames, an MJPEG file or a frame list.")
    static let fps = Option("--fps", "N", "The rate a replay was recorded at when it carries no times (default 30).")
}
