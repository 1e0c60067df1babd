import Testing
import SleeveCore

/// The photo's own pixels along a run (`UnwrappedStrip.runLine`): cut where an
/// enhancement shows the run, with the label kept out.
@Suite struct RunPixelsTests {
    /// Dark wax with a light run (2 px strokes every 6 px) across rows 15..<25,
    /// and the enhancement that locates it (the strokes dark on white).
    static let wax: GrayImage = {
        var wax = GrayImage(width: 400, height: 40, fill: 30)
        for y in 15..<25 { for x in stride(from: 100, to: 200, by: 6) { wax[x, y] = 200; wax[x + 1, y] = 200 } }
        return wax
    }()
    static let located = GrayImage(width: 400, height: 40, pixels: wax.pixels.map { $0 == 200 ? 0 : 255 })

    static func strip(_ image: GrayImage, excluded: [Bool]? = nil) -> UnwrappedStrip {
        UnwrappedStrip(image: image, excluded: excluded ?? [Bool](repeating: false, count: image.pixels.count),
                       startAngle: 0, radiansPerColumn: 2 * Double.pi / 400, columnsPerTurn: 400)
    }

    @Test func theLineIsCutToTheRunAndStretched() throws {
        let line = try #require(Self.strip(Self.wax).runLine(locatedIn: Self.located))
        #expect(line.width < 200 && line.height < 40, "cut to the run's line, \(line.width)×\(line.height)")
        // The strokes come out white, the wax black.
        #expect(line.pixels.contains(255) && line.pixels.contains(0))
    }

    /// A bright patch of label reaching into the run's line above its letters,
    /// excluded from the unwrap, leaves the line as it is without the patch.
    @Test func excludedLabelPixelsDoNotReachTheLine() throws {
        var withLabel = Self.wax
        var excluded = [Bool](repeating: false, count: 400 * 40)
        for y in 5..<15 { for x in 140..<160 { withLabel[x, y] = 250; excluded[y * 400 + x] = true } }
        let line = try #require(Self.strip(Self.wax).runLine(locatedIn: Self.located))
        let lineWithLabel = try #require(Self.strip(withLabel, excluded: excluded).runLine(locatedIn: Self.located))
        #expect(lineWithLabel.width == line.width && lineWithLabel.height == line.height)
        #expect(lineWithLabel.pixels == line.pixels)
    }

    @Test func noRunInTheEnhancementGivesNoLine() {
        let blank = GrayImage(width: 400, height: 40, fill: 255)
        #expect(Self.strip(Self.wax).runLine(locatedIn: blank) == nil)
    }

    @Test func theFormsAreBothWaysUpInBothPolarities() {
        let line = GrayImage(width: 3, height: 1, pixels: [0, 100, 255])
        #expect(UnwrappedStrip.runLineForms(line).map(\.pixels) == [[0, 100, 255], [255, 100, 0], [255, 155, 0], [0, 155, 255]])
    }
}
