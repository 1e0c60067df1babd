extension GrayImage {
    /// Bilinear sample at (x, y) in pixel coordinates (pixel centres at integers);
    /// `outside` beyond the image.
    @inline(__always)
    public func sample(_ x: Double, _ y: Double, outside: Double = 0) -> Double {
        guard x >= 0, y >= 0, x <= Double(width - 1), y <= Double(height - 1) else { return outside }
        let x0 = Int(x), y0 = Int(y)
        let x1 = Swift.min(x0 + 1, width - 1), y1 = Swift.min(y0 + 1, height - 1)
        let fx = x - Double(x0), fy = y - Double(y0)
        let p00 = Double(pixels[y0 * width + x0]), p10 = Double(pixels[y0 * width + x1])
        let p01 = Double(pixels[y1 * width + x0]), p11 = Double(pixels[y1 * width + x1])
        let top = p00 + (p10 - p00) * fx, bottom = p01 + (p11 - p01) * fx
        return top + (bottom - top) * fy
    }

    /// The image shrunk by a whole `factor`, each output pixel the mean of a
    /// factor × factor block (a cheap low-pass that keeps the disc's outline).
    public func boxReduced(by factor: Int) -> GrayImage {
        guard factor > 1 else { return self }
        let w = width / factor, h = height / factor
        var out = [UInt8](repeating: 0, count: w * h)
        let area = factor * factor
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                for x in 0..<w {
                    var s = 0
                    for dy in 0..<factor {
                        let row = (y * factor + dy) * width + x * factor
                        for dx in 0..<factor { s += Int(p[row + dx]) }
                    }
                    out[y * w + x] = UInt8(s / area)
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Otsu's threshold: the gray level that best splits the histogram in two.
    public func otsuThreshold() -> UInt8 {
        var hist = [Int](repeating: 0, count: 256)
        for p in pixels { hist[Int(p)] += 1 }
        let total = Double(pixels.count)
        let sumAll = hist.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var sumB = 0.0, weightB = 0.0, best = 0.0, threshold = 0
        for t in 0..<256 {
            weightB += Double(hist[t])
            guard weightB > 0 else { continue }
            let weightF = total - weightB
            guard weightF > 0 else { break }
            sumB += Double(t * hist[t])
            let mB = sumB / weightB, mF = (sumAll - sumB) / weightF
            let between = weightB * weightF * (mB - mF) * (mB - mF)
            if between > best { best = between; threshold = t }
        }
        return UInt8(threshold)
    }
}
