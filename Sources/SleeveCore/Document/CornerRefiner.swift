/// Moves a coarse outline onto the sleeve's edges in the full-resolution frame.
///
/// For each side it reads short intensity profiles across the coarse side, finds the
/// strongest step of the expected sign in each to sub-pixel precision (a parabola
/// through the peak of the derivative), fits a line through those points with outlier
/// trimming, and intersects neighbouring lines for the corners. A side with too few
/// good points keeps its coarse line.
public struct CornerRefiner: Sendable {
    /// Half-length of each profile, in source pixels.
    public var searchRadius: Double
    /// Profiles read per side.
    public var samplesPerSide = 64

    public init(searchRadius: Double) {
        self.searchRadius = searchRadius
    }

    public func refine(_ detection: SleeveDetection, in image: GrayImage) -> Quad {
        let q = detection.quad
        let c = q.centroid
        var lines: [EdgeLine] = []
        for k in 0..<4 {
            let a = q.corners[k], b = q.corners[(k + 1) % 4]
            let coarse = EdgeLine(through: a, b)
            let fitted = refineSide(a, b, coarse: coarse, centroid: c, insideBrighter: detection.insideBrighter[k],
                                    image: image)
            lines.append(fitted ?? coarse)
        }
        var corners: [Point] = []
        for k in 0..<4 {
            // Corner k is where side k-1 (ending there) meets side k (starting there).
            guard let p = lines[(k + 3) % 4].intersection(lines[k]),
                  p.distance(to: q.corners[k]) < 4 * searchRadius + 0.05 * q.diagonal
            else { return q }
            corners.append(p)
        }
        return Quad(corners)
    }

    func refineSide(_ a: Point, _ b: Point, coarse: EdgeLine, centroid: Point, insideBrighter: Bool,
                    image: GrayImage) -> EdgeLine? {
        // Profile direction: from outside to inside, so the expected step has one sign.
        var n = coarse.normal
        if coarse.distance(centroid) < 0 { n = Point(x: -n.x, y: -n.y) }
        let sign: Double = insideBrighter ? 1 : -1
        let r = Int(searchRadius.rounded(.up))
        let w = Double(image.width), h = Double(image.height)
        var found: [Point] = []
        var profile = [Double](repeating: 0, count: 2 * r + 3)
        let d = Point(x: -n.y, y: n.x)
        for i in 0..<samplesPerSide {
            // Stay off the corners, where the other side's edge would compete.
            let t = 0.06 + 0.88 * (Double(i) + 0.5) / Double(samplesPerSide)
            let p = a + (b - a) * t
            let ends = [p + n * Double(-r - 1), p + n * Double(r + 1)]
            guard ends.allSatisfy({ $0.x >= 1 && $0.y >= 1 && $0.x < w - 2 && $0.y < h - 2 }) else { continue }
            for s in 0..<profile.count {
                let q = p + n * Double(s - r - 1)
                // Average three parallel profiles: print texture near the edge is noise.
                profile[s] = (Self.bilinear(image, q) + Self.bilinear(image, q + d) + Self.bilinear(image, q - d)) / 3
            }
            var bestS = -1, bestV = 0.0
            for s in 1..<(profile.count - 1) {
                let v = sign * (profile[s + 1] - profile[s - 1])
                if v > bestV { bestV = v; bestS = s }
            }
            // A real sleeve edge is a step of several gray levels.
            guard bestS > 1, bestS < profile.count - 2, bestV >= 6 else { continue }
            let l = sign * (profile[bestS] - profile[bestS - 2])
            let rr = sign * (profile[bestS + 2] - profile[bestS])
            let denom = l - 2 * bestV + rr
            let offset = denom < 0 ? max(-0.5, min(0.5, 0.5 * (l - rr) / denom)) : 0
            found.append(p + n * (Double(bestS - r - 1) + offset))
        }
        guard found.count >= max(6, samplesPerSide / 5) else { return nil }
        var pts = found
        var line = EdgeLine.fit(pts)
        for _ in 0..<3 {
            guard let l = line else { return nil }
            let res = pts.map { abs(l.distance($0)) }
            let med = res.sorted()[res.count / 2]
            let limit = max(0.75, 2.5 * med)
            let kept = zip(pts, res).filter { $0.1 <= limit }.map(\.0)
            guard kept.count >= 6 else { break }
            pts = kept
            line = EdgeLine.fit(pts)
        }
        return line
    }

    @inline(__always) static func bilinear(_ img: GrayImage, _ p: Point) -> Double {
        let x0 = Int(p.x), y0 = Int(p.y)
        let fx = p.x - Double(x0), fy = p.y - Double(y0)
        let i = y0 * img.width + x0
        let a = Double(img.pixels[i]), b = Double(img.pixels[i + 1])
        let c = Double(img.pixels[i + img.width]), d = Double(img.pixels[i + img.width + 1])
        return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
    }
}
