#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The centre of concentric arcs judged by angle: an edge agrees with a centre when
/// its normal points at it within `tolerance` radians, however far away it is.
///
/// Why beside `ArcCentreVote`: a Hough vote counts lines crossing a cell, and a
/// normal's direction error spreads its line in proportion to the distance, so the
/// lines are densest near the edges. On a close-up whose arcs are short (their
/// normals nearly parallel) the vote's peak slides along the arcs' axis towards the
/// photo, hundreds of pixels short of the true centre, while the angle test at the
/// true centre counts half as many edges again. Hypotheses come from pairs of edges
/// (where their normal lines cross) and from any given start; the best is polished by
/// least squares over the edges that agree with it.
public struct ArcCentreConsensus: Sendable {
    /// An edge agrees with a centre when its normal is within this angle of the
    /// direction to it (either sense). Default 3° (Sobel directions on a reduced
    /// photo scatter by about that much).
    public var tolerance = 3.0 * Double.pi / 180
    /// Pairs of edges tried as hypotheses. Default 300.
    public var hypotheses = 300
    /// Edges each hypothesis is counted on (an even thinning). Default 600.
    public var sampleSize = 600

    public init() {}

    /// How many of `edges` point at `centre`.
    public func agreeing(_ centre: Point, _ edges: [EdgeNormal]) -> Int {
        let cosine = cos(tolerance)
        var count = 0
        for e in edges {
            let dx = e.point.x - centre.x, dy = e.point.y - centre.y
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > 1e-9 else { continue }
            if abs(dx * e.normal.x + dy * e.normal.y) > cosine * d { count += 1 }
        }
        return count
    }

    /// The centre most edges point at, starting from `starts` and from crossings of
    /// pairs of edges' normal lines (pairs at least 5° apart, chosen by a fixed
    /// generator: the same photo gives the same centre); nil with fewer than 3 edges.
    public func centre(of edges: [EdgeNormal], starts: [Point] = []) -> (centre: Point, agreeing: Int)? {
        guard edges.count >= 3 else { return nil }
        let stride = max(1, edges.count / sampleSize)
        let sample = Swift.stride(from: 0, to: edges.count, by: stride).map { edges[$0] }
        var candidates = starts
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        let minimumSine = sin(5 * Double.pi / 180)
        for _ in 0..<hypotheses {
            let a = edges[next() % edges.count], b = edges[next() % edges.count]
            // a.p + s a.n = b.p + t b.n
            let det = -a.normal.x * b.normal.y + b.normal.x * a.normal.y
            guard abs(det) >= minimumSine else { continue }
            let rx = b.point.x - a.point.x, ry = b.point.y - a.point.y
            let s = (-rx * b.normal.y + b.normal.x * ry) / det
            candidates.append(Point(x: a.point.x + s * a.normal.x, y: a.point.y + s * a.normal.y))
        }
        guard var best = candidates.max(by: { agreeing($0, sample) < agreeing($1, sample) }) else { return nil }
        for _ in 0..<5 {
            guard let polished = leastSquares(best, edges) else { break }
            best = polished
        }
        return (best, agreeing(best, edges))
    }

    /// The point nearest (in squared distance) to the normal lines of the edges that
    /// agree with `centre`; nil when they do not fix a point.
    func leastSquares(_ centre: Point, _ edges: [EdgeNormal]) -> Point? {
        let cosine = cos(tolerance)
        var a11 = 0.0, a12 = 0.0, a22 = 0.0, b1 = 0.0, b2 = 0.0, used = 0
        for e in edges {
            let dx = e.point.x - centre.x, dy = e.point.y - centre.y
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > 1e-9, abs(dx * e.normal.x + dy * e.normal.y) > cosine * d else { continue }
            let mx = -e.normal.y, my = e.normal.x
            let pm = e.point.x * mx + e.point.y * my
            a11 += mx * mx; a12 += mx * my; a22 += my * my
            b1 += mx * pm; b2 += my * pm
            used += 1
        }
        let det = a11 * a22 - a12 * a12
        guard used >= 3, abs(det) > 1e-9 * max(1, a11 * a22) else { return nil }
        return Point(x: (a22 * b1 - a12 * b2) / det, y: (a11 * b2 - a12 * b1) / det)
    }
}
