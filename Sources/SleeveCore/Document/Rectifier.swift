/// Warps a quadrilateral of a frame to an upright, frontal image.
public struct Rectifier: Sendable {
    /// Longer side of the output, in pixels.
    public var longSide: Int
    /// Outlines whose width/height estimate is within this factor of 1 are made square:
    /// 12", 10" and 7" sleeves are square and perspective skews the estimate.
    public var squareTolerance = 1.2
    /// Gray level for output pixels that map outside the frame (a cut corner).
    public var fill: UInt8 = 255

    public init(longSide: Int) {
        self.longSide = longSide
    }

    /// Output size for an outline: square, or the outline's own proportions.
    public func outputSize(for quad: Quad) -> (width: Int, height: Int) {
        let r = quad.sideRatio
        if r <= squareTolerance && r >= 1 / squareTolerance { return (longSide, longSide) }
        return r > 1 ? (longSide, max(1, Int((Double(longSide) / r).rounded())))
                     : (max(1, Int((Double(longSide) * r).rounded())), longSide)
    }

    /// The frontal image and the transform from its pixels to the frame's pixels.
    public func rectify(_ image: GrayImage, quad: Quad) -> (image: GrayImage, toSource: Homography)? {
        let (w, h) = outputSize(for: quad)
        // Pixel centres: output (0,0) samples the corner, (w-1, h-1) the opposite one.
        let dst = [Point(x: 0, y: 0), Point(x: Double(w - 1), y: 0),
                   Point(x: Double(w - 1), y: Double(h - 1)), Point(x: 0, y: Double(h - 1))]
        guard let hm = Homography(from: dst, to: quad.corners) else { return nil }
        return (Self.warp(image, toSource: hm, width: w, height: h, fill: fill), hm)
    }

    /// Bilinear inverse mapping: each output pixel reads the frame at `toSource(x, y)`.
    public static func warp(_ image: GrayImage, toSource m: Homography, width: Int, height: Int,
                            fill: UInt8 = 255) -> GrayImage {
        var out = [UInt8](repeating: fill, count: width * height)
        let sw = image.width, sh = image.height
        let h = m.m
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let fy = Double(y)
                    // Numerators and denominator are linear in x: step them.
                    var nx = h[1] * fy + h[2], ny = h[4] * fy + h[5], dd = h[7] * fy + h[8]
                    let row = y * width
                    for x in 0..<width {
                        let iw = 1 / dd
                        let sx = nx * iw, sy = ny * iw
                        nx += h[0]; ny += h[3]; dd += h[6]
                        guard sx >= 0, sy >= 0, sx < Double(sw - 1), sy < Double(sh - 1) else { continue }
                        let x0 = Int(sx), y0 = Int(sy)
                        let ax = sx - Double(x0), ay = sy - Double(y0)
                        let i = y0 * sw + x0
                        let top = Double(src[i]) * (1 - ax) + Double(src[i + 1]) * ax
                        let bottom = Double(src[i + sw]) * (1 - ax) + Double(src[i + sw + 1]) * ax
                        dst[row + x] = UInt8(top * (1 - ay) + bottom * ay + 0.5)
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
