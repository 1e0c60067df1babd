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
    /// Every key the program knows. Add a key here and it is validated, documented
    /// (the config tests check README and default file list it) and readable.
    public static let keys: [ConfigKey] = [
        ConfigKey(name: "limits.maxPixels", kind: .int(1...1_000_000_000), defaultValue: .int(100_000_000),
                  doc: "Largest image accepted, in pixels (width × height), checked from the header before decoding."),
        ConfigKey(name: "ocr.languages", kind: .string, defaultValue: .string("eng"),
                  doc: "Tesseract languages, as tesseract names them (\"eng\", \"eng+deu\")."),
        ConfigKey(name: "ocr.pageSegmentation", kind: .choice(["sparseText", "auto", "singleBlock"]),
                  defaultValue: .string("sparseText"),
                  doc: "Tesseract page segmentation. Reading order is computed from the boxes in every mode."),
        ConfigKey(name: "ocr.longSide", kind: .int(600...8000), defaultValue: .int(1800),
                  doc: "Longer side, in pixels, of the page OCR reads: a bigger page is shrunk to it (small print needs more)."),
        ConfigKey(name: "ocr.dataPath", kind: .optionalString, defaultValue: .null,
                  doc: "The tessdata folder; null uses tesseract's built-in default."),
        ConfigKey(name: "output.folder", kind: .optionalString, defaultValue: .null,
                  doc: "Where records are written; null writes each record beside its image. `--out` overrides."),
        ConfigKey(name: "index.path", kind: .optionalString, defaultValue: .string("/var/lib/sleevescan/discogs-index.sqlite"),
                  doc: "The offline Discogs index (`index import` writes it; identify, read, scan and live use it when it exists). `--index` overrides."),
        ConfigKey(name: "catalogue.url", kind: .optionalString, defaultValue: .null,
                  doc: "The catalogue every written record enters: sqlite:PATH or postgresql://…; null: catalogue.sqlite in the output folder. `--catalogue` overrides."),
        ConfigKey(name: "catalogue.station", kind: .optionalString, defaultValue: .null,
                  doc: "This station's name on the items it enters; null: the host name."),
        ConfigKey(name: "scan.resolution", kind: .int(1...19200), defaultValue: .int(300),
                  doc: "Scanner resolution in dpi, fitted to the nearest the scanner offers. `--resolution` overrides."),
        ConfigKey(name: "document.find", kind: .bool, defaultValue: .bool(true),
                  doc: "Find the sleeve's outline in the image and read it rectified; false reads the whole image, deskewed."),
        ConfigKey(name: "document.rectifiedSize", kind: .int(200...8000), defaultValue: .int(1200),
                  doc: "Longer side, in pixels, of the rectified sleeve that OCR reads (square sleeves come out square)."),
        ConfigKey(name: "barcodes.timeBudgetMs", kind: .double(0...10_000), defaultValue: .double(250),
                  doc: "Milliseconds per image the barcode reader may spend on variants after its plain pass (0: plain pass only)."),
        ConfigKey(name: "station.statusPage", kind: .bool, defaultValue: .bool(true),
                  doc: "Serve the status page (state, preview, last records) while the station runs."),
        ConfigKey(name: "station.statusAddress", kind: .string, defaultValue: .string("127.0.0.1"),
                  doc: "IPv4 address the status page listens on; anything but a loopback address needs station.statusToken."),
        ConfigKey(name: "station.statusPort", kind: .int(0...65535), defaultValue: .int(8080),
                  doc: "TCP port of the status page; 0 lets the system pick a free one (logged at start)."),
        ConfigKey(name: "station.statusToken", kind: .optionalString, defaultValue: .null,
                  doc: "Token every status page request must carry (?token= or X-Station-Token); required off loopback."),
        ConfigKey(name: "station.statusConnections", kind: .int(1...1024), defaultValue: .int(16),
                  doc: "Most status page connections waiting for their request at once; a new one closes the longest waiting."),
        ConfigKey(name: "station.statusTimeoutSeconds", kind: .int(1...3600), defaultValue: .int(10),
                  doc: "A status page connection idle this long, or this long without a whole request, is closed."),
        ConfigKey(name: "station.diskFloorMB", kind: .int(0...100_000_000), defaultValue: .int(500),
                  doc: "Below this much free space (MB) in the output folder the station stops writing records and says why."),
        ConfigKey(name: "station.idleFramesPerSecond", kind: .double(0.1...120), defaultValue: .double(2),
                  doc: "Frame rate the live loop drops to when nothing has been in view for station.idleAfterSeconds."),
        ConfigKey(name: "station.idleAfterSeconds", kind: .int(1...3600), defaultValue: .int(10),
                  doc: "Seconds with nothing in view before the live loop drops to the idle frame rate."),
        ConfigKey(name: "live.stableMotion", kind: .double(0...1), defaultValue: .double(0.004),
                  doc: "The view is still when the outline's corners move less than this fraction of the frame's diagonal per frame."),
        ConfigKey(name: "live.stableDifference", kind: .double(0...255), defaultValue: .double(4),
                  doc: "...and the frame's thumbnail changes by less than this mean gray level from the previous frame."),
        ConfigKey(name: "live.stableSeconds", kind: .double(0...60), defaultValue: .double(0.5),
                  doc: "...for at least this many seconds: then the view is stable and may be read."),
        ConfigKey(name: "live.leaveSeconds", kind: .double(0...60), defaultValue: .double(1.5),
                  doc: "A sleeve whose outline has been gone this many seconds has left: its record is written."),
        ConfigKey(name: "live.ocrIntervalSeconds", kind: .double(0...3600), defaultValue: .double(2),
                  doc: "At most one OCR starts per this many seconds (and never two at once)."),
        ConfigKey(name: "live.readsPerSleeve", kind: .int(1...20), defaultValue: .int(1),
                  doc: "OCR reads of one sleeve while it stays in view, merged by agreement."),
        ConfigKey(name: "live.barcodeHoldSeconds", kind: .double(0...3600), defaultValue: .double(20),
                  doc: "A barcode held up with no sleeve laid down within this many seconds is written as a record of its own."),
        ConfigKey(name: "live.queueFrames", kind: .int(1...100), defaultValue: .int(2),
                  doc: "Frames waiting for analysis before the oldest is dropped (camera, or replay with --realtime)."),
        ConfigKey(name: "live.barcodeWorkingSide", kind: .int(100...10_000), defaultValue: .int(960),
                  doc: "Longer side, in pixels, of the reduced copy the per-frame barcode pass reads."),
        ConfigKey(name: "live.shutdownGraceSeconds", kind: .double(0...1.8), defaultValue: .double(1.2),
                  doc: "On Ctrl-C or SIGTERM, how long a running OCR may finish before the sleeve is written without it."),
        ConfigKey(name: "live.cameraWidth", kind: .int(16...8192), defaultValue: .int(1920),
                  doc: "Widest camera frame asked for; the camera's nearest size is used."),
        ConfigKey(name: "live.cameraHeight", kind: .int(16...8192), defaultValue: .int(1080),
                  doc: "Tallest camera frame asked for; the camera's nearest size is used."),
    ]

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
            try config.set("station.statusToken", json: token, origin: "$\(tokenVariable)")
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
    public mutating func set(_ name: String, json: Any, origin: String) throws {
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

    public func int(_ name: String) -> Int {
        guard case let .int(v) = values[name] else { preconditionFailure("config key \(name) is not an int") }
        return v
    }

    public func double(_ name: String) -> Double {
        switch values[name] {
        case let .double(v): return v
        case let .int(v): return Double(v)
        default: preconditionFailure("config key \(name) is not a number")
        }
    }

    public func bool(_ name: String) -> Bool {
        guard case let .bool(v) = values[name] else { preconditionFailure("config key \(name) is not a bool") }
        return v
    }

    public func string(_ name: String) -> String? {
        switch values[name] {
        case let .string(v): return v
        case .null: return nil
        default: preconditionFailure("config key \(name) is not a string")
        }
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
