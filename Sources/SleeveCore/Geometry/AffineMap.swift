#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine map `p ↦ (a·x + b·y + tx, c·x + d·y + ty)`.
///
/// Image variants (crops, rescales, rotations) each carry the map from their pixels
/// back to the source image's, so a symbol found on a variant is reported where it
/// sits in the source.
public struct AffineMap: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    public static func translation(_ x: Double, _ y: Double) -> AffineMap {
        AffineMap(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineMap {
        AffineMap(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// The plain rotation matrix; in a y-down image a positive angle turns clockwise.
    public static func rotation(radians t: Double) -> AffineMap {
        let cs = cos(t), sn = sin(t)
        return AffineMap(a: cs, b: -sn, c: sn, d: cs, tx: 0, ty: 0)
    }

    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + tx, y: c * p.x + d * p.y + ty)
    }

    /// `self` after `inner`: `(self ∘ inner)(p) = self(inner(p))`.
    public func after(_ inner: AffineMap) -> AffineMap {
        AffineMap(a: a * inner.a + b * inner.c, b: a * inner.b + b * inner.d,
                  c: c * inner.a + d * inner.c, d: c * inner.b + d * inner.d,
                  tx: a * inner.tx + b * inner.ty + tx, ty: c * inner.tx + d * inner.ty + ty)
    }

    public var inverse: AffineMap {
        let det = a * d - b * c
        precondition(det != 0, "singular affine map")
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return AffineMap(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ib * ty), ty: -(ic * tx + id * ty))
    }
}
