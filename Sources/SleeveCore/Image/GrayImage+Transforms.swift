#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Geometric resampling of gray images. Each operation also names the map from the
/// new image's pixels back to the old one's (see `AffineMap`), so callers can report
/// positions in the source image.
extension GrayImage {
    /// The sum of each `factor × factor` block (rows and columns past the last whole
    /// block dropped), `width / factor` by `height / factor`: what a box shrink divides.
    /// Column sums over a block's rows first (a straight pass per row, through pointers
    /// with wrapping indices so it vectorises: it runs on every live frame), then across
    /// each block's columns; the same integer sums as adding every pixel.
    public func blockSums(factor f: Int) -> (width: Int, height: Int, sums: [UInt32]) {
        precondition(f >= 1, "a block is at least one pixel")
        let w = width / f, h = height / f
        var out = [UInt32](repeating: 0, count: w * h)
        guard w > 0, h > 0 else { return (w, h, out) }
        let used = w * f
        var columns = [UInt32](repeating: 0, count: used)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                columns.withUnsafeMutableBufferPointer { sums in
                    let sum = sums.baseAddress!
                    for by in 0..<h {
                        let first = src.baseAddress! + by * f * width
                        for x in 0..<used { sum[x] = UInt32(first[x]) }
                        for dy in 1..<f {
                            let row = first + dy * width
                            for x in 0..<used { sum[x] &+= UInt32(row[x]) }
                        }
                        let o = dst.baseAddress! + by * w
                        for i in 0..<w {
                            var s: UInt32 = 0
                            let b = i &* f
                            for dx in 0..<f { s &+= sum[b &+ dx] }
                            o[i] = s
                        }
                    }
                }
            }
        }
        return (w, h, out)
    }

    /// The pixels inside `x..<x+width, y..<y+height`, clipped to the image.
    public func cropped(x: Int, y: Int, width w: Int, height h: Int) -> (image: GrayImage, toSource: AffineMap) {
        let x0 = max(0, min(width, x)), y0 = max(0, min(height, y))
        let x1 = max(x0, min(width, x + w)), y1 = max(y0, min(height, y + h))
        var out = [UInt8](repeating: 0, count: (x1 - x0) * (y1 - y0))
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for row in y0..<y1 {
                    let s = row * width + x0, d = (row - y0) * (x1 - x0)
                    for i in 0..<(x1 - x0) { dst[d + i] = src[s + i] }
                }
            }
        }
        return (GrayImage(width: x1 - x0, height: y1 - y0, pixels: out), .translation(Double(x0), Double(y0)))
    }

    /// Resampled by `factor` (bilinear when enlarging, box-averaged when shrinking so
    /// thin bars are not aliased away).
    public func scaled(by factor: Double) -> (image: GrayImage, toSource: AffineMap) {
        let ow = max(1, Int((Double(width) * factor).rounded())), oh = max(1, Int((Double(height) * factor).rounded()))
        let sx = Double(width) / Double(ow), sy = Double(height) / Double(oh)
        let map = AffineMap.scale(sx, sy)
        if factor >= 1 { return (enlarged(width: ow, height: oh), map) }
        var out = [UInt8](repeating: 0, count: ow * oh)
        pixels.withUnsafeBufferPointer { src in
            for v in 0..<oh {
                let ya = Int(Double(v) * sy), yb = max(ya + 1, min(height, Int(Double(v + 1) * sy)))
                for u in 0..<ow {
                    let xa = Int(Double(u) * sx), xb = max(xa + 1, min(width, Int(Double(u + 1) * sx)))
                    var sum = 0
                    for yy in ya..<yb { for xx in xa..<xb { sum += Int(src[yy * width + xx]) } }
                    out[v * ow + u] = UInt8(sum / ((yb - ya) * (xb - xa)))
                }
            }
        }
        return (GrayImage(width: ow, height: oh, pixels: out), map)
    }

    /// Bilinear enlargement to `ow`×`oh`. Separable, so each column's and row's source
    /// pixels and weights are worked out once; weights in 1/256ths (the barcode variants
    /// enlarge crops several times per image, and this was a fifth of their time).
    func enlarged(width ow: Int, height oh: Int) -> GrayImage {
        let w = width, h = height
        guard w > 0, h > 0 else { return GrayImage(width: ow, height: oh) }
        /// Per output index: the two source indices and the second one's weight, for
        /// pixel centres at output (i + 0.5)·scale − 0.5 in source coordinates.
        func taps(_ count: Int, _ source: Int) -> (lo: [Int], hi: [Int], weight: [Int]) {
            let scale = Double(source) / Double(count)
            var lo = [Int](repeating: 0, count: count), hi = lo, weight = lo
            for i in 0..<count {
                let f = min(max((Double(i) + 0.5) * scale - 0.5, 0), Double(source - 1))
                lo[i] = Int(f)
                hi[i] = min(lo[i] + 1, source - 1)
                weight[i] = Int((f - Double(lo[i])) * 256 + 0.5)
            }
            return (lo, hi, weight)
        }
        let xs = taps(ow, w), ys = taps(oh, h)
        var out = [UInt8](repeating: 0, count: ow * oh)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for v in 0..<oh {
                    let a = ys.lo[v] * w, b = ys.hi[v] * w, wy = ys.weight[v]
                    for u in 0..<ow {
                        let x0 = xs.lo[u], x1 = xs.hi[u], wx = xs.weight[u]
                        let top = Int(src[a + x0]) * (256 - wx) + Int(src[a + x1]) * wx
                        let bottom = Int(src[b + x0]) * (256 - wx) + Int(src[b + x1]) * wx
                        dst[v * ow + u] = UInt8((top * (256 - wy) + bottom * wy + 32768) >> 16)
                    }
                }
            }
        }
        return GrayImage(width: ow, height: oh, pixels: out)
    }

    /// Rotated by `radians` (clockwise on screen for positive angles) about its centre,
    /// on a canvas large enough to hold all of it; uncovered pixels repeat the nearest
    /// edge pixel, which adds no new edges.
    public func rotated(radians: Double) -> (image: GrayImage, toSource: AffineMap) {
        let cs = abs(cos(radians)), sn = abs(sin(radians))
        let w = Double(width), h = Double(height)
        let ow = Int((w * cs + h * sn).rounded(.up)), oh = Int((w * sn + h * cs).rounded(.up))
        // Output → source: move the output centre to the origin, rotate back, move to the source centre.
        let map = AffineMap.translation(w / 2, h / 2)
            .after(.rotation(radians: -radians))
            .after(.translation(-Double(ow) / 2, -Double(oh) / 2))
        let out = Self.resample(self, width: ow, height: oh) { u, v in
            let p = map.apply(Point(x: Double(u) + 0.5, y: Double(v) + 0.5))
            return (p.x - 0.5, p.y - 0.5)
        }
        return (out, map)
    }

    /// Rotated a quarter turn clockwise (exact, no resampling).
    public func rotatedQuarterClockwise() -> (image: GrayImage, toSource: AffineMap) {
        var out = [UInt8](repeating: 0, count: width * height)
        let oh = width, ow = height
        pixels.withUnsafeBufferPointer { src in
            for v in 0..<oh {
                for u in 0..<ow { out[v * ow + u] = src[(height - 1 - u) * width + v] }
            }
        }
        // Output (u, v) came from source (v, H − 1 − u); on pixel edges x = v, y = H − u.
        return (GrayImage(width: ow, height: oh, pixels: out),
                AffineMap(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: Double(height)))
    }

    /// Bilinear sampling at the source position `at(u, v)` gives for each output pixel;
    /// positions outside the image are clamped to its edge.
    static func resample(_ img: GrayImage, width ow: Int, height oh: Int,
                         at position: (Int, Int) -> (Double, Double)) -> GrayImage {
        var out = [UInt8](repeating: 0, count: ow * oh)
        let w = img.width, h = img.height
        guard w > 0, h > 0 else { return GrayImage(width: ow, height: oh, pixels: out) }
        img.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for v in 0..<oh {
                    for u in 0..<ow {
                        let (fx, fy) = position(u, v)
                        let x = min(max(fx, 0), Double(w - 1)), y = min(max(fy, 0), Double(h - 1))
                        let x0 = Int(x), y0 = Int(y)
                        let x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1)
                        let ax = x - Double(x0), ay = y - Double(y0)
                        let top = Double(src[y0 * w + x0]) * (1 - ax) + Double(src[y0 * w + x1]) * ax
                        let bottom = Double(src[y1 * w + x0]) * (1 - ax) + Double(src[y1 * w + x1]) * ax
                        dst[v * ow + u] = UInt8(min(255, max(0, (top * (1 - ay) + bottom * ay).rounded())))
                    }
                }
            }
        }
        return GrayImage(width: ow, height: oh, pixels: out)
    }
}

extension GrayImage {
    /// The image on a larger canvas of `value`, `margin` pixels each side: a quiet zone
    /// for a symbol whose edge touches the frame (decoders look for light space there).
    public func padded(by margin: Int, value: UInt8) -> (image: GrayImage, toSource: AffineMap) {
        let ow = width + 2 * margin, oh = height + 2 * margin
        var out = [UInt8](repeating: value, count: ow * oh)
        for y in 0..<height {
            let d = (y + margin) * ow + margin
            for x in 0..<width { out[d + x] = pixels[y * width + x] }
        }
        return (GrayImage(width: ow, height: oh, pixels: out), .translation(-Double(margin), -Double(margin)))
    }

    /// The gray level below which `fraction` of the pixels lie.
    public func percentile(_ fraction: Double) -> UInt8 {
        let histogram = levelHistogram()
        let target = Int(Double(pixels.count) * fraction)
        var seen = 0
        for v in 0..<256 {
            seen += histogram[v]
            if seen > target { return UInt8(v) }
        }
        return 255
    }
}

extension GrayImage {
    /// Narrowed along x by `factor` (0 < factor < 1), each output column the mean of
    /// the source columns it covers; the height is kept. Wide-spaced stamped letters
    /// brought closer together, as the recogniser expects them.
    public func narrowed(by factor: Double) -> GrayImage {
        guard factor > 0, factor < 1, width > 1 else { return self }
        let ow = max(1, Int((Double(width) * factor).rounded()))
        let sx = Double(width) / Double(ow)
        var out = [UInt8](repeating: 0, count: ow * height)
        for u in 0..<ow {
            let xa = Int(Double(u) * sx), xb = max(xa + 1, min(width, Int(Double(u + 1) * sx)))
            for y in 0..<height {
                var sum = 0
                for x in xa..<xb { sum += Int(pixels[y * width + x]) }
                out[y * ow + u] = UInt8(sum / (xb - xa))
            }
        }
        return GrayImage(width: ow, height: height, pixels: out)
    }
}
