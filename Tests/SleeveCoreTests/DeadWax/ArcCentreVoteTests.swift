import Testing
@testable import SleeveCore

/// The circle from arcs: edge points with their gradient normals in, the common
/// centre out, including a centre far outside the "photo" the points came from.
@Suite("DeadWax arc centre vote")
struct ArcCentreVoteTests {
    /// Points on two concentric arcs of a circle centred at (-60, 250), radii 200 and
    /// 260, seen only from x ≥ 0 (the centre is out of frame), normals radial, plus
    /// three stray stroke edges pointing elsewhere.
    static let arcs: [EdgeNormal] = [
        // radius 200, angles -40°…40° (x = -60 + 200 cos a, y = 250 + 200 sin a)
        EdgeNormal(93.21, 121.44, 0.766, -0.643), EdgeNormal(113.21, 150.00, 0.866, -0.500),
        EdgeNormal(127.94, 181.60, 0.940, -0.342), EdgeNormal(136.96, 215.27, 0.985, -0.174),
        EdgeNormal(140.00, 250.00, 1.000, 0.000), EdgeNormal(136.96, 284.73, 0.985, 0.174),
        EdgeNormal(127.94, 318.40, 0.940, 0.342), EdgeNormal(113.21, 350.00, 0.866, 0.500),
        EdgeNormal(93.21, 378.56, 0.766, 0.643),
        // radius 260, the gradient the other way (a dark-to-light ring)
        EdgeNormal(139.17, 82.87, -0.766, 0.643), EdgeNormal(165.17, 120.00, -0.866, 0.500),
        EdgeNormal(184.32, 161.07, -0.940, 0.342), EdgeNormal(196.05, 204.85, -0.985, 0.174),
        EdgeNormal(200.00, 250.00, -1.000, 0.000), EdgeNormal(196.05, 295.15, -0.985, -0.174),
        EdgeNormal(184.32, 338.93, -0.940, -0.342), EdgeNormal(165.17, 380.00, -0.866, -0.500),
        EdgeNormal(139.17, 417.13, -0.766, -0.643),
        // strays: a letter's strokes
        EdgeNormal(170, 240, 0, 1), EdgeNormal(175, 245, 1, 1), EdgeNormal(160, 300, 0.3, 1),
    ]

    @Test func centreOutsideThePhotoFromTwoArcs() throws {
        let bounds = Rect(x: -300, y: -300, width: 900, height: 900)
        let c = try #require(ArcCentreVote().centre(of: Self.arcs, within: bounds))
        #expect(abs(c.x - -60) < 1.5)
        #expect(abs(c.y - 250) < 1.5)
    }

    @Test func refinementPullsACoarsePeakOntoTheCentre() throws {
        let c = try #require(ArcCentreVote().refine(Point(x: -57, y: 253), edges: Self.arcs, radius: 9))
        #expect(abs(c.x - -60) < 0.5)
        #expect(abs(c.y - 250) < 0.5)
    }

    /// The label's edge from radial medians: flat wax (20), a thin bright ring that
    /// must not count, then the label (150) inside.
    @Test func labelEdgeIsTheInnermostStrongStepNotAThinRing() throws {
        var m: [Double?] = [Double?](repeating: 150, count: 100) + [Double?](repeating: 20, count: 200)
        m[180] = 200; m[181] = 200  // a thin bright ring in the wax
        m += [Double?](repeating: 60, count: 100)  // grooves, a smaller step
        let r = try #require(RunoutLocator.innermostStrongStep(m, start: 500, step: 1, window: 8, strong: 0.5))
        #expect(abs(r - 599.5) <= 1.5)
    }
}
