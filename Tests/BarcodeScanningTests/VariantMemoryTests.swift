@testable import BarcodeScanning
import SleeveCore
import Testing

/// Every variant of an image is bounded by the image's own size, whatever its shape.
@Suite struct VariantMemoryTests {
    @Test func quietZoneMarginOfAStripIsBounded() {
        let m = MultiVariantBarcodeReader.quietZoneMargin(width: 65_535, height: 4)
        #expect((65_535 + 2 * m) * (4 + 2 * m) <= 2 * 65_535 * 4 + 64 * 64)
        // A photo's margin is the eighth of its width it always was.
        #expect(MultiVariantBarcodeReader.quietZoneMargin(width: 1920, height: 1080) == 240)
    }

    @Test(arguments: [(65_535, 4), (4, 65_535), (3000, 30)])
    func everyVariantOfAStripIsWithinThreeTimesItsPixels(width: Int, height: Int) {
        var image = GrayImage(width: width, height: height, fill: 220)
        for x in stride(from: 0, to: width, by: 5) { for y in 0..<height { image[x, y] = 20 } }
        let reader = MultiVariantBarcodeReader(options: MultiVariantOptions(timeBudgetMs: 250))
        for attempt in reader.variants(of: image) {
            let v = attempt.make()
            #expect(v.image.pixels.count <= 3 * image.pixels.count + (1 << 20), "\(v.name): \(v.image.width)×\(v.image.height)")
        }
    }
}
