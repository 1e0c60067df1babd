/// Reading a symbol from every scanline's misfits together, when no digit-by-digit vote
/// settles it.
///
/// On a blurred or small symbol each scanline is sure of only some digits, and not the same
/// ones, so a vote of the clear digits often leaves a position without a majority. Summing
/// every pattern's misfit over the scanlines that found the same symbol weighs all they saw;
/// the value is then the codeword with the least total misfit among those the symbology
/// allows (parities that name a first digit, a check digit that holds), found by dynamic
/// programming over the digit positions. It is kept only when it fits clearly better than
/// the next-best valid codeword: with a check digit, the next-best is at least two digits
/// away, so a clear margin means the scanlines agree beyond chance.
extension EANScanlineDecoder {
    /// A codeword and its total misfit.
    struct Codeword: Equatable {
        var cost: Double
        var classes: [Int]
    }

    /// Symbols read from clusters of scanlines that found the same span, for groups the
    /// digit-by-digit vote left without a read.
    func softVote(_ candidates: [Candidate], skipping decided: Set<GroupKey>) -> [Result] {
        var results: [Result] = []
        var groups: [GroupKey: [Candidate]] = [:]
        for c in candidates {
            let key = GroupKey(c)
            if !decided.contains(key) { groups[key, default: []].append(c) }
        }
        for (_, group) in groups {
            for cluster in Self.clusters(group) where cluster.count >= minSoftScanlines {
                guard let result = softRead(cluster) else { continue }
                results.append(result)
            }
        }
        return results
    }

    /// Candidates grouped by where their symbol lies (both ends within two modules), one per
    /// scanline (the one with most clear digits), largest clusters first.
    static func clusters(_ group: [Candidate]) -> [[Candidate]] {
        var clusters: [[Candidate]] = []
        let ordered = group.sorted { $0.classes.compactMap { $0 }.count > $1.classes.compactMap { $0 }.count }
        for c in ordered {
            let tolerance = 2 * (c.x1 - c.x0) / c.kind.modules
            if let i = clusters.firstIndex(where: { abs($0[0].x0 - c.x0) <= tolerance && abs($0[0].x1 - c.x1) <= tolerance }) {
                if !clusters[i].contains(where: { $0.y == c.y }) { clusters[i].append(c) }
            } else {
                clusters.append([c])
            }
        }
        return clusters.sorted { $0.count > $1.count }
    }

    /// The cluster's codeword when it clearly beats the runner-up.
    func softRead(_ cluster: [Candidate]) -> Result? {
        let kind = cluster[0].kind
        let positions = cluster[0].costs.count
        let n = Double(cluster.count)
        var total: [[Double]] = cluster[0].costs.map { [Double](repeating: 0, count: $0.count) }
        for c in cluster {
            for p in 0..<positions { for cls in c.costs[p].indices { total[p][cls] += c.costs[p][cls] } }
        }
        let best = Self.bestCodewords(kind, total)
        guard let first = best.first else { return nil }
        let meanCost = first.cost / (n * Double(positions))
        let margin = best.count > 1 ? (best[1].cost - first.cost) / n : .infinity
        // The runner-up must be worse by a clear amount, and by a fair share of the misfit the
        // best one leaves (a poor fit's margin is mostly noise).
        guard margin >= minSoftMargin, margin >= 0.5 * meanCost,
              let (symbology, value) = Self.assemble(kind, first.classes) else { return nil }
        return Result(symbology: symbology, value: value, agreeingScanlines: cluster.count, corners: Self.corners(of: cluster))
    }

    /// The two valid codewords of least total misfit, best first.
    /// Dynamic programming over positions with the check sum (mod 10) as state, keeping the
    /// two best paths per state; for EAN-13 once per first digit, whose parities fix which
    /// classes the left half may take.
    static func bestCodewords(_ kind: Kind, _ total: [[Double]]) -> [Codeword] {
        var finals: [Codeword] = []
        switch kind {
        case .ean13:
            for first in 0...9 {
                let parity = ean13Parity[first]
                // Digit index i + 1 of 13 (after the first digit) weighs 3 when odd.
                let options: [[(cls: Int, digit: Int)]] = (0..<12).map { p in
                    p < 6 ? (0...9).map { (($0 + (parity[p] ? 10 : 0)), $0) } : (0...9).map { ($0, $0) }
                }
                finals += bestPaths(total, options: options, weights: (0..<12).map { $0 % 2 == 0 ? 3 : 1 }, start: first)
            }
        case .ean8:
            let options: [[(cls: Int, digit: Int)]] = (0..<8).map { _ in (0...9).map { ($0, $0) } }
            finals = bestPaths(total, options: options, weights: (0..<8).map { $0 % 2 == 0 ? 3 : 1 }, start: 0)
        case .upcE:
            finals = bestUPCECodewords(total)
        }
        return Array(finals.sorted { $0.cost < $1.cost }.prefix(2))
    }

    /// The two cheapest paths choosing one option per position whose weighted digit sum plus
    /// `start` is a multiple of 10. Per position and sum, the two best entries keep only their
    /// predecessor; the paths are rebuilt at the end.
    static func bestPaths(_ total: [[Double]], options: [[(cls: Int, digit: Int)]], weights: [Int], start: Int) -> [Codeword] {
        struct Entry { var cost = Double.infinity; var from = -1; var cls = -1 }
        let positions = options.count
        // entries[p][state * 2 + rank]: best paths over positions 0…p−1 ending in `state`.
        var entries = [[Entry]](repeating: [Entry](repeating: Entry(), count: 20), count: positions + 1)
        entries[0][(start % 10) * 2] = Entry(cost: 0)
        for p in 0..<positions {
            for from in 0..<20 where entries[p][from].cost.isFinite {
                let base = entries[p][from].cost, s = from / 2
                for (cls, digit) in options[p] {
                    let cost = base + total[p][cls]
                    let t = (s + weights[p] * digit) % 10
                    if cost < entries[p + 1][t * 2].cost {
                        entries[p + 1][t * 2 + 1] = entries[p + 1][t * 2]
                        entries[p + 1][t * 2] = Entry(cost: cost, from: from, cls: cls)
                    } else if cost < entries[p + 1][t * 2 + 1].cost {
                        entries[p + 1][t * 2 + 1] = Entry(cost: cost, from: from, cls: cls)
                    }
                }
            }
        }
        return (0..<2).compactMap { rank in
            guard entries[positions][rank].cost.isFinite else { return nil }
            var classes = [Int](repeating: 0, count: positions)
            var at = rank
            for p in stride(from: positions, to: 0, by: -1) {
                classes[p - 1] = entries[p][at].cls
                at = entries[p][at].from
            }
            return Codeword(cost: entries[positions][rank].cost, classes: classes)
        }
    }

    /// UPC-E: the parities carry the number system (0 or 1) and the check digit, and the check
    /// digit is that of the UPC-A the six digits expand to, whose layout the last digit picks.
    /// So for each number system, check digit and last digit, the other five digits have fixed
    /// places (and weights) in the UPC-A, and a path search over them finds the best.
    static func bestUPCECodewords(_ total: [[Double]]) -> [Codeword] {
        var finals: [Codeword] = []
        for ns in 0...1 {
            for check in 0...9 {
                let parity = upcEParity[check].map { ns == 0 ? $0 : !$0 }
                func cls(_ p: Int, _ digit: Int) -> Int { digit + (parity[p] ? 10 : 0) }
                for last in 0...9 {
                    // UPC-A places (1-based; odd places weigh 3) of digits 1…5 and of the last digit.
                    let places: [Int]
                    let lastPlace: Int
                    switch last {
                    case 0...2: places = [2, 3, 9, 10, 11]; lastPlace = 4
                    case 3: places = [2, 3, 4, 10, 11]; lastPlace = 0
                    case 4: places = [2, 3, 4, 5, 11]; lastPlace = 0
                    default: places = [2, 3, 4, 5, 6]; lastPlace = 11
                    }
                    func weight(_ place: Int) -> Int { place % 2 == 1 ? 3 : 1 }
                    let fixed = 3 * ns + (lastPlace > 0 ? weight(lastPlace) * last : 0) + check
                    let options: [[(cls: Int, digit: Int)]] = (0..<5).map { p in (0...9).map { (cls(p, $0), $0) } }
                    for var path in bestPaths(total, options: options, weights: places.map(weight), start: fixed) {
                        path.cost += total[5][cls(5, last)]
                        path.classes.append(cls(5, last))
                        finals.append(path)
                    }
                }
            }
        }
        return finals
    }
}
