import Testing
import SleeveCore

/// Where a run lies (`RunLineLocation`) and the photo's own pixels along it
/// (`UnwrappedStrip.runLine`): cut where an enhancement shows the run, with the
/// label kept out.
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

    static var location: RunLineLocation { RunLineLocation.find(in: located)! }

    @Test func theLineIsCutToTheRunAndStretched() throws {
        let line = try #require(Self.strip(Self.wax).runLine(at: Self.location))
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
        let line = try #require(Self.strip(Self.wax).runLine(at: Self.location))
        let lineWithLabel = try #require(Self.strip(withLabel, excluded: excluded).runLine(at: Self.location))
        #expect(lineWithLabel.width == line.width && lineWithLabel.height == line.height)
        #expect(lineWithLabel.pixels == line.pixels)
    }

    @Test func noRunInTheEnhancementGivesNoLocation() {
        #expect(RunLineLocation.find(in: GrayImage(width: 400, height: 40, fill: 255)) == nil)
    }

    /// A run that fills its band leaves no span of letters: the enhanced band is
    /// read, and there is no line of the photo's pixels to add.
    @Test func aRunWithoutASpanGivesTheBandAndNoPixelLine() throws {
        var located = GrayImage(width: 400, height: 40, fill: 255)
        for y in 15..<25 { for x in stride(from: 0, to: 400, by: 6) { located[x, y] = 0; located[x + 1, y] = 0 } }
        let location = try #require(RunLineLocation.find(in: located))
        #expect(location.span == nil)
        #expect(location.line(of: located).width == 400)
        #expect(Self.strip(Self.wax).runLine(at: location) == nil)
    }

    /// The line is the band cut to the letters' columns: it holds every stroke
    /// and little of the wax beside the run.
    @Test func theLocatedLineHoldsTheRunAndLittleElse() throws {
        let location = Self.location
        #expect(location.row.top <= 15 && location.row.top + location.row.height >= 25)
        let span = try #require(location.span)
        #expect(span.start <= 100 && span.start + span.width >= 200)
        #expect(span.width < 200, "the wax either side is cut off, \(span.width) columns kept")
        #expect(location.line(of: Self.located).width == span.width)
        #expect(location.band(of: Self.located).width == 400)
    }

    @Test func theFormsAreBothWaysUpInBothPolarities() {
        let line = GrayImage(width: 3, height: 1, pixels: [0, 100, 255])
        #expect(UnwrappedStrip.runLineForms(line).map(\.pixels) == [[0, 100, 255], [255, 100, 0], [255, 155, 0], [0, 155, 255]])
    }
}
