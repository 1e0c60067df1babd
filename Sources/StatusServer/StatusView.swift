import Foundation
import Reading
import Settings
import Station
import SleeveCore

/// What `/status.json` returns and the page shows: one snapshot of the board, the
/// output folder's free space, and links the client can follow.
struct StatusView: Encodable {
    var state: String
    var framesPerSecond: Double
    var source: String
    var message: String?
    /// Why the catalogue is not taking records now (nil: it is).
    var catalogue: String?
    var previewAvailable: Bool
    var disk: Disk?
    var recent: [Recent]

    struct Disk: Encodable {
        var writingAllowed: Bool
        var freeMB: UInt64?
        var floorMB: UInt64
        var reason: String?
    }

    /// A written record as the page shows it: its text fields (each under its record
    /// key, left out when unknown) beside the rest.
    @dynamicMemberLookup
    struct Recent: Encodable {
        var text: [SleeveRecord.TextField: String]
        var details: Details

        subscript<T>(dynamicMember path: KeyPath<Details, T>) -> T { details[keyPath: path] }

        func encode(to encoder: any Encoder) throws {
            try details.encode(to: encoder)
            var c = encoder.container(keyedBy: SleeveRecord.TextField.self)
            for (field, value) in text { try c.encode(value, forKey: field) }
        }
    }

    struct Details: Encodable {
        var recordFile: String
        var imageFile: String
        var rectifiedFile: String?
        var kind: String
        var barcodes: [String]
        var tracks: Int
        var matrix: [String]
        var capturedAt: String
        var warnings: [String]
        /// The identified Discogs release, or the candidates (`--index`).
        var release: String?
        /// "already in stock: 2, last 14:02" when the catalogue held copies at capture.
        var inStock: String?
        /// Site-relative links (`/files/…`, `/thumbs/…`), with the token when one is in use.
        var links: Links
    }

    struct Links: Encodable {
        var record: String
        var image: String
        var thumbnail: String
    }

    init(_ status: StationStatus, disk: DiskSpaceFloor.Check?, link: (String) -> String) {
        state = status.state.rawValue
        framesPerSecond = (status.framesPerSecond * 10).rounded() / 10
        source = status.source
        message = status.message
        catalogue = status.catalogue
        previewAvailable = status.previewJPEG != nil
        self.disk = disk.map {
            Disk(writingAllowed: $0.allowed, freeMB: $0.freeBytes.map { $0 / 1_000_000 },
                 floorMB: $0.floorBytes / 1_000_000, reason: $0.reason)
        }
        recent = status.recent.map { w in
            let r = w.record
            return Recent(text: r.textFields, details: Details(
                recordFile: w.recordFile, imageFile: w.imageFile, rectifiedFile: w.rectifiedFile,
                kind: r.kind.rawValue,
                barcodes: r.barcodes.map { b in b.addon.map { "\(b.value) +\($0)" } ?? b.value },
                tracks: r.tracks.count, matrix: r.matrix.map(\.text), capturedAt: r.source.capturedAt,
                warnings: r.warnings, release: r.release?.summary, inStock: w.duplicates?.notice,
                links: Links(record: link("/files/" + Self.pathEscaped(w.recordFile)),
                             image: link("/files/" + Self.pathEscaped(w.imageFile)),
                             thumbnail: link("/thumbs/" + Self.pathEscaped(w.rectifiedFile ?? w.imageFile)))))
        }
    }

    func json() -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? [UInt8](e.encode(self))) ?? Array("{}".utf8)
    }

    static func pathEscaped(_ relative: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#;%")
        return relative.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
