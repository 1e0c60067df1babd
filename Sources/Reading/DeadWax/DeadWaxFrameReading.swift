import SleeveCore

extension DeadWaxReader: FrameReading {
    /// A disc has no sleeve outline to reuse and nothing rectified to write.
    public func read(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer, sleeve: SleeveDetection?) -> FrameRead {
        FrameRead(record: analyse(gray, source: source, timings: timings), rectified: nil)
    }
}
