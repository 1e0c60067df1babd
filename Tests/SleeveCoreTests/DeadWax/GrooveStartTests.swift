import Testing
@testable import SleeveCore

@Suite struct GrooveStartTests {
    /// Radial medians (grey levels, one per pixel of radius from 150 to 330) of
    /// Fixtures/deadwax/closeup-black-label round the centre the vote found: a black
    /// label (20) on black wax (16) to radius 203, the smooth run-out, then grooves
    /// ringing from about 266 (their sheen rises and falls every 22 px).
    static let blackLabelMedians: [Double?] = [
        20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20,
        20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 19, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20,
        19, 20, 19, 17, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
        16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16,
        16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 15, 15, 15, 16, 18, 19, 20, 21,
        24, 25, 25, 25, 26, 26, 24, 23, 22, 21, 19, 17, 16, 16, 15, 15, 15, 16, 17, 18, 20, 21, 23, 23, 25,
        26, 26, 25, 24, 23, 22, 21, 19, 17, 17, 16, 15, 15, 15, 16, 17, 18, 20, 22, 23, 24, 24, 26, 26, 25,
        24, 23, 23, 21, 19, 18,
    ]

    @Test func aBlackLabelsEdgeIsNoStepButTheGroovesBeginPlainly() throws {
        let m = Self.blackLabelMedians
        // The failure: no step stands out (the label's is 4 grey levels), so the
        // close-up was "no disc, label edge or run-out arc found".
        #expect(RunoutLocator.innermostStrongStep(m, start: 150, step: 1, window: 12, strong: 0.5) == nil)
        let grooves = try #require(RunoutLocator.grooveStart(m, start: 150, step: 1, window: 12, ratio: 4))
        #expect(abs(grooves - 266) <= 12, "grooves found at \(grooves)")
    }

    @Test func oneStepIsNoRingingAndRingsAre() throws {
        let step: [Double?] = [Double?](repeating: 150, count: 20) + [Double?](repeating: 20, count: 20)
        #expect(try #require(RadialTexture(step).ringing(0..<39)) == 0)
        #expect(try #require(RadialTexture(step).meanChange(0..<39)) > 3)
        let rings: [Double?] = (0..<40).map { Double?($0 % 2 == 0 ? 30 : 50) }
        #expect(try #require(RadialTexture(rings).ringing(0..<39)) > 19)
    }

    /// A light label's edge is a strong step into the run-out; the grooves' beginning
    /// further out is what `grooveStart` finds, never the label's edge itself.
    @Test func aLightLabelsEdgeIsNotTakenForTheGrooves() throws {
        let m: [Double?] = [Double?](repeating: 150, count: 100) + [Double?](repeating: 16, count: 30)
            + (0..<60).map { Double?($0 % 4 < 2 ? 16 : 26) }
        let grooves = try #require(RunoutLocator.grooveStart(m, start: 0, step: 4, window: 3, ratio: 4))
        // The grooves begin at sample 130; found at most the near window (10) early.
        #expect(grooves >= 4 * 120 && grooves <= 4 * 131, "grooves found at \(grooves)")
        let edge = try #require(RunoutLocator.innermostStrongStep(m, start: 0, step: 4, window: 3, strong: 0.5))
        #expect(abs(edge - 400) <= 8)
    }
}
