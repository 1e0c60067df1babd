import Testing
@testable import SleeveCore

/// `nearestInteger` stands in for `Int(v.rounded())` in the detector's hot loops: it
/// must agree on every value, halves and their neighbours above all.
@Suite struct NearestIntegerTests {
    static let halves: [Double] = [0.5, 1.5, 2.5, 367.5, 1000.5, 0.49999999999999994, 0]

    @Test func agreesWithRoundedOnHalvesAndTheirNeighbours() {
        for h in Self.halves {
            for v in [h, h.nextUp, h.nextDown, -h, (-h).nextUp, (-h).nextDown] {
                #expect(nearestInteger(v) == Int(v.rounded()), "\(v)")
                let f = Float(v)
                for g in [f, f.nextUp, f.nextDown] {
                    #expect(nearestInteger(g) == Int(g.rounded()), "\(g)")
                }
            }
        }
    }

    @Test func agreesWithRoundedAcrossTheDetectorsRange() {
        // ρ values of a 1000-pixel field, in steps that land between and on halves.
        var disagreements = 0
        var v: Float = -1200
        while v < 1200 {
            if nearestInteger(v) != Int(v.rounded()) { disagreements += 1 }
            if nearestInteger(Double(v) / 3) != Int((Double(v) / 3).rounded()) { disagreements += 1 }
            v += 0.0625 + 1.0 / 1024
        }
        #expect(disagreements == 0)
    }
}
