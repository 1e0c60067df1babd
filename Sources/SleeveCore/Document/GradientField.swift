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
        gray = Self.smooth(Self.boxShrink(image, factor: f, width: w, height: h), width: w, height: h)
        var gx = [Float](repeating: 0, count: w * h)
        var gy = [Float](repeating: 0, count: w * h)
        var mag = [Float](repeating: 0, count: w * h)
        gray.withUnsafeBufferPointer { g in
            gx.withUnsafeMutableBufferPointer { ox in
                gy.withUnsafeMutableBufferPointer { oy in
                    mag.withUnsafeMutableBufferPointer { om in
                        guard w >= 3, h >= 3 else { return }
                        for y in 1..<(h - 1) {
                            let r0 = (y - 1) * w, r1 = y * w, r2 = (y + 1) * w
                            for x in 1..<(w - 1) {
                                let a = g[r0 + x - 1], b = g[r0 + x], c = g[r0 + x + 1]
                                let d = g[r1 + x - 1], e = g[r1 + x + 1]
                                let f = g[r2 + x - 1], gg = g[r2 + x], hh = g[r2 + x + 1]
                                let sx = (c + 2 * e + hh) - (a + 2 * d + f)
                                let sy = (f + 2 * gg + hh) - (a + 2 * b + c)
                                // Sobel sums 4 differences: divide so a step of 1 gray level reads 1.
                                ox[r1 + x] = sx / 8
                                oy[r1 + x] = sy / 8
                                om[r1 + x] = (sx * sx + sy * sy).squareRoot() / 8
                            }
                        }
                    }
                }
            }
        }
        self.gx = gx
        self.gy = gy
        magnitude = mag
    }

    /// Mean of each `f × f` block; rows past the last whole block are dropped.
    static func boxShrink(_ image: GrayImage, factor f: Int, width w: Int, height h: Int) -> [Float] {
        var out = [Float](repeating: 0, count: w * h)
        var acc = [UInt32](repeating: 0, count: w)
        let scale = 1 / Float(f * f)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                acc.withUnsafeMutableBufferPointer { a in
                    for by in 0..<h {
                        for i in 0..<w { a[i] = 0 }
                        for y in (by * f)..<(by * f + f) {
                            let row = src.baseAddress! + y * image.width
                            var x = 0
                            for i in 0..<w {
                                var s: UInt32 = 0
                                for _ in 0..<f { s &+= UInt32(row[x]); x += 1 }
                                a[i] &+= s
                            }
                        }
                        for i in 0..<w { dst[by * w + i] = Float(a[i]) * scale }
                    }
                }
            }
        }
        return out
    }

    /// A [1 2 1]² binomial blur: softens the staircase of sharp slanted edges so the
    /// Sobel angle follows the edge. Border pixels are left as they are.
    static func smooth(_ g: [Float], width w: Int, height h: Int) -> [Float] {
        guard w >= 3, h >= 3 else { return g }
        var tmp = g, out = g
        g.withUnsafeBufferPointer { s in
            tmp.withUnsafeMutableBufferPointer { t in
                for y in 0..<h {
                    let r = y * w
                    for x in 1..<(w - 1) { t[r + x] = (s[r + x - 1] + 2 * s[r + x] + s[r + x + 1]) * 0.25 }
                }
            }
        }
        tmp.withUnsafeBufferPointer { t in
            out.withUnsafeMutableBufferPointer { o in
                for y in 1..<(h - 1) {
                    let r = y * w
                    for x in 0..<w { o[r + x] = (t[r + x - w] + 2 * t[r + x] + t[r + x + w]) * 0.25 }
                }
            }
        }
        return out
    }

    /// A source-pixel point for a working-pixel point (block centres line up).
    func toSource(_ p: Point) -> Point {
        let f = Double(factor)
        return Point(x: (p.x + 0.5) * f - 0.5, y: (p.y + 0.5) * f - 0.5)
    }
}
