import Testing
@testable import SleeveCore

/// Lit edges made into ink, and how the scale of that ink treats a faint hand etching
/// beside a bright stamped run.
@Suite("DeadWax lit edges")
struct ReliefEnhancerTests {
    /// Dark wax (gray 20), a stamped run on the left whose lit strokes stand 90 levels
    /// above it, and a hand etching on the right standing 30 above: strokes 2 px wide,
    /// 30 rows tall, ten each, each run 2.5 % of the strip.
    static func brightAndFaintRuns() -> UnwrappedStrip {
        let width = 400, height = 60
        var image = GrayImage(width: width, height: height, fill: 20)
        for y in 15..<45 {
            for k in 0..<10 {
                for dx in 0..<2 {
                    image[20 + 16 * k + dx, y] = 110
                    image[220 + 16 * k + dx, y] = 50
                }
            }
        }
        return UnwrappedStrip(image: image, excluded: [Bool](repeating: false, count: width * height),
                              startAngle: 0, radiansPerColumn: 0.001, columnsPerTurn: width)
    }

    @Test func theFaintRunReachesInkOnlyWhenTheTopThreePercentIsBlack() {
        let strip = Self.brightAndFaintRuns()
        let standard = ReliefEnhancer().enhance(strip).image
        var faintScale = ReliefEnhancer()
        faintScale.inkPercentile = 0.97
        let faint = faintScale.enhance(strip).image
        let bright = (x: 20 + 16 * 4, y: 30), etched = (x: 220 + 16 * 4, y: 30)
        // At the default scale the stamped strokes are black and the etched ones a light
        // gray that a recogniser's binarisation drops.
        #expect(standard[bright.x, bright.y] < 40)
        #expect(standard[etched.x, etched.y] > 128)
        // With the top 3 % black the etched strokes are ink as well; wax stays paper.
        #expect(faint[etched.x, etched.y] < 80)
        #expect(faint[bright.x, bright.y] < 40)
        #expect(faint[etched.x + 8, etched.y] > 200 && faint[etched.x, 5] > 200)
    }
}
