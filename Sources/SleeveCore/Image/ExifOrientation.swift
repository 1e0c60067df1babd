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
    /// Reads only the headers: bounded by the segment lengths, never past the data.
    public static func read(from data: [UInt8]) -> ExifOrientation? {
        if data.starts(with: [0xFF, 0xD8]) { return fromJPEG(data) }
        if data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return fromTIFFHeader(data, at: 0)
        }
        return nil
    }

    static func fromJPEG(_ data: [UInt8]) -> ExifOrientation? {
        var i = 2
        // Markers up to the first scan; APP1 with "Exif\0\0" holds a TIFF header.
        while i + 4 <= data.count, data[i] == 0xFF {
            let marker = data[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2, i + 2 + length <= data.count else { return nil }
            let body = i + 4
            if marker == 0xE1, length >= 8, Array(data[body..<(body + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                let tiff = Array(data[(body + 6)..<(i + 2 + length)])
                if let o = fromTIFFHeader(tiff, at: 0) { return o }
            }
            i += 2 + length
        }
        return nil
    }

    /// Orientation from the first image directory of a TIFF structure starting at `base`.
    static func fromTIFFHeader(_ d: [UInt8], at base: Int) -> ExifOrientation? {
        guard d.count >= base + 8 else { return nil }
        let little = d[base] == 0x49
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= d.count else { return nil }
            return little ? Int(d[o]) | Int(d[o + 1]) << 8 : Int(d[o]) << 8 | Int(d[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(base + 4), let count = u16(base + ifd) else { return nil }
        for k in 0..<min(count, 1000) {
            let entry = base + ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            guard tag == 0x0112 else { continue }
            guard let type = u16(entry + 2), type == 3, let value = u16(entry + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
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
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for v in 0..<oh {
                    for u in 0..<ow {
                        let s = orientation.storedPixel(u: u, v: v, width: width, height: height)
                        dst[v * ow + u] = src[s.y * width + s.x]
                    }
                }
            }
        }
        return (GrayImage(width: ow, height: oh, pixels: out), orientation.toStored(width: width, height: height))
    }
}
