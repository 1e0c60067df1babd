/// An 8-bit gray image, rows top to bottom, no padding: the one pixel format the
/// core's algorithms and the OCR and barcode wrappers exchange.
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public init(width: Int, height: Int, fill: UInt8 = 0) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: fill, count: width * height))
    }

    @inline(__always) public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}

/// An 8-bit RGB image, interleaved, rows top to bottom, no padding.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "pixel count must be width × height × 3")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// ITU-R BT.601 luma, the weights libjpeg and leptonica use.
    public func gray() -> GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { p in
            for i in 0..<(width * height) {
                let r = Int(p[3 * i]), g = Int(p[3 * i + 1]), b = Int(p[3 * i + 2])
                out[i] = UInt8((r * 77 + g * 150 + b * 29 + 128) >> 8)
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
