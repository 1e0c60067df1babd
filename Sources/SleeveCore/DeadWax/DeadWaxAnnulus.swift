#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The dead-wax band in the disc's own frame, where perspective is undone: the disc
/// ellipse maps to the unit circle, and the band is the ring between the label's
/// edge and the first groove, centred on the label (the band hugs the label, so the
/// label's centre is the better centre under a slightly off-axis camera).
public struct DeadWaxAnnulus: Sendable, Equatable {
    /// The disc outline in source pixels; defines the circular frame.
    public var disc: Ellipse
    /// The label outline in source pixels; nothing inside it is ever sampled for OCR.
    public var label: Ellipse
    /// The ring's centre in the disc frame (unit circle = disc edge).
    public var center: Point
    /// Inner radius (the label's edge) in the disc frame.
    public var inner: Double
    /// Outer radius (where the grooves start) in the disc frame.
    public var outer: Double

    public init(disc: Ellipse, label: Ellipse, center: Point, inner: Double, outer: Double) {
        self.disc = disc
        self.label = label
        self.center = center
        self.inner = inner
        self.outer = outer
    }

    /// The source pixel at `angle` (radians, clockwise on the disc as photographed)
    /// and `radius` (disc frame) from the ring's centre.
    @inline(__always)
    public func sourcePoint(angle: Double, radius: Double) -> Point {
        disc.denormalized(Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle)))
    }

    /// The ring between the label and the grooves found in `image`, or nil when the
    /// label is not a circle in the disc's frame.
    public static func locate(in image: GrayImage, outline: DiscOutline, finder: GrooveStartFinder = GrooveStartFinder()) -> DeadWaxAnnulus? {
        let disc = outline.disc
        let labelPoints = (0..<64).map { disc.normalized(outline.label.point(at: Double($0) / 64 * 2 * Double.pi)) }
        guard let circle = ShapeFit.circle(labelPoints), circle.radius < 0.9 else { return nil }
        var ring = DeadWaxAnnulus(disc: disc, label: outline.label, center: circle.center,
                                  inner: circle.radius, outer: min(0.97, circle.radius * 1.4))
        ring.outer = finder.grooveStart(in: image, ring: ring) ?? ring.outer
        return ring
    }
}

/// Where the grooves start outside the label: the radius at which the radial
/// texture (concentric groove lines) rises from the smooth dead wax to the level of
/// the grooved area. A median over angles keeps glare streaks and the etching
/// itself (both confined to some angles) out of the measure.
public struct GrooveStartFinder: Sendable {
    /// Angles sampled around the ring. Default 180.
    public var angles = 180
    /// Fraction of the way from the dead-wax texture level to the groove level that
    /// counts as grooves. Default 0.5.
    public var threshold = 0.5

    public init() {}

    /// The groove radius in the disc frame; nil when the texture never changes (no
    /// grooves visible), leaving the caller's estimate.
    public func grooveStart(in image: GrayImage, ring: DeadWaxAnnulus) -> Double? {
        let step = 1 / ring.disc.semiMajor  // about one source pixel
        let start = ring.inner * 1.03 + 2 * step, end = 0.97 - ring.center.length
        guard end > start + 20 * step else { return nil }
        let count = Int((end - start) / step)
        let profiles: [[Double?]] = (0..<angles).map { k in
            let a = Double(k) / Double(angles) * 2 * Double.pi
            return (0..<count).map { i in
                let p = ring.sourcePoint(angle: a, radius: start + Double(i) * step)
                return image.sample(p.x, p.y)
            }
        }
        // Every sample is known (sampled clamped), so every inner radius has a value.
        let texture = Self.ridgeTexture(profiles, minimumShare: 0).map { $0 ?? 0 }
        return Self.riseRadius(texture: texture, start: start, step: step, threshold: threshold)
    }

    /// At each radius of per-angle profiles (samples one pixel apart, nil outside the
    /// photo), the median over angles of the second difference |2v(i) − v(i−1) − v(i+1)|:
    /// groove lines are thin ridges, glare a smooth ramp, and glare and the etching hold
    /// some angles only. Nil at the ends and where fewer than `minimumShare` of the
    /// angles have the three samples.
    static func ridgeTexture(_ profiles: [[Double?]], minimumShare: Double) -> [Double?] {
        let count = profiles.first?.count ?? 0
        var texture = [Double?](repeating: nil, count: count)
        guard count >= 3 else { return texture }
        var second: [Double] = []
        for i in 1..<(count - 1) {
            second.removeAll(keepingCapacity: true)
            for v in profiles {
                guard let a = v[i - 1], let b = v[i], let c = v[i + 1] else { continue }
                second.append(abs(2 * b - a - c))
            }
            if !second.isEmpty, Double(second.count) >= minimumShare * Double(profiles.count) { texture[i] = median(second) }
        }
        return texture
    }

    /// The first radius after the quiet band at which the smoothed texture passes
    /// `threshold` of the way from the quiet level to the grooves' level.
    static func riseRadius(texture: [Double], start: Double, step: Double, threshold: Double) -> Double? {
        let n = texture.count
        guard n > 20 else { return nil }
        let w = max(2, n / 60)
        var smooth = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let lo = max(0, i - w), hi = min(n - 1, i + w)
            smooth[i] = texture[lo...hi].reduce(0, +) / Double(hi - lo + 1)
        }
        let searchEnd = max(w + 1, n * 2 / 5)
        var quietIndex = w
        for i in w..<searchEnd where smooth[i] < smooth[quietIndex] { quietIndex = i }
        let quiet = smooth[quietIndex]
        let grooves = median(Array(smooth[quietIndex...]))
        guard grooves > quiet * 1.3 + 0.2 else { return nil }
        let level = quiet + threshold * (grooves - quiet)
        guard let rise = (quietIndex..<n).first(where: { smooth[$0] >= level }) else { return nil }
        return start + Double(rise) * step
    }
}

extension Point {
    var length: Double { (x * x + y * y).squareRoot() }
}
