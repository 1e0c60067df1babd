@testable import SleeveCore
import Testing

/// Allocations that scale with an image's geometry stay bounded by its pixel count.
@Suite struct VariantBoundTests {
    @Test func aThinRegionAtAnAngleIsNotTurnedIntoASquareOfItsLength() {
        // 30000×40 at 40°: turned it would be about 23000×19000 pixels.
        let source = GrayImage(width: 30_000, height: 40, fill: 200)
        let region = BarcodeRegion(rect: Rect(x: 0, y: 0, width: 30_000, height: 40), gradientAngle: 0.7, score: 1)
        let v = ImageVariant.upright(region, of: source, name: "r")
        #expect(v.image.pixels.count <= 16_000_000)
    }

    @Test func aBarcodeSizedRegionIsStillTurnedUpright() {
        let source = GrayImage(width: 1200, height: 900, fill: 200)
        let region = BarcodeRegion(rect: Rect(x: 100, y: 100, width: 500, height: 200), gradientAngle: 0.5, score: 1)
        let v = ImageVariant.upright(region, of: source, name: "r")
        #expect(v.name.contains("rotated"))
    }
}
