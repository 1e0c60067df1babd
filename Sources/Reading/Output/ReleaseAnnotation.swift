import Foundation
import SleeveCore

/// Reads records back for identification and writes a `release` into one, atomically,
/// keeping every other key as it was (keys this version does not know included).
public enum ReleaseAnnotation {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        /// The record file was missing or unreadable (rather than not a record).
        public var missing: Bool
    }

    /// The fields identification reads from the record at `path`.
    public static func fields(at path: String) throws(Failure) -> RecordFields {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "\(path): cannot be read (check the path)", missing: true)
        }
        do {
            return try JSONDecoder().decode(RecordFields.self, from: data)
        } catch {
            throw Failure(description: "\(path): not a sleevescan record (JSON with kind, barcodes, lines…)", missing: false)
        }
    }

    /// Sets `release` in the record at `path` (temporary file, fsync, rename): a reader
    /// sees the old record or the new one, never half of one.
    public static func write(_ release: Identification, into path: String) throws {
        guard let data = FileManager.default.contents(atPath: path),
              var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw Failure(description: "\(path): cannot be read back as a record", missing: false)
        }
        let e = JSONEncoder()
        object["release"] = try JSONSerialization.jsonObject(with: e.encode(release))
        var out = [UInt8](try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]))
        out.append(0x0A)
        try AtomicFile.write(out, to: path)
    }
}
