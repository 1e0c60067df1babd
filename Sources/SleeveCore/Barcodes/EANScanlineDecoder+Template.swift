#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading digits by comparing the gray profile with rendered, blurred patterns: for
/// symbols so blurred that narrow bars and spaces no longer leave an edge pair each.
///
/// The symbol's ends come from its outermost edges (a bar after a quiet zone, a bar
/// before one); the guard patterns, whose modules are known, then fix the ends more
/// precisely, the blur and the gray levels of bar and space. Each digit is the pattern
/// whose blurred rendering (with the neighbouring modules the symbology fixes: a
/// left-half digit is preceded by a bar and followed by a space) is nearest the profile.
extension EANScanlineDecoder {
    /// Where a kind's parts lie, in modules from the first guard bar.
    struct Layout {
        var modules: Int
        /// Guard modules with their first module and bits (1 = bar).
        var guards: [(start: Int, bits: [Double])]
        /// First module of each digit and whether it starts with a space (left half, UPC-E).
        var digits: [(start: Int, startsWithSpace: Bool)]

        init(_ kind: Kind) {
            switch kind {
            case .ean13:
                modules = 95
                guards = [(0, [1, 0, 1]), (45, [0, 1, 0, 1, 0]), (92, [1, 0, 1])]
                digits = (0..<6).map { (3 + 7 * $0, true) } + (0..<6).map { (50 + 7 * $0, false) }
            case .ean8:
                modules = 67
                guards = [(0, [1, 0, 1]), (31, [0, 1, 0, 1, 0]), (64, [1, 0, 1])]
                digits = (0..<4).map { (3 + 7 * $0, true) } + (0..<4).map { (36 + 7 * $0, false) }
            case .upcE:
                modules = 51
                guards = [(0, [1, 0, 1]), (45, [0, 1, 0, 1, 0, 1])]
                digits = (0..<6).map { (3 + 7 * $0, true) }
            }
        }
    }

    /// A blurred pattern as a sum of steps: darkness (0 space … 1 bar) at module coordinate u is
    /// `base + Σ rise · Φ((u − at) / σ)` for a Gaussian blur of σ modules. Modules `bits` start at
    /// module `first`; modules outside are `outside`. Print gain widens every bar by `gain`
    /// modules (half each side; negative: thinner bars, as ink-starved print and overexposed
    /// photos give), but not where a bar meets the unknown outside.
    struct Steps {
        var base: Double
        var at: [Double] = []
        var rise: [Double] = []

        init(bits: [Double], first: Int, gain: Double, outside: Double) {
            base = outside
            var level = outside
            for k in 0...bits.count {
                let next = k < bits.count ? bits[k] : outside
                guard next != level else { continue }
                let inside = k > 0 && k < bits.count
                // A bar starts earlier and ends later by half the gain.
                let shift = inside ? (next > level ? -gain / 2 : gain / 2) : 0
                at.append(Double(first + k) + shift)
                rise.append(next - level)
                level = next
            }
        }

        func darkness(_ u: Double, sigma: Double) -> Double {
            var d = base
            let scale = 1 / sigma
            for j in at.indices { d += rise[j] * EANScanlineDecoder.normalCDF((u - at[j]) * scale) }
            return d
        }
    }

    /// A guard pattern with what surrounds it: the quiet zone beside an outer guard, the
    /// digit modules the symbology fixes beside the others; its stretch in modules, and its
    /// blurred steps for each of the `gains`.
    struct GuardWindow {
        var lo: Double, hi: Double
        var steps: [Steps]
    }

    /// Per kind (in `Kind.allCases` order), its guards' windows.
    static let guardWindows: [[GuardWindow]] = Kind.allCases.map { kind in
        let layout = Layout(kind)
        return layout.guards.map { s, bits in
            let window: (bits: [Double], first: Int, lo: Double, hi: Double)
            if s == 0 {
                window = ([0, 0, 0] + bits + [0], -3, -2.5, 3.5)
            } else if s + bits.count == layout.modules {
                // The end guard follows an R digit (ending in a space) or, in UPC-E, a left-half digit (a bar).
                let before: Double = kind == .upcE ? 1 : 0
                window = ([before] + bits + [0, 0, 0], s - 1, Double(s) - 0.5, Double(s + bits.count) + 2.5)
            } else {
                window = ([1] + bits + [1], s - 1, Double(s) - 0.5, Double(s + bits.count) + 0.5)
            }
            return GuardWindow(lo: window.lo, hi: window.hi,
                               steps: gains.map { Steps(bits: window.bits, first: window.first, gain: $0, outside: 0.5) })
        }
    }

    /// The first of `candidates` with the least `cost`, each costed once (the guard fit
    /// behind a cost is the decoder's hottest code).
    static func cheapest<T>(_ candidates: [T], cost: (T) -> Double) -> T {
        var best = candidates[0], least = cost(best)
        for c in candidates.dropFirst() {
            let v = cost(c)
            if v < least { (best, least) = (c, v) }
        }
        return best
    }

    /// Print gains tried, in modules.
    static let gains = [-0.5, -0.3, -0.15, 0, 0.15, 0.3]

    /// The standard normal CDF from a table (erf per sample dominated the decoder's time).
    static let cdfTable: [Double] = (0...1600).map { 0.5 * (1 + erf((Double($0) / 200 - 4) / 2.0.squareRoot())) }

    @inline(__always) static func normalCDF(_ z: Double) -> Double {
        if z <= -4 { return 0 }
        if z >= 4 { return 1 }
        let t = (z + 4) * 200
        let i = Int(t), f = t - Double(i)
        return i >= 1600 ? 1 : cdfTable[i] + f * (cdfTable[i + 1] - cdfTable[i])
    }

    /// A symbol of `kind` read from `profile` between `start` and `end` (pixel positions of its
    /// outer edges), or nil when its guards do not fit.
    func readByTemplate(_ profile: [Double], start: Double, end: Double, kind: Kind) -> TemplateReading? {
        let layout = Layout(kind)
        let n = Double(layout.modules)
        // The gain is an index into `gains`: each guard's steps are rendered once per gain.
        var x0 = start, x1 = end, sigma = 0.5, gain = Self.gains.firstIndex(of: 0)!
        func samples(_ lo: Double, _ hi: Double, x0: Double, m: Double) -> [(x: Int, u: Double)] {
            let a = max(0, Int((x0 + lo * m).rounded(.up))), b = min(profile.count - 1, Int((x0 + hi * m).rounded(.down)))
            guard a <= b else { return [] }
            return (a...b).map { ($0, (Double($0) - x0) / m) }
        }
        let windows = Self.guardWindows[Kind.allCases.firstIndex(of: kind)!]
        /// Per guard: gray level fit and relative misfit (1 − R²). Sums are gathered sample by
        /// sample: this runs some fifty times per span, for every span of every scanline.
        func guardFits(x0: Double, x1: Double, sigma: Double, gain: Int) -> [(a: Double, b: Double, misfit: Double)] {
            let m = (x1 - x0) / n
            return windows.map { w in
                let steps = w.steps[gain]
                let lo = max(0, Int((x0 + w.lo * m).rounded(.up))), hi = min(profile.count - 1, Int((x0 + w.hi * m).rounded(.down)))
                guard lo + 1 <= hi else { return (0, 0, 1) }
                var st = 0.0, sp = 0.0, stt = 0.0, stp = 0.0, spp = 0.0
                for x in lo...hi {
                    let t = steps.darkness((Double(x) - x0) / m, sigma: sigma), p = profile[x]
                    st += t; sp += p; stt += t * t; stp += t * p; spp += p * p
                }
                let count = Double(hi - lo + 1)
                let ctt = stt - st * st / count, ctp = stp - st * sp / count, cpp = spp - sp * sp / count
                guard ctt > 1e-9, cpp > 0 else { return (sp / count, 0, 1) }
                let b = ctp / ctt, a = (sp - b * st) / count
                return (a, b, max(0, cpp - b * ctp) / cpp)
            }
        }
        func cost(_ x0: Double, _ x1: Double, _ sigma: Double, _ gain: Int) -> Double {
            guardFits(x0: x0, x1: x1, sigma: sigma, gain: gain).reduce(0) { $0 + ($1.b < 0 ? $1.misfit : 2) }
        }
        // Most spans are not symbols: one look at the guards as found rules them out cheaply.
        guard cost(x0, x1, sigma, gain) <= 0.5 * Double(layout.guards.count) else { return nil }
        // Coordinate descent over the two ends, the blur and the print gain.
        let m0 = (end - start) / n
        for _ in 0..<2 {
            x0 = Self.cheapest(stride(from: -0.6, through: 0.6, by: 0.2).map { x0 + $0 * m0 }) { cost($0, x1, sigma, gain) }
            x1 = Self.cheapest(stride(from: -0.6, through: 0.6, by: 0.2).map { x1 + $0 * m0 }) { cost(x0, $0, sigma, gain) }
            sigma = Self.cheapest([0.2, 0.35, 0.5, 0.65, 0.8, 1.0]) { cost(x0, x1, $0, gain) }
            gain = Self.cheapest(Array(Self.gains.indices)) { cost(x0, x1, sigma, $0) }
        }
        let fits = guardFits(x0: x0, x1: x1, sigma: sigma, gain: gain)
        guard fits.allSatisfy({ $0.b < 0 && $0.misfit <= maxGuardMisfit }) else { return nil }
        let m = (x1 - x0) / n
        let centres = layout.guards.indices.map { g in Double(layout.guards[g].start) + Double(layout.guards[g].bits.count) / 2 }
        /// Gray levels at module `u`, interpolated between the guards.
        func levels(_ u: Double) -> (a: Double, b: Double) {
            var g = 0
            while g + 2 < centres.count, u > centres[g + 1] { g += 1 }
            let f = max(0, min(1, (u - centres[g]) / (centres[g + 1] - centres[g])))
            return (fits[g].a + f * (fits[g + 1].a - fits[g].a), fits[g].b + f * (fits[g + 1].b - fits[g].b))
        }
        var classes: [Int?] = []
        var allCosts: [[Double]] = []
        // Every pattern is compared at the same samples, and every pattern's steps lie on the
        // module boundaries of the digit's window, shifted by the gain: Φ at each of those places,
        // and the profile in bar darkness, are worked out once per digit.
        let scale = 1 / sigma, shift = Self.gains[gain] / 2
        for (k, startsWithSpace) in layout.digits {
            let s = samples(Double(k), Double(k + 7), x0: x0, m: m)
            guard s.count >= 4 else { return nil }
            // The window: the fixed neighbour module either side and the digit's seven (boundaries k−1 … k+8).
            let firstBoundary = k - 1, boundaries = 10
            // Per sample and boundary: Φ with the boundary moved back, unmoved, moved on by half the gain.
            var phi = [Double](repeating: 0, count: s.count * boundaries * 3)
            var darkness = [Double](repeating: 0, count: s.count)
            for (i, (x, u)) in s.enumerated() {
                for j in 0..<boundaries {
                    let d = u - Double(firstBoundary + j)
                    phi[(i * boundaries + j) * 3] = Self.normalCDF((d + shift) * scale)
                    phi[(i * boundaries + j) * 3 + 1] = Self.normalCDF(d * scale)
                    phi[(i * boundaries + j) * 3 + 2] = Self.normalCDF((d - shift) * scale)
                }
                let (a, b) = levels(u)
                darkness[i] = (profile[x] - a) / b
            }
            var costs: [(Double, Int)] = []
            let allowG = startsWithSpace && kind != .ean8
            for cls in 0..<(allowG ? 20 : 10) {
                let widths = cls < 10 ? Self.lWidths[cls] : Self.lWidths[cls - 10].reversed()
                var bits: [Double] = [startsWithSpace ? 1 : 0]
                for (e, w) in widths.enumerated() {
                    let bar: Double = (e % 2 == 1) == startsWithSpace ? 1 : 0
                    bits += [Double](repeating: bar, count: Int(w))
                }
                bits.append(startsWithSpace ? 0 : 1)
                let steps = Steps(bits: bits, first: firstBoundary, gain: Self.gains[gain], outside: 0.5)
                // Each step's boundary and which of the three shifts it has.
                let slots = steps.at.map { at -> Int in
                    let b = Int(at.rounded()) - firstBoundary
                    let moved = at - Double(firstBoundary + b)
                    return (b * 3) + (abs(moved) < 1e-9 ? 1 : abs(moved + shift) < 1e-9 ? 0 : 2)
                }
                var c = 0.0
                for i in 0..<s.count {
                    var t = steps.base
                    for j in slots.indices { t += steps.rise[j] * phi[i * boundaries * 3 + slots[j]] }
                    let e = darkness[i] - t
                    c += e * e
                }
                costs.append((c / Double(s.count), cls))
            }
            allCosts.append(costs.map(\.0))
            costs.sort { $0.0 < $1.0 }
            let (best, second) = (costs[0], costs[1])
            classes.append(best.0 <= maxTemplateCost && second.0 >= minTemplateRatio * best.0 + minTemplateGap ? best.1 : nil)
        }
        return TemplateReading(classes: classes, costs: allCosts)
    }
}

/// One scanline's template reading of a symbol: the clear class of each digit position (nil
/// where the nearest pattern was not clearly nearest) and every pattern's misfit there.
struct TemplateReading {
    var classes: [Int?]
    /// Per digit position, the mean squared misfit of each class (20 for left digits that may
    /// be G codes, else 10).
    var costs: [[Double]]
}
