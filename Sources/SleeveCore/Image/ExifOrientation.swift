/// The EXIF Orientation tag (0x0112): how a stored image must be turned to be seen
/// upright. Phones store a portrait photo as a 4000×3000 landscape with Orientation 6
/// rather than rotate the pixels; leptonica and tesseract both ignore the tag, so a
/// photo read as stored is read sideways.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case upright = 1
    case mirrored = 2
    case upsideDown = 3
    case mirroredUpsideDown = 4
    case transposed = 5
    case rotatedClockwise = 6
    case transverse = 7
    case rotatedCounterclockwise = 8

    /// Whether turning the image upright swaps its width and height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The tag's value in a JPEG's APP1 Exif segment or a TIFF's first directory; nil
    /// when the file has none, or a value outside 1...8 (treated as upright by callers).
    public static func read(from data: [UInt8]) -> ExifOrientation? {
        ExifDirectory(data)?.short(0x0112).flatMap(ExifOrientation.init(rawValue:))
    }

    /// Where upright pixel (u, v) comes from in a stored image of `width`×`height`.
    @inline(__always) func storedPixel(u: Int, v: Int, width w: Int, height h: Int) -> (x: Int, y: Int) {
        switch self {
        case .upright: return (u, v)
        case .mirrored: return (w - 1 - u, v)
        case .upsideDown: return (w - 1 - u, h - 1 - v)
        case .mirroredUpsideDown: return (u, h - 1 - v)
        case .transposed: return (v, u)
        case .rotatedClockwise: return (v, h - 1 - u)
        case .transverse: return (w - 1 - v, h - 1 - u)
        case .rotatedCounterclockwise: return (w - 1 - v, u)
        }
    }

    /// Upright position → stored position on pixel edges (continuous coordinates), for
    /// mapping a result found on the upright image back onto the file's pixels.
    public func toStored(width w: Int, height h: Int) -> AffineMap {
        let W = Double(w), H = Double(h)
        switch self {
        case .upright: return .identity
        case .mirrored: return AffineMap(a: -1, b: 0, c: 0, d: 1, tx: W, ty: 0)
        case .upsideDown: return AffineMap(a: -1, b: 0, c: 0, d: -1, tx: W, ty: H)
        case .mirroredUpsideDown: return AffineMap(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: H)
        case .transposed: return AffineMap(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        case .rotatedClockwise: return AffineMap(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: H)
        case .transverse: return AffineMap(a: 0, b: -1, c: -1, d: 0, tx: W, ty: H)
        case .rotatedCounterclockwise: return AffineMap(a: 0, b: -1, c: 1, d: 0, tx: W, ty: 0)
        }
    }
}

extension GrayImage {
    /// The image as it is meant to be seen under `orientation` (exact pixel moves, no
    /// resampling), and the map from upright positions back to stored ones.
    public func turnedUpright(_ orientation: ExifOrientation) -> (image: GrayImage, toStored: AffineMap) {
        guard orientation != .upright else { return (self, .identity) }
        let ow = orientation.swapsSides ? height : width
        let oh = orientation.swapsSides ? width : height
        var out = [UInt8](repeating: 0, count: width * height)
        // Every orientation is affine on pixel indices: the stored index of (u, v) is
        // origin + u·across + v·down. Tile by tile, so a quarter turn's reads down the
        // stored columns stay in cache: pixel by pixel, a 12 MP phone photo's two planes
        // took 60 ms longer.
        let origin = index(orientation.storedPixel(u: 0, v: 0, width: width, height: height))
        let across = ow > 1 ? index(orientation.storedPixel(u: 1, v: 0, width: width, height: height)) - origin : 0
        let down = oh > 1 ? index(orientation.storedPixel(u: 0, v: 1, width: width, height: height)) - origin : 0
        let tile = 64
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for v0 in stride(from: 0, to: oh, by: tile) {
                    for u0 in stride(from: 0, to: ow, by: tile) {
                        let u1 = min(u0 + tile, ow)
                        for v in v0..<min(v0 + tile, oh) {
                            var s = origin + u0 * across + v * down
                            for u in u0..<u1 {
                                dst[v * ow + u] = src[s]
                                s += across
                            }
                        }
                    }
                }
            }
        }
        return (GrayImage(width: ow, height: oh, pixels: out), orientation.toStored(width: width, height: height))
    }

    private func index(_ p: (x: Int, y: Int)) -> Int { p.y * width + p.x }
}
