/// Decodes EAN-13, UPC-A, EAN-8 and UPC-E from an image whose bars stand upright, for
/// symbols too blurred or too small (about 1.5 pixels per module) for zbar.
///
/// Several scanlines across the image are each reduced to a gray profile (averaged over
/// a few rows, along the bars), whose edges are the extrema of its derivative, placed to a
/// fraction of a pixel. A run of edges that starts after a quiet zone, has the element
/// count of a symbol, guard patterns where they belong and digits of about 7 modules is a
/// candidate. Each digit is the nearest of the width patterns, compared mostly by the
/// distances between similar edges (bar start to bar start, space start to space start),
/// which blur and ink spread leave nearly unchanged (the classic UPC decoding rule), and
/// kept only when the nearest pattern is clearly nearer than the next.
///
/// Scanlines vote digit by digit: every digit (with its parity) needs at least
/// `minAgreeingScanlines` scanlines and a majority of those that decoded it confidently,
/// and the result must pass its check digit. One scanline alone never yields a read.
public struct EANScanlineDecoder: Sendable {
    /// Scanlines sampled between 10% and 90% of the height.
    public var scanlines = 16
    /// Scanlines that must agree on every digit.
    public var minAgreeingScanlines = 2
    /// Narrowest module considered, in pixels.
    public var minModulePixels = 1.0
    /// Largest relative misfit (1 − R²) of a guard pattern for a candidate to count.
    public var maxGuardMisfit = 0.35
    /// Largest mean squared difference (in bar darkness, 0…1) between a digit and its pattern.
    public var maxTemplateCost = 0.06
    /// The second-nearest pattern must be this many times as far as the nearest…
    public var minTemplateRatio = 1.3
    /// …and this much farther.
    public var minTemplateGap = 0.01
    /// Read from the summed misfits of all scanlines when the digit vote fails (see `softVote`).
    public var softDecoding = true
    /// Scanlines (on one span) a summed reading needs.
    public var minSoftScanlines = 3
    /// How much more misfit (per scanline, summed over digits) the runner-up codeword must have.
    public var minSoftMargin = 0.05

    /// Widest image worth decoding: wider, a symbol's modules span several pixels, which
    /// zbar reads when anything can. Callers reduce wider images to this, so the decoder's
    /// time stays bounded whatever the photo's size.
    public static let maxImageWidth = 360

    public init() {}

    /// One decoded symbol: its symbology, normalised value (UPC-A 12 digits, UPC-E 8),
    /// how many scanlines agreed (the weakest digit's votes), and its span in image pixels.
    public struct Result: Sendable, Equatable {
        public var symbology: Barcode.Symbology
        public var value: String
        public var agreeingScanlines: Int
        public var corners: [Point]
    }

    /// The symbols in `image` (bars upright). `shouldStop` is asked before each scanline, so a
    /// caller with a time budget can cut the work short (what was read so far still votes).
    public func decode(_ image: GrayImage, shouldStop: () -> Bool = { false }) -> [Result] {
        vote(candidates(image, kinds: Kind.allCases, shouldStop: shouldStop))
    }

    /// Every scanline's reading of a symbol of one of `kinds` whose guards fit; with `near`, only
    /// of symbols whose ends lie within its tolerance of the given ends (in forward pixels).
    /// `directions` says which ways round to read (reversed: the symbol upside down).
    func candidates(_ image: GrayImage, kinds: [Kind], near: (x0: Double, x1: Double, tolerance: Double)? = nil,
                    directions: [Bool] = [false, true], shouldStop: () -> Bool = { false }) -> [Candidate] {
        guard image.width >= 40, image.height >= 4 else { return [] }
        var candidates: [Candidate] = []
        let n = max(1, scanlines)
        let halfBand = max(1, image.height / (2 * n))
        for k in 0..<n {
            if shouldStop() { break }
            let y = Int((0.1 + 0.8 * (Double(k) + 0.5) / Double(n)) * Double(image.height))
            let forward = Self.profile(image, row: y, halfBand: halfBand)
            // Upside down, a symbol reads as its mirror image: the reversed profile reads it forwards.
            for reversed in directions {
                let profile = reversed ? forward.reversed() : forward
                let edges = Self.edges(profile)
                for kind in kinds {
                    let last = Double(profile.count - 1)
                    func forward(_ span: (Double, Double)) -> (x0: Double, x1: Double) {
                        reversed ? (last - span.1, last - span.0) : span
                    }
                    var found = spans(edges, count: profile.count, kind: kind)
                    if let near {
                        // Only the span whose ends come nearest the given ones.
                        func miss(_ s: (Double, Double)) -> Double {
                            let f = forward(s)
                            return max(abs(f.x0 - near.x0), abs(f.x1 - near.x1))
                        }
                        found = found.filter { miss($0) <= near.tolerance }.min { miss($0) < miss($1) }.map { [$0] } ?? []
                    }
                    for (start, end) in found {
                        let (x0, x1) = forward((start, end))
                        guard let reading = readByTemplate(profile, start: start, end: end, kind: kind) else { continue }
                        candidates.append(Candidate(kind: kind, classes: reading.classes, reversed: reversed, y: Double(y),
                                                    x0: x0, x1: x1, costs: reading.costs))
                    }
                }
            }
        }
        return candidates
    }

    // MARK: - Profiles and edges

    struct Edge: Equatable {
        var x: Double
        /// Dark to light (the end of a bar).
        var rising: Bool
    }

    /// Row `row` averaged with `halfBand` rows either side.
    static func profile(_ image: GrayImage, row: Int, halfBand: Int) -> [Double] {
        let y0 = max(0, row - halfBand), y1 = min(image.height - 1, row + halfBand)
        var out = [Double](repeating: 0, count: image.width)
        image.pixels.withUnsafeBufferPointer { p in
            for y in y0...y1 {
                let base = y * image.width
                for x in 0..<image.width { out[x] += Double(p[base + x]) }
            }
        }
        let scale = 1 / Double(y1 - y0 + 1)
        return out.map { $0 * scale }
    }

    /// Extrema of the derivative, alternating in sign, placed by a parabola through the
    /// peak and its neighbours. A peak counts when it is a fair part of the strongest
    /// nearby edge: narrow elements lose contrast under blur but keep their extrema.
    static func edges(_ p: [Double]) -> [Edge] {
        let n = p.count
        guard n >= 5 else { return [] }
        var d = [Double](repeating: 0, count: n)
        for i in 1..<(n - 1) { d[i] = (p[i + 1] - p[i - 1]) / 2 }
        // Strongest |d| within a window, for a local threshold.
        let window = max(8, n / 20)
        var localMax = [Double](repeating: 0, count: n)
        var deque: [Int] = []
        var head = 0
        // Sliding maximum over [i - window, i + window].
        for j in 0..<(n + window) {
            if j < n {
                while deque.count > head, abs(d[deque.last!]) <= abs(d[j]) { deque.removeLast() }
                deque.append(j)
            }
            let i = j - window
            if i >= 0 {
                while deque[head] < i - window { head += 1 }
                localMax[i] = abs(d[deque[head]])
            }
        }
        let globalMax = d.map(abs).max() ?? 0
        var out: [(edge: Edge, strength: Double)] = []
        for i in 1..<(n - 1) {
            // Magnitudes in this edge's direction: a neighbour of the other sign counts as none,
            // so a one-pixel element between two edges does not hide either.
            let sign: Double = d[i] < 0 ? -1 : 1
            let a = abs(d[i]), l = max(0, sign * d[i - 1]), r = max(0, sign * d[i + 1])
            guard a >= l, a > r, a >= 0.12 * localMax[i], a >= 0.05 * globalMax, a >= 2 else { continue }
            let denom = l - 2 * a + r
            let offset = denom < 0 ? max(-0.5, min(0.5, 0.5 * (l - r) / denom)) : 0
            let edge = Edge(x: Double(i) + offset, rising: d[i] > 0)
            if let last = out.last, last.edge.rising == edge.rising {
                if a > last.strength { out[out.count - 1] = (edge, a) }
            } else {
                out.append((edge, a))
            }
        }
        return out.map(\.edge)
    }

    // MARK: - Symbol structure

    enum Kind: CaseIterable { case ean13, ean8, upcE
        /// Digits in each half (UPC-E: all six before the end guard).
        var digits: (left: Int, right: Int) {
            switch self { case .ean13: (6, 6); case .ean8: (4, 4); case .upcE: (6, 0) }
        }
        var modules: Double {
            switch self { case .ean13: 95; case .ean8: 67; case .upcE: 51 }
        }
        /// Elements (bars and spaces) from the first guard bar to the last.
        var elements: Int {
            let d = digits
            return 3 + 4 * d.left + (self == .upcE ? 6 : 5 + 4 * d.right + 3)
        }
    }

    /// One scanline's reading of a candidate symbol: a class per digit position
    /// (left digits 0…19: `digit + 10 × even parity`; right digits 0…9), or nil where
    /// the digit was not clear.
    struct Candidate {
        var kind: Kind
        var classes: [Int?]
        var reversed = false
        var y = 0.0
        var x0 = 0.0, x1 = 0.0
        /// Every class's misfit per position (see `TemplateReading`).
        var costs: [[Double]] = []
        /// Most digits clear (see `plausible`): the reading votes digit by digit.
        var isPlausible: Bool { EANScanlineDecoder.plausible(classes, kind: kind) }
    }

    /// Widths of L-code digits in scan order (space, bar, space, bar); G codes are these reversed,
    /// R codes these with bars and spaces swapped.
    static let lWidths: [[Double]] = [
        [3, 2, 1, 1], [2, 2, 2, 1], [2, 1, 2, 2], [1, 4, 1, 1], [1, 1, 3, 2],
        [1, 2, 3, 1], [1, 1, 1, 4], [1, 3, 1, 2], [1, 2, 1, 3], [3, 1, 1, 2],
    ]

    /// Pairs of a bar's leading edge after a quiet zone and a bar's trailing edge before one,
    /// as far apart as `kind`'s modules at a plausible module width; the guards' fit
    /// (`readByTemplate`) decides which of them are symbols.
    func spans(_ edges: [Edge], count: Int, kind: Kind) -> [(Double, Double)] {
        let modules = kind.modules
        var out: [(Double, Double)] = []
        for i in edges.indices where !edges[i].rising {
            let before = i > 0 ? edges[i].x - edges[i - 1].x : edges[i].x + 1
            for j in stride(from: i + 1, to: edges.count, by: 2) where edges[j].rising {
                let m = (edges[j].x - edges[i].x) / modules
                guard m >= minModulePixels else { continue }
                // Blur merges narrow elements, so the edges between say little: only that
                // there are not far more than the symbol has.
                if j - i > 2 * kind.elements { break }
                let after = j + 1 < edges.count ? edges[j + 1].x - edges[j].x : Double(count) - edges[j].x
                guard before >= 4 * m, after >= 4 * m else { continue }
                out.append((edges[i].x, edges[j].x))
            }
        }
        return out
    }

    /// A candidate worth a vote: most digits clear, and an EAN-13 whose first digit is an
    /// L code (every first-digit parity starts so; a symbol read backwards does not).
    static func plausible(_ classes: [Int?], kind: Kind) -> Bool {
        guard classes.filter({ $0 != nil }).count * 3 >= classes.count * 2 else { return false }
        if kind == .ean13, let first = classes[0], first >= 10 { return false }
        return true
    }

    // MARK: - Voting

    /// EAN-13 first digit from the parities of the left six digits (true = even, G code).
    static let ean13Parity: [[Bool]] = [
        "LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL",
    ].map { $0.map { $0 == "G" } }

    /// UPC-E number system 0: parities (true = even) that encode the check digit;
    /// number system 1 uses the opposite parities.
    static let upcEParity: [[Bool]] = [
        "EEEOOO", "EEOEOO", "EEOOEO", "EEOOOE", "EOEEOO", "EOOEEO", "EOOOEE", "EOEOEO", "EOEOOE", "EOOEOE",
    ].map { $0.map { $0 == "E" } }

    /// Candidates of one kind read one way round.
    struct GroupKey: Hashable {
        var kind: Int
        var reversed: Bool
        init(_ c: Candidate) {
            kind = Kind.allCases.firstIndex(of: c.kind)!
            reversed = c.reversed
        }
    }

    func vote(_ candidates: [Candidate]) -> [Result] {
        var groups: [GroupKey: [Candidate]] = [:]
        for c in candidates where c.isPlausible { groups[GroupKey(c), default: []].append(c) }
        var results: [Result] = []
        var decided = Set<GroupKey>()
        for (key, group) in groups where group.count >= minAgreeingScanlines {
            let kind = group[0].kind
            let positions = group[0].classes.count
            var chosen: [Int] = []
            var weakest = Int.max
            for p in 0..<positions {
                var votes = [Int: Int]()
                for c in group { if let cls = c.classes[p] { votes[cls, default: 0] += 1 } }
                let cast = votes.values.reduce(0, +)
                guard let (cls, n) = votes.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                      n >= minAgreeingScanlines, 2 * n > cast else { break }
                chosen.append(cls)
                weakest = min(weakest, n)
            }
            guard chosen.count == positions, let (symbology, value) = Self.assemble(kind, chosen) else { continue }
            let agreeing = group.filter { c in c.classes.enumerated().allSatisfy { $0.element == nil || $0.element == chosen[$0.offset] } }
            guard !agreeing.isEmpty else { continue }
            results.append(Result(symbology: symbology, value: value, agreeingScanlines: weakest,
                                  corners: Self.corners(of: agreeing)))
            decided.insert(key)
        }
        if softDecoding { results += softVote(candidates, skipping: decided) }
        // The same value read both ways round is one symbol.
        var seen = Set<String>()
        return results.sorted { $0.agreeingScanlines > $1.agreeingScanlines }.filter { seen.insert($0.value).inserted }
    }

    /// The box round the scanlines that read a symbol, clockwise from top-left.
    static func corners(of readings: [Candidate]) -> [Point] {
        let x0 = readings.map(\.x0).min()!, x1 = readings.map(\.x1).max()!
        let y0 = readings.map(\.y).min()!, y1 = readings.map(\.y).max()!
        return [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
    }

    /// Digits and parities into a value whose check digit holds, or nil.
    static func assemble(_ kind: Kind, _ classes: [Int]) -> (Barcode.Symbology, String)? {
        let digits = classes.map { $0 % 10 }
        let parity = classes.map { $0 >= 10 }
        switch kind {
        case .ean13:
            guard let first = ean13Parity.firstIndex(of: Array(parity.prefix(6))) else { return nil }
            let value = String(first) + digits.map(String.init).joined()
            guard CheckDigit.isValidGTIN(value) else { return nil }
            return first == 0 ? (.upcA, String(value.dropFirst())) : (.ean13, value)
        case .ean8:
            let value = digits.map(String.init).joined()
            return CheckDigit.isValidGTIN(value) ? (.ean8, value) : nil
        case .upcE:
            for ns in 0...1 {
                let table = ns == 0 ? upcEParity : upcEParity.map { $0.map { !$0 } }
                guard let check = table.firstIndex(of: parity) else { continue }
                let value = String(ns) + digits.map(String.init).joined() + String(check)
                if CheckDigit.isValidUPCE(value) { return (.upcE, value) }
            }
            return nil
        }
    }
}
