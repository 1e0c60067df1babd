import Testing
@testable import SleeveCore

/// Which arc of a close-up's band is unwrapped when the photo shows two.
@Suite("DeadWax visible arc")
struct VisibleArcTests {
    /// Shared close-up 8101-000 (a portrait photo with the disc's centre in frame,
    /// the band leaving the photo left and right): how many of the 5 sampled radii
    /// are in view at each of 1440 angles, as (radii in view, angles) runs. The arc
    /// from angle 143 holds only the band's inner radii (label rim text); the run
    /// `VSL63301-B2 TML-M` is on the arc from 823, the band wholly in view. Both
    /// are 475 angles long, and the first was unwrapped, so nothing was read.
    static let closeUp000: [(inView: Int, angles: Int)] = [
        (0, 143), (1, 18), (2, 14), (3, 13), (4, 10), (5, 21), (4, 18), (3, 23), (2, 35), (1, 131),
        (2, 35), (3, 23), (4, 18), (5, 44), (4, 12), (3, 16), (2, 19), (1, 25), (0, 205), (1, 25),
        (2, 19), (3, 16), (4, 12), (5, 348), (4, 10), (3, 13), (2, 14), (1, 18), (0, 142),
    ]

    static func expanded(_ runs: [(inView: Int, angles: Int)]) -> [Int] {
        runs.flatMap { [Int](repeating: $0.inView, count: $0.angles) }
    }

    @Test func theArcWithMoreOfTheBandInViewIsChosen() throws {
        let inView = Self.expanded(Self.closeUp000)
        #expect(inView.count == 1440)
        let arc = try #require(RunoutUnwrapper.mostInView(inView))
        #expect(arc.start == 823)
        #expect(arc.length == 475)
    }

    @Test func aThickShortArcBeatsAThinLongOne() throws {
        // 100 angles seeing one radius, then 60 seeing all five.
        let inView = Array(repeating: 0, count: 10) + Array(repeating: 1, count: 100) + Array(repeating: 0, count: 30) + Array(repeating: 5, count: 60) + Array(repeating: 0, count: 20)
        let arc = try #require(RunoutUnwrapper.mostInView(inView))
        #expect(arc.start == 140)
        #expect(arc.length == 60)
    }

    @Test func anArcAcrossAngleZeroIsOneRun() throws {
        let inView = Array(repeating: 3, count: 20) + Array(repeating: 0, count: 100) + Array(repeating: 3, count: 30)
        let arc = try #require(RunoutUnwrapper.mostInView(inView))
        #expect(arc.start == 120)
        #expect(arc.length == 50)
    }

    @Test func tooShortOrNothingInViewGivesNil() {
        #expect(RunoutUnwrapper.mostInView(Array(repeating: 0, count: 50) + Array(repeating: 5, count: 7) + Array(repeating: 0, count: 50))?.start == nil)
        #expect(RunoutUnwrapper.mostInView([Int](repeating: 0, count: 40))?.start == nil)
    }
}
