import Foundation
import Imaging
import SleeveCore
import Testing

/// Leptonica's calls on shapes no camera makes: each gives an image, never a crash.
@Suite struct HostileImageTests {
    @Test(arguments: [(1, 3600, 0.5), (3600, 1, 0.5), (1, 1, 0.01), (200_000, 1, 0.009)])
    func scalingAStripKeepsAtLeastOnePixelEachWay(width: Int, height: Int, factor: Double) {
        let scaled = Leptonica().scale(GrayImage(width: width, height: height, fill: 77), by: factor)
        #expect(scaled.width >= 1 && scaled.height >= 1)
        #expect(scaled.width <= max(1, Int((Double(width) * factor).rounded(.up))))
        #expect(scaled.height <= max(1, Int((Double(height) * factor).rounded(.up))))
    }
}
