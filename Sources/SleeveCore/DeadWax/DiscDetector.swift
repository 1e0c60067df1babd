#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Where the disc and its centre label are in a photo, in source pixels.
public struct DiscOutline: Sendable, Equatable {
    /// The disc's outer edge.
    public var disc: Ellipse
    /// The centre label's edge.
    public var label: Ellipse
}

/// Finds a record's outline and its centre label in a gray photo.
///
/// Coarse: the disc is the largest blob of the gray class that is not the
/// background (Otsu split, holes filled, so the label and glare do not matter); a
/// filled ellipse's second moments give its axes. Fine: the strongest edge along
/// rays through the coarse outline, fitted with outliers (glare, fingers) dropped.
/// The label is the strongest radial step inside the disc, found the same way in
/// the disc's own circular frame, so its colour does not matter, only its contrast
/// with the vinyl; where the rays' steps make no label (a black label on black
/// wax), the step of the medians over whole circles.
public struct DiscDetector: Sendable {
    /// Rays cast to refine each outline. Default 256.
    public var rays = 256
    /// Longest side of the reduced image used for the coarse pass. Default 320.
    public var coarseSize = 320
    /// Tells a label's edge from the grooves' beginning.
    public var grooveTexture = RingTexture()

    public init() {}

    public func detect(_ image: GrayImage) -> DiscOutline? {
        guard image.width >= 32, image.height >= 32, let coarse = coarseDisc(image) else { return nil }
        let disc = refineOutline(image, around: coarse) ?? coarse
        guard let label = findLabel(image, disc: disc) else { return nil }
        return DiscOutline(disc: disc, label: label)
    }

    // MARK: coarse

    /// The disc from the moments of the filled non-background blob of a reduced image.
    func coarseDisc(_ image: GrayImage) -> Ellipse? {
        let factor = max(1, (max(image.width, image.height) + coarseSize - 1) / coarseSize)
        let small = image.boxReduced(by: factor)
        let w = small.width, h = small.height
        let t = small.otsuThreshold()
        // Which class is the disc: the one the frame's border mostly is not.
        var borderDark = 0, borderCount = 0
        for x in 0..<w { borderDark += (small[x, 0] <= t ? 1 : 0) + (small[x, h - 1] <= t ? 1 : 0); borderCount += 2 }
        for y in 0..<h { borderDark += (small[0, y] <= t ? 1 : 0) + (small[w - 1, y] <= t ? 1 : 0); borderCount += 2 }
        let discIsDark = borderDark * 2 < borderCount
        var inClass = [Bool](repeating: false, count: w * h)
        for i in 0..<(w * h) { inClass[i] = (small.pixels[i] <= t) == discIsDark }
        // Background: everything not in the disc's class that the border reaches.
        var outside = [Bool](repeating: false, count: w * h)
        var stack: [Int] = []
        for x in 0..<w { stack.append(x); stack.append((h - 1) * w + x) }
        for y in 0..<h { stack.append(y * w); stack.append(y * w + w - 1) }
        while let i = stack.popLast() {
            guard !outside[i], !inClass[i] else { continue }
            outside[i] = true
            let x = i % w, y = i / w
            if x > 0 { stack.append(i - 1) }
            if x < w - 1 { stack.append(i + 1) }
            if y > 0 { stack.append(i - w) }
            if y < h - 1 { stack.append(i + w) }
        }
        // The largest filled blob.
        var component = [Int32](repeating: -1, count: w * h)
        var best: [Int] = []
        var id: Int32 = 0
        for start in 0..<(w * h) where !outside[start] && component[start] < 0 {
            var members: [Int] = []
            stack = [start]
            component[start] = id
            while let i = stack.popLast() {
                members.append(i)
                let x = i % w, y = i / w
                for (j, ok) in [(i - 1, x > 0), (i + 1, x < w - 1), (i - w, y > 0), (i + w, y < h - 1)]
                where ok && !outside[j] && component[j] < 0 {
                    component[j] = id
                    stack.append(j)
                }
            }
            if members.count > best.count { best = members }
            id += 1
        }
        guard best.count >= 50 else { return nil }
        var sx = 0.0, sy = 0.0
        for i in best { sx += Double(i % w); sy += Double(i / w) }
        let n = Double(best.count)
        let mx = sx / n, my = sy / n
        var cxx = 0.0, cyy = 0.0, cxy = 0.0
        for i in best {
            let dx = Double(i % w) - mx, dy = Double(i / w) - my
            cxx += dx * dx; cyy += dy * dy; cxy += dx * dy
        }
        cxx /= n; cyy /= n; cxy /= n
        let mean = (cxx + cyy) / 2, diff = (((cxx - cyy) / 2) * ((cxx - cyy) / 2) + cxy * cxy).squareRoot()
        let l1 = mean + diff, l2 = max(mean - diff, 1e-9)
        let angle = 0.5 * atan2(2 * cxy, cxx - cyy)
        let f = Double(factor)
        // Block (x, y) covers source pixels x·f ... x·f + f − 1: its centre is offset.
        let centre = Point(x: mx * f + (f - 1) / 2, y: my * f + (f - 1) / 2)
        return Ellipse(center: centre, semiMajor: 2 * l1.squareRoot() * f, semiMinor: 2 * l2.squareRoot() * f, angle: angle)
    }

    // MARK: outline refinement

    /// The disc's edge: along each ray, the strongest step within ±15% of the coarse
    /// outline, then a robust ellipse fit.
    func refineOutline(_ image: GrayImage, around coarse: Ellipse) -> Ellipse? {
        var points: [Point] = []
        for k in 0..<rays {
            let t = Double(k) / Double(rays) * 2 * Double.pi
            if let s = strongestStep(image, ellipse: coarse, t: t, from: 0.85, to: 1.15, direction: 0) {
                points.append(coarse.point(at: t, scale: s))
            }
        }
        return ShapeFit.robustEllipse(points)
    }

    /// The label's edge: the outermost strong step along rays of the disc's circular
    /// frame between 12% and 70% of the disc radius. A black label on black wax steps
    /// no harder than the dead wax's outer edge or the grooves' bands, and its light
    /// print much harder: the rays stop at different rings. An outline where the
    /// grooves begin is no label's, nor is one not shaped as the disc; the label is
    /// then found from the medians over angles instead.
    func findLabel(_ image: GrayImage, disc: Ellipse) -> Ellipse? {
        guard let fit = labelOutline(image, disc: disc) else { return nil }
        let shape = (fit.semiMinor / fit.semiMajor) / (disc.semiMinor / disc.semiMajor)
        // A concentric label under the camera's (affine) view keeps the disc's shape:
        // fitted labels on whole-disc photos come within a thousandth of it, fits
        // through rays stopped at different rings 0.67 to 0.82.
        if abs(log(shape)) < log(1.1), !grooveTexture.isGroovesStart(image, ring: fit) { return fit }
        return labelFromMedians(image, disc: disc)
    }

    /// The label's edge as the innermost strong step of the median over angles at
    /// each radius of the disc's frame (`RunoutLocator.innermostStrongStep`): print
    /// and the etching hold some angles only and do not move a median, which the
    /// rays' own steps follow. The label is taken concentric with the disc.
    func labelFromMedians(_ image: GrayImage, disc: Ellipse) -> Ellipse? {
        let step = 1 / disc.semiMajor, from = 0.12, to = 0.7
        let count = Int((to - from) / step)
        let angles = 360
        var medians = [Double?](repeating: nil, count: count)
        var values: [Double] = []
        for i in 0..<count {
            values.removeAll(keepingCapacity: true)
            for k in 0..<angles {
                let p = disc.point(at: Double(k) / Double(angles) * 2 * Double.pi, scale: from + Double(i) * step)
                let v = image.sample(p.x, p.y, outside: -1)
                if v >= 0 { values.append(v) }
            }
            if values.count * 2 >= angles { medians[i] = median(values) }
        }
        // Medians over the whole circle are steady: a black label's 12 grey levels
        // against its dead wax count (a photo's medians over a short arc need more).
        guard let edge = RunoutLocator.innermostStrongStep(medians, start: from, step: step, window: 12, strong: 0.5,
                                                           minimumStep: 6) else { return nil }
        let label = Ellipse(center: disc.center, semiMajor: disc.semiMajor * edge, semiMinor: disc.semiMinor * edge, angle: disc.angle)
        return grooveTexture.isGroovesStart(image, ring: label) ? nil : label
    }

    /// The robust ellipse through each ray's outermost strong step.
    func labelOutline(_ image: GrayImage, disc: Ellipse) -> Ellipse? {
        var points: [Point] = []
        for k in 0..<rays {
            let t = Double(k) / Double(rays) * 2 * Double.pi
            if let s = strongestStep(image, ellipse: disc, t: t, from: 0.12, to: 0.7, direction: 0, outermost: true) {
                points.append(disc.point(at: t, scale: s))
            }
        }
        guard let fit = ShapeFit.robustEllipse(points) else { return nil }
        // A label sits inside the disc, roughly concentric with it.
        let offset = disc.normalized(fit.center)
        guard (offset.x * offset.x + offset.y * offset.y).squareRoot() < 0.15,
              fit.semiMajor < disc.semiMajor * 0.8, fit.semiMinor > disc.semiMinor * 0.08 else { return nil }
        return fit
    }

    /// The scale (fraction of the ellipse) in `from...to` along the ray at parameter
    /// `t` where the smoothed profile changes most. `direction` > 0 wants brighter
    /// outwards, < 0 darker outwards, 0 either. With `outermost`, the outermost step at
    /// least 60% as strong as the strongest wins: the label's own print (dark type on
    /// a light label) steps as hard as its edge, but lies inside it.
    func strongestStep(_ image: GrayImage, ellipse: Ellipse, t: Double, from: Double, to: Double, direction: Int,
                       outermost: Bool = false) -> Double? {
        let rim = ellipse.point(at: t)
        let dx = rim.x - ellipse.center.x, dy = rim.y - ellipse.center.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 4 else { return nil }
        let steps = Int((to - from) * length)
        guard steps > 8 else { return nil }
        var profile = [Double](repeating: 0, count: steps + 1)
        var valid = [Bool](repeating: true, count: steps + 1)
        for i in 0...steps {
            let s = from + (to - from) * Double(i) / Double(steps)
            let x = ellipse.center.x + dx * s, y = ellipse.center.y + dy * s
            let v = image.sample(x, y, outside: -1)
            valid[i] = v >= 0
            profile[i] = max(v, 0)
        }
        // Step over ±2 px of a 3-px mean: robust to noise and to groove lines.
        var bestIndex = -1, bestValue = 0.0
        let r = 3
        guard steps > 2 * r + 2 else { return nil }
        var stepAt = [Double](repeating: 0, count: steps + 1)
        for i in r..<(steps - r + 1) where valid[i - r] && valid[min(steps, i + r - 1)] {
            var inner = 0.0, outer = 0.0
            for j in 0..<r { inner += profile[i - 1 - j]; outer += profile[min(steps, i + j)] }
            var step = (outer - inner) / Double(r)
            if direction < 0 { step = -step } else if direction == 0 { step = abs(step) }
            stepAt[i] = step
            if step > bestValue { bestValue = step; bestIndex = i }
        }
        guard bestIndex >= 0, bestValue > 8 else { return nil }
        if outermost {
            var i = steps - r
            while i > bestIndex {
                if stepAt[i] >= 0.6 * bestValue, stepAt[i] >= stepAt[i - 1], stepAt[i] >= stepAt[i + 1] { bestIndex = i; break }
                i -= 1
            }
        }
        return from + (to - from) * (Double(bestIndex) - 0.5) / Double(steps)
    }
}
