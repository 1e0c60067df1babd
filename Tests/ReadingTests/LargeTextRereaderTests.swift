@testable import Reading
import SleeveCore
import Testing

/// Where the large-text rereader cuts a line out of the page and how a word read on
/// that crop is mapped back. The margin was once padded across in page-width units and
/// mapped back in page-height units: on a portrait photo every reread word landed a
/// few pixels left of where it is printed.
@Suite struct LargeTextRereaderCropTests {
    /// A portrait page, twice as tall as wide (as a phone photo held upright).
    static let page = GrayImage(width: 1024, height: 2048, fill: 200)
    /// A line 128 pixels tall from x 256 to 768, y 1024 to 1152.
    static let line = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.0625)

    @Test func theMarginIsAsManyPixelsAcrossAsDown() {
        let crop = LargeTextRereader.lineCrop(Self.line, in: Self.page, margin: 0.25)
        // 32 pixels (a quarter of the line's height) on every side.
        #expect(crop.image.width == 512 + 2 * 32)
        #expect(crop.image.height == 128 + 2 * 32)
    }

    @Test func aWordReadOnTheCropLandsWhereItIsPrinted() {
        let crop = LargeTextRereader.lineCrop(Self.line, in: Self.page, margin: 0.25)
        // The line's own pixels, in the crop's normalised space: 32 pixels in from each edge.
        let w = Double(crop.image.width), h = Double(crop.image.height)
        let read = RecognizedWord(box: TextBox("LINE", Rect(x: 32 / w, y: 32 / h, width: 512 / w, height: 128 / h)),
                                  confidence: 90)
        let back = crop.toPage(read).box.rect
        #expect(abs(back.minX - Self.line.minX) * 1024 < 0.5)
        #expect(abs(back.minY - Self.line.minY) * 2048 < 0.5)
        #expect(abs(back.width - Self.line.width) * 1024 < 0.5)
        #expect(abs(back.height - Self.line.height) * 2048 < 0.5)
    }

    @Test func aLineAtTheCornerMapsFromWhereTheCropReallyStarts() {
        // 8 pixels from the left and top edges: there is no paper to keep there.
        let corner = Rect(x: 8.0 / 1024, y: 8.0 / 2048, width: 0.5, height: 0.0625)
        let crop = LargeTextRereader.lineCrop(corner, in: Self.page, margin: 0.25)
        #expect(crop.image.width == 8 + 512 + 32)
        #expect(crop.image.height == 8 + 128 + 32)
        let w = Double(crop.image.width), h = Double(crop.image.height)
        let read = RecognizedWord(box: TextBox("LINE", Rect(x: 8 / w, y: 8 / h, width: 512 / w, height: 128 / h)),
                                  confidence: 90)
        let back = crop.toPage(read).box.rect
        #expect(abs(back.minX - corner.minX) * 1024 < 0.5)
        #expect(abs(back.minY - corner.minY) * 2048 < 0.5)
    }
}
