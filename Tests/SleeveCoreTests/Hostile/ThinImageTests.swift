@testable import SleeveCore
import Testing

/// Images far from any sleeve's shape (strips a few pixels high, one pixel wide) must
/// give no region and no crash: their analysis copy can have a side under one cell.
@Suite struct ThinImageTests {
    @Test(arguments: [(1366, 16), (16, 4000), (100_000, 2), (2, 100_000), (1, 3600)])
    func barcodeRegionsOfAStripAreNoneAndNoCrash(width: Int, height: Int) {
        var image = GrayImage(width: width, height: height, fill: 128)
        for x in stride(from: 0, to: width, by: 3) { for y in 0..<height { image[x, y] = 0 } }
        #expect(BarcodeRegionFinder().regions(in: image).isEmpty)
    }

    @Test func cellTensorsOfAnImageUnderOneCellAreEmpty() {
        let finder = BarcodeRegionFinder()
        #expect(finder.cellTensors(GrayImage(width: 640, height: 7, fill: 9)).isEmpty)
        #expect(finder.cellTensors(GrayImage(width: 2, height: 2, fill: 9)).isEmpty)
    }
}

/// The sleeve outline search on strips: no outline, no crash.
@Suite struct ThinImageSleeveTests {
    @Test(arguments: [(16, 4000), (4000, 16), (1366, 16), (17, 9000)])
    func aStripHasNoSleeveOutline(width: Int, height: Int) {
        var image = GrayImage(width: width, height: height, fill: 40)
        for y in 0..<height { for x in (width / 4)..<(3 * width / 4) { image[x, y] = 220 } }
        #expect(SleeveDetector().detect(image) == nil)
    }
}
