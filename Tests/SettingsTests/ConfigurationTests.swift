import Foundation
import Settings
import Testing

@Suite struct ConfigurationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func fileOverridesDefaults() throws {
        var c = Configuration()
        try c.merge(file: write(#"{"limits": {"maxPixels": 5000}, "ocr": {"languages": "eng+deu"}}"#))
        #expect(c[.maxPixels] == 5000)
        #expect(c[.ocrLanguages] == "eng+deu")
        #expect(c[.ocrDataPath] == nil)
    }

    @Test func unknownKeyIsAnErrorNamingIt() throws {
        var c = Configuration()
        let path = try write(#"{"ocr": {"langauges": "eng"}}"#)
        #expect { try c.merge(file: path) } throws: { ($0 as? ConfigError)?.description.contains("'ocr.langauges'") == true }
    }

    @Test func badValueIsAnErrorNamingTheKey() throws {
        var c = Configuration()
        let path = try write(#"{"limits": {"maxPixels": "lots"}}"#)
        #expect { try c.merge(file: path) } throws: { ($0 as? ConfigError)?.description.contains("'limits.maxPixels' must be") == true }
        let choice = try write(#"{"ocr": {"pageSegmentation": "columns"}}"#)
        #expect { try c.merge(file: choice) } throws: { ($0 as? ConfigError)?.description.contains("one of") == true }
    }

    @Test func aTypeErrorSaysTheTypeGiven() throws {
        var c = Configuration()
        let path = try write(#"{"limits": {"maxPixels": true}}"#)
        #expect { try c.merge(file: path) } throws: {
            let d = ($0 as? ConfigError)?.description ?? ""
            return d.contains("not true (a boolean)") && !d.contains("not 1")
        }
        let text = try write(#"{"station": {"statusPage": "yes"}}"#)
        #expect { try c.merge(file: text) } throws: { ($0 as? ConfigError)?.description.contains("\"yes\" (a string)") == true }
    }

    @Test func aTrailingCommaIsRefusedWithItsLine() throws {
        var c = Configuration()
        let path = try write("{\n  \"limits\": {\"maxPixels\": 5000,}\n}")
        #expect { try c.merge(file: path) } throws: {
            let d = ($0 as? ConfigError)?.description ?? ""
            return d.contains("line 2") && d.contains("comma")
        }
        #expect(c[.maxPixels] == 100_000_000)
    }

    @Test func aSectionOrKeyGivenTwiceIsRefused() throws {
        var c = Configuration()
        let section = try write(#"{"limits": {"maxPixels": 5000}, "limits": {"maxPixels": 7000}}"#)
        #expect { try c.merge(file: section) } throws: { ($0 as? ConfigError)?.description.contains("'limits' is given twice") == true }
        let key = try write(#"{"limits": {"maxPixels": 5000, "maxPixels": 7000}}"#)
        #expect { try c.merge(file: key) } throws: {
            ($0 as? ConfigError)?.description.contains("'limits.maxPixels' is given twice") == true
        }
        // Strings that look like keys or commas inside values are not mistaken for them.
        try c.merge(file: write(#"{"ocr": {"languages": "eng", "dataPath": "/a,}/\"x\"/ocr.languages"}}"#))
        #expect(c[.ocrDataPath] == #"/a,}/"x"/ocr.languages"#)
    }

    @Test func shippedDefaultFileHasEveryKeyAtItsDefault() throws {
        var c = Configuration()
        try c.merge(file: Self.root.appendingPathComponent("config/sleevescan.json").path)
        #expect(c.values == Configuration().values)
        let data = try Data(contentsOf: Self.root.appendingPathComponent("config/sleevescan.json"))
        let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: [String: Any]])
        let shipped = Set(json.flatMap { section, keys in keys.keys.map { "\(section).\($0)" } })
        #expect(shipped == Set(Configuration.keys.map(\.name)))
    }

    @Test func readmeDocumentsEveryKey() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("config/README.md"), encoding: .utf8)
        for key in Configuration.keys { #expect(readme.contains("`\(key.name)`"), "config/README.md lacks \(key.name)") }
    }

    @Test func oneAndZeroAreNumbersAndNotBooleans() throws {
        var c = Configuration()
        try c.merge(file: write(#"{"live": {"readsPerSleeve": 1, "stableSeconds": 0}}"#))
        #expect(c[.readsPerSleeve] == 1)
        #expect(c[.stableSeconds] == 0)
        let path = try write(#"{"document": {"find": 1}}"#)
        #expect { try c.merge(file: path) } throws: { ($0 as? ConfigError)?.description.contains("true or false") == true }
    }

    /// The README's table gives each key the type and default its declaration has.
    @Test func readmeTableAgreesWithTheDeclarations() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("config/README.md"), encoding: .utf8)
        var rows: [String: (type: String, value: String)] = [:]
        for line in readme.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = (cells[1], cells[2])
        }
        for key in Configuration.keys {
            let row = try #require(rows[key.name], "config/README.md has no row for \(key.name)")
            let documented: String
            switch key.defaultValue {
            case let .string(v): documented = "`\"\(v)\"`"
            case let .double(v): documented = Self.plain(v)
            default: documented = key.defaultValue.description
            }
            #expect(row.value == documented, "config/README.md gives \(key.name) the default \(row.value)")
            let type: String
            switch key.kind {
            case let .int(r): type = "whole number \(r.lowerBound)–\(r.upperBound)"
            case let .double(r): type = "number \(Self.plain(r.lowerBound))–\(Self.plain(r.upperBound))"
            case .bool: type = "true or false"
            case .string: type = "string"
            case .optionalString: type = "string or null"
            case let .choice(options): type = options.map { "`\($0)`" }.joined(separator: ", ")
            }
            #expect(row.type == type, "config/README.md gives \(key.name) the type \(row.type)")
        }
    }

    /// 2 rather than 2.0, as a person writes it.
    static func plain(_ v: Double) -> String { v == v.rounded() ? "\(Int(v))" : "\(v)" }

    /// Every handle declared in Declarations.swift is in `Configuration.keys` (else a
    /// file could not set it and the README test would not see it), once.
    @Test func everyDeclaredSettingIsListed() throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/Settings/Declarations.swift"), encoding: .utf8)
        let declared = source.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "public static var ") else { return nil }
            return String(line[r.upperBound...].prefix { $0 != ":" })
        }
        #expect(declared.count == Configuration.keys.count)
        #expect(Set(Configuration.keys.map(\.name)).count == Configuration.keys.count)
        for name in declared { #expect(source.contains(".\(name).declaration,"), "\(name) is declared but not listed") }
    }

    @Test func typedReadsGiveTheDeclaredDefaultsAndTheFilesValues() throws {
        var c = Configuration()
        #expect(c[.maxPixels] == Setting<Int>.maxPixels.defaultValue)
        #expect(c[.catalogueURL] == nil)
        #expect(c[.indexPath] == "/var/lib/sleevescan/discogs-index.sqlite")
        try c.merge(file: write(#"{"index": {"path": null}, "live": {"stableSeconds": 2}, "barcodes": {"timeBudgetMs": 80}}"#))
        #expect(c[.indexPath] == nil)
        #expect(c[.stableSeconds] == 2.0)
        #expect(c[.barcodeTimeBudgetMs] == 80)
        try c.set(.statusPort, json: 9000, origin: "--port")
        #expect(c[.statusPort] == 9000)
        #expect { try c.set(.statusPort, json: 70000, origin: "--port") } throws: {
            ($0 as? ConfigError)?.description == "--port: 'station.statusPort' must be a whole number in 0...65535, not 70000 (a number)"
        }
    }
}
