/// Whether a line of large type goes on, just past either end, in letters the engine
/// did not read: "ULIN" of a red "MOULIN", "ARS" of a "STAR WARS" logo, "APOCALYPT"
/// short of its "ICA". Such a line is a piece of a name or a title, and a piece is no
/// field.
///
/// Seen in the page's pixels, not its words: the letters that did not come out have no
/// box at all, or a box the engine read as a scrap of another size. The line's own box
/// gives the ink (dark or light: the side of its levels away from the paper just above
/// and below it) and the type's height. A stretch one height wide past each end, over
/// the middle two thirds of the line's height, is looked at column by column: a column
/// is a stroke when ink covers more than half of it, as a letter's stem or bowl does
/// and a picture's speckle or a thin rule does not. Columns under a word read surely
/// (the next word of the line, another field) are not looked at.
public struct UnreadTypeBeside: Sendable {
    public let page: GrayImage
    /// Share of the stretch's columns that must be strokes.
    public var strokeShare = 0.3
    /// A column is a stroke when ink covers more than this share of it.
    public var strokeCover = 0.5
    /// Lines shorter than this many pixels are not judged (too few rows to tell a
    /// stroke from noise).
    public var minLinePixels = 10
    /// Ink and paper levels of the line's own box must differ by this much, else it
    /// holds no type to compare with.
    public var minContrast = 40.0

    public init(page: GrayImage) {
        self.page = page
    }

    /// `line` and `readWords` in page-normalised coordinates (0...1 each way).
    public func continues(_ line: Rect, readWords: [Rect]) -> Bool {
        let w = page.width, h = page.height
        guard w > 0, h > 0 else { return false }
        let x0 = max(0, Int((line.minX * Double(w)).rounded(.down)))
        let x1 = min(w, Int((line.maxX * Double(w)).rounded(.up)))
        let y0 = max(0, Int((line.minY * Double(h)).rounded(.down)))
        let y1 = min(h, Int((line.maxY * Double(h)).rounded(.up)))
        let height = y1 - y0
        guard height >= minLinePixels, x1 > x0 else { return false }
        guard let ink = inkTest(x0: x0, x1: x1, y0: y0, y1: y1) else { return false }
        let band = (y0 + height / 6)..<(y1 - height / 6)
        // Columns under a surely read word that shares the band.
        var covered = [Bool](repeating: false, count: w)
        for r in readWords where r.maxY * Double(h) > Double(band.lowerBound) && r.minY * Double(h) < Double(band.upperBound) {
            let a = max(0, Int((r.minX * Double(w)).rounded(.down))), b = min(w, Int((r.maxX * Double(w)).rounded(.up)))
            if a < b { for x in a..<b { covered[x] = true } }
        }
        func strokes(in columns: Range<Int>) -> Double? {
            // A stretch cut short by the page's edge tells nothing.
            guard columns.count * 2 >= height else { return nil }
            var count = 0
            for x in columns where !covered[x] {
                var inked = 0
                for y in band where ink(page.pixels[y * w + x]) { inked += 1 }
                if Double(inked) > strokeCover * Double(band.count) { count += 1 }
            }
            return Double(count) / Double(columns.count)
        }
        let left = strokes(in: max(0, x0 - height)..<x0)
        let right = strokes(in: x1..<min(w, x1 + height))
        return [left, right].contains { ($0 ?? 0) >= strokeShare }
    }

    /// The ink of the line's box: levels beyond the halfway mark between the box's
    /// darkest and lightest tenth, on the side away from the paper, the paper being
    /// what lies just above and below the box. Not the box's minority side: bold type
    /// fills more than half of its own box ("SCHILLER"). Not an Otsu split either: it
    /// put the yellow rule through that name, and the paper's shading beside it, on
    /// the ink's side. Nil when the box holds no two levels far enough apart, or the
    /// paper is near neither.
    func inkTest(x0: Int, x1: Int, y0: Int, y1: Int) -> ((UInt8) -> Bool)? {
        let box = page.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0).image
        let darkest = Double(box.percentile(0.1)), lightest = Double(box.percentile(0.9))
        guard lightest - darkest >= minContrast else { return nil }
        let middle = (darkest + lightest) / 2
        let margin = max(2, (y1 - y0) / 4)
        let above = page.cropped(x: x0, y: y0 - margin, width: x1 - x0, height: margin).image
        let below = page.cropped(x: x0, y: y1, width: x1 - x0, height: margin).image
        guard above.height + below.height > 0 else { return nil }
        let around = GrayImage(width: x1 - x0, height: above.height + below.height, pixels: above.pixels + below.pixels)
        let paper = Double(around.percentile(0.5))
        guard abs(paper - middle) >= minContrast / 4 else { return nil }
        return paper > middle ? { Double($0) < middle } : { Double($0) > middle }
    }
}
