import Foundation
import SleeveCore

/// The one way a record reaches disk, for `read`, `scan` and `live` alike: name the
/// release (when an index is open), ask the catalogue what it already holds, write the
/// pictures, then the record, each atomically, then enter the record in the catalogue.
///
/// The record goes last, so a record on disk always has its pictures; if the record
/// cannot be written, the pictures this call wrote are removed again, so a failed
/// write leaves nothing half-done beside the records that are whole.
public struct RecordSink: Sendable {
    /// Names the Discogs release of each record before it is written (`--index`).
    public var identify: (@Sendable (SleeveRecord) -> Identification?)?
    /// The catalogue each record enters (nil: none).
    public var catalogue: (any RecordCataloguing)?

    public init(identify: (@Sendable (SleeveRecord) -> Identification?)? = nil, catalogue: (any RecordCataloguing)? = nil) {
        self.identify = identify
        self.catalogue = catalogue
    }

    /// A file written beside the record: the image as captured, the rectified sleeve.
    public struct Picture: Sendable {
        public var path: String
        public var bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// What was written.
    public struct Written: Sendable {
        /// The record as written (with its `release`).
        public var record: SleeveRecord
        public var recordPath: String
        /// Whether a catalogue was asked (then the record file carries `duplicates`).
        public var catalogued: Bool
        /// What the catalogue already held of this record; nil when none was asked or
        /// it could not be reached.
        public var duplicates: CatalogueDuplicates?

        /// The record as one JSON line (`--json`), with `duplicates` when the file has it.
        public func jsonLine() throws -> String {
            try RecordJSON.line(record, catalogued: catalogued, duplicates: duplicates)
        }
    }

    /// Writes `pictures` then the record at `recordPath`.
    public func write(_ record: SleeveRecord, to recordPath: String, pictures: [Picture] = []) throws -> Written {
        var record = record
        if let identify { record.release = identify(record) }
        let encoded = try RecordJSON.encode(record, catalogue: catalogue)
        var written: [String] = []
        do {
            for p in pictures {
                try AtomicFile.write(p.bytes, to: p.path)
                written.append(p.path)
            }
            try AtomicFile.write(encoded.bytes, to: recordPath)
        } catch {
            for path in written { unlink(path) }
            throw error
        }
        // After the record is on disk: the catalogue never holds what the folder lacks.
        catalogue?.enter(recordPath: recordPath, recordJSON: encoded.bytes)
        return Written(record: record, recordPath: recordPath, catalogued: catalogue != nil, duplicates: encoded.duplicates)
    }
}
