import Foundation
import SleeveCore

/// What the catalogue keeps of one sidecar record, read from its JSON leniently: the
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

    /// Reads a record's JSON (leniently, as identify does: `RecordFile`); nil with the
    /// reason when it is not a sleevescan record.
    public static func parse(recordJSON bytes: [UInt8], recordPath: String) -> Result<CatalogueEntry, CatalogueError> {
        guard let record = try? JSONDecoder().decode(RecordFile.self, from: Data(bytes)) else {
            return .failure(.usage("\(recordPath): not a JSON object (not a sleevescan record)"))
        }
        guard let source = record.source, let sha = source.sha256, sha.count == 64, sha.allSatisfy(\.isHexDigit) else {
            return .failure(.usage("\(recordPath): no source.sha256 (not a sleevescan record)"))
        }
        var images: [String] = []
        if let p = source.path, !p.isEmpty { images.append(p) }
        // The live station writes `<name>.rectified.jpg` beside `<name>.json`.
        let rectified = URL(fileURLWithPath: recordPath).deletingPathExtension().path + ".rectified.jpg"
        if FileManager.default.fileExists(atPath: rectified) { images.append(rectified) }
        var entry = CatalogueEntry(
            sha256: sha.lowercased(), capturedAt: source.capturedAt ?? "", kind: record.kind ?? "sleeve",
            recordPath: recordPath, images: images,
            artist: text(record.artist), title: text(record.title), label: text(record.label),
            catno: text(record.catalogNumber), barcode: (record.barcodes ?? []).compactMap { text($0.value) }.first,
            release: nil, recordJSON: String(decoding: bytes, as: UTF8.self))
        if let release = record.release, let id = release.discogsId {
            let canonical = release.canonical
            entry.release = Release(id: id, artist: text(canonical?.artist), title: text(canonical?.title),
                                    label: text(canonical?.label), catno: text(canonical?.catno),
                                    country: text(canonical?.country), year: canonical?.year.map { Int($0) })
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

    /// A text value as the catalogue keeps it: trimmed, nil when empty.
    static func text(_ s: String?) -> String? {
        guard let s else { return nil }
        let t = s.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.isEmpty ? nil : t
    }
}
