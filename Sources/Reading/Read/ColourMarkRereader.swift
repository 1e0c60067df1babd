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
        var out = words
        for region in found {
            let crop = PageCrop(region.read, of: marksLifted)
            guard crop.image.width > 0, crop.image.height > 0,
                  let fresh = try? recognizer.recognize(crop.image), !fresh.isEmpty else { continue }
            out = regions.merging(fresh.map(crop.toPage), into: out, row: region.row)
        }
        return out
    }
}
