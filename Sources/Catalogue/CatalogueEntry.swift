import Foundation

/// What the catalogue keeps of one sidecar record, read from its JSON generically: the
/// record's own fields, and the release when the record carries a `release` key (the
/// identify step's shape in DESIGN.md), whatever else the record holds.
public struct CatalogueEntry: Sendable, Equatable {
    public var sha256: String
    public var capturedAt: String
    public var kind: String
    public var recordPath: String
    /// The captured image, then the rectified sleeve when there is one.
    public var images: [String]
    public var artist: String?
    public var title: String?
    public var label: String?
    public var catno: String?
    /// The first EAN/UPC (or other) barcode's value.
    public var barcode: String?
    public var release: Release?
    /// The whole record as written.
    public var recordJSON: String

    public struct Release: Sendable, Equatable {
        public var id: Int64
        public var artist: String?
        public var title: String?
        public var label: String?
        public var catno: String?
        public var country: String?
        public var year: Int?
    }

    /// Reads a record's JSON; nil with the reason when it is not a sleevescan record.
    public static func parse(recordJSON bytes: [UInt8], recordPath: String) -> Result<CatalogueEntry, CatalogueError> {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            return .failure(.usage("\(recordPath): not a JSON object (not a sleevescan record)"))
        }
        guard let source = object["source"] as? [String: Any], let sha = source["sha256"] as? String, sha.count == 64,
              sha.allSatisfy(\.isHexDigit) else {
            return .failure(.usage("\(recordPath): no source.sha256 (not a sleevescan record)"))
        }
        var images: [String] = []
        if let p = source["path"] as? String, !p.isEmpty { images.append(p) }
        // The live station writes `<name>.rectified.jpg` beside `<name>.json`.
        let rectified = URL(fileURLWithPath: recordPath).deletingPathExtension().path + ".rectified.jpg"
        if FileManager.default.fileExists(atPath: rectified) { images.append(rectified) }
        let barcodes = object["barcodes"] as? [[String: Any]] ?? []
        var entry = CatalogueEntry(
            sha256: sha.lowercased(), capturedAt: (source["capturedAt"] as? String) ?? "", kind: (object["kind"] as? String) ?? "sleeve",
            recordPath: recordPath, images: images,
            artist: text(object["artist"]), title: text(object["title"]), label: text(object["label"]),
            catno: text(object["catalogNumber"]), barcode: barcodes.compactMap { text($0["value"]) }.first,
            release: nil, recordJSON: String(decoding: bytes, as: UTF8.self))
        if let release = object["release"] as? [String: Any], let id = integer(release["discogsId"]) {
            let canonical = release["canonical"] as? [String: Any] ?? [:]
            entry.release = Release(id: id, artist: text(canonical["artist"]), title: text(canonical["title"]),
                                    label: text(canonical["label"]), catno: text(canonical["catno"]),
                                    country: text(canonical["country"]), year: integer(canonical["year"]).map { Int($0) })
        }
        return .success(entry)
    }

    /// The catalogue number as compared for duplicates: letters and digits only, upper
    /// case ("MRW 4417", "mrw-4417" and "MRW4417" are one).
    public static func catnoKey(_ catno: String?) -> String? {
        guard let catno else { return nil }
        let key = String(catno.uppercased().filter { $0.isLetter || $0.isNumber })
        return key.isEmpty ? nil : key
    }

    static func text(_ v: Any?) -> String? {
        guard let s = v as? String else { return nil }
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }

    static func integer(_ v: Any?) -> Int64? {
        if v is Bool { return nil }
        if let i = v as? Int { return Int64(i) }
        if let s = v as? String { return Int64(s) }
        return nil
    }
}
