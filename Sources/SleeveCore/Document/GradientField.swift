/// A frame shrunk by a whole factor (box average) with its Sobel gradients: the cheap
/// working copy the detector votes and scores on.
struct GradientField {
    let width: Int
    let height: Int
    /// Source pixels per working pixel.
    let factor: Int
    /// Box-averaged gray, `width × height`.
    let gray: [Float]
    let gx: [Float]
    let gy: [Float]
    let magnitude: [Float]

    /// Shrinks `image` so its longer side is close to `workingSide`.
    init(_ image: GrayImage, workingSide: Int) {
        let f = max(1, Int((Double(max(image.width, image.height)) / Double(workingSide)).rounded()))
        let w = image.width / f, h = image.height / f
        factor = f
        width = w
        height = h
        gray = Self.smooth(Self.boxShrink(image, factor: f), width: w, height: h)
        (gx, gy, magnitude) = Self.sobel(gray, width: w, height: h)
    }

    // The loops below run on every live frame: they walk rows through pointers with
    // wrapping index arithmetic, so the compiler can vectorise them (checked `+` on
    // indices keeps every pixel scalar). Each pixel's arithmetic, and so every value,
    // is that of the plain per-pixel formulas (`GradientFieldTests` compares them).

    /// Sobel gradients divided by 8 (a step of 1 gray level reads 1) and their length;
    /// the one-pixel border stays 0.
    static func sobel(_ gray: [Float], width w: Int, height h: Int) -> (gx: [Float], gy: [Float], magnitude: [Float]) {
        var gx = [Float](repeating: 0, count: w * h)
        var gy = [Float](repeating: 0, count: w * h)
        var mag = [Float](repeating: 0, count: w * h)
        guard w >= 3, h >= 3 else { return (gx, gy, mag) }
        gray.withUnsafeBufferPointer { g in
            gx.withUnsafeMutableBufferPointer { ox in
                gy.withUnsafeMutableBufferPointer { oy in
                    mag.withUnsafeMutableBufferPointer { om in
                        for y in 1..<(h - 1) {
                            let above = g.baseAddress! + (y - 1) * w, row = g.baseAddress! + y * w, below = g.baseAddress! + (y + 1) * w
                            let outX = ox.baseAddress! + y * w, outY = oy.baseAddress! + y * w, outM = om.baseAddress! + y * w
                            for x in 1..<(w - 1) {
                                // a b c / d · e / f g h around the pixel.
                                let a = above[x &- 1], b = above[x], c = above[x &+ 1]
                                let d = row[x &- 1], e = row[x &+ 1]
                                let f = below[x &- 1], gg = below[x], hh = below[x &+ 1]
                                let sx = (c + 2 * e + hh) - (a + 2 * d + f)
                                let sy = (f + 2 * gg + hh) - (a + 2 * b + c)
                                outX[x] = sx / 8
                                outY[x] = sy / 8
                                outM[x] = (sx * sx + sy * sy).squareRoot() / 8
                            }
                        }
                    }
                }
            }
        }
        return (gx, gy, mag)
    }

    /// Mean of each `f × f` block; rows past the last whole block are dropped.
    static func boxShrink(_ image: GrayImage, factor f: Int) -> [Float] {
        let scale = 1 / Float(f * f)
        return image.blockSums(factor: f).sums.map { Float($0) * scale }
    }

    /// A [1 2 1]² binomial blur: softens the staircase of sharp slanted edges so the
    /// Sobel angle follows the edge. Border pixels are left as they are.
    static func smooth(_ g: [Float], width w: Int, height h: Int) -> [Float] {
        guard w >= 3, h >= 3 else { return g }
        // Across: interior columns blurred, the two edge columns as they were.
        let across = [Float](unsafeUninitializedCapacity: w * h) { t, count in
            g.withUnsafeBufferPointer { s in
                for y in 0..<h {
                    let src = s.baseAddress! + y * w, dst = t.baseAddress! + y * w
                    dst[0] = src[0]
                    for x in 1..<(w - 1) { dst[x] = (src[x &- 1] + 2 * src[x] + src[x &+ 1]) * 0.25 }
                    dst[w - 1] = src[w - 1]
                }
            }
            count = w * h
        }
        // Down: interior rows blurred from that; the top and bottom rows as they were.
        return [Float](unsafeUninitializedCapacity: w * h) { o, count in
            g.withUnsafeBufferPointer { s in
                across.withUnsafeBufferPointer { t in
                    let out = o.baseAddress!
                    out.initialize(from: s.baseAddress!, count: w)
                    (out + (h - 1) * w).initialize(from: s.baseAddress! + (h - 1) * w, count: w)
                    for y in 1..<(h - 1) {
                        let up = t.baseAddress! + (y - 1) * w, mid = up + w, down = mid + w
                        let dst = out + y * w
                        for x in 0..<w { dst[x] = (up[x] + 2 * mid[x] + down[x]) * 0.25 }
                    }
                }
            }
            count = w * h
        }
    }

    /// A source-pixel point for a working-pixel point (block centres line up).
    func toSource(_ p: Point) -> Point {
        let f = Double(factor)
        return Point(x: (p.x + 0.5) * f - 0.5, y: (p.y + 0.5) * f - 0.5)
    }
}
