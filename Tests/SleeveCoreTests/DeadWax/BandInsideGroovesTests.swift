import Testing
@testable import SleeveCore

/// The second guess for a close-up that read nothing: the label's edge it was given
/// may be where the grooves begin (a black label on black wax shows no step of its
/// own), and the run-out is then the band inside it.
@Suite("DeadWax band inside the grooves")
struct BandInsideGroovesTests {
    /// A disc large enough for the radial medians' windows, seen square.
    static func scene(_ base: SyntheticDisc, labelFraction: Double, grooveFraction: Double) -> SyntheticDisc {
        var scene = base
        (scene.width, scene.height) = (1200, 900)
        scene.disc = Ellipse(center: Point(x: 600, y: 450), semiMajor: 600, semiMinor: 600, angle: 0)
        (scene.labelFraction, scene.grooveFraction) = (labelFraction, grooveFraction)
        return scene
    }

    @Test func aBandStartingWhereTheGroovesBeginGivesTheBandInside() throws {
        let scene = Self.scene(.blackLabel, labelFraction: 0.34, grooveFraction: 0.5)
        let grooves = 0.5 * 600.0
        let mistaken = RunoutBand(label: .circle(center: scene.disc.center, radius: grooves), outerRatio: 1.4)
        let inside = try #require(RunoutLocator().bandInsideGrooves(scene.render(), of: mistaken))
        // It ends just inside the grooves and starts a run-out's width further in.
        #expect(abs(inside.labelRadius * inside.outerRatio - grooves) <= 0.05 * grooves, "ends at \(inside.labelRadius * inside.outerRatio)")
        #expect(inside.labelRadius <= grooves / 1.2)
        #expect(inside.center == scene.disc.center)
    }

    /// A light label's own edge, the grooves beginning 1.18 radii out (inside the
    /// window looked at, not at the edge): no band inside is offered.
    @Test func aLabelsOwnEdgeGivesNone() {
        let scene = Self.scene(SyntheticDisc(), labelFraction: 0.34, grooveFraction: 0.4)
        let edge = RunoutBand(label: .circle(center: scene.disc.center, radius: 0.34 * 600), outerRatio: 1.4)
        #expect(RunoutLocator().bandInsideGrooves(scene.render(), of: edge) == nil)
    }
}
