import Foundation
import Testing
@testable import SleeveCore

/// Stamped strokes lit from one side: a light edge and a shadow edge, paired into ink.
@Suite("DeadWax shaded relief")
struct ShadedReliefEnhancerTests {
    /// A strip of dark wax (gray 20) with raised vertical bars 6 px wide, lit from the
    /// left: the bar's left edge catches the light (+90), its right edge is in shadow
    /// (clipped at black, as on black vinyl), as the project's renders shade them.
    static func litBars(width: Int = 120, height: Int = 60, bars: [Int] = [30, 60, 90], barWidth: Int = 6) -> UnwrappedStrip {
        var image = GrayImage(width: width, height: height, fill: 20)
        for y in (height / 4)..<(height * 3 / 4) {
            for left in bars {
                image[left, y] = 110; image[left + 1, y] = 80
                image[left + barWidth - 1, y] = 0; image[left + barWidth, y] = 5
            }
        }
        return UnwrappedStrip(image: image, excluded: [Bool](repeating: false, count: width * height),
                              startAngle: 0, radiansPerColumn: 0.001, columnsPerTurn: width)
    }

    @Test func theShadowPairsWithTheLightAcrossTheStroke() {
        let strip = Self.litBars()
        let residual = ReliefEnhancer.residual(strip, radius: 20)
        let light = residual.map { max(0, $0) }, shadow = residual.map { max(0, -$0) }
        let (dx, dy) = ShadedReliefEnhancer.pairingOffset(light: light, shadow: shadow, width: 120, height: 60, offsets: 2...10)
        // The shadow lies one bar's width to the right of the light.
        #expect(dy == 0)
        #expect(dx >= 4 && dx <= 6)
        // Short level bars lit from above: the shadow lies below.
        var image = GrayImage(width: 120, height: 60, fill: 20)
        for left in [20, 50, 80] {
            for x in left..<(left + 12) { image[x, 20] = 110; image[x, 21] = 80; image[x, 25] = 0; image[x, 26] = 5 }
        }
        let level = UnwrappedStrip(image: image, excluded: [Bool](repeating: false, count: 120 * 60),
                                   startAngle: 0, radiansPerColumn: 0.001, columnsPerTurn: 120)
        let r2 = ReliefEnhancer.residual(level, radius: 20)
        let (dx2, dy2) = ShadedReliefEnhancer.pairingOffset(light: r2.map { max(0, $0) }, shadow: r2.map { max(0, -$0) },
                                                            width: 120, height: 60, offsets: 2...10)
        #expect(dx2 == 0)
        #expect(dy2 >= 4 && dy2 <= 6)
    }

    @Test func theShadowEdgeIsMovedOntoTheLightEdge() {
        let strip = Self.litBars()
        let paired = ShadedReliefEnhancer().enhance(strip).image
        let y = 30
        // The middle bar (columns 60...65): black ink at its light edge, much lighter
        // where its shadow was (it moved onto the light edge); the wax between bars
        // light (a weak shadow scaled to full ink leaves a gray haze there).
        #expect(paired[60, y] < 100)
        #expect(Int(paired[66, y]) > Int(paired[60, y]) + 100)
        #expect(paired[45, y] > 150 && paired[75, y] > 150)
        // Above and below the bars: paper.
        #expect(paired[60, 5] > 230 && paired[60, 54] > 230)
    }

    @Test func aStripTooSmallForTheOffsetsIsEnhancedAsLitEdges() {
        let strip = Self.litBars(width: 20, height: 20, bars: [6])
        #expect(ShadedReliefEnhancer().enhance(strip).image == ReliefEnhancer().enhance(strip).image)
    }
}
