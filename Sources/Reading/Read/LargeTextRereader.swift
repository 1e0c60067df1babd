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

    func reread(_ words: [RecognizedWord], in page: GrayImage) -> [RecognizedWord] {
        let pixelHeight = { (w: RecognizedWord) in w.box.rect.height * Double(page.height) }
        let large = words.filter { pixelHeight($0) >= largeHeight }
        guard !large.isEmpty else { return words }
        var out = words
        for line in LineClusterer().lines(large.map(\.box)) {
            let old = words.filter { line.words.contains($0.box) }
            let r = line.rect
            let crop = page.cropped(normalized: r, margin: 0.3)
            guard crop.width > 0, crop.height > 0 else { continue }
            let factor = targetHeight / (r.height * Double(page.height))
            guard let fresh = try? recognizer.recognize(resampler.scale(crop, by: factor)), !fresh.isEmpty else { continue }
            guard mean(fresh.map(\.confidence)) > mean(old.map(\.confidence)) else { continue }
            // Back from the crop's normalised space to the page's.
            let pad = r.height * 0.3
            let x0 = max(0, r.minX - pad * Double(page.height) / Double(page.width)), y0 = max(0, r.minY - pad)
            let sx = Double(crop.width) / Double(page.width), sy = Double(crop.height) / Double(page.height)
            let mapped = fresh.map { $0.fromCrop(x: x0, y: y0, scaleX: sx, scaleY: sy) }
            // Every word of the first reading inside the line goes, small ones too.
            out.removeAll { $0.box.rect.sharesRow(with: r) && $0.box.rect.midX >= r.minX && $0.box.rect.midX <= r.maxX }
            out += mapped
        }
        return out
    }

    private func mean(_ v: [Double]) -> Double { v.isEmpty ? 0 : v.reduce(0, +) / Double(v.count) }
}
