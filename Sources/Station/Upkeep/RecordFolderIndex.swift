import Foundation
import SleeveCore
import Reading
import Settings

/// The records already in an output folder, newest first: what the status page shows
/// when it runs on its own (`sleevescan station`) or after a restart, before the live
/// loop has written anything.
public enum RecordFolderIndex {
    /// Up to `limit` records (`*.json` with a `schemaVersion`), newest file first.
    /// Files that are not records, or not readable, are skipped: the folder is the
    /// user's, and one stray file must not hide the rest.
    public static func recent(in folder: String, limit: Int) -> [WrittenRecord] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return [] }
        let candidates: [(name: String, modified: Date)] = names.compactMap { name in
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { return nil }
            let attrs = try? fm.attributesOfItem(atPath: folder + "/" + name)
            // The size from the directory entry: a huge file is skipped without reading it
            // (`truncate -s 1G zz.json` cost a gigabyte every time the page was built).
            guard attrs?[.type] as? FileAttributeType == .typeRegular,
                  (attrs?[.size] as? NSNumber)?.intValue ?? Int.max < maxRecordBytes,
                  let date = attrs?[.modificationDate] as? Date else { return nil }
            return (name, date)
        }
        let newest = candidates.sorted { ($0.modified, $0.name) > ($1.modified, $1.name) }
        var out: [WrittenRecord] = []
        for c in newest where out.count < limit {
            if let r = load(folder: folder, name: c.name, names: Set(names)) { out.append(r) }
        }
        return out
    }

    /// The record `name` in `folder` as it is now (nil when it is not a readable record):
    /// a record rewritten after the live loop wrote it, for the status page.
    public static func record(named name: String, in folder: String) -> WrittenRecord? {
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        return load(folder: folder, name: name, names: names)
    }

    /// Larger files are not records this tool wrote.
    static let maxRecordBytes = 4_000_000

    /// At most `maxRecordBytes` of the file (nil when it is larger or unreadable): the
    /// size may have grown since the listing.
    static func boundedContents(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxRecordBytes), data.count < maxRecordBytes else { return nil }
        return data
    }

    static func load(folder: String, name: String, names: Set<String>) -> WrittenRecord? {
        guard let data = boundedContents(folder + "/" + name),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              json["schemaVersion"] is NSNumber,
              let src = json["source"] as? [String: Any] else { return nil }
        let sourcePath = src["path"] as? String ?? ""
        var record = SleeveRecord(source: .init(
            path: sourcePath, width: src["width"] as? Int ?? 0, height: src["height"] as? Int ?? 0,
            sha256: src["sha256"] as? String ?? "", size: src["size"] as? Int ?? 0,
            device: src["device"] as? String ?? "", capturedAt: src["capturedAt"] as? String ?? ""))
        if let kind = (json["kind"] as? String).flatMap(SleeveRecord.Kind.init(rawValue:)) { record.kind = kind }
        record.artist = json["artist"] as? String
        record.title = json["title"] as? String
        record.label = json["label"] as? String
        record.catalogNumber = json["catalogNumber"] as? String
        record.warnings = json["warnings"] as? [String] ?? []
        if let release = json["release"] as? [String: Any], let data = try? JSONSerialization.data(withJSONObject: release) {
            record.release = try? JSONDecoder().decode(Identification.self, from: data)
        }
        for b in json["barcodes"] as? [[String: Any]] ?? [] {
            guard let data = try? JSONSerialization.data(withJSONObject: b),
                  let barcode = try? JSONDecoder().decode(Barcode.self, from: data) else { continue }
            record.barcodes.append(barcode)
        }
        for t in json["tracks"] as? [[String: Any]] ?? [] {
            guard let title = t["title"] as? String else { continue }
            record.tracks.append(.init(position: t["position"] as? String, title: title, duration: t["duration"] as? String))
        }
        // The image is the record's source when it sits in the folder; a rectified copy
        // (`X.rectified.jpg`), when the live loop kept one, makes the better thumbnail.
        let stem = String(name.dropLast(".json".count))
        let image = URL(fileURLWithPath: sourcePath).lastPathComponent
        let imageFile = names.contains(image) ? image : (names.first { $0.hasPrefix(stem + ".") && $0 != name } ?? image)
        let rectified = ["jpg", "png"].map { "\(stem).rectified.\($0)" }.first(where: names.contains)
        return WrittenRecord(record: record, recordFile: name, imageFile: imageFile, rectifiedFile: rectified)
    }
}
