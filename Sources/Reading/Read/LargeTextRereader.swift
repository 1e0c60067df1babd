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
    /// side, the same number of pixels across as down (the line keeps its shape).
    static func lineCrop(_ r: Rect, in page: GrayImage, margin: Double) -> PageCrop {
        PageCrop(r, of: page, padding: r.height * Double(page.height) * margin)
    }

    private func mean(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }
}
