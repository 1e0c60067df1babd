/// How ringed a photo is just inside and just outside an outline (a label's edge,
/// or what was taken for it): groove lines are thin concentric ridges, the dead wax
/// and a label are smooth. The measure is `GrooveStartFinder`'s: the median over
/// angles of the second difference along each ray (glare and the etching occupy
/// some angles only; a smooth ramp has none).
public struct RingTexture: Sendable {
    /// Angles sampled round the outline. Default 180.
    public var angles = 180
    /// Each side is looked at over this fraction of the outline's size, and at
    /// least `minimumReach` pixels. Default 0.08.
    public var reach = 0.08
    /// Default 10 px.
    public var minimumReach = 10.0
    /// Grooves begin at the outline when the outside is this many times as ringed as
    /// the inside (plus `floor`). Default 3.
    public var ratio = 3.0
    /// Grey levels added to the inside's texture so that noise on smooth wax is not
    /// a ridge. Default 0.5.
    public var floor = 0.5

    public init() {}

    /// Whether `ring` is where the grooves begin: far more ringed just outside it
    /// than just inside. A label's edge is not: the label and the dead wax are both
    /// smooth (or, in a grainy photo, both as grainy). Relative only: the photo's grain
    /// sets the level (rendered whole discs with grain give 2 to 3.5 on a smooth label).
    public func isGroovesStart(_ image: GrayImage, ring: Ellipse) -> Bool {
        let px = 1 / ring.semiMajor, side = max(reach, minimumReach * px)
        guard side < 0.5,
              let inside = texture(image, ring: ring, from: 1 - side, to: 1 - 3 * px, step: px),
              let outside = texture(image, ring: ring, from: 1 + 3 * px, to: 1 + side, step: px) else { return false }
        return outside >= ratio * (inside + floor)
    }

    /// The mean over scales in `from...to` (of the outline) of `GrooveStartFinder.
    /// ridgeTexture`, each scale with at least half the angles in the photo; nil where
    /// fewer than half the scales are.
    func texture(_ image: GrayImage, ring: Ellipse, from: Double, to: Double, step: Double) -> Double? {
        let count = Int((to - from) / step)
        guard count >= 3 else { return nil }
        // One sample beyond each end, for the second difference there.
        let profiles: [[Double?]] = (0..<angles).map { k in
            let t = Double(k) / Double(angles) * 2 * Double.pi
            return (-1...count).map { i in
                let p = ring.point(at: t, scale: from + Double(i) * step)
                let v = image.sample(p.x, p.y, outside: -1)
                return v >= 0 ? v : nil
            }
        }
        let known = GrooveStartFinder.ridgeTexture(profiles, minimumShare: 0.5)[1...count].compactMap { $0 }
        return known.count * 2 >= count ? known.reduce(0, +) / Double(known.count) : nil
    }
}
