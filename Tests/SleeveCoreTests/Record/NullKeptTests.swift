import Foundation
import Testing
@testable import SleeveCore

/// `@NullKept` replaces the hand-written `encode(to:)`s that kept absent values as
/// `null` (DESIGN.md): each record type's absent optionals are still there as nulls,
/// and records without such a key (older versions) still decode.
@Suite struct NullKeptTests {
    static func object<T: Encodable>(_ value: T) throws -> [String: Any] {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return try #require(try JSONSerialization.jsonObject(with: e.encode(value)) as? [String: Any])
    }

    @Test func theRecordsAbsentValuesAreNull() throws {
        let record = SleeveRecord(source: .init(path: "x.png", width: 1, height: 1, sha256: "", size: 0, device: "file",
                                                capturedAt: ""))
        let json = try Self.object(record)
        #expect(json["document"] is NSNull && json["disc"] is NSNull)
        // `release` alone is left out when no index was given.
        #expect(!json.keys.contains("release"))
        #expect(Set(json.keys) == ["schemaVersion", "kind", "source", "document", "barcodes", "artist", "title", "label",
                                   "catalogNumber", "tracks", "matrix", "disc", "lines", "warnings", "timingsMs"])
    }

    @Test func nestedAbsentValuesAreNull() throws {
        let barcode = try Self.object(Barcode(symbology: .ean13, value: "5012981255015", checksumValid: true, corners: []))
        #expect(barcode["addon"] is NSNull)
        let track = try Self.object(SleeveRecord.Track(position: nil, title: "Battery", duration: nil))
        #expect(track["position"] is NSNull && track["duration"] is NSNull && track["title"] as? String == "Battery")
        let matrix = try Self.object(SleeveRecord.MatrixEntry(text: "A1", side: nil))
        #expect(matrix["side"] is NSNull && matrix["catalogue"] is NSNull && matrix["lacquer"] is NSNull)
    }

    @Test func presentValuesAreWrittenAsTheValue() throws {
        let barcode = try Self.object(Barcode(symbology: .ean13, value: "5012981255015", checksumValid: true, addon: "52",
                                              corners: []))
        #expect(barcode["addon"] as? String == "52")
    }

    /// A barcode written before `addon` existed, and one with it null, both read back.
    @Test func aMissingOrNullKeyDecodesAsNil() throws {
        let old = try JSONDecoder().decode(Barcode.self, from: Data(#"""
            {"symbology": "EAN-13", "value": "5012981255015", "checksumValid": true, "corners": [], "source": "symbol"}
            """#.utf8))
        #expect(old.addon == nil && old.value == "5012981255015")
        let null = try JSONDecoder().decode(Barcode.self, from: Data(#"""
            {"symbology": "EAN-13", "value": "5012981255015", "checksumValid": true, "addon": null, "corners": [], "source": "symbol"}
            """#.utf8))
        #expect(null == old)
        let set = try JSONDecoder().decode(Barcode.self, from: Data(#"""
            {"symbology": "EAN-13", "value": "5012981255015", "checksumValid": true, "addon": "52", "corners": [], "source": "symbol"}
            """#.utf8))
        #expect(set.addon == "52")
    }
}
