import SleeveCore

/// Reads the rows of a numbered list again, each as a single line from its position to
/// the room beside it (see `CutShortRows`), and keeps that reading where it goes on
/// from the first one.
struct CutShortRowsRereader {
    let recognizer: any LineRecognizing
    var rows = CutShortRows()

    func reread(_ words: [RecognizedWord], in page: GrayImage) -> [RecognizedWord] {
        let aspectRatio = Double(page.width) / Double(max(1, page.height))
        var out = words
        for row in rows.rows(in: words, aspectRatio: aspectRatio) {
            // A row an earlier merge already replaced is not read twice.
            guard row.first.allSatisfy(out.contains) else { continue }
            guard let read = PageCrop(row.read, of: page).lineWords(by: recognizer) else { continue }
            out = rows.merging(read, into: out, row: row, aspectRatio: aspectRatio)
        }
        return out
    }
}
