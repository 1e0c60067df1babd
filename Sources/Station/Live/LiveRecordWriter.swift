import Foundation
import SleeveCore
import Reading
import Settings

/// Encodes frames for the files the station writes.
public protocol JPEGEncoding {
    func jpeg(_ image: GrayImage, quality: Int) throws -> [UInt8]
}

/// Writes a finished sleeve: the picture as captured, the rectified sleeve, then the
/// record, each atomically; the record last, so a record on disk always has its
/// pictures. Names are `<kind>-<run start>-<capture number>`, so a sorted listing is
/// capture order.
public struct LiveRecordWriter {
    public let folder: String
    public let kind: SleeveRecord.Kind
    public let device: String
    let encoder: any JPEGEncoding
    let hashing: any ContentHashing
    /// The run's stamp in names (`20261129-154012`), made unique in the folder.
    public let stamp: String
    /// The wall-clock date of a frame time.
    let date: (Double) -> Date
    /// Names the Discogs release of each record before it is written (`--index`).
    public var identify: (@Sendable (SleeveRecord) -> Identification?)?
    /// The catalogue each record enters (nil: none).
    public var catalogue: (any RecordCataloguing)?

    public init(folder: String, kind: SleeveRecord.Kind, device: String, encoder: any JPEGEncoding,
                hashing: any ContentHashing, startedAt: Date = Date(), date: @escaping (Double) -> Date) {
        self.folder = folder
        self.kind = kind
        self.device = device
        self.encoder = encoder
        self.hashing = hashing
        self.date = date
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let base = f.string(from: startedAt)
        var stamp = base, n = 1
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        while existing.contains(where: { $0.hasPrefix("\(kind.rawValue)-\(stamp)-") }) {
            n += 1
            stamp = "\(base)-\(n)"
        }
        self.stamp = stamp
    }

    public func name(for number: Int) -> String {
        "\(kind.rawValue)-\(stamp)-" + String(format: "%04d", number)
    }

    /// Writes the sleeve's files; nil when there was nothing to write.
    public func write(_ evidence: SleeveEvidence) throws -> WrittenRecord? {
        let base = name(for: evidence.number)
        let imageFile = base + ".jpg"
        let placeholder = SleeveRecord.Source(path: "", width: 0, height: 0, sha256: "", size: 0, device: device, capturedAt: "")
        guard var merged = EvidenceMerger.merge(evidence, source: placeholder) else { return nil }
        // The kept frame's full picture, decoded now if no read needed it before.
        let picture = try merged.frame.picture.image()
        let image = try encoder.jpeg(picture, quality: 92)
        let rectified = try merged.rectified.map { try encoder.jpeg($0, quality: 92) }
        let rectifiedFile = rectified == nil ? nil : base + ".rectified.jpg"
        merged.record.kind = kind
        merged.record.source = SleeveRecord.Source(
            path: path(imageFile), width: picture.width, height: picture.height,
            sha256: hashing.sha256Hex(image), size: image.count, device: device,
            capturedAt: InputDecoder.timestamp(date(merged.frame.time)))
        try AtomicFile.write(image, to: path(imageFile))
        if let rectified, let rectifiedFile { try AtomicFile.write(rectified, to: path(rectifiedFile)) }
        if let identify { merged.record.release = identify(merged.record) }
        let encoded = try RecordJSON.encode(merged.record, catalogue: catalogue)
        try AtomicFile.write(encoded.bytes, to: path(base + ".json"))
        catalogue?.enter(recordPath: path(base + ".json"), recordJSON: encoded.bytes)
        var written = WrittenRecord(record: merged.record, recordFile: base + ".json", imageFile: imageFile, rectifiedFile: rectifiedFile)
        written.catalogued = catalogue != nil
        written.duplicates = encoded.duplicates
        return written
    }

    func path(_ name: String) -> String { URL(fileURLWithPath: folder).appendingPathComponent(name).path }
}
