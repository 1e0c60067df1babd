import Application
/// A usage error: reported as the message, the command's usage line and where to read more.
struct UsageError: Error {
    var message: String
    var command: Command?
}

/// Hand-written argument parsing: options with values (`--out DIR` or `--out=DIR`),
/// flags, and positionals, checked against what the command declares.
struct Arguments: Sendable {
    private(set) var options: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Parses `args` for `command`; unknown options and missing values are usage errors.
    init(_ args: [String], for command: Command) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
                if !onlyPositionals, arg.hasPrefix("-"), arg != "-" {
                    throw UsageError(message: "unknown option '\(arg)' for '\(command.name)'", command: command)
                }
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = arg, inline: String?
            if let eq = arg.firstIndex(of: "=") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            if command.flags.contains(name) {
                guard inline == nil else {
                    throw UsageError(message: "option '\(name)' takes no value", command: command)
                }
                flags.insert(name)
            } else if command.valueOptions.contains(name) {
                let value: String
                if let inline { value = inline } else {
                    guard i < args.count else { throw UsageError(message: "option '\(name)' needs a value", command: command) }
                    value = args[i]
                    i += 1
                }
                options[name, default: []].append(value)
            } else {
                throw UsageError(message: "unknown option '\(name)' for '\(command.name)'", command: command)
            }
        }
    }

    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of `name` as a whole number in `range`, or a usage error.
    func int(_ name: String, in range: ClosedRange<Int>, command: Command) throws(UsageError) -> Int? {
        guard let raw = value(name) else { return nil }
        guard let v = Int(raw), range.contains(v) else {
            throw UsageError(message: "option '\(name)' must be a whole number in \(range.lowerBound)...\(range.upperBound), not '\(raw)'", command: command)
        }
        return v
    }

    /// The value of `name`, which must be one of `choices`.
    func choice(_ name: String, _ choices: [String], command: Command) throws(UsageError) -> String? {
        guard let raw = value(name) else { return nil }
        guard choices.contains(raw) else {
            throw UsageError(message: "option '\(name)' must be one of \(choices.joined(separator: ", ")), not '\(raw)'", command: command)
        }
        return raw
    }
}
