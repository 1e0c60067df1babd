import SleeveCore

/// A pixel format the camera offers, with its frame sizes and rates.
public struct CameraFormat: Sendable, Equatable {
    /// The four-character code: "MJPG", "YUYV".
    public var fourcc: String
    public var description: String
    /// Made by libv4l2's conversion rather than the camera.
    public var isEmulated: Bool
    public var sizes: [FrameSize]
}

/// A frame size and the frame rates offered at it.
public struct FrameSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// Frames per second; empty when the driver does not list discrete intervals.
    public var framesPerSecond: [Double]

    public var pixels: Int { width * height }

    public init(width: Int, height: Int, framesPerSecond: [Double]) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
    }
}

/// What the driver agreed to: it may adjust the size and the stride asked for.
public struct NegotiatedFormat: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var bytesPerLine: Int
    /// The format delivered to us ("RGB3" or "GREY"), converted by libv4l2 if need be.
    public var fourcc: String
    /// The size asked for before the driver adjusted it.
    public var requested: (width: Int, height: Int)

    public var wasAdjusted: Bool { requested.width != width || requested.height != height }

    public static func == (a: Self, b: Self) -> Bool {
        a.width == b.width && a.height == b.height && a.bytesPerLine == b.bytesPerLine && a.fourcc == b.fourcc
            && a.requested == b.requested
    }
}

extension FrameSize {
    /// The largest size that fits within `maxWidth` × `maxHeight`, or the smallest
    /// size at all when none fits.
    public static func best(of sizes: [FrameSize], maxWidth: Int, maxHeight: Int) -> FrameSize? {
        let fitting = sizes.filter { $0.width <= maxWidth && $0.height <= maxHeight }
        return fitting.max { $0.pixels < $1.pixels } ?? sizes.min { $0.pixels < $1.pixels }
    }
}

/// One dequeued buffer: pixels, or a camera's own JPEG to decode.
public enum CapturedFrame: Sendable {
    case pixels(Frame)
    case jpeg([UInt8], sequence: Int, timestamp: Double)
}
