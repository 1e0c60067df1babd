/// A plane projective transform: `(x, y) ↦ ((a x + b y + c) / (g x + h y + 1), (d x + e y + f) / (g x + h y + 1))`.
public struct Homography: Sendable, Equatable {
    /// Row-major 3×3 with the last entry 1.
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 9)
        self.m = m
    }

    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The transform taking each `from[i]` to `to[i]` (four pairs, no three collinear);
    /// nil when the points are degenerate.
    public init?(from: [Point], to: [Point]) {
        precondition(from.count == 4 && to.count == 4)
        // Eight equations in the eight unknowns a…h.
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y, u, v) = (from[i].x, from[i].y, to[i].x, to[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        guard let h = Self.solve(&a) else { return nil }
        self.init(h + [1])
    }

    public func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return Point(x: (m[0] * p.x + m[1] * p.y + m[2]) / w, y: (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// The inverse transform (adjugate, rescaled so the last entry is 1); nil if singular.
    public var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let adj = [e * i - f * h, c * h - b * i, b * f - c * e,
                   f * g - d * i, a * i - c * g, c * d - a * f,
                   d * h - e * g, b * g - a * h, a * e - b * d]
        let det = a * adj[0] + b * adj[3] + c * adj[6]
        guard abs(det) > 1e-15, abs(adj[8]) > 1e-15 else { return nil }
        return Homography(adj.map { $0 / adj[8] })
    }

    /// Gaussian elimination with partial pivoting on an n×(n+1) augmented matrix.
    static func solve(_ a: inout [[Double]]) -> [Double]? {
        let n = a.count
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            for r in 0..<n where r != col {
                let f = a[r][col] / a[col][col]
                if f == 0 { continue }
                for c in col...n { a[r][c] -= f * a[col][c] }
            }
        }
        return (0..<n).map { a[$0][n] / a[$0][$0] }
    }
}

/// A straight line `x·cos θ + y·sin θ = ρ` through pixel space, with a unit normal.
public struct EdgeLine: Sendable, Equatable {
    /// Unit normal.
    public var normal: Point
    public var rho: Double

    public init(normal: Point, rho: Double) {
        let len = (normal.x * normal.x + normal.y * normal.y).squareRoot()
        self.normal = Point(x: normal.x / len, y: normal.y / len)
        self.rho = rho / len
    }

    /// The line through two points.
    public init(through a: Point, _ b: Point) {
        self.init(normal: Point(x: -(b.y - a.y), y: b.x - a.x), rho: -(b.y - a.y) * a.x + (b.x - a.x) * a.y)
    }

    /// Unit direction along the line (the normal turned a quarter).
    public var direction: Point { Point(x: -normal.y, y: normal.x) }

    /// Signed distance of `p` from the line, positive on the normal's side.
    public func distance(_ p: Point) -> Double { p.x * normal.x + p.y * normal.y - rho }

    /// Where two lines cross; nil when they are (nearly) parallel.
    public func intersection(_ o: EdgeLine) -> Point? {
        let det = normal.x * o.normal.y - normal.y * o.normal.x
        guard abs(det) > 1e-9 else { return nil }
        return Point(x: (rho * o.normal.y - normal.y * o.rho) / det, y: (normal.x * o.rho - rho * o.normal.x) / det)
    }

    /// Total-least-squares fit through points; nil for fewer than two distinct points.
    public static func fit(_ pts: [Point]) -> EdgeLine? {
        guard pts.count >= 2 else { return nil }
        let n = Double(pts.count)
        let mx = pts.map(\.x).reduce(0, +) / n, my = pts.map(\.y).reduce(0, +) / n
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in pts {
            let dx = p.x - mx, dy = p.y - my
            sxx += dx * dx; syy += dy * dy; sxy += dx * dy
        }
        guard sxx + syy > 1e-12 else { return nil }
        // The normal is the eigenvector of the smaller eigenvalue of the scatter matrix.
        let theta = 0.5 * atan2(2 * sxy, sxx - syy)  // direction of largest spread
        let normal = Point(x: -sin(theta), y: cos(theta))
        return EdgeLine(normal: normal, rho: normal.x * mx + normal.y * my)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
