import SleeveCore

/// A whole scanned page in memory, 8 bits per sample.
public struct ScannedImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var isColor: Bool
    /// Gray: one byte per pixel; colour: RGB interleaved.
    public var pixels: [UInt8]

    public func frame(sequence: Int, timestamp: Double) -> Frame {
        Frame(pixels: pixels, width: width, height: height, format: isColor ? .rgb24 : .gray8,
              sequence: sequence, timestamp: timestamp)
    }
}

/// The part of the bed to scan, in millimetres from the bed's top-left corner.
public struct ScanArea: Sendable, Equatable {
    public var left: Double, top: Double, width: Double, height: Double

    public init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}

public enum ColorMode: Sendable, Equatable { case color, gray }
