import Testing
@testable import SleeveCore

@Suite struct SleeveDetectorTests {
    let tilted = Quad([[60.3, 40.7], [250.2, 55.1], [238.9, 228.4], [48.6, 214.0]])

    @Test func findsEachSideOfABrightSquareAsAHoughLine() {
        let img = SyntheticFrames.quad(tilted, width: 320, height: 260, inside: 220) { _, _ in 90 }
        let field = GradientField(img, workingSide: 320)
        let lines = HoughLines.strongest(field, count: 12, minGradient: 4)
        for k in 0..<4 {
            let side = EdgeLine(through: tilted.corners[k], tilted.corners[(k + 1) % 4])
            let mid = (tilted.corners[k] + tilted.corners[(k + 1) % 4]) * 0.5
            let near = lines.contains { l in
                abs(abs(l.normal.x * side.normal.x + l.normal.y * side.normal.y) - 1) < 0.003 && abs(l.distance(mid)) < 1.5
            }
            #expect(near, "side \(k) not among \(lines)")
        }
    }

    @Test func detectsABrightSquareOnDarkAndADarkSquareOnLight() throws {
        for (inside, outside) in [(UInt8(220), UInt8(90)), (40, 200)] {
            let img = SyntheticFrames.quad(tilted, width: 320, height: 260, inside: inside) { _, _ in outside }
            let found = try #require(SleeveDetector().detect(img))
            #expect(found.quad.iou(tilted) > 0.97)
            let refined = CornerRefiner(searchRadius: 4).refine(found, in: img)
            #expect(refined.iou(tilted) > 0.99)
            #expect(refined.maxCornerDistance(to: tilted) < 1.0)
        }
    }

    @Test func reportsNothingOnAFrameWithoutEdges() {
        let img = GrayImage(width: 320, height: 240, fill: 128)
        #expect(SleeveDetector().detect(img) == nil)
    }
}
