#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// An ellipse in source-image pixels: how a circular disc looks under a camera's
/// (near-affine) perspective. `angle` is the direction of the major axis, radians,
/// measured from +x towards +y (clockwise on screen, y points down).
public struct Ellipse: Sendable, Equatable {
    public var center: Point
    public var semiMajor: Double
    public var semiMinor: Double
    public var angle: Double

    public init(center: Point, semiMajor: Double, semiMinor: Double, angle: Double) {
        self.center = center
        self.semiMajor = semiMajor
        self.semiMinor = semiMinor
        self.angle = angle
    }

    public static func circle(center: Point, radius: Double) -> Ellipse {
        Ellipse(center: center, semiMajor: radius, semiMinor: radius, angle: 0)
    }

    /// The point at parameter `t` (radians) on the ellipse scaled by `scale` about its
    /// centre. The map from the unit circle keeps orientation (its determinant is
    /// positive), so clockwise on the disc stays clockwise in the photo.
    public func point(at t: Double, scale: Double = 1) -> Point {
        let u = semiMajor * scale * cos(t), v = semiMinor * scale * sin(t)
        let c = cos(angle), s = sin(angle)
        return Point(x: center.x + c * u - s * v, y: center.y + s * u + c * v)
    }

    /// `p` in the ellipse's own unit-circle coordinates: inside when the length < 1.
    public func normalized(_ p: Point) -> Point {
        let dx = p.x - center.x, dy = p.y - center.y
        let c = cos(angle), s = sin(angle)
        return Point(x: (c * dx + s * dy) / semiMajor, y: (-s * dx + c * dy) / semiMinor)
    }

    /// The inverse of `normalized`.
    public func denormalized(_ u: Point) -> Point {
        let a = u.x * semiMajor, b = u.y * semiMinor
        let c = cos(angle), s = sin(angle)
        return Point(x: center.x + c * a - s * b, y: center.y + s * a + c * b)
    }

    /// Whether `p` lies inside the ellipse grown by `scale` about its centre.
    public func contains(_ p: Point, scale: Double = 1) -> Bool {
        let u = normalized(p)
        return u.x * u.x + u.y * u.y <= scale * scale
    }

    /// Algebraic distance of `p` from the outline in units of the ellipse's size:
    /// |‖normalized(p)‖ − 1|, a cheap stand-in for the geometric distance.
    public func radialResidual(_ p: Point) -> Double {
        let u = normalized(p)
        return abs((u.x * u.x + u.y * u.y).squareRoot() - 1)
    }
}

/// Least-squares conic and circle fits to outline points.
public enum ShapeFit {
    /// The ellipse through `points` (at least 5, spread around the outline), by a
    /// linear least-squares fit of `A x² + B xy + C y² + D x + E y = 1` in coordinates
    /// centred on the points' mean (which must lie inside the ellipse: true for points
    /// all round an outline). Nil when the points do not describe an ellipse.
    public static func ellipse(_ points: [Point]) -> Ellipse? {
        guard points.count >= 5 else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.x } / n, my = points.reduce(0) { $0 + $1.y } / n
        let spread = points.reduce(0) { $0 + abs($1.x - mx) + abs($1.y - my) } / n
        guard spread > 0 else { return nil }
        var ata = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 5)
        var atb = [Double](repeating: 0, count: 5)
        for p in points {
            let x = (p.x - mx) / spread, y = (p.y - my) / spread
            let row = [x * x, x * y, y * y, x, y]
            for i in 0..<5 {
                atb[i] += row[i]
                for j in 0..<5 { ata[i][j] += row[i] * row[j] }
            }
        }
        guard let q = LinearSolve.solve(ata, atb) else { return nil }
        let (a, b, c, d, e) = (q[0], q[1], q[2], q[3], q[4])
        let f = -1.0
        let det = 4 * a * c - b * b
        guard det > 0 else { return nil }
        let x0 = (b * e - 2 * c * d) / det, y0 = (b * d - 2 * a * e) / det
        let fc = f + (d * x0 + e * y0) / 2
        // Eigenvalues of [[a, b/2], [b/2, c]].
        let mean = (a + c) / 2, diff = ((a - c) * (a - c) + b * b).squareRoot() / 2
        let l1 = mean - diff, l2 = mean + diff
        guard l1 > 0, -fc / l1 > 0, -fc / l2 > 0 else { return nil }
        let major = (-fc / l1).squareRoot(), minor = (-fc / l2).squareRoot()
        // Eigenvector of the smaller eigenvalue points along the major axis.
        let theta = abs(b) < 1e-15 ? (a <= c ? 0 : Double.pi / 2) : atan2(l1 - a, b / 2)
        return Ellipse(center: Point(x: mx + x0 * spread, y: my + y0 * spread),
                       semiMajor: major * spread, semiMinor: minor * spread, angle: theta)
    }

    /// The ellipse fitted again without the points that lie far from the first fit:
    /// glare, etchings and fingerprints put a few edge points off the outline.
    public static func robustEllipse(_ points: [Point], rounds: Int = 3, tolerance: Double = 2.5) -> Ellipse? {
        var kept = points
        guard var fit = ellipse(kept) else { return nil }
        for _ in 0..<rounds {
            let residuals = kept.map { fit.radialResidual($0) }
            let mad = median(residuals)
            let limit = max(tolerance * mad, 0.002)
            let next = kept.filter { fit.radialResidual($0) <= limit }
            guard next.count >= max(5, points.count / 3), next.count < kept.count, let refit = ellipse(next) else { break }
            kept = next
            fit = refit
        }
        return fit
    }

    /// The circle through `points` (Kåsa's algebraic fit). Nil for fewer than 3 points
    /// or points on a line.
    public static func circle(_ points: [Point]) -> (center: Point, radius: Double)? {
        guard points.count >= 3 else { return nil }
        var ata = [[Double]](repeating: [0, 0, 0], count: 3)
        var atb = [0.0, 0.0, 0.0]
        for p in points {
            let row = [p.x, p.y, 1.0], rhs = -(p.x * p.x + p.y * p.y)
            for i in 0..<3 {
                atb[i] += row[i] * rhs
                for j in 0..<3 { ata[i][j] += row[i] * row[j] }
            }
        }
        guard let q = LinearSolve.solve(ata, atb) else { return nil }
        let cx = -q[0] / 2, cy = -q[1] / 2
        let r2 = cx * cx + cy * cy - q[2]
        guard r2 > 0 else { return nil }
        return (Point(x: cx, y: cy), r2.squareRoot())
    }
}

/// Small dense linear systems (normal equations of the fits above).
enum LinearSolve {
    /// Solves `m x = v` by Gaussian elimination with partial pivoting; nil when singular.
    static func solve(_ m: [[Double]], _ v: [Double]) -> [Double]? {
        let n = v.count
        var a = m, b = v
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            if pivot != col { a.swapAt(pivot, col); b.swapAt(pivot, col) }
            for r in (col + 1)..<n {
                let f = a[r][col] / a[col][col]
                guard f != 0 else { continue }
                for c in col..<n { a[r][c] -= f * a[col][c] }
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for c in (r + 1)..<n { s -= a[r][c] * x[c] }
            x[r] = s / a[r][r]
        }
        return x
    }
}

extension Ellipse {
    /// True when the outline lies in a `width` × `height` frame, within 2% of the frame's
    /// size: a photo of the whole disc, its run-out all in view. A close-up's "disc" is a
    /// partial outline or the label.
    public func liesInFrame(width: Int, height: Int) -> Bool {
        let slack = 0.02 * Double(max(width, height))
        let r = semiMajor
        return center.x - r >= -slack && center.y - r >= -slack
            && center.x + r <= Double(width) + slack && center.y + r <= Double(height) + slack
    }
}
