/// One picture from a frame source: a camera frame, a scanned page, a replayed or
/// file image. Pixels are rows top to bottom with no padding.
public struct Frame: Sendable, Equatable {
    public enum PixelFormat: String, Sendable, Equatable {
        /// One byte per pixel.
        case gray8
        /// Three bytes per pixel, red first.
        case rgb24

        public var bytesPerPixel: Int { self == .gray8 ? 1 : 3 }
    }

    public var pixels: [UInt8]
    public var width: Int
    public var height: Int
    public var format: PixelFormat
    /// Counts up from 0 for a source's frames; a gap means frames were dropped
    /// (a camera's driver numbers its own frames).
    public var sequence: Int
    /// Seconds since the source started (a camera's driver timestamp, a replay's
    /// recorded time), for pacing and stability tracking; not a wall-clock date.
    public var timestamp: Double

    public init(pixels: [UInt8], width: Int, height: Int, format: PixelFormat, sequence: Int, timestamp: Double) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * format.bytesPerPixel,
                     "pixel count must be width × height × bytes per pixel")
        self.pixels = pixels
        self.width = width
        self.height = height
        self.format = format
        self.sequence = sequence
        self.timestamp = timestamp
    }

    public init(_ image: GrayImage, sequence: Int, timestamp: Double) {
        self.init(pixels: image.pixels, width: image.width, height: image.height, format: .gray8,
                  sequence: sequence, timestamp: timestamp)
    }

    public init(_ image: RGBImage, sequence: Int, timestamp: Double) {
        self.init(pixels: image.pixels, width: image.width, height: image.height, format: .rgb24,
                  sequence: sequence, timestamp: timestamp)
    }

    /// The frame as gray, for the per-frame analysis (barcodes, sleeve outline).
    public func gray() -> GrayImage {
        switch format {
        case .gray8: GrayImage(width: width, height: height, pixels: pixels)
        case .rgb24: RGBImage(width: width, height: height, pixels: pixels).gray()
        }
    }
}

/// Anything that yields frames: a camera, a scanner, image files, a replay.
///
/// The live loop and the scan command depend on this protocol only, so every path
/// above the device runs in tests on replayed frames.
public protocol FrameSource {
    /// What records say in `source.device`: `/dev/video0`, `pnm:0`, `replay`, `file`.
    var deviceName: String { get }
    /// The next frame; nil when the source has no more (end of a replay, feeder
    /// empty). Throws `FrameSourceError` or the device's own error.
    mutating func nextFrame() throws -> Frame?
    /// The next frame for the live loop, whose analysis reads a copy at most
    /// `analysisSide` pixels long: a source that can decode at a reduced size (JPEG)
    /// decodes the luminance at that size and the whole frame only when it is used.
    /// By default, the whole frame.
    mutating func nextLiveFrame(analysisSide: Int) throws -> LiveFrame?
}

extension FrameSource {
    public mutating func nextLiveFrame(analysisSide: Int) throws -> LiveFrame? {
        try nextFrame().map(LiveFrame.init)
    }
}

/// A frame source's failure that the caller reports and recovers from the same
/// way whatever the device.
public struct FrameSourceError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The data for one frame is incomplete (the last frame of a recording cut off).
        case truncated
        /// A frame's data could not be decoded.
        case undecodable
        /// The device went away (unplugged).
        case disconnected
        /// No frame came within the timeout.
        case timedOut
    }

    public var kind: Kind
    /// Which frame (sequence number) or part of the source, for the message.
    public var sequence: Int?
    /// The reason, phrased for a person, naming no device (callers add it).
    public var reason: String

    public init(kind: Kind, sequence: Int? = nil, reason: String) {
        self.kind = kind
        self.sequence = sequence
        self.reason = reason
    }

    public var description: String { reason }
}
