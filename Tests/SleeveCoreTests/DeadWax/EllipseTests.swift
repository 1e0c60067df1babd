import Foundation
import Testing
@testable import SleeveCore

@Suite("DeadWax ellipse geometry")
struct DeadWaxEllipseTests {
    let tilted = Ellipse(center: Point(x: 412, y: 300), semiMajor: 250, semiMinor: 190, angle: 0.4)

    @Test func normalizedAndDenormalizedAreInverse() {
        for p in [Point(x: 0, y: 0), Point(x: 500, y: 120), Point(x: 412, y: 300)] {
            let back = tilted.denormalized(tilted.normalized(p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
        // The outline maps to the unit circle.
        let u = tilted.normalized(tilted.point(at: 1.1))
        #expect(abs((u.x * u.x + u.y * u.y).squareRoot() - 1) < 1e-9)
    }

    @Test func unitCircleMapKeepsClockwiseOrder() {
        // Increasing parameter must go clockwise on screen (y down): the cross
        // product of successive radius vectors is positive.
        let a = tilted.point(at: 0) - tilted.center, b = tilted.point(at: 0.1) - tilted.center
        #expect(a.x * b.y - a.y * b.x > 0)
    }

    @Test func fitRecoversAnEllipseFromItsOutline() throws {
        let points = (0..<40).map { tilted.point(at: Double($0) / 40 * 2 * Double.pi) }
        let fit = try #require(ShapeFit.ellipse(points))
        #expect(fit.center.distance(to: tilted.center) < 1e-6)
        #expect(abs(fit.semiMajor - 250) < 1e-6)
        #expect(abs(fit.semiMinor - 190) < 1e-6)
        #expect(abs(fit.angle - 0.4) < 1e-6 || abs(abs(fit.angle - 0.4) - Double.pi) < 1e-6)
    }

    @Test func robustFitIgnoresAFewStrayEdgePoints() throws {
        var points = (0..<60).map { tilted.point(at: Double($0) / 60 * 2 * Double.pi) }
        // Glare and a finger: edges found well inside the disc.
        points[3] = tilted.point(at: 0.3, scale: 0.7)
        points[20] = tilted.point(at: 2.1, scale: 0.8)
        points[41] = tilted.point(at: 4.3, scale: 1.3)
        let plain = try #require(ShapeFit.ellipse(points))
        let robust = try #require(ShapeFit.robustEllipse(points))
        #expect(robust.center.distance(to: tilted.center) < 0.01)
        #expect(robust.center.distance(to: tilted.center) < plain.center.distance(to: tilted.center))
    }

    @Test func circleFit() throws {
        let points: [Point] = [Point(x: 13, y: 5), Point(x: 3, y: 15), Point(x: -7, y: 5), Point(x: 3, y: -5)]
        let c = try #require(ShapeFit.circle(points))
        #expect(c.center == Point(x: 3, y: 5))
        #expect(abs(c.radius - 10) < 1e-9)
    }

    @Test func tooFewOrCollinearPointsGiveNoFit() {
        #expect(ShapeFit.ellipse([Point(x: 0, y: 0), Point(x: 1, y: 1)]) == nil)
        #expect(ShapeFit.circle([Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2)]) == nil)
    }
}
