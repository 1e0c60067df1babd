import Testing
@testable import SleeveCore

@Suite struct DocumentFinderTests {
    /// A page scan with a printed picture (12% of the page) was taken for the sleeve and
    /// only the picture was read. An outline that small is not the sleeve being read.
    @Test func aSmallRectangleIsNotTheSleeve() {
        let picture = Quad([[120, 110], [230, 110], [230, 222], [120, 222]])
        let page = SyntheticFrames.quad(picture, width: 320, height: 320, inside: 40) { _, _ in 235 }
        #expect(SleeveDetector().detect(page) != nil, "the detector alone does see the rectangle")
        #expect(DocumentFinder().find(in: page) == nil)
    }

    @Test func aSleeveFillingMuchOfTheViewIsFoundAndKeepsItsResolution() throws {
        let sleeve = Quad([[60.3, 40.7], [250.2, 55.1], [238.9, 228.4], [48.6, 214.0]])
        let frame = SyntheticFrames.quad(sleeve, width: 320, height: 260, inside: 220) { _, _ in 90 }
        var finder = DocumentFinder(rectifier: Rectifier(longSide: 100))
        finder.maxLongSide = 150
        let found = try #require(finder.find(in: frame))
        #expect(found.quad.iou(sleeve) > 0.97)
        // About 190 pixels across in the frame: more than the minimum, capped at 150.
        #expect(found.page.width == 150 && found.page.height == 150)
    }

    /// A flat scan of a whole cover read as a horizontal band (the cover's own stripe
    /// of artwork): the band passed the area test and the page was cropped to it. A
    /// band is not a sleeve; the scan is read whole.
    @Test func aBandAcrossTheImageIsNotTheSleeve() {
        let band = Quad([[8, 100], [312, 100], [312, 200], [8, 200]])
        let scan = SyntheticFrames.quad(band, width: 320, height: 320, inside: 40) { _, _ in 230 }
        #expect(SleeveDetector().detect(scan) != nil, "the detector alone does see the band")
        #expect(!DocumentFinder().isSleeveShaped(band))
        #expect(DocumentFinder().find(in: scan) == nil)
        #expect(DocumentFinder().isSleeveShaped(Quad([[60, 40], [250, 55], [238, 228], [48, 214]])))
    }
}
