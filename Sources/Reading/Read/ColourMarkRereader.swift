import SleeveCore

/// Reads the rows an owner's coloured marks cross a second time, in the marks-lifted
/// plane (see `ColourMarkRegions`), and keeps that reading where it is clearly the
/// better one (`WeakTextRegions.merging`: more confident, most of the text kept).
struct ColourMarkRereader {
    let recognizer: any TextRecognizing
    var regions = ColourMarkRegions()

    /// `page` is what OCR read; `marksLifted` the same page in the marks-lifted plane,
    /// the same size.
    func reread(_ words: [RecognizedWord], in page: GrayImage, marksLifted: GrayImage) -> [RecognizedWord] {
        let found = regions.regions(in: words, page: page, lifted: marksLifted)
        guard !found.isEmpty else { return words }
        let w = Double(page.width), h = Double(page.height)
        var out = words
        for region in found {
            let r = region.read
            let x0 = Int((r.minX * w).rounded(.down)), y0 = Int((r.minY * h).rounded(.down))
            let x1 = min(page.width, Int((r.maxX * w).rounded(.up))), y1 = min(page.height, Int((r.maxY * h).rounded(.up)))
            guard x1 > x0, y1 > y0 else { continue }
            let crop = marksLifted.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0).image
            guard let fresh = try? recognizer.recognize(crop), !fresh.isEmpty else { continue }
            // Back from the crop's normalised space to the page's.
            let sx = Double(crop.width) / w, sy = Double(crop.height) / h
            let mapped = fresh.map { $0.fromCrop(x: Double(x0) / w, y: Double(y0) / h, scaleX: sx, scaleY: sy) }
            out = regions.merging(mapped, into: out, row: region.row)
        }
        return out
    }
}
