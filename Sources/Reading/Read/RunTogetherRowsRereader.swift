import SleeveCore

/// Reads rows the engine ran together into one blob (see `RunTogetherRows`) again, band
/// by band, each band as a single line, and keeps that reading where it is clearly the
/// better one.
struct RunTogetherRowsRereader {
    let recognizer: any LineRecognizing
    var rows = RunTogetherRows()

    func reread(_ words: [RecognizedWord], in page: GrayImage) -> [RecognizedWord] {
        let found = rows.regions(in: words, aspectRatio: Double(page.width) / Double(max(1, page.height)))
        var out = words
        for region in found {
            let fresh = region.bands.flatMap { PageCrop($0, of: page).lineWords(by: recognizer) ?? [] }
            out = rows.merging(fresh, into: out, region: region.read)
        }
        return out
    }
}
