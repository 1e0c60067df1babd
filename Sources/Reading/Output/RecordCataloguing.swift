import Foundation
import SleeveCore

/// What the catalogue already holds of a record at capture: the same release (or,
/// unidentified, the same barcode and catalogue number). Written into the record as
/// `"duplicates": {"count": 2, "lastAt": "…", "matchedBy": "release"}`; `count` 0 when
/// the catalogue holds none, the key `null` when the catalogue could not be asked.
public struct CatalogueDuplicates: Codable, Sendable, Equatable {
    /// Copies already in the catalogue (the items' quantities summed).
    public var count: Int
    /// Capture time of the latest of them (ISO 8601), nil when there are none.
    @NullKept public var lastAt: String?
    /// `"release"` (same Discogs release id) or `"barcodeAndCatno"`; nil when none.
    @NullKept public var matchedBy: String?

    public init(count: Int, lastAt: String?, matchedBy: String?) {
        self.count = count
        self.lastAt = lastAt
        self.matchedBy = matchedBy
    }

    /// "already in stock: 2, last 14:02" for the log and the status page; nil when none.
    public var notice: String? {
        guard count > 0 else { return nil }
        let time = lastAt.map { Self.clock($0) } ?? "?"
        return "already in stock: \(count), last \(time)"
    }

    /// `2026-12-01T14:02:09Z` → `14:02` the same day; the date otherwise is the caller's
    /// business: the time is what a person at the table recognises.
    static func clock(_ iso: String) -> String {
        guard let t = iso.firstIndex(of: "T") else { return iso }
        let rest = iso[iso.index(after: t)...]
        return String(rest.prefix(5))
    }
}

extension RecordJSON {
    /// The record with the catalogue's `duplicates` key (null: the catalogue could not
    /// be asked). Keys stay sorted: the extra key is encoded into the record's own object.
    public static func encode(_ record: SleeveRecord, duplicates: CatalogueDuplicates?, pretty: Bool = true) throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        var out = [UInt8](try e.encode(CataloguedRecord(record: record, duplicates: duplicates)))
        if pretty { out.append(0x0A) }
        return out
    }

    /// The record as one line of JSON (`--json`), as its file has it: with `duplicates`
    /// when a catalogue was asked.
    public static func line(_ record: SleeveRecord, catalogued: Bool, duplicates: CatalogueDuplicates?) throws -> String {
        let bytes = catalogued ? try encode(record, duplicates: duplicates, pretty: false) : try encode(record, pretty: false)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Encodes the record, asks the catalogue, and returns the bytes to write with what
    /// it said; without a catalogue, the record as before.
    public static func encode(_ record: SleeveRecord, catalogue: (any RecordCataloguing)?) throws
        -> (bytes: [UInt8], duplicates: CatalogueDuplicates?) {
        guard let catalogue else { return (try encode(record), nil) }
        let plain = try encode(record, pretty: false)
        let found = catalogue.duplicates(ofRecordJSON: plain)
        return (try encode(record, duplicates: found), found)
    }
}

private struct CataloguedRecord: Encodable {
    var record: SleeveRecord
    var duplicates: CatalogueDuplicates?

    enum Extra: String, CodingKey { case duplicates }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var c = encoder.container(keyedBy: Extra.self)
        try c.encode(duplicates, forKey: .duplicates)
    }
}
