import Foundation
import Testing
@testable import SleeveCore

@Suite("DeadWax disc detection")
struct DeadWaxDiscDetectorTests {
    @Test func findsTheDiscAndLabelUnderPerspective() throws {
        let scene = SyntheticDisc()
        let outline = try #require(DiscDetector().detect(scene.render()))
        #expect(outline.disc.center.distance(to: scene.disc.center) < 1.5)
        #expect(abs(outline.disc.semiMajor - 140) < 2)
        #expect(abs(outline.disc.semiMinor - 120) < 2)
        #expect(outline.label.center.distance(to: scene.disc.center) < 1.5)
        #expect(abs(outline.label.semiMajor - 0.34 * 140) < 2)
    }

    /// A black label (22) inside a dead wax a shade lighter (40) than it and than the
    /// grooves (15-25): the outermost strong step was the grooves' beginning, taken
    /// for the label's edge (held-out whole-disc photos of black labels read nothing).
    @Test func aBlackLabelIsNotTakenAtTheGroovesBeginning() throws {
        let scene = SyntheticDisc.blackLabel
        let image = scene.render()
        let outline = try #require(DiscDetector().detect(image))
        #expect(abs(outline.label.semiMajor - 0.34 * 140) < 2, "label found at \(outline.label.semiMajor)")
        // Without the texture check, the grooves' beginning is taken.
        var unchecked = DiscDetector()
        unchecked.grooveTexture.ratio = .infinity
        let taken = try #require(unchecked.detect(image))
        #expect(abs(taken.label.semiMajor - 0.5 * 140) < 2)
    }

    @Test func ringTextureTellsWhereTheGroovesBegin() {
        let scene = SyntheticDisc()
        let image = scene.render()
        func ring(_ f: Double) -> Ellipse {
            Ellipse(center: scene.disc.center, semiMajor: scene.disc.semiMajor * f, semiMinor: scene.disc.semiMinor * f,
                    angle: scene.disc.angle)
        }
        #expect(RingTexture().isGroovesStart(image, ring: ring(0.5)))
        // The label's edge, the dead wax, and the grooves themselves (ringed on both sides).
        #expect(!RingTexture().isGroovesStart(image, ring: ring(0.34)))
        #expect(!RingTexture().isGroovesStart(image, ring: ring(0.42)))
        #expect(!RingTexture().isGroovesStart(image, ring: ring(0.7)))
    }

    /// The medians over angles find a black label's edge whatever its print: bright
    /// marks inside the label (type) and in the dead wax (the etching) hold a few
    /// angles only.
    @Test func theMediansOverAnglesFindABlackLabelsEdge() throws {
        var scene = SyntheticDisc.blackLabel
        scene.marks = (0..<6).map { (angle: Double($0) * 0.3, radius: 0.2) } + [(angle: 2.5, radius: 0.42)]
        let label = try #require(DiscDetector().labelFromMedians(scene.render(), disc: scene.disc))
        #expect(abs(label.semiMajor - 0.34 * 140) < 2, "label found at \(label.semiMajor)")
    }

    @Test func anEmptyFrameHasNoDisc() {
        #expect(DiscDetector().detect(GrayImage(width: 200, height: 150, fill: 128)) == nil)
    }

    @Test func grooveStartIsFoundFromTextureNotARatio() throws {
        for groove in [0.45, 0.6] {
            var scene = SyntheticDisc()
            scene.grooveFraction = groove
            let image = scene.render()
            let outline = try #require(DiscDetector().detect(image))
            let ring = try #require(DeadWaxAnnulus.locate(in: image, outline: outline))
            #expect(abs(ring.inner - 0.34) < 0.015)
            #expect(abs(ring.outer - groove) < 0.02, "groove at \(groove), found \(ring.outer)")
        }
    }

    @Test func riseRadiusOnAProfile() {
        // Quiet 0.1 for 30 samples, then 1.0: the rise is near sample 30.
        let texture = [Double](repeating: 0.1, count: 30) + [Double](repeating: 1.0, count: 60)
        let r = GrooveStartFinder.riseRadius(texture: texture, start: 0.4, step: 0.01, threshold: 0.5)
        #expect(r != nil && abs(r! - 0.7) <= 0.02)
        // No change, no groove edge.
        #expect(GrooveStartFinder.riseRadius(texture: [Double](repeating: 0.5, count: 90), start: 0.4, step: 0.01, threshold: 0.5) == nil)
    }
}
