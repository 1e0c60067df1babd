/// An edge point with the direction of its brightness gradient (unit length).
/// On a circular edge (a groove, the label's rim) the gradient is radial: the line
/// through the point along its normal passes through the circle's centre.
public struct EdgeNormal: Sendable, Equatable {
    public var point: Point
    public var normal: Point
    public var weight: Double

    public init(point: Point, normal: Point, weight: Double = 1) {
        self.point = point
        self.normal = normal
        self.weight = weight
    }

    public init(_ x: Double, _ y: Double, _ nx: Double, _ ny: Double, weight: Double = 1) {
        let n = (nx * nx + ny * ny).squareRoot()
        self.init(point: Point(x: x, y: y), normal: Point(x: nx / max(n, 1e-12), y: ny / max(n, 1e-12)), weight: weight)
    }
}

/// The common centre of concentric arcs from their edge normals, which may lie far
/// outside the photo (a close-up of the run-out shows arcs of grooves and of the
/// label's edge, not the disc's middle).
///
/// Hough voting over the centre: every edge point votes along its normal line into
/// a grid that covers the photo and a wide margin round it; the concentric arcs'
/// lines all meet in one cell while text strokes, dust and glare scatter. The peak
/// is refined by least squares: the point nearest (in squared distance) to the
/// normal lines that pass close to it.
public struct ArcCentreVote: Sendable {
    /// Grid cell size in the edge points' units. Default 3.
    public var cell = 3.0
    /// Lines passing within this many cells of the peak are used in the refinement. Default 3.
    public var refineCells = 3.0

    public init() {}

    /// The centre of the arcs the edges lie on, searched inside `bounds`; nil when no
    /// cell gathers votes from a real share of the edges.
    public func centre(of edges: [EdgeNormal], within bounds: Rect) -> Point? {
        guard edges.count >= 3, bounds.width > 0, bounds.height > 0 else { return nil }
        let gw = max(1, Int((bounds.width / cell).rounded(.up))), gh = max(1, Int((bounds.height / cell).rounded(.up)))
        var votes = [Double](repeating: 0, count: gw * gh)
        let reach = (bounds.width * bounds.width + bounds.height * bounds.height).squareRoot()
        let step = cell * 0.7
        for e in edges {
            // Walk the normal line across the grid in both directions.
            let steps = Int(reach / step)
            var lastCell = -1
            for k in -steps...steps {
                let t = Double(k) * step
                let x = e.point.x + t * e.normal.x - bounds.minX, y = e.point.y + t * e.normal.y - bounds.minY
                guard x >= 0, y >= 0 else { continue }
                let cx = Int(x / cell), cy = Int(y / cell)
                guard cx < gw, cy < gh else { continue }
                let c = cy * gw + cx
                if c != lastCell { votes[c] += e.weight; lastCell = c }
            }
        }
        // The peak of the 3×3-summed votes (a centre on a cell border splits its votes).
        var best = -1.0, bestCell = 0
        for cy in 0..<gh {
            for cx in 0..<gw {
                var s = 0.0
                for dy in -1...1 {
                    let y = cy + dy
                    guard y >= 0, y < gh else { continue }
                    for dx in -1...1 {
                        let x = cx + dx
                        guard x >= 0, x < gw else { continue }
                        s += votes[y * gw + x]
                    }
                }
                if s > best { best = s; bestCell = cy * gw + cx }
            }
        }
        let total = edges.reduce(0) { $0 + $1.weight }
        guard best > 0.05 * total else { return nil }
        let peak = Point(x: bounds.minX + (Double(bestCell % gw) + 0.5) * cell,
                         y: bounds.minY + (Double(bestCell / gw) + 0.5) * cell)
        return refine(peak, edges: edges, radius: refineCells * cell) ?? peak
    }

    /// The point that minimises the weighted squared distances to the normal lines
    /// passing within `radius` of `start`, twice (the second pass on the first's answer).
    public func refine(_ start: Point, edges: [EdgeNormal], radius: Double) -> Point? {
        var c = start
        for _ in 0..<2 {
            var a11 = 0.0, a12 = 0.0, a22 = 0.0, b1 = 0.0, b2 = 0.0, used = 0
            for e in edges {
                // m: the unit vector across the normal line; distance = (c − p)·m.
                let mx = -e.normal.y, my = e.normal.x
                let d = (c.x - e.point.x) * mx + (c.y - e.point.y) * my
                guard abs(d) <= radius else { continue }
                let w = e.weight
                a11 += w * mx * mx; a12 += w * mx * my; a22 += w * my * my
                let pm = e.point.x * mx + e.point.y * my
                b1 += w * mx * pm; b2 += w * my * pm
                used += 1
            }
            let det = a11 * a22 - a12 * a12
            guard used >= 3, abs(det) > 1e-9 * max(1, a11 * a22) else { return nil }
            c = Point(x: (a22 * b1 - a12 * b2) / det, y: (a11 * b2 - a12 * b1) / det)
        }
        return c
    }
}
