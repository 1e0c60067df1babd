/// A quadrilateral: four corners in one pixel space, in order around the outline.
///
/// Detected sleeves are kept clockwise on screen (y grows downwards) starting at the
/// corner that reads as the sleeve's top-left, so that corner 0 → corner 1 is the
/// top edge running left to right.
public struct Quad: Hashable, Sendable {
    public var corners: [Point]

    public init(_ corners: [Point]) {
        precondition(corners.count == 4, "a quad has four corners")
        self.corners = corners
    }

    public init(_ xy: [[Double]]) {
        self.init(xy.map { Point(x: $0[0], y: $0[1]) })
    }

    /// Signed shoelace area: positive when the corners run clockwise on screen.
    public var signedArea: Double {
        var s = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }

    public var area: Double { abs(signedArea) }

    public var centroid: Point {
        // A plain loop: the detector asks for it hundreds of times a frame, and mapping
        // key paths into new arrays cost thousands of instructions a call. Same sums,
        // in the same order.
        var x = 0.0, y = 0.0
        for p in corners { x += p.x; y += p.y }
        return Point(x: x / 4, y: y / 4)
    }

    /// True when every turn goes the same way (no reflex corner, no self-crossing).
    public var isConvex: Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) < 1e-12 { return false }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// Side lengths: top, right, bottom, left for an ordered quad.
    public var sideLengths: [Double] {
        (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) }
    }

    /// Width over height from the mean lengths of opposite sides: a perspective-blind
    /// estimate, good enough to choose between a square and a longer output.
    public var sideRatio: Double {
        let s = sideLengths
        let h = s[1] + s[3]
        return h > 0 ? (s[0] + s[2]) / h : 1
    }

    /// The same outline, clockwise on screen, starting at the corner whose outgoing
    /// edge points most nearly to the right (the top-left of an upright sleeve, and
    /// the least rotation for a tilted one).
    public func ordered() -> Quad {
        // Sort round the centroid first so any input order gives the outline (each
        // corner's angle computed once, not in every comparison).
        let m = centroid
        var around = corners.map { (point: $0, angle: atan2($0.y - m.y, $0.x - m.x)) }
        around.sort { $0.angle < $1.angle }
        let c = around.map { $0.point }
        // atan2 in y-down space increases clockwise on screen, so c is clockwise now.
        var best = 0, bestCos = -Double.infinity
        for i in 0..<4 {
            let a = c[i], b = c[(i + 1) % 4]
            let len = a.distance(to: b)
            guard len > 0 else { continue }
            let cosRight = (b.x - a.x) / len
            if cosRight > bestCos + 1e-9 { bestCos = cosRight; best = i }
        }
        return Quad((0..<4).map { c[(best + $0) % 4] })
    }

    /// Intersection over union of the two outlines (both must be convex).
    public func iou(_ other: Quad) -> Double {
        let inter = ConvexPolygon.intersection(corners, other.corners)
        let i = ConvexPolygon.area(inter)
        let u = area + other.area - i
        return u > 0 ? i / u : 0
    }

    /// Largest distance any corner moved, pairing corners in order.
    public func maxCornerDistance(to other: Quad) -> Double {
        zip(corners, other.corners).map { $0.distance(to: $1) }.max() ?? 0
    }

    public func scaled(by s: Double) -> Quad { Quad(corners.map { $0 * s }) }

    public var diagonal: Double {
        max(corners[0].distance(to: corners[2]), corners[1].distance(to: corners[3]))
    }
}

/// Polygon helpers for `Quad.iou`.
enum ConvexPolygon {
    static func area(_ p: [Point]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    /// Sutherland–Hodgman: `subject` clipped by the convex `clip` polygon.
    static func intersection(_ subject: [Point], _ clip: [Point]) -> [Point] {
        // Work in one orientation: make the clip polygon counter-clockwise in math
        // terms (positive shoelace), so "inside" is left of each edge.
        var clipper = clip
        var s = 0.0
        for i in clipper.indices {
            let a = clipper[i], b = clipper[(i + 1) % clipper.count]
            s += a.x * b.y - b.x * a.y
        }
        if s < 0 { clipper.reverse() }
        var output = subject
        for i in clipper.indices {
            guard !output.isEmpty else { break }
            let a = clipper[i], b = clipper[(i + 1) % clipper.count]
            let input = output
            output = []
            func inside(_ p: Point) -> Bool { (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x) >= 0 }
            func cut(_ p: Point, _ q: Point) -> Point {
                let d1 = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
                let d2 = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x)
                let t = d1 / (d1 - d2)
                return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            for j in input.indices {
                let p = input[j], q = input[(j + 1) % input.count]
                let pin = inside(p), qin = inside(q)
                if pin {
                    output.append(p)
                    if !qin { output.append(cut(p, q)) }
                } else if qin {
                    output.append(cut(p, q))
                }
            }
        }
        return output
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
