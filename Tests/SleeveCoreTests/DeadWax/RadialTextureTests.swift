import Testing
@testable import SleeveCore

@Suite struct RadialTextureTests {
    /// Radial medians (grey levels, 4 px apart from radius 147) of a held-out close-up
    /// of `RCA73909-B1 SH1` (maroon label on black wax, the disc's rim and a green table
    /// in the frame) round the centre the vote found: the label's edge near 519, the
    /// grooves, then the rim near 1275 against the table, twice as strong a step.
    static let heldOutRimMedians: [Double?] = [
        66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66,
        66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66,
        66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66,
        66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 66, 65, 65, 65, 64, 40, 37, 30, 21, 17,
        17, 17, 17, 17, 17, 17, 17, 17, 17, 17, 19, 19, 19, 19, 19, 18, 17, 17, 16, 17, 17, 17, 16, 17, 16,
        16, 16, 17, 16, 17, 17, 17, 17, 17, 17, 17, 18, 17, 19, 21, 24, 24, 27, 22, 24, 19, 20, 17, 17, 19,
        21, 24, 23, 27, 21, 23, 18, 19, 16, 17, 18, 20, 24, 24, 25, 23, 24, 18, 19, 16, 17, 17, 20, 22, 25,
        25, 24, 23, 19, 19, 15, 17, 17, 21, 22, 27, 25, 24, 22, 19, 18, 16, 17, 16, 20, 21, 27, 23, 26, 21,
        20, 17, 16, 16, 16, 20, 21, 27, 22, 25, 20, 20, 17, 16, 16, 16, 20, 20, 27, 23, 28, 20, 21, 16, 17,
        15, 17, 18, 21, 25, 23, 26, 21, 21, 16, 16, 15, 17, 18, 22, 24, 25, 27, 21, 22, 16, 16, 14, 17, 18,
        22, 22, 26, 24, 22, 21, 16, 16, 14, 17, 17, 24, 22, 28, 23, 24, 20, 17, 16, 14, 17, 17, 24, 20, 28,
        22, 25, 19, 18, 15, 15, 16, 17, 24, 123, 122, 123, 123, 123, 122, 123, 123, 122, 122, 123, 123,
        122, 122, 122, 123, 123, 122, 122, 123, 123, 122, 122, 122, 122, 122, 122, 122, 122, 122, 123, nil,
        nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil
    ]

    @Test func theLabelsEdgeIsFoundInsideADiscRimThatIsTheStrongerStep() throws {
        let m = Self.heldOutRimMedians
        let r = try #require(RunoutLocator.innermostStrongStep(m, start: 147, step: 4, window: 3, strong: 0.5))
        #expect(r > 480 && r < 560)
        // Without telling the rim apart, its step is taken for the label's edge.
        let rimTaken = try #require(RunoutLocator.innermostStrongStep(m, start: 147, step: 4, window: 3, strong: 0.5,
                                                                     rimTextureRatio: .infinity))
        #expect(rimTaken > 1200)
    }

    @Test func grooveRingsInsideAndAFlatTableOutsideMakeARim() {
        // Ringed (grooves alternating 30/50) for 100 samples, then a flat table at 120.
        let m: [Double?] = (0..<100).map { Double?($0 % 2 == 0 ? 30 : 50) } + [Double?](repeating: 120, count: 100)
        let texture = RadialTexture(m)
        #expect(texture.isRim(at: 100, window: 3, reach: 40, ratio: 4))
    }

    @Test func aFlatLabelInsideAndGroovesOutsideIsNoRim() {
        // A flat label at 150, then the run-out and grooves outside it.
        let m: [Double?] = [Double?](repeating: 150, count: 100) + (0..<100).map { Double?($0 % 2 == 0 ? 30 : 50) }
        let texture = RadialTexture(m)
        #expect(!texture.isRim(at: 100, window: 3, reach: 40, ratio: 4))
    }

    @Test func tooLittlePhotoOnASideTellsNothing() {
        let m: [Double?] = (0..<100).map { Double?($0 % 2 == 0 ? 30 : 50) } + [Double?](repeating: nil, count: 100)
        let texture = RadialTexture(m)
        #expect(texture.meanChange(100..<140) == nil)
        #expect(!texture.isRim(at: 100, window: 3, reach: 40, ratio: 4))
        #expect(abs(texture.meanChange(0..<40)! - 20) < 1e-9)
    }
}
