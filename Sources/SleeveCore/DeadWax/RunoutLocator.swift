#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The run-out band of a close-up, in source pixels: the label's outline (an
/// ellipse under a slanted camera, its centre often outside the photo) and how far
/// out from it the band is read, in the label's own circular frame.
public struct RunoutBand: Sendable, Equatable {
    /// The label's edge; nothing inside it (grown by the unwrapper's margin) is read.
    public var label: Ellipse
    /// The band runs out to this multiple of the label's radius.
    public var outerRatio: Double

    public init(label: Ellipse, outerRatio: Double) {
        self.label = label
        self.outerRatio = outerRatio
    }

    public var center: Point { label.center }
    public var labelRadius: Double { label.semiMajor }
}

/// Finds the run-out band in a close-up without the disc's centre in frame.
///
/// The centre: grooves and the label's rim are concentric arcs, so their edge
/// normals meet at the centre (`ArcCentreVote`, on a reduced image). The label's
/// edge: the median brightness over the visible arc at each radius is flat across
/// the wax and steps where the label starts (text and dust occupy a few angles
/// only and do not move a median); the innermost strong step far enough from the
/// spindle is the label's edge. The band read runs from there outwards by
/// `bandRatio` (the run-out is 0.2–0.4 of the label's radius wide on LPs, 7"s and CD hubs).
public struct RunoutLocator: Sendable {
    /// Longest side of the reduced image the centre is voted on. Default 480.
    public var workSize = 480
    /// Edge points used for the vote (the strongest gradients). Default 5000.
    public var maxEdges = 5000
    /// The band read runs from the label's edge to this multiple of its radius. Default 1.4.
    public var bandRatio = 1.4
    /// A step counts as strong at this fraction of the largest step. Default 0.5.
    public var strongStep = 0.5
    /// A step is the disc's rim, not the label's edge, when the photo inside it is this
    /// many times as ringed as outside it (`RadialTexture`). Default 4.
    public var rimTextureRatio = 4.0
    /// The centre by angle agreement (`ArcCentreConsensus`) replaces the vote's peak
    /// when this many times as many edges point at it. Default 1.1.
    public var consensusGain = 1.1
    /// Where no step shows the label's edge (a black label on black wax), the grooves'
    /// beginning bounds the run-out: the medians there turn this many times as ringed
    /// as inside (`RadialTexture.ringing`). Default 4.
    public var grooveTextureRatio = 4.0
    /// ... and the label's edge is taken this many times nearer the centre. An LP's
    /// label is at most 50 mm in radius and its music ends 60 mm or more out; the
    /// rendered close-ups put the grooves 1.22 to 1.36 label radii out. A wider
    /// run-out is read only in its outer part. Default 1.3.
    public var grooveRatio = 1.3
    /// ... and the band read ends this fraction inside the grooves. Default 0.015.
    public var grooveMargin = 0.015
    /// ... and only on black wax: the run-out's median grey at most this. Default 60.
    public var blackWax = 60.0
    /// A label's edge fitted more than this fraction of its radius outside the step
    /// seen from the fit's own centre has jumped to another ring. Default 0.05.
    public var ringJump = 0.05
    /// A label's edge within this fraction of its radius of where the grooves begin
    /// may be theirs (`bandInsideGrooves`; the texture's turn lies up to 5% inside
    /// the ring fitted to the step). Default 0.06.
    public var grooveEdgeTolerance = 0.06
    /// The label's edge is also looked for round the centre from which the rings look
    /// sharpest (`RingFocus`). Default true.
    public var ringFocus = true
    /// ... tried when at least this share as many edges point at it as at the arcs'
    /// centre. Default 0.9.
    public var focusAgreement = 0.9
    /// ... and its label edge taken when this many times as many points lie on it. Default 1.5.
    public var focusSupport = 1.5

    public init() {}

    public func locate(_ image: GrayImage) -> RunoutBand? {
        fitted(image)?.band
    }

    /// As `locate`, with how many edge points lie on the label's fitted outline (to
    /// choose between the same photo's planes: the one whose edge more rays see).
    public func fitted(_ image: GrayImage) -> (band: RunoutBand, support: Int)? {
        guard image.width >= 64, image.height >= 64 else { return nil }
        let candidates = centres(image)
        guard let arcs = candidates.first else { return nil }
        var best = labelFit(image, from: arcs)
        // The rings' centre (`RingFocus`) where it differs from the arcs': its label
        // edge replaces theirs only when clearly more of the photo's rays see it (a
        // held-out close-up's arcs centre, 280 px off, fitted a wrong circle that 28
        // points lay on), so that a centre both find is fitted as before.
        for focused in candidates.dropFirst() {
            guard let fit = labelFit(image, from: focused) else { continue }
            if let current = best, Double(fit.support) < focusSupport * Double(current.support) { continue }
            best = fit
        }
        return best
    }

    /// The label's edge found and fitted from `voted`, and how many edge points lie on
    /// the fitted circle; nil when neither a step nor the grooves' beginning stands out.
    func labelFit(_ image: GrayImage, from voted: Point) -> (band: RunoutBand, support: Int)? {
        guard let edge = labelEdge(image, center: voted) else { return nil }
        let roughLabel = edge.radius
        // The label's edge, fitted from its own centre ever more tightly; the vote is
        // blurred along the arc's axis (a short arc's normals are nearly parallel)
        // and the edge's curvature pins the centre down.
        var label = refined(image, center: voted, radius: roughLabel, windows: [0.25, 0.1, 0.05])
        // The widest window can hold a stronger ring than the label's edge (where
        // the grooves begin, on a dim label): the fit jumps out to it. Seen from the
        // better centre the fit found, the label's step stays inside; it is fitted
        // again close round it. Looked at for every fit, not only for those that
        // moved out from the step they started at: a small CD hub close-up read only
        // so. The second look at the medians costs about 70 ms a close-up (of the
        // locator's 200).
        if case .label = edge, !label.inliers.isEmpty,
           case .label(let again)? = labelEdge(image, center: label.center), again < (1 - ringJump) * label.radius {
            let close = refined(image, center: label.center, radius: again, windows: [0.05])
            if !close.inliers.isEmpty { label = close }
        }
        var outline = Ellipse.circle(center: label.center, radius: label.radius)
        // A slanted camera makes the label an ellipse; fit one where the arc says so clearly.
        if let e = ShapeFit.robustEllipse(label.inliers), e.semiMinor / e.semiMajor > 0.75,
           e.semiMajor < 1.3 * label.radius, e.semiMinor > 0.8 * label.radius,
           hypot(e.center.x - label.center.x, e.center.y - label.center.y) < 0.15 * label.radius {
            outline = e
        }
        guard case .grooves = edge else { return (RunoutBand(label: outline, outerRatio: bandRatio), label.inliers.count) }
        // The grooves' edge: the fit above may have settled on any groove ring, and
        // its centre holds when that ring is concentric; where the grooves begin is
        // measured again from that centre. The run-out lies inside, the label's edge
        // taken `grooveRatio` inwards.
        if case .grooves(let start)? = labelEdge(image, center: outline.center), abs(start - roughLabel) < 0.25 * roughLabel {
            return (band(inside: outline, grooves: start), label.inliers.count)
        }
        // A fit that wandered off (among many rings the one most rays see need not be
        // round the true centre: a held-out close-up's moved 80 px, from where only the
        // disc's rim steps) finds no grooves' edge there: the voted centre's edge,
        // measured above, is kept, with no support of its own so that another centre's
        // fitted band replaces it.
        return (band(inside: Ellipse.circle(center: voted, radius: roughLabel), grooves: roughLabel), 0)
    }

    /// The label's edge fitted from `center` ever more tightly, one window (fraction
    /// of the radius) after another; no inliers when the first window finds no circle.
    func refined(_ image: GrayImage, center: Point, radius: Double, windows: [Double]) -> (center: Point, radius: Double, inliers: [Point]) {
        var label = (center: center, radius: radius, inliers: [Point]())
        for window in windows {
            guard let fit = refineOnEdge(image, center: label.center, radii: label.radius * (1 - window)...label.radius * (1 + window),
                                         maxShift: window * label.radius * 1.5) else { break }
            label = fit
        }
        return label
    }

    /// The circle through the strongest radial steps found along rays from `center`
    /// within `window` (fraction of `radius`) of `radius`: RANSAC over candidate edge
    /// points (several per ray: rings and text edges are candidates too), then a
    /// least-squares fit to the inliers. Nil when no circle gathers enough rays.
    public func refineOnEdge(_ image: GrayImage, center: Point, radii: ClosedRange<Double>,
                             maxShift: Double) -> (center: Point, radius: Double, inliers: [Point])? {
        let lo = radii.lowerBound, hi = radii.upperBound
        let step = 1.0
        let count = Int((hi - lo) / step)
        guard count > 8 else { return nil }
        var candidates: [(ray: Int, point: Point)] = []
        var profile = [Double](repeating: 0, count: count)
        let rays = 240
        for k in 0..<rays {
            let a = Double(k) / Double(rays) * 2 * Double.pi
            let ca = cos(a), sa = sin(a)
            var inside = true
            for i in 0..<count {
                let r = lo + Double(i) * step
                let x = center.x + r * ca, y = center.y + r * sa
                guard x >= 0, y >= 0, x <= Double(image.width - 1), y <= Double(image.height - 1) else { inside = false; break }
                profile[i] = image.sample(x, y)
            }
            guard inside else { continue }
            // Derivative over ±2 px; the three largest local maxima of its size.
            var d = [Double](repeating: 0, count: count)
            for i in 2..<(count - 2) { d[i] = abs(profile[i + 2] + profile[i + 1] - profile[i - 1] - profile[i - 2]) }
            var peaks: [(Int, Double)] = []
            for i in 3..<(count - 3) where d[i] >= d[i - 1] && d[i] > d[i + 1] && d[i] > 20 { peaks.append((i, d[i])) }
            peaks.sort { $0.1 > $1.1 }
            for (i, _) in peaks.prefix(3) {
                let r = lo + Double(i) * step
                candidates.append((k, Point(x: center.x + r * ca, y: center.y + r * sa)))
            }
        }
        guard candidates.count >= 12 else { return nil }
        // Deterministic RANSAC: triples spread over the candidates by a fixed stride pattern.
        var best: (inliers: [Point], rays: Int) = ([], 0)
        var seed: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        let n = candidates.count
        for _ in 0..<400 {
            let i = next() % n, j = next() % n, l = next() % n
            let (a, b, c) = (candidates[i], candidates[j], candidates[l])
            guard a.ray != b.ray, b.ray != c.ray, a.ray != c.ray,
                  let circle = ShapeFit.circle([a.point, b.point, c.point]),
                  circle.radius > lo, circle.radius < hi,
                  hypot(circle.center.x - center.x, circle.center.y - center.y) < maxShift else { continue }
            let tolerance = 1.5 + 0.002 * circle.radius
            var inliers: [Point] = [], raysHit = Set<Int>()
            for cand in candidates {
                let dist = hypot(cand.point.x - circle.center.x, cand.point.y - circle.center.y)
                if abs(dist - circle.radius) <= tolerance { inliers.append(cand.point); raysHit.insert(cand.ray) }
            }
            if raysHit.count > best.rays { best = (inliers, raysHit.count) }
        }
        guard best.rays >= 10, let fit = ShapeFit.circle(best.inliers) else { return nil }
        return (fit.center, fit.radius, best.inliers)
    }

    /// The centre of the photo's concentric arcs in source pixels, then, where it
    /// differs, the centre from which the rings look sharpest (`RingFocus`) when
    /// about as many edges point at it; empty when no centre is found.
    public func centres(_ image: GrayImage) -> [Point] {
        let factor = max(1, (max(image.width, image.height) + workSize - 1) / workSize)
        let small = image.boxReduced(by: factor)
        let edges = Self.strongestEdges(small, count: maxEdges)
        let w = Double(small.width), h = Double(small.height)
        let bounds = Rect(x: -1.5 * w, y: -1.5 * h, width: 4 * w, height: 4 * h)
        guard let peak = ArcCentreVote().centre(of: edges, within: bounds) else { return [] }
        // The vote's peak slides along short arcs' axis towards the photo; the centre
        // the edges' normals point at replaces it when clearly more edges agree.
        var c = peak
        let consensus = ArcCentreConsensus()
        if let agreed = consensus.centre(of: edges, starts: [peak]),
           Double(agreed.agreeing) >= consensusGain * Double(consensus.agreeing(peak, edges)) {
            c = agreed.centre
        }
        var found = [c]
        // Short arcs leave the normals' centre loose along and across their axis; the
        // rings are sharpest seen from the true centre. A CD's hub has no grooves, and
        // its sheen's broad gradients can pull the search away: the normals must agree.
        if ringFocus {
            let focused = RingFocus().refine(small, from: c, within: bounds)
            if focused != c, Double(consensus.agreeing(focused, edges)) >= focusAgreement * Double(consensus.agreeing(c, edges)) {
                found.append(focused)
            }
        }
        let f = Double(factor)
        return found.map { Point(x: ($0.x + 0.5) * f - 0.5, y: ($0.y + 0.5) * f - 0.5) }
    }

    /// Sobel gradients of the image's inner pixels: those in the strongest quarter,
    /// evenly thinned to `count`, as edge normals of equal weight. Equal weights and a
    /// wide quantile let the many faint groove edges outvote the few strong edges of
    /// label print.
    static func strongestEdges(_ g: GrayImage, count: Int) -> [EdgeNormal] {
        let w = g.width, h = g.height
        guard w > 4, h > 4 else { return [] }
        var all: [(Int, Double, Double, Double)] = []
        all.reserveCapacity((w - 2) * (h - 2))
        g.pixels.withUnsafeBufferPointer { p in
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    @inline(__always) func v(_ dx: Int, _ dy: Int) -> Double { Double(p[(y + dy) * w + x + dx]) }
                    let gx = v(1, -1) + 2 * v(1, 0) + v(1, 1) - v(-1, -1) - 2 * v(-1, 0) - v(-1, 1)
                    let gy = v(-1, 1) + 2 * v(0, 1) + v(1, 1) - v(-1, -1) - 2 * v(0, -1) - v(1, -1)
                    let m = (gx * gx + gy * gy).squareRoot()
                    if m > 4 { all.append((y * w + x, gx, gy, m)) }
                }
            }
        }
        guard !all.isEmpty else { return [] }
        let threshold = max(4, median(all.map(\.3)))
        let strong = all.filter { $0.3 >= threshold }
        let stride = max(1, strong.count / count)
        return Swift.stride(from: 0, to: strong.count, by: stride).map { k in
            let (i, gx, gy, _) = strong[k]
            return EdgeNormal(Double(i % w), Double(i / w), gx, gy)
        }
    }

    /// The median brightness at each radius (one source pixel apart) over the angles
    /// at which that circle is in the photo; nil where too little of it is.
    public static func radialMedians(_ image: GrayImage, center: Point, radii: ClosedRange<Double>,
                                     step: Double = 1, minimumSamples: Int = 40) -> [Double?] {
        let count = Int((radii.upperBound - radii.lowerBound) / step) + 1
        var out = [Double?](repeating: nil, count: count)
        var values: [Double] = []
        for i in 0..<count {
            let r = radii.lowerBound + Double(i) * step
            guard r > 1 else { continue }
            // About two source pixels between samples along the circle, at most 1024:
            // a median over that many is as steady, and this loop was the locator's
            // costliest (1500 radii of up to 4096 samples on a 5 MP close-up).
            let n = min(1024, max(64, Int(2 * Double.pi * r / 2)))
            values.removeAll(keepingCapacity: true)
            for k in 0..<n {
                let a = Double(k) / Double(n) * 2 * Double.pi
                let x = center.x + r * cos(a), y = center.y + r * sin(a)
                guard x >= 0, y >= 0, x <= Double(image.width - 1), y <= Double(image.height - 1) else { continue }
                values.append(image.sample(x, y))
            }
            if values.count >= minimumSamples { out[i] = median(values) }
        }
        return out
    }

    /// What bounds the run-out in the radial medians round a centre.
    public enum RunoutEdge: Equatable, Sendable {
        /// The label's edge: the run-out lies outside it.
        case label(Double)
        /// Where the grooves begin, on a label as dark as the wax (a black label on
        /// black vinyl shows no step at its edge): the run-out lies inside it.
        case grooves(Double)

        public var radius: Double {
            switch self { case .label(let r), .grooves(let r): r }
        }
    }

    /// The label's edge: the innermost strong step in the radial medians, beyond a
    /// tenth of the farthest visible radius (the spindle hole is a strong step too)
    /// and with a band's width of photo outside it. Where no step stands out but the
    /// grooves begin plainly, the grooves' edge instead.
    public func labelEdge(_ image: GrayImage, center: Point) -> RunoutEdge? {
        let corners = [Point(x: 0, y: 0), Point(x: Double(image.width), y: 0),
                       Point(x: 0, y: Double(image.height)), Point(x: Double(image.width), y: Double(image.height))]
        let far = corners.map { ($0.x - center.x) * ($0.x - center.x) + ($0.y - center.y) * ($0.y - center.y) }.max()!.squareRoot()
        let nearX = min(max(center.x, 0), Double(image.width)), nearY = min(max(center.y, 0), Double(image.height))
        let near = ((nearX - center.x) * (nearX - center.x) + (nearY - center.y) * (nearY - center.y)).squareRoot()
        let lo = max(near, 0.1 * far), hi = far
        guard hi > lo + 40 else { return nil }
        let step = max(1, (hi - lo) / 1500)
        let medians = Self.radialMedians(image, center: center, radii: lo...hi, step: step)
        let window = max(3, Int(12 / step))
        if let stepped = Self.innermostStrongStep(medians, start: lo, step: step, window: window,
                                                  strong: strongStep, rimTextureRatio: rimTextureRatio) {
            return .label(stepped)
        }
        // Black wax only: coloured wax shows a label's edge in its colour channels
        // (`DeadWaxReader.locateInColour`), where the edge is seen, not estimated.
        return groovesOnBlackWax(medians, start: lo, step: step, window: window).map { .grooves($0) }
    }

    /// Where the grooves begin in the radial medians (`grooveStart`), on black wax
    /// only: the run-out inside, `grooveRatio` of the radius wide, at most `blackWax`.
    func groovesOnBlackWax(_ medians: [Double?], start: Double, step: Double, window: Int) -> Double? {
        guard let grooves = Self.grooveStart(medians, start: start, step: step, window: window, ratio: grooveTextureRatio)
        else { return nil }
        let from = max(0, Int((grooves / grooveRatio - start) / step)), to = Int((grooves - start) / step)
        let runout = from < to ? medians[from..<to].compactMap { $0 } : []
        guard !runout.isEmpty, median(runout) <= blackWax else { return nil }
        return grooves
    }

    /// The band inside `band`'s label edge, for when that edge may be where the grooves
    /// begin: on black wax a black label shows no step, and the first step out is the
    /// grooves' (dark smooth wax, then bright rings), outside which lies the music.
    /// Nil unless, seen from the band's centre, the medians turn from flat to ringed
    /// within `grooveEdgeTolerance` of the edge on a run-out as dark as `blackWax`.
    /// A second guess, for a band that read nothing: letters just outside a label's
    /// edge ring too.
    public func bandInsideGrooves(_ image: GrayImage, of band: RunoutBand) -> RunoutBand? {
        let radius = band.labelRadius
        let lo = 0.8 * radius, hi = 1.2 * radius
        let step = max(1, (hi - lo) / 400)
        let medians = Self.radialMedians(image, center: band.center, radii: lo...hi, step: step)
        let window = max(3, Int(12 / step))
        guard let grooves = groovesOnBlackWax(medians, start: lo, step: step, window: window),
              abs(grooves - radius) <= grooveEdgeTolerance * radius else { return nil }
        return self.band(inside: band.label, grooves: grooves)
    }

    /// The run-out inside where the grooves begin (`grooves`, on `outline`'s ring):
    /// the label's edge taken `grooveRatio` inwards, the band ending just inside.
    func band(inside outline: Ellipse, grooves: Double) -> RunoutBand {
        let scale = grooves / grooveRatio / outline.semiMajor
        return RunoutBand(label: Ellipse(center: outline.center, semiMajor: outline.semiMajor * scale,
                                         semiMinor: outline.semiMinor * scale, angle: outline.angle),
                          outerRatio: grooveRatio * (1 - grooveMargin))
    }

    /// Index-to-radius: the innermost radius at which the medians turn from flat
    /// (the smooth run-out, over a tenth of the radius inside) to ringed (grooves,
    /// both just outside and over that tenth): each `ratio` times as ringed as the
    /// inside. Ringing, not change: a label's edge is one step, grooves go up and
    /// down. Nil where the photo shows no such turn.
    static func grooveStart(_ m: [Double?], start: Double, step: Double, window: Int, ratio: Double) -> Double? {
        let texture = RadialTexture(m)
        for i in 0..<m.count {
            let reach = max(2 * window, Int(0.1 * (start + Double(i) * step) / step))
            guard i >= reach, i + reach < m.count,
                  let inside = texture.ringing((i - reach)..<i),
                  let near = texture.ringing(i..<(i + max(window, 2 * RadialTexture.minimumChanges))),
                  let beyond = texture.ringing(i..<(i + reach)) else { continue }
            let flat = max(inside, RadialTexture.flatFloor)
            if near >= ratio * flat, beyond >= ratio * flat { return start + Double(i) * step }
        }
        return nil
    }

    /// Index-to-radius: the innermost radius whose step (median of the `window`
    /// values outside minus median of those inside, so thin rings do not count) is
    /// at least `strong` of the largest. Steps at the disc's rim (grooves inside, the
    /// table or background outside: `RadialTexture.isRim`) are neither candidates nor
    /// the measure of strong: a photo that shows the rim has its strongest step there
    /// (black wax on a light table), and a label's edge half as strong was passed over
    /// for it (a held-out close-up of `RCA73909-B1 SH1` unwrapped the background).
    /// Nil when the largest step is under `minimumStep` grey levels.
    static func innermostStrongStep(_ m: [Double?], start: Double, step: Double, window: Int,
                                    strong: Double, rimTextureRatio: Double = 4, minimumStep: Double = 12) -> Double? {
        let n = m.count
        guard n > 2 * window + 2 else { return nil }
        var steps = [Double](repeating: 0, count: n)
        let texture = RadialTexture(m)
        for i in window..<(n - window) {
            let inside = m[(i - window)..<i].compactMap { $0 }, outside = m[(i + 1)...(i + window)].compactMap { $0 }
            guard inside.count * 2 >= window, outside.count * 2 >= window else { continue }
            let radius = start + Double(i) * step
            let reach = max(2 * window, Int(RadialTexture.reach * radius / step))
            if texture.isRim(at: i, window: window, reach: reach, ratio: rimTextureRatio) { continue }
            steps[i] = abs(median(outside) - median(inside))
        }
        guard let largest = steps.max(), largest >= minimumStep else { return nil }
        // The innermost stretch above the bar; medians make a step a plateau about
        // a window wide, so its middle (where the step is near its top) is the edge.
        guard let first = (window..<(n - window)).first(where: { steps[$0] >= strong * largest }) else { return nil }
        var end = first
        while end + 1 < n - window, steps[end + 1] >= strong * largest { end += 1 }
        let top = steps[first...end].max()!
        let near = (first...end).filter { steps[$0] >= 0.95 * top }
        return start + Double(near.first! + near.last!) / 2 * step
    }
}
