import SleeveCore

/// A part of the page cut out to be read again: `r` (normalised to the page) with
/// `padding` pixels of paper on every side, cut at the page's edges; and the map of a
/// word read on the crop back to the page, from where the crop really starts (a part
/// at the edge gets less padding there).
struct PageCrop {
    let image: GrayImage
    let toPage: (RecognizedWord) -> RecognizedWord

    init(_ r: Rect, of page: GrayImage, padding: Double = 0) {
        let w = Double(page.width), h = Double(page.height)
        let x0 = Int((r.minX * w - padding).rounded(.down)), y0 = Int((r.minY * h - padding).rounded(.down))
        let x1 = Int((r.maxX * w + padding).rounded(.up)), y1 = Int((r.maxY * h + padding).rounded(.up))
        let (image, toSource) = page.cropped(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let origin = toSource.apply(Point(x: 0, y: 0))
        let sx = Double(image.width) / w, sy = Double(image.height) / h
        self.image = image
        toPage = { $0.fromCrop(x: origin.x / w, y: origin.y / h, scaleX: sx, scaleY: sy) }
    }

    /// The crop read as one line (the engine's single-line mode), its words mapped back
    /// to the page; nil when the crop is empty or the engine fails on it.
    func lineWords(by recognizer: any LineRecognizing) -> [RecognizedWord]? {
        guard image.width > 0, image.height > 0, let read = try? recognizer.recognizeLine(image) else { return nil }
        return read.map(toPage)
    }
}
