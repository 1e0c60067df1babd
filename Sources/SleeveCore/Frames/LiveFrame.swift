import Synchronization

/// A frame's full-size gray picture, decoded at most once and only when somebody asks:
/// the live loop analyses a small copy of every frame, and only a frame kept for OCR
/// or written needs its full pixels (most frames are never decoded whole).
///
/// Shared between the loop and the OCR worker (a class, the decode under a lock).
public final class FramePicture: Sendable {
    public let width: Int
    public let height: Int
    private let decode: @Sendable () throws -> GrayImage
    private let decoded: Mutex<GrayImage?>

    /// A picture already decoded.
    public init(_ image: GrayImage) {
        width = image.width
        height = image.height
        decode = { image }
        decoded = Mutex(image)
    }

    /// A picture `decode` produces on first use; `width` and `height` are what it will
    /// produce (from the image's header).
    public init(width: Int, height: Int, decode: @escaping @Sendable () throws -> GrayImage) {
        self.width = width
        self.height = height
        self.decode = decode
        decoded = Mutex(nil)
    }

    /// Whether the full pixels exist yet (for tests and the benchmark: a frame nobody
    /// kept is never decoded whole).
    public var isDecoded: Bool { decoded.withLock { $0 != nil } }

    /// The full picture, decoding it on the first call. Throws what the decoder threw
    /// (the next call tries again).
    public func image() throws -> GrayImage {
        try decoded.withLock { (cached: inout GrayImage?) throws -> GrayImage in
            if let cached { return cached }
            let image = try decode()
            cached = image
            return image
        }
    }
}

/// A frame as the live loop takes it: the luminance the per-frame analysis starts from
/// and the full picture, decoded on demand. A JPEG source decodes the luminance already
/// reduced (libjpeg's DCT scaling) and the full picture only if the frame is kept;
/// other sources give their whole frame as both.
public struct LiveFrame: Sendable {
    public var picture: FramePicture
    /// The frame's luminance, whole or reduced by a whole factor (then the analysis
    /// scales what it finds by `width / luminance.width`).
    public var luminance: GrayImage
    public var sequence: Int
    /// Seconds since the source started (see `Frame.timestamp`).
    public var timestamp: Double

    /// The full picture's size.
    public var width: Int { picture.width }
    public var height: Int { picture.height }

    public init(picture: FramePicture, luminance: GrayImage, sequence: Int, timestamp: Double) {
        self.picture = picture
        self.luminance = luminance
        self.sequence = sequence
        self.timestamp = timestamp
    }

    /// A frame decoded whole (a camera's converted frame, a PNG): its gray picture serves as both.
    public init(_ frame: Frame) {
        let gray = frame.gray()
        self.init(picture: FramePicture(gray), luminance: gray, sequence: frame.sequence, timestamp: frame.timestamp)
    }

    /// Whole-number reduction that brings the longer side to at most `side` (1: none).
    public static func reduction(width: Int, height: Int, to side: Int) -> Int {
        let longer = max(width, height)
        guard side > 0, longer > side else { return 1 }
        return (longer + side - 1) / side
    }
}
