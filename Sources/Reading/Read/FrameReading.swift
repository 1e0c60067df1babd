import SleeveCore

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

extension SleeveReader: FrameReading {}

extension DeadWaxReader: FrameReading {
    /// A disc has no sleeve outline to reuse and nothing rectified to write.
    public func read(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer, sleeve: SleeveDetection?) -> FrameRead {
        FrameRead(record: analyse(gray, source: source, timings: timings), rectified: nil)
    }
}
