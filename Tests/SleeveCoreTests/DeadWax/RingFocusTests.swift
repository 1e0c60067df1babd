import Foundation
import Testing
@testable import SleeveCore

@Suite struct RingFocusTests {
    /// A close-up as the locator reduces it: a disc of radius 420 whose centre lies
    /// 60 px left of the photo, its label's edge, the smooth run-out and grooves in
    /// view as short arcs.
    static let centre = Point(x: -60, y: 150)
    static func closeUp() -> GrayImage {
        var disc = SyntheticDisc()
        disc.disc = Ellipse.circle(center: centre, radius: 420)
        disc.labelFraction = 0.34
        disc.grooveFraction = 0.5
        return disc.render()
    }

    static func distance(_ a: Point, _ b: Point) -> Double { hypot(a.x - b.x, a.y - b.y) }

    @Test func aCentreOffAlongTheArcsAxisIsBroughtBack() {
        // The Hough vote's failure: the peak slid towards the photo along the axis.
        let image = Self.closeUp(), start = Point(x: 10, y: 150)
        let found = RingFocus().refine(image, from: start)
        #expect(Self.distance(found, Self.centre) <= 2, "found \(found)")
    }

    @Test func aCentreOffAcrossTheArcsAxisIsBroughtBack() {
        // Normals of short arcs are nearly parallel: the centre is loose across them too.
        let image = Self.closeUp(), start = Point(x: -60, y: 90)
        let found = RingFocus().refine(image, from: start)
        #expect(Self.distance(found, Self.centre) <= 2, "found \(found)")
    }

    @Test func theSpreadWithinRadiiIsLeastAtTheCentre() {
        let image = Self.closeUp(), focus = RingFocus()
        let atCentre = focus.spreadWithinRadii(image, centre: Self.centre)
        for (dx, dy) in [(4.0, 0.0), (-4, 0), (0, 4), (0, -4), (30, 20)] {
            let off = Point(x: Self.centre.x + dx, y: Self.centre.y + dy)
            #expect(focus.spreadWithinRadii(image, centre: off) > atCentre, "off by (\(dx), \(dy))")
        }
    }

    @Test func aFlatPhotoHasNoSpreadAnywhere() {
        let flat = GrayImage(width: 50, height: 40, fill: 90)
        #expect(RingFocus().spreadWithinRadii(flat, centre: Point(x: 10, y: -30)) == 0)
        #expect(RingFocus().refine(flat, from: Point(x: 10, y: -30)) == Point(x: 10, y: -30))
    }

    @Test func aBrightnessRampDoesNotDrawTheSearchOffPastItsBounds() {
        // A ramp left to right: seen from ever farther left, the circles turn into the
        // ramp's straight columns and the spread keeps falling.
        var ramp = GrayImage(width: 60, height: 40, fill: 0)
        for y in 0..<40 { for x in 0..<60 { ramp[x, y] = UInt8(40 + 2 * x) } }
        let bounds = Rect(x: -90, y: -60, width: 240, height: 160)
        let start = Point(x: -40, y: 20)
        #expect(RingFocus().spreadWithinRadii(ramp, centre: Point(x: -80, y: 20))
                < RingFocus().spreadWithinRadii(ramp, centre: start))
        let found = RingFocus().refine(ramp, from: start, within: bounds)
        #expect(found.x >= bounds.minX && found.x <= bounds.maxX && found.y >= bounds.minY && found.y <= bounds.maxY)
        #expect(found.x < start.x, "the search does follow the ramp as far as the bounds let it")
    }
}
