import Foundation

/// One documented configuration key: its dotted name, type, default and meaning.
/// `config/sleevescan.json` and `config/README.md` list exactly these keys.
public struct ConfigKey: Sendable {
    public enum Kind: Sendable, Equatable {
        case int(ClosedRange<Int>)
        case double(ClosedRange<Double>)
        case bool
        case string
        case optionalString
        case choice([String])
    }

    public var name: String
    public var kind: Kind
    public var defaultValue: ConfigValue
    public var doc: String
}

public enum ConfigValue: Sendable, Equatable, CustomStringConvertible {
    case int(Int), double(Double), bool(Bool), string(String), null

    public var description: String {
        switch self {
        case let .int(v): "\(v)"
        case let .double(v): "\(v)"
        case let .bool(v): "\(v)"
        case let .string(v): "\"\(v)\""
        case .null: "null"
        }
    }
}

/// A bad configuration: names the file and the key, says what is allowed.
public struct ConfigError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(description: String) { self.description = description }
}

/// The settings in force: built-in defaults, overridden by a file, overridden by flags.
public struct Configuration: Sendable {
    /// Values by key name (the declarations' defaults until a file or flag sets them).
    public private(set) var values: [String: ConfigValue]

    public init() {
        values = Dictionary(uniqueKeysWithValues: Self.keys.map { ($0.name, $0.defaultValue) })
    }

    /// Where the settings come from: `--config`, else `$SLEEVESCAN_CONFIG`, else the
    /// system-wide file, else built-in defaults.
    public static let systemPath = "/etc/sleevescan/config.json"
    /// Environment variable that sets `station.statusToken`, over the file.
    public static let tokenVariable = "SLEEVESCAN_STATUS_TOKEN"

    public static func load(explicitPath: String?, environment: [String: String]) throws -> Configuration {
        var config = Configuration()
        if let path = explicitPath ?? environment["SLEEVESCAN_CONFIG"] {
            try config.merge(file: path)
        } else if FileManager.default.fileExists(atPath: systemPath) {
            try config.merge(file: systemPath)
        }
        // The status page's token from the environment (a systemd EnvironmentFile, say)
        // keeps it off command lines, where `ps` shows it to every user.
        if let token = environment[tokenVariable], !token.isEmpty {
            try config.set(Setting<String?>.statusToken, json: token, origin: "$\(tokenVariable)")
        }
        return config
    }

    /// Merges a JSON file of nested sections (`{"ocr": {"languages": "eng"}}`).
    public mutating func merge(file path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(description: "config \(path): cannot be read (check the path, or drop --config)")
        }
        do {
            try StrictJSONCheck.check([UInt8](data))
        } catch .trailingComma(let line) {
            throw ConfigError(description: "config \(path): line \(line): a comma before a closing bracket (remove it)")
        } catch .duplicate(let name, let line) {
            throw ConfigError(description: "config \(path): line \(line): '\(name)' is given twice (keep one)")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ConfigError(description: "config \(path): not valid JSON (\(Self.jsonReason(error)))")
        }
        guard let root = json as? [String: Any] else {
            throw ConfigError(description: "config \(path): the top level must be an object of sections")
        }
        try merge(root, prefix: "", file: path)
    }

    private mutating func merge(_ object: [String: Any], prefix: String, file: String) throws {
        for (k, v) in object.sorted(by: { $0.key < $1.key }) {
            let name = prefix.isEmpty ? k : "\(prefix).\(k)"
            if let section = v as? [String: Any] {
                guard Self.keys.contains(where: { $0.name.hasPrefix(name + ".") }) else {
                    throw ConfigError(description: "config \(file): unknown section '\(name)' (see config/README.md)")
                }
                try merge(section, prefix: name, file: file)
            } else {
                try set(name, json: v, origin: "config \(file)")
            }
        }
    }

    /// Sets one key from a JSON value or a command-line string.
    mutating func set(_ name: String, json: Any, origin: String) throws {
        guard let key = Self.keys.first(where: { $0.name == name }) else {
            throw ConfigError(description: "\(origin): unknown key '\(name)' (see config/README.md for the keys)")
        }
        func bad(_ expected: String) -> ConfigError {
            ConfigError(description: "\(origin): '\(name)' must be \(expected), not \(Self.describe(json))")
        }
        let value: ConfigValue
        switch key.kind {
        case let .int(range):
            guard let n = json as? NSNumber, !Self.isJSONBool(json), let i = Int(exactly: n.doubleValue), range.contains(i)
            else { throw bad("a whole number in \(range.lowerBound)...\(range.upperBound)") }
            value = .int(i)
        case let .double(range):
            guard let n = json as? NSNumber, !Self.isJSONBool(json), range.contains(n.doubleValue)
            else { throw bad("a number in \(range.lowerBound)...\(range.upperBound)") }
            value = .double(n.doubleValue)
        case .bool:
            guard Self.isJSONBool(json), let b = json as? Bool else { throw bad("true or false") }
            value = .bool(b)
        case .string:
            guard let s = json as? String, !s.isEmpty else { throw bad("a non-empty string") }
            value = .string(s)
        case .optionalString:
            if json is NSNull { value = .null } else {
                guard let s = json as? String, !s.isEmpty else { throw bad("a non-empty string or null") }
                value = .string(s)
            }
        case let .choice(options):
            guard let s = json as? String, options.contains(s) else { throw bad("one of \(options.joined(separator: ", "))") }
            value = .string(s)
        }
        values[name] = value
    }

    /// A JSON value as a person wrote it, with its type: `true` (a boolean), not `1`.
    static func describe(_ v: Any) -> String {
        if v is NSNull { return "null" }
        if isJSONBool(v), let b = v as? Bool { return "\(b) (a boolean)" }
        if let n = v as? NSNumber { return "\(n) (a number)" }
        if let s = v as? String { return "\"\(s)\" (a string)" }
        if v is [Any] { return "a list" }
        if v is [String: Any] { return "a section" }
        return "\(v)"
    }

    /// JSON `true`/`false`. On Linux `NSNumber(1) is Bool` holds, so a 1 or 0 would
    /// pass for a Bool (and fail as a number): ask the number for its own type.
    static func isJSONBool(_ v: Any) -> Bool {
        guard let n = v as? NSNumber else { return v is Bool }
        return String(cString: n.objCType) == "c"
    }

    private static func jsonReason(_ error: Error) -> String {
        let ns = error as NSError
        return (ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription
    }
}
