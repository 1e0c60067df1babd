import Foundation
import Testing
@testable import SleeveCore

/// The text fields are declared once (`SleeveRecord.TextField`); the page reader, the
/// live merger and the status page iterate that list. A field in the list that the
/// record does not encode under its key, or encodes without its null, would be lost
/// silently: these round-trip every field through the record's JSON.
@Suite struct TextFieldTests {
    static let source = SleeveRecord.Source(path: "x.png", width: 10, height: 10, sha256: String(repeating: "0", count: 64),
                                            size: 1, device: "file", capturedAt: "2026-12-01T00:00:00Z")

    static func json(_ record: SleeveRecord) throws -> [String: Any] {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys]
        return try #require(try JSONSerialization.jsonObject(with: e.encode(record)) as? [String: Any])
    }

    @Test(arguments: SleeveRecord.TextField.allCases)
    func everyTextFieldIsEncodedUnderItsKey(field: SleeveRecord.TextField) throws {
        var record = SleeveRecord(source: Self.source)
        record[field] = "value of \(field.rawValue)"
        let json = try Self.json(record)
        #expect(json[field.rawValue] as? String == "value of \(field.rawValue)")
        for other in SleeveRecord.TextField.allCases where other != field {
            #expect(json[other.rawValue] is NSNull, "\(other.rawValue) took \(field.rawValue)'s value or lost its null")
        }
    }

    @Test func everyUnknownTextFieldIsNullNotLeftOut() throws {
        let json = try Self.json(SleeveRecord(source: Self.source))
        for field in SleeveRecord.TextField.allCases {
            #expect(json.keys.contains(field.rawValue), "\(field.rawValue) left out")
            #expect(json[field.rawValue] is NSNull)
        }
    }

    /// A text property added to the record but not to the list would be encoded, yet
    /// never merged nor shown: every optional string the record stores is in the list.
    @Test func everyOptionalStringOfTheRecordIsATextField() {
        let record = SleeveRecord(source: Self.source)
        let stored = Mirror(reflecting: record).children.compactMap { child -> String? in
            guard let label = child.label else { return nil }
            let bare = label.hasPrefix("_") ? String(label.dropFirst()) : label
            if type(of: child.value) == String?.self || type(of: child.value) == NullKept<String>.self { return bare }
            return nil
        }
        #expect(Set(stored) == Set(SleeveRecord.TextField.allCases.map(\.rawValue)))
    }

    @Test func textFieldsGetAndSetEveryField() {
        var record = SleeveRecord(source: Self.source)
        record.textFields = [.artist: "A", .catalogNumber: "C-1"]
        #expect(record.artist == "A" && record.catalogNumber == "C-1" && record.title == nil && record.label == nil)
        record.textFields = [.title: "T"]
        #expect(record.artist == nil && record.title == "T")
        #expect(record.textFields == [.title: "T"])
    }
}
