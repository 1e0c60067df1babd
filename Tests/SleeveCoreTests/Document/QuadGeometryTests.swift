import Testing
@testable import SleeveCore

@Suite struct QuadGeometryTests {
    @Test func ordersAnyCornerOrderClockwiseFromTheTopLeft() {
        let upright = Quad([[10, 10], [110, 12], [108, 112], [8, 110]])
        let shuffled = Quad([[108, 112], [10, 10], [8, 110], [110, 12]])
        #expect(shuffled.ordered() == upright)
        // Counter-clockwise input comes out clockwise (positive screen area).
        let ccw = Quad([[10, 10], [8, 110], [108, 112], [110, 12]])
        #expect(ccw.ordered() == upright)
        #expect(ccw.ordered().signedArea > 0)
    }

    @Test func startsATiltedSleeveAtTheCornerWhoseTopEdgeRunsRightwards() {
        // Turned 30° clockwise on screen: the top edge runs right and down.
        let q = Quad([[200, 100], [286.6, 150], [236.6, 236.6], [150, 186.6]])
        let o = Quad([q.corners[2], q.corners[0], q.corners[3], q.corners[1]]).ordered()
        #expect(o.corners[0] == Point(x: 200, y: 100))
        #expect(o.corners[1] == Point(x: 286.6, y: 150))
    }

    @Test func areaAndConvexity() {
        #expect(Quad([[0, 0], [4, 0], [4, 3], [0, 3]]).area == 12)
        #expect(Quad([[0, 0], [4, 0], [4, 3], [0, 3]]).isConvex)
        // A bow tie crosses itself.
        #expect(!Quad([[0, 0], [4, 3], [4, 0], [0, 3]]).isConvex)
        // A dart has a reflex corner.
        #expect(!Quad([[0, 0], [4, 0], [1, 1], [0, 4]]).isConvex)
    }

    @Test func intersectionOverUnion() {
        let a = Quad([[0, 0], [10, 0], [10, 10], [0, 10]])
        #expect(a.iou(a) == 1)
        // Half overlapping: intersection 50, union 150.
        let b = Quad([[5, 0], [15, 0], [15, 10], [5, 10]])
        #expect(abs(a.iou(b) - 1.0 / 3.0) < 1e-12)
        #expect(a.iou(Quad([[20, 20], [30, 20], [30, 30], [20, 30]])) == 0)
        // Orientation of either outline does not matter.
        let reversed = Quad(b.corners.reversed())
        #expect(abs(a.iou(reversed) - 1.0 / 3.0) < 1e-12)
        // A diamond inside the square: its own area over the square's.
        let diamond = Quad([[5, 0], [10, 5], [5, 10], [0, 5]])
        #expect(abs(a.iou(diamond) - 0.5) < 1e-12)
    }

    @Test func homographyMapsTheFourPointsAndInverts() throws {
        let from = [Point(x: 0, y: 0), Point(x: 99, y: 0), Point(x: 99, y: 99), Point(x: 0, y: 99)]
        let to = [Point(x: 12.5, y: 30), Point(x: 140, y: 22), Point(x: 151, y: 160), Point(x: 3, y: 149)]
        let h = try #require(Homography(from: from, to: to))
        for (p, q) in zip(from, to) { #expect(h.apply(p).distance(to: q) < 1e-9) }
        let inv = try #require(h.inverse)
        let mid = Point(x: 40, y: 70)
        #expect(inv.apply(h.apply(mid)).distance(to: mid) < 1e-9)
        // Three collinear points have no transform.
        let line = [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 0, y: 5)]
        #expect(Homography(from: line, to: to) == nil)
    }

    @Test func edgeLinesIntersectAndFit() throws {
        let a = EdgeLine(through: Point(x: 0, y: 0), Point(x: 10, y: 10))
        let b = EdgeLine(through: Point(x: 0, y: 10), Point(x: 10, y: 0))
        let x = try #require(a.intersection(b))
        #expect(x.distance(to: Point(x: 5, y: 5)) < 1e-12)
        #expect(a.intersection(EdgeLine(through: Point(x: 0, y: 1), Point(x: 10, y: 11))) == nil)
        let pts = [Point(x: 0, y: 1.1), Point(x: 1, y: 2.9), Point(x: 2, y: 5.0), Point(x: 3, y: 7.1), Point(x: 4, y: 8.9)]
        let fit = try #require(EdgeLine.fit(pts))
        // y = 2x + 1 within the noise.
        #expect(abs(fit.distance(Point(x: 10, y: 21))) < 0.1)
        #expect(abs(fit.distance(Point(x: 10, y: 25))) > 1)
    }

    @Test func rectifierWarpsAQuadOntoAnUprightSquare() throws {
        // A light square with a dark dot near its top-left, drawn under a homography.
        let target = Quad([[40.2, 30.5], [200.7, 44.1], [190.3, 210.9], [30.8, 196.2]])
        var frame = SyntheticFrames.quad(target, width: 240, height: 240, inside: 230) { _, _ in 40 }
        let h = try #require(Homography(from: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)],
                                        to: target.corners))
        let dot = h.apply(Point(x: 0.25, y: 0.25))
        for dy in -3...3 { for dx in -3...3 { frame[Int(dot.x) + dx, Int(dot.y) + dy] = 0 } }
        let (page, toSource) = try #require(Rectifier(longSide: 100).rectify(frame, quad: target))
        #expect(page.width == 100 && page.height == 100)
        #expect(page[50, 50] > 200)
        #expect(page[25, 25] < 60)
        #expect(page[75, 75] > 200)
        #expect(toSource.apply(Point(x: 99, y: 99)).distance(to: target.corners[2]) < 1e-6)
    }

    @Test func rectifierKeepsTheProportionsOfALongRectangle() {
        let r = Rectifier(longSide: 1300)
        #expect(r.outputSize(for: Quad([[0, 0], [1000, 0], [1000, 1050], [0, 1050]])) == (1300, 1300))
        let cd = r.outputSize(for: Quad([[0, 0], [1300, 0], [1300, 1000], [0, 1000]]))
        #expect(cd.width == 1300 && cd.height == 1000)
    }
}
