import Foundation
import Reading
import Settings
import Station
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
        #expect(c.int("limits.maxPixels") == 5000)
        #expect(c.string("ocr.languages") == "eng+deu")
        #expect(c.string("ocr.dataPath") == nil)
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
        #expect(c.int("limits.maxPixels") == 100_000_000)
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
        #expect(c.string("ocr.dataPath") == #"/a,}/"x"/ocr.languages"#)
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
        #expect(c.int("live.readsPerSleeve") == 1)
        #expect(c.double("live.stableSeconds") == 0)
        let path = try write(#"{"document": {"find": 1}}"#)
        #expect { try c.merge(file: path) } throws: { ($0 as? ConfigError)?.description.contains("true or false") == true }
    }
}
