import Testing
@testable import SleeveCore

@Suite struct CornerTrackerTests {
    let base = Quad([[100, 100], [300, 100], [300, 300], [100, 300]])

    func shifted(_ q: Quad, _ dx: Double) -> Quad { Quad(q.corners.map { Point(x: $0.x + dx, y: $0.y) }) }

    @Test func smoothsJitterAndReportsMotionAsAFractionOfTheDiagonal() throws {
        var t = CornerTracker(smoothing: 0.5)
        let first = t.update(base)
        #expect(first.restarted && first.motion == nil)
        let second = t.update(shifted(base, 4))
        let motion = try #require(second.motion)
        #expect(abs(motion - 4 / (200 * 2.0.squareRoot())) < 1e-9)
        // Half-way between the old corners and the new detection.
        #expect(second.corners?.corners[0] == Point(x: 102, y: 100))
        #expect(!second.restarted)
    }

    @Test func aJumpRestartsTheTrackAtTheNewPlace() {
        var t = CornerTracker(smoothing: 0.5, resetFraction: 0.08)
        _ = t.update(base)
        let moved = t.update(shifted(base, 80))
        #expect(moved.restarted)
        #expect(moved.corners == shifted(base, 80))
    }

    @Test func pairsCornersEvenWhenTheDetectorStartsElsewhere() throws {
        var t = CornerTracker()
        _ = t.update(base)
        let rotatedStart = Quad([base.corners[1], base.corners[2], base.corners[3], base.corners[0]])
        let u = t.update(rotatedStart)
        #expect(try #require(u.motion) == 0)
        #expect(u.corners == base)
    }

    @Test func bridgesAFewMissedFramesThenDrops() {
        var t = CornerTracker(maxMissedFrames: 2)
        _ = t.update(base)
        #expect(t.update(nil).corners == base)
        #expect(t.update(nil).corners == base)
        #expect(t.update(nil).corners == nil)
    }
}
