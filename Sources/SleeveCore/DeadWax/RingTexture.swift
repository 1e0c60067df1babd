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

    /// The mean over scales in `from...to` (of the outline) of the median over angles
    /// of |2v(s) − v(s−1) − v(s+1)|; nil where the band is mostly out of the photo.
    func texture(_ image: GrayImage, ring: Ellipse, from: Double, to: Double, step: Double) -> Double? {
        let count = Int((to - from) / step)
        guard count >= 3 else { return nil }
        var sum = 0.0, known = 0
        var second: [Double] = []
        for i in 0..<count {
            let s = from + Double(i) * step
            second.removeAll(keepingCapacity: true)
            for k in 0..<angles {
                let t = Double(k) / Double(angles) * 2 * Double.pi
                let a = ring.point(at: t, scale: s - step), b = ring.point(at: t, scale: s), c = ring.point(at: t, scale: s + step)
                let va = image.sample(a.x, a.y, outside: -1), vb = image.sample(b.x, b.y, outside: -1),
                    vc = image.sample(c.x, c.y, outside: -1)
                guard va >= 0, vb >= 0, vc >= 0 else { continue }
                second.append(abs(2 * vb - va - vc))
            }
            guard second.count * 2 >= angles else { continue }
            sum += median(second)
            known += 1
        }
        return known * 2 >= count ? sum / Double(known) : nil
    }
}
