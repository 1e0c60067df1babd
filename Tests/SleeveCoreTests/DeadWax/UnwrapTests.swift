import Foundation
import Testing
@testable import SleeveCore

@Suite("DeadWax polar unwrap")
struct DeadWaxUnwrapTests {
    let ring = DeadWaxAnnulus(
        disc: Ellipse(center: Point(x: 100, y: 100), semiMajor: 90, semiMinor: 70, angle: 0.5),
        label: Ellipse(center: Point(x: 100, y: 100), semiMajor: 30, semiMinor: 70.0 / 3, angle: 0.5),
        center: Point(x: 0, y: 0), inner: 1.0 / 3, outer: 0.5)

    @Test func sourcePointFollowsTheDiscFrame() {
        // Angle 0 lies along the major axis; a quarter turn clockwise along the minor.
        let p0 = ring.sourcePoint(angle: 0, radius: 1)
        #expect(abs(p0.x - (100 + 90 * cos(0.5))) < 1e-9 && abs(p0.y - (100 + 90 * sin(0.5))) < 1e-9)
        let p1 = ring.sourcePoint(angle: Double.pi / 2, radius: 1)
        #expect(abs(p1.x - (100 - 70 * sin(0.5))) < 1e-9 && abs(p1.y - (100 + 70 * cos(0.5))) < 1e-9)
    }

    @Test func noSampleInsideTheLabelIsKept() {
        // A label overlapping the band on one side (an off-centre label).
        var offset = ring
        offset.label.center = Point(x: 110, y: 100)
        let strip = AnnulusUnwrapper().unwrap(GrayImage(width: 200, height: 200, fill: 90), ring: offset)
        #expect(strip.excluded.contains(true))
        for y in 0..<strip.image.height {
            for x in 0..<strip.image.width where !strip.excluded[y * strip.image.width + x] {
                let r = offset.outer - (Double(y) + 0.5) / Double(strip.image.height) * (offset.outer - offset.inner * 1.03)
                let p = offset.sourcePoint(angle: (Double(x) + 0.5) * strip.radiansPerColumn, radius: r)
                #expect(!offset.label.contains(p, scale: 1.03))
            }
        }
    }

    @Test func aMarkLandsAtItsAngleWithTheRimOnTop() {
        var scene = SyntheticDisc()
        scene.marks = [(angle: 1.0, radius: 0.46)]
        let image = scene.render()
        let ring = DeadWaxAnnulus(disc: scene.disc,
                                  label: Ellipse(center: scene.disc.center, semiMajor: 0.34 * 140, semiMinor: 0.34 * 120, angle: 0.3),
                                  center: Point(x: 0, y: 0), inner: 0.34, outer: 0.5)
        let strip = AnnulusUnwrapper().unwrap(image, ring: ring)
        var best = (x: 0, y: 0, v: UInt8(0))
        for y in 0..<strip.image.height {
            for x in 0..<strip.image.width where strip.image[x, y] > best.v { best = (x, y, strip.image[x, y]) }
        }
        #expect(best.v >= 100)
        #expect(abs(strip.angle(atColumn: Double(best.x) + 0.5) - 1.0) < 0.03)
        // Radius 0.46 of a 0.34...0.5 band is in its outer (upper) part.
        #expect(best.y < strip.image.height / 2)
    }

    @Test func rollingRepeatsTheStartPastTheSeam() {
        let strip = UnwrappedStrip(image: GrayImage(width: 4, height: 2, pixels: [1, 2, 3, 4, 5, 6, 7, 8]),
                                   excluded: [false, true, false, false, false, false, false, false],
                                   startAngle: 0, radiansPerColumn: Double.pi / 2, columnsPerTurn: 4)
        let rolled = strip.rolled(by: 1, overlap: 2)
        #expect(rolled.image.pixels == [2, 3, 4, 1, 2, 3, 6, 7, 8, 5, 6, 7])
        #expect(rolled.excluded == [true, false, false, false, true, false, false, false, false, false, false, false])
        #expect(abs(rolled.angle(atColumn: 0) - Double.pi / 2) < 1e-12)
        #expect(abs(rolled.angle(atColumn: 3) - 0) < 1e-12)
        #expect(GrayImage(width: 3, height: 1, pixels: [1, 2, 3]).rotated180().pixels == [3, 2, 1])
    }

    @Test func seamGoesWhereThereIsNoInk() {
        let ink: [Double] = [5, 5, 0, 0, 0, 0, 9, 9, 9, 9]
        #expect(EtchingEnhancer.quietestColumn(ink, window: 4) == 4)
        // Wraps round: the quiet stretch crosses the end of the turn.
        #expect(EtchingEnhancer.quietestColumn([0, 0, 7, 7, 7, 7, 7, 7, 0, 0], window: 4) == 0)
    }

    @Test func enhancementTurnsAFaintBrightScratchIntoDarkInk() {
        var pixels = [UInt8](repeating: 40, count: 60 * 40)
        for i in pixels.indices { pixels[i] = UInt8(40 + (i * 7919) % 5) }  // grain
        for x in 20..<40 { pixels[20 * 60 + x] = 60; pixels[21 * 60 + x] = 60 }  // a faint stroke
        let strip = UnwrappedStrip(image: GrayImage(width: 60, height: 40, pixels: pixels),
                                   excluded: [Bool](repeating: false, count: 60 * 40),
                                   startAngle: 0, radiansPerColumn: 0.1, columnsPerTurn: 60)
        let out = EtchingEnhancer().enhance(strip)
        #expect(out.image[30, 20] < 80)
        #expect(out.image[30, 5] > 200)
        #expect(out.columnInk[30] > out.columnInk[5])
    }
}
