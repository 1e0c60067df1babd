import Foundation
import SleeveCore
import Reading
import Settings

/// Writes a finished sleeve through the record sink: the picture as captured, the
/// rectified sleeve, then the record. Names are `<kind>-<run start, UTC>-<capture
/// number>`, so a sorted listing is capture order.
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
    /// Identification and the catalogue; every record goes through it.
    public var sink = RecordSink()

    public init(folder: String, kind: SleeveRecord.Kind, device: String, encoder: any JPEGEncoding,
                hashing: any ContentHashing, startedAt: Date = Date(), date: @escaping (Double) -> Date) {
        self.folder = folder
        self.kind = kind
        self.device = device
        self.encoder = encoder
        self.hashing = hashing
        self.date = date
        stamp = CaptureNames.liveRun(kind.rawValue, in: folder, startedAt: startedAt)
    }

    public func name(for number: Int) -> String {
        "\(kind.rawValue)-\(stamp)-" + String(format: "%04d", number)
    }

    /// Writes the sleeve's files; nil when there was nothing to write.
    public func write(_ evidence: SleeveEvidence) throws -> WrittenRecord? {
        let base = name(for: evidence.number)
        let imageFile = base + ".jpg"
        guard var merged = EvidenceMerger.merge(evidence, source: .unwritten(width: 0, height: 0, device: device)) else { return nil }
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
        var pictures = [RecordSink.Picture(path: path(imageFile), bytes: image)]
        if let rectified, let rectifiedFile { pictures.append(.init(path: path(rectifiedFile), bytes: rectified)) }
        let done = try sink.write(merged.record, to: path(base + ".json"), pictures: pictures)
        var written = WrittenRecord(record: done.record, recordFile: base + ".json", imageFile: imageFile, rectifiedFile: rectifiedFile)
        written.catalogued = done.catalogued
        written.duplicates = done.duplicates
        return written
    }

    func path(_ name: String) -> String { URL(fileURLWithPath: folder).appendingPathComponent(name).path }
}
