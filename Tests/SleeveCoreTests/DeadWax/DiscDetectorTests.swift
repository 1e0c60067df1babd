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
