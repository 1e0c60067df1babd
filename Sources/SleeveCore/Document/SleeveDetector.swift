/// What the detector found: the sleeve's outline in source pixels and how sure it is.
public struct SleeveDetection: Sendable, Equatable {
    /// Clockwise from the sleeve's top-left, source pixels; corners cut off by the frame
    /// edge are extrapolated by intersecting the edge lines, so they may lie outside.
    public var quad: Quad
    /// Fraction of the visible outline that lies on a consistent edge, 0...1.
    public var confidence: Double
    /// Whether the inside of the outline is brighter than what surrounds it, per side
    /// (top, right, bottom, left): the refiner looks for steps of the same sign.
    public var insideBrighter: [Bool]

    public init(quad: Quad, confidence: Double, insideBrighter: [Bool]) {
        self.quad = quad
        self.confidence = confidence
        self.insideBrighter = insideBrighter
    }

    /// The same detection in an image `factor` times the size (a reduced frame's
    /// detection in the full frame's pixels).
    public func scaled(by factor: Double) -> SleeveDetection {
        SleeveDetection(quad: Quad(quad.corners.map { $0 * factor }), confidence: confidence, insideBrighter: insideBrighter)
    }
}

/// Finds a sleeve (a large, roughly rectangular outline under perspective) in a frame.
///
/// Works on a box-shrunk copy: Sobel gradients, a Hough transform in which each edge
/// pixel votes only near its own gradient direction, then a search over quadrilaterals
/// formed by the strongest lines. Each candidate side is scored by how much of its
/// visible length lies on an edge whose gradient is perpendicular to it, minus a
/// penalty for visible length that does not; the per-line support is kept as prefix
/// sums so a candidate costs O(1). Cut corners come out of the line intersections.
public struct SleeveDetector: Sendable {
    public struct Options: Sendable {
        /// Longer side of the working copy, in pixels.
        public var workingSide = 320
        /// Smallest sleeve accepted, as a fraction of the frame's area.
        public var minAreaFraction = 0.08
        /// Lowest confidence reported as a sleeve.
        public var minConfidence = 0.6
        /// Lines kept from the Hough transform.
        public var maxLines = 28
        /// Gradient needed (gray levels per pixel, working copy) for a pixel to vote.
        public var voteGradient: Float = 4
        /// Weight of a square outline's bonus (sleeves are square; other rectangles
        /// still win when their edges are clearly better).
        public var squareBonus = 0.12

        public init() {}
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// The sleeve in `image`, or nil when no outline is convincing.
    public func detect(_ image: GrayImage) -> SleeveDetection? {
        guard image.width >= 16, image.height >= 16 else { return nil }
        let field = GradientField(image, workingSide: options.workingSide)
        guard let found = detect(in: field) else { return nil }
        let quad = Quad(found.quad.corners.map(field.toSource))
        return SleeveDetection(quad: quad, confidence: found.confidence, insideBrighter: found.insideBrighter)
    }

    /// Detection in working-copy pixels.
    func detect(in field: GradientField) -> SleeveDetection? {
        let lines = HoughLines.strongest(field, count: options.maxLines, minGradient: options.voteGradient)
        guard lines.count >= 2 else { return nil }
        let supports = lines.map { LineSupport(line: $0, field: field, minGradient: options.voteGradient * 0.75) }
        // The frame's own edges stand in for a sleeve edge that lies on or beyond them
        // (a sleeve pushed against the frame, or a corner cut off).
        let w = Double(field.width), h = Double(field.height)
        let borders = [EdgeLine(normal: Point(x: 0, y: 1), rho: -0.5), EdgeLine(normal: Point(x: 1, y: 0), rho: w - 0.5),
                       EdgeLine(normal: Point(x: 0, y: 1), rho: h - 0.5), EdgeLine(normal: Point(x: 1, y: 0), rho: -0.5)]
        return QuadSearch(field: field, lines: lines + borders, supports: supports, options: options).best()
    }
}

/// Hough transform over gradient-oriented edge pixels.
enum HoughLines {
    static let angleBins = 180

    /// The Hough accumulator: `angleBins` rows of `rhoBins` cells, row t for the normal
    /// at t°, cell `diag + ρ` for distance ρ from the origin.
    struct Votes {
        var counts: [Int32]
        var rhoBins: Int
        var diag: Int
    }

    /// A sharp edge at a slant is a staircase at this scale, and the Sobel angle of each
    /// step is off by several degrees: each pixel votes over a fan this many degrees
    /// either side of its gradient's angle, centre heaviest.
    static let spread = 6

    /// Up to `count` lines, strongest first, no two within 3° and 4 px of each other.
    static func strongest(_ f: GradientField, count: Int, minGradient: Float) -> [EdgeLine] {
        let w = f.width, h = f.height
        // The ridge test reaches two pixels either side: a working copy of a strip
        // (16×4000 shrinks to 3×800) has no pixel to vote.
        guard w > 4, h > 4 else { return [] }
        let votes = Self.votes(f, minGradient: minGradient)
        let rhoBins = votes.rhoBins, diag = votes.diag
        var peaks = localMaxima(votes, minVotes: Int32(max(12, min(w, h) / 8) * (spread + 1)))
        peaks.sort { $0.v > $1.v }
        var kept: [EdgeLine] = []
        var keptTR: [(Int, Int)] = []
        for p in peaks {
            let near = keptTR.contains { (t, r) in
                let dt = abs(t - p.t)
                if dt <= 3 { return abs(r - p.r) <= 4 }
                if angleBins - dt <= 3 { return abs((rhoBins - 1 - r) - p.r) <= 4 }
                return false
            }
            if near { continue }
            keptTR.append((p.t, p.r))
            let a = Double(p.t) * .pi / Double(angleBins)
            kept.append(EdgeLine(normal: Point(x: cos(a), y: sin(a)), rho: Double(p.r - diag)))
            if kept.count == count { break }
        }
        return kept
    }

    /// Every ridge pixel's votes: pixels at least `minGradient` strong, thinned along
    /// their gradient, each voting over its fan.
    static func votes(_ f: GradientField, minGradient: Float) -> Votes {
        let w = f.width, h = f.height
        precondition(w > 4 && h > 4, "the ridge test reaches two pixels either side")
        let diag = Int(Double(w * w + h * h).squareRoot()) + 1
        let rhoBins = 2 * diag + 1
        var acc = [Int32](repeating: 0, count: angleBins * rhoBins)
        // The fan's angles indexed from `spread` below 0° to `spread` past 180° (a
        // gradient at 180° rounds to bin 180), wrapped once here (cosine, sine and
        // accumulator row of the angle they wrap to), so the vote below neither wraps
        // nor checks an index per vote.
        let fanBins = angleBins + 1 + 2 * spread
        var cosT = [Float](repeating: 0, count: fanBins), sinT = cosT, rowStart = [Int](repeating: 0, count: fanBins)
        for j in 0..<fanBins {
            let t = (j - spread + angleBins) % angleBins
            let a = Double(t) * .pi / Double(angleBins)
            cosT[j] = Float(cos(a)); sinT[j] = Float(sin(a)); rowStart[j] = t * rhoBins + diag
        }
        // Centre votes count more: peaks stay sharp in angle.
        let weights = (0...(2 * spread)).map { Int32(spread + 1 - abs($0 - spread)) }
        f.magnitude.withUnsafeBufferPointer { mag in
            acc.withUnsafeMutableBufferPointer { acc in
                cosT.withUnsafeBufferPointer { cosT in sinT.withUnsafeBufferPointer { sinT in
                rowStart.withUnsafeBufferPointer { rowStart in weights.withUnsafeBufferPointer { weights in
                for y in 2..<(h - 2) {
                    for x in 2..<(w - 2) {
                        let i = y * w + x
                        let m = mag[i]
                        guard m >= minGradient else { continue }
                        // Thin to the ridge along the gradient (as Canny does): a sharp
                        // Hough peak needs one-pixel edges.
                        let gx = f.gx[i], gy = f.gy[i]
                        let ax = abs(gx), ay = abs(gy)
                        let (dx, dy): (Int, Int)
                        if ax > 2.414 * ay { (dx, dy) = (1, 0) }
                        else if ay > 2.414 * ax { (dx, dy) = (0, 1) }
                        else { (dx, dy) = (1, (gx > 0) == (gy > 0) ? 1 : -1) }
                        guard m >= mag[i + dy * w + dx], m > mag[i - dy * w - dx] else { continue }
                        var phi = atan2(gy, gx)
                        if phi < 0 { phi += .pi }
                        // The fan's first angle, as an index into the wrapped tables.
                        let first = nearestInteger(phi * Float(angleBins) / .pi)
                        let fx = Float(x), fy = Float(y)
                        for k in 0...(2 * spread) {
                            let j = first &+ k
                            acc[rowStart[j] &+ nearestInteger(fx * cosT[j] + fy * sinT[j])] &+= weights[k]
                        }
                    }
                }
                } }
                } }
            }
        }
        return Votes(counts: acc, rhoBins: rhoBins, diag: diag)
    }

    /// Cells of at least `minVotes` that no neighbour (3×3, across the 0°/180° seam
    /// with ρ turned over) beats; ties go to the first in reading order.
    static func localMaxima(_ votes: Votes, minVotes: Int32) -> [(t: Int, r: Int, v: Int32)] {
        let rhoBins = votes.rhoBins
        var peaks: [(t: Int, r: Int, v: Int32)] = []
        votes.counts.withUnsafeBufferPointer { acc in
            let raw = UnsafeRawPointer(acc.baseAddress!)
            let floor = SIMD8<Int32>(repeating: minVotes)
            for t in 0..<angleBins {
                var r = 1
                while r < rhoBins - 1 {
                    // Nearly every cell is under the floor: eight at a time past those.
                    if r + 8 <= rhoBins - 1,
                       !any(raw.loadUnaligned(fromByteOffset: (t * rhoBins + r) * 4, as: SIMD8<Int32>.self) .>= floor) {
                        r += 8
                        continue
                    }
                    defer { r += 1 }
                    let v = acc[t * rhoBins + r]
                    guard v >= minVotes else { continue }
                    var isMax = true
                    scan: for dt in -1...1 {
                        let tt = (t + dt + angleBins) % angleBins
                        // Wrapping past 0°/180° flips the sign of ρ.
                        let wrapped = (t + dt < 0) || (t + dt >= angleBins)
                        let rc = wrapped ? (rhoBins - 1 - r) : r
                        for dr in -1...1 {
                            let rr = rc + dr
                            guard rr >= 0, rr < rhoBins, !(dt == 0 && dr == 0) else { continue }
                            let o = acc[tt * rhoBins + rr]
                            if o > v || (o == v && (dt, dr) < (0, 0)) { isMax = false; break scan }
                        }
                    }
                    if isMax { peaks.append((t, r, v)) }
                }
            }
        }
        return peaks
    }
}

/// How much of a line lies on edges, as prefix sums along it (one sample per pixel),
/// split by the sign of the step across it.
struct LineSupport {
    let line: EdgeLine
    /// Parameter of sample 0: points are `ρ·n + (t0 + i)·d`.
    let t0: Int
    /// prefix[i] = samples before i that are inside the frame / on a step up along the
    /// normal / on a step down.
    let inside: [Int32]
    let up: [Int32]
    let down: [Int32]

    init(line: EdgeLine, field f: GradientField, minGradient: Float) {
        self.line = line
        let w = f.width, h = f.height
        let diag = Int(Double(w * w + h * h).squareRoot()) + 2
        t0 = -diag
        let n = 2 * diag + 1
        var inside = [Int32](repeating: 0, count: n + 1), up = inside, down = inside
        let nx = line.normal.x, ny = line.normal.y
        let dx = -ny, dy = nx
        let cosTol: Float = 0.9  // about 25°
        for i in 0..<n {
            let t = Double(t0 + i)
            let px = line.rho * nx + t * dx, py = line.rho * ny + t * dy
            var isIn: Int32 = 0, isUp: Int32 = 0, isDown: Int32 = 0
            if px >= 1, py >= 1, px <= Double(w - 2), py <= Double(h - 2) {
                isIn = 1
                for k in -1...1 {
                    let x = nearestInteger(px + Double(k) * nx), y = nearestInteger(py + Double(k) * ny)
                    guard x >= 1, y >= 1, x < w - 1, y < h - 1 else { continue }
                    let j = y * w + x
                    let m = f.magnitude[j]
                    guard m >= minGradient else { continue }
                    let c = (f.gx[j] * Float(nx) + f.gy[j] * Float(ny)) / m
                    if c >= cosTol { isUp = 1 } else if c <= -cosTol { isDown = 1 }
                }
            }
            inside[i + 1] = inside[i] + isIn
            up[i + 1] = up[i] + isUp
            down[i + 1] = down[i] + isDown
        }
        self.inside = inside
        self.up = up
        self.down = down
    }

    /// Sample index range for the segment between two points on the line.
    func range(_ a: Point, _ b: Point) -> (Int, Int) {
        let d = line.direction
        let ta = a.x * d.x + a.y * d.y, tb = b.x * d.x + b.y * d.y
        let lo = Int(min(ta, tb).rounded()) - t0, hi = Int(max(ta, tb).rounded()) - t0
        let n = inside.count - 1
        return (max(0, min(n, lo)), max(0, min(n, hi)))
    }

    func counts(_ a: Point, _ b: Point) -> (inside: Int, up: Int, down: Int) {
        let (lo, hi) = range(a, b)
        return (Int(inside[hi] - inside[lo]), Int(up[hi] - up[lo]), Int(down[hi] - down[lo]))
    }
}

/// Enumerates quadrilaterals from pairs of roughly opposite lines and keeps the best.
struct QuadSearch {
    let field: GradientField
    let lines: [EdgeLine]
    /// Support for the detected lines; lines past the end of it are the frame's edges.
    let supports: [LineSupport]
    let options: SleeveDetector.Options

    func isBorder(_ i: Int) -> Bool { i >= supports.count }

    func best() -> SleeveDetection? {
        let w = Double(field.width), h = Double(field.height)
        let minSep = 0.2 * min(w, h)
        let center = Point(x: w / 2, y: h / 2)
        // Opposite pairs: within 35° of parallel and far enough apart.
        var pairs: [(Int, Int)] = []
        for i in lines.indices {
            for j in (i + 1)..<lines.count {
                let c = abs(lines[i].normal.x * lines[j].normal.x + lines[i].normal.y * lines[j].normal.y)
                guard c >= 0.82 else { continue }
                let di = lines[i].distance(center), dj = lines[j].distance(center)
                let sameSign = lines[i].normal.x * lines[j].normal.x + lines[i].normal.y * lines[j].normal.y > 0
                let sep = sameSign ? abs(di - dj) : abs(di + dj)
                if sep >= minSep { pairs.append((i, j)) }
            }
        }
        let minArea = options.minAreaFraction * w * h
        var best: (score: Double, det: SleeveDetection)?
        for p in pairs.indices {
            let (a, b) = pairs[p]
            for q in (p + 1)..<pairs.count {
                let (c, d) = pairs[q]
                guard a != c, a != d, b != c, b != d else { continue }
                // At most two sides on the frame's edges: the rest must be seen.
                guard [a, b, c, d].filter(isBorder).count <= 2 else { continue }
                // The two pairs must cross at a real angle (40°...140°).
                let cc = abs(lines[a].normal.x * lines[c].normal.x + lines[a].normal.y * lines[c].normal.y)
                guard cc <= 0.77 else { continue }
                // Sides in order round the outline: a, c, b, d.
                let order = [a, c, b, d]
                var pts: [Point] = []
                for k in 0..<4 {
                    guard let x = lines[order[k]].intersection(lines[order[(k + 1) % 4]]) else { break }
                    // Corners may leave the frame (cut corners) but not by much.
                    guard x.x > -0.35 * w, x.x < 1.35 * w, x.y > -0.35 * h, x.y < 1.35 * h else { break }
                    pts.append(x)
                }
                guard pts.count == 4 else { continue }
                // Corner k is where side order[k] meets order[k+1]; side k runs from
                // corner k-1 to corner k.
                let quad = Quad(pts)
                guard quad.isConvex, quad.area >= minArea else { continue }
                guard let (score, det) = score(quad, sides: order) else { continue }
                if best == nil || score > best!.score { best = (score, det) }
            }
        }
        guard let best, best.det.confidence >= options.minConfidence else { return nil }
        return best.det
    }

    /// Score and detection for one candidate; nil when a side is too weak.
    func score(_ quad: Quad, sides: [Int]) -> (Double, SleeveDetection)? {
        let m = quad.centroid
        var total = 0.0, supported = 0, visible = 0
        var brighterVotes = 0
        var sideBrighter: [Bool] = []
        var borderSides = 0
        for k in 0..<4 {
            let a = quad.corners[(k + 3) % 4], b = quad.corners[k]
            let line = lines[sides[k]]
            if isBorder(sides[k]) {
                // Nothing to see on the frame's edge: neither evidence nor penalty. The
                // step is taken to match the other sides.
                borderSides += 1
                sideBrighter.append(true)
                continue
            }
            let s = supports[sides[k]].counts(a, b)
            let len = a.distance(to: b)
            // A side must be mostly in view and mostly on an edge.
            guard Double(s.inside) >= 0.3 * len, s.inside > 0 else { return nil }
            // "Up" is a step up along the normal; the inside is brighter when the normal
            // points inwards and the step is up, or outwards and down.
            let inward = line.distance(m) > 0
            let brighterIn = inward ? s.up : s.down
            let darkerIn = inward ? s.down : s.up
            let on = max(brighterIn, darkerIn)
            guard Double(on) >= 0.35 * Double(s.inside) else { return nil }
            sideBrighter.append(brighterIn >= darkerIn)
            brighterVotes += brighterIn >= darkerIn ? 1 : 0
            total += Double(on) - 0.5 * Double(s.inside - on)
            supported += on
            visible += s.inside
        }
        guard total > 0 else { return nil }
        var confidence = Double(supported) / Double(max(1, visible))
        // Each side taken on trust from the frame's edge makes the outline less certain.
        for _ in 0..<borderSides { confidence *= 0.9 }
        let seen = 4 - borderSides
        // A sleeve is one object: its inside differs from the table the same way on
        // every side, unless the table itself changes (textured, glare).
        let consistent = brighterVotes == seen || brighterVotes == 0
        if borderSides > 0 {
            let majority = brighterVotes * 2 >= seen
            for k in 0..<4 where isBorder(sides[k]) { sideBrighter[k] = majority }
        }
        var score = total * (consistent ? 1.1 : 1.0)
        let ratio = quad.sideRatio
        let squareness = max(0, 1 - abs(log(ratio)) / log(1.35))
        score *= 1 + options.squareBonus * squareness
        // Reorder to the sleeve's reading order; keep the per-side polarity aligned.
        let ordered = quad.ordered()
        var polarity: [Bool] = []
        for k in 0..<4 {
            // Side k of the ordered quad runs from ordered corner k to k+1.
            let c0 = ordered.corners[k], c1 = ordered.corners[(k + 1) % 4]
            let i0 = quad.corners.firstIndex(of: c0)!, i1 = quad.corners.firstIndex(of: c1)!
            // In the candidate, side j runs from corner j-1 to corner j.
            let j = (i1 == (i0 + 1) % 4) ? i1 : i0
            polarity.append(sideBrighter[j])
        }
        return (score, SleeveDetection(quad: ordered, confidence: confidence * (consistent ? 1 : 0.9),
                                       insideBrighter: polarity))
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
