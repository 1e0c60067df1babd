import SleeveCore

/// The full read of one frame: what `read` does to a file (barcodes, sleeve or disc,
/// OCR, layout, parse). `SleeveReader` and `DeadWaxReader` are both this.
public protocol FrameReading: AnyObject {
    func analyse(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer) -> SleeveRecord
}

extension SleeveReader: FrameReading {}
extension DeadWaxReader: FrameReading {}

