import Foundation
import Testing
@testable import SleeveCore

/// The Hough transform's fast paths (angles wrapped once into tables, eight cells at a
/// time skipped under the floor) give exactly what the plain per-vote formulas give.
@Suite struct HoughLinesTests {
    /// Edges in every direction: a tilted bright quad, an upright one (its right side's
    /// gradient points at exactly 180°, the fan's wrap), and a textured table.
    static func field() -> GradientField {
        let tilted = Quad([[60.3, 40.7], [250.2, 55.1], [238.9, 228.4], [48.6, 214.0]])
        var img = SyntheticFrames.quad(tilted, width: 320, height: 260, inside: 220) { x, y in UInt8(60 + (x * 7 + y * 3) % 50) }
        let upright = SyntheticFrames.quad(Quad([[100, 90], [180, 90], [180, 170], [100, 170]]), width: 320, height: 260,
                                           inside: 250) { _, _ in 0 }
        for i in img.pixels.indices where upright.pixels[i] == 250 { img.pixels[i] = 250 }
        return GradientField(img, workingSide: 320)
    }

    /// The accumulator as first written: angle wrapped and libm rounding per vote.
    static func plainVotes(_ f: GradientField, minGradient: Float) -> (counts: [Int32], rhoBins: Int, sawWrap: Bool) {
        let w = f.width, h = f.height, bins = HoughLines.angleBins, spread = HoughLines.spread
        let diag = Int(Double(w * w + h * h).squareRoot()) + 1, rhoBins = 2 * diag + 1
        var acc = [Int32](repeating: 0, count: bins * rhoBins)
        var sawWrap = false
        for y in 2..<(h - 2) {
            for x in 2..<(w - 2) {
                let i = y * w + x, m = f.magnitude[i]
                guard m >= minGradient else { continue }
                let gx = f.gx[i], gy = f.gy[i]
                let (dx, dy): (Int, Int) = abs(gx) > 2.414 * abs(gy) ? (1, 0)
                    : abs(gy) > 2.414 * abs(gx) ? (0, 1) : (1, (gx > 0) == (gy > 0) ? 1 : -1)
                guard m >= f.magnitude[i + dy * w + dx], m > f.magnitude[i - dy * w - dx] else { continue }
                var phi = atan2(gy, gx)
                if phi < 0 { phi += .pi }
                let center = Int((phi * Float(bins) / .pi).rounded())
                sawWrap = sawWrap || center == bins
                for k in -spread...spread {
                    let t = (center + k + bins) % bins
                    let a = Double(t) * .pi / Double(bins)
                    let r = Int((Float(x) * Float(cos(a)) + Float(y) * Float(sin(a))).rounded()) + diag
                    acc[t * rhoBins + r] += Int32(spread + 1 - abs(k))
                }
            }
        }
        return (acc, rhoBins, sawWrap)
    }

    /// Every cell checked one by one.
    static func plainMaxima(_ acc: [Int32], rhoBins: Int, minVotes: Int32) -> [[Int]] {
        let bins = HoughLines.angleBins
        var out: [[Int]] = []
        for t in 0..<bins {
            for r in 1..<(rhoBins - 1) {
                let v = acc[t * rhoBins + r]
                guard v >= minVotes else { continue }
                var isMax = true
                for dt in -1...1 {
                    let wrapped = t + dt < 0 || t + dt >= bins
                    let tt = (t + dt + bins) % bins, rc = wrapped ? rhoBins - 1 - r : r
                    for dr in -1...1 where !(dt == 0 && dr == 0) && rc + dr >= 0 && rc + dr < rhoBins {
                        let o = acc[tt * rhoBins + rc + dr]
                        if o > v || (o == v && (dt, dr) < (0, 0)) { isMax = false }
                    }
                }
                if isMax { out.append([t, r, Int(v)]) }
            }
        }
        return out
    }

    @Test func votesAreThoseOfThePlainFormulas() throws {
        let f = Self.field()
        let plain = Self.plainVotes(f, minGradient: 4)
        try #require(plain.sawWrap, "the frame must hold a gradient at 180° to check the wrap")
        let votes = HoughLines.votes(f, minGradient: 4)
        #expect(votes.rhoBins == plain.rhoBins)
        #expect(votes.counts == plain.counts)
    }

    @Test func localMaximaAreThoseOfACellByCellScan() {
        let f = Self.field()
        let votes = HoughLines.votes(f, minGradient: 4)
        for minVotes: Int32 in [1, 40, 84, 300] {
            let fast = HoughLines.localMaxima(votes, minVotes: minVotes).map { [$0.t, $0.r, Int($0.v)] }
            let plain = Self.plainMaxima(votes.counts, rhoBins: votes.rhoBins, minVotes: minVotes)
            #expect(!plain.isEmpty)
            #expect(fast == plain, "floor \(minVotes)")
        }
    }
}
