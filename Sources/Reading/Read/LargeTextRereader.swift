import SleeveCore

/// Reads lines set in very large type a second time, shrunk.
///
/// Tesseract's line recogniser is trained on text a few tens of pixels high; a sleeve's
/// artist name in a thin display face, a hundred pixels tall, comes back as "Hel) ABR=|
/// IN" for "LED ZEPPELIN". The line alone, shrunk to `targetHeight`, reads cleanly.
/// The second reading replaces the first only when the engine is more confident of it.
struct LargeTextRereader {
    let recognizer: any TextRecognizing
    let resampler: any Resampling
    /// Word height, in pixels of the page OCR read, from which a line is read again.
    var largeHeight = 64.0
    /// Line height the second reading shrinks to.
    var targetHeight = 36.0
    /// Paper kept around the line on every side, in line heights.
    var margin = 0.3

    func reread(_ words: [RecognizedWord], in page: GrayImage) -> [RecognizedWord] {
        let pixelHeight = { (w: RecognizedWord) in w.box.rect.height * Double(page.height) }
        let large = words.filter { pixelHeight($0) >= largeHeight }
        guard !large.isEmpty else { return words }
        var out = words
        for line in LineClusterer().lines(large.map(\.box)) {
            let old = words.filter { line.words.contains($0.box) }
            let r = line.rect
            let crop = Self.lineCrop(r, in: page, margin: margin)
            guard crop.image.width > 0, crop.image.height > 0 else { continue }
            let factor = targetHeight / (r.height * Double(page.height))
            guard let fresh = try? recognizer.recognize(resampler.scale(crop.image, by: factor)), !fresh.isEmpty else { continue }
            guard mean(fresh.map(\.confidence)) > mean(old.map(\.confidence)) else { continue }
            let mapped = fresh.map { crop.toPage($0) }
            // Every word of the first reading inside the line goes, small ones too.
            out.removeAll { $0.box.rect.sharesRow(with: r) && $0.box.rect.midX >= r.minX && $0.box.rect.midX <= r.maxX }
            out += mapped
        }
        return out
    }

    /// The line `r` (normalised to `page`) with `margin` line heights of paper on every
    /// side, the same number of pixels across as down (the line keeps its shape), cut at
    /// the page's edges; and the map of a word read on the crop back to the page, from
    /// where the crop really starts (a line at the edge gets less margin there).
    static func lineCrop(_ r: Rect, in page: GrayImage, margin: Double)
        -> (image: GrayImage, toPage: (RecognizedWord) -> RecognizedWord) {
        let w = Double(page.width), h = Double(page.height)
        let pad = r.height * h * margin
        let x0 = Int((r.minX * w - pad).rounded(.down)), y0 = Int((r.minY * h - pad).rounded(.down))
        let x1 = Int((r.maxX * w + pad).rounded(.up)), y1 = Int((r.maxY * h + pad).rounded(.up))
        let (image, toSource) = page.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let origin = toSource.apply(Point(x: 0, y: 0))
        let sx = Double(image.width) / w, sy = Double(image.height) / h
        return (image, { $0.fromCrop(x: origin.x / w, y: origin.y / h, scaleX: sx, scaleY: sy) })
    }

    private func mean(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }
}
