import Foundation
import SleeveCore

// The reading layer's own protocols, in one place (the core's are in SleeveCore/Ports):
// what a reader is to the command line and the station, and what the catalogue is to
// the record sink.

/// A reader that turns decoded images into records: it gets reading files and bytes
/// (decode, limits, `source`) from here and supplies the analysis.
public protocol ImageRecordReading {
    /// Decoder, hashing and limits for inputs.
    var inputs: InputDecoder { get }
    /// The record for an image already decoded.
    func analyse(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer) -> SleeveRecord
    /// As `analyse`, with the colour image's marks-lifted plane (a second opinion for
    /// print an owner's coloured marks cross); readers without a use for it ignore it.
    func analyse(_ gray: GrayImage, marksLifted: GrayImage?, source: SleeveRecord.Source, timings: StageTimer) -> SleeveRecord
    /// The record for an image file's bytes (`readFile` unless a reader needs the bytes
    /// themselves while it reads, as the dead-wax reader does for colour channels).
    func read(data: [UInt8], path: String, capturedAt: Date) throws(ReadFailure) -> SleeveRecord
}

extension ImageRecordReading {
    public func analyse(_ gray: GrayImage, marksLifted: GrayImage?, source: SleeveRecord.Source, timings: StageTimer) -> SleeveRecord {
        analyse(gray, source: source, timings: timings)
    }
}

/// A read of one frame and what it computed on the way that others need: the
/// rectified sleeve the record was read from (written beside a live record).
public struct FrameRead: Sendable {
    public var record: SleeveRecord
    /// The sleeve rectified, when an outline was found (sleeve mode).
    public var rectified: GrayImage?

    public init(record: SleeveRecord, rectified: GrayImage?) {
        self.record = record
        self.rectified = rectified
    }
}

/// The full read of one frame: what `read` does to a file (barcodes, sleeve or disc,
/// OCR, layout, parse). `SleeveReader` and `DeadWaxReader` are both this.
public protocol FrameReading: AnyObject {
    /// `sleeve`: the outline the live loop already detected in this frame, in its pixels.
    func read(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer, sleeve: SleeveDetection?) -> FrameRead
}

/// The catalogue as the record writers see it: asked before a record is written (what
/// does it already hold of this?) and told after (enter it). Implementations never
/// throw at the writer: a catalogue that cannot be reached must not cost a capture.
public protocol RecordCataloguing: AnyObject, Sendable {
    /// What the catalogue holds of the record already; nil when it cannot say now.
    func duplicates(ofRecordJSON json: [UInt8]) -> CatalogueDuplicates?
    /// The record is on disk at `recordPath` (written atomically): enter it, or queue it
    /// for when the catalogue is back.
    func enter(recordPath: String, recordJSON: [UInt8])
}
