import SleeveCore

/// Reads the rows of faint print the page reading did not see at all (`FaintRows`):
/// each cut out alone at the page's own scale (enlarged, the footer of the sleeve that
/// motivated this read worse: "Mace wo USA NIM." for "Made un USA NING 141"), its
/// levels stretched so the light gray print goes dark, and read as one line. A row is
/// taken only when some of its words are read surely: a row found in a texture reads
/// as unsure letters and adds nothing.
struct FaintRowsRereader {
    let recognizer: any LineRecognizing
    var rows = FaintRows()
    /// A row is print when at least `sureWords` of its words are read at `sure` or more...
    var sure = 70.0
    var sureWords = 2
    /// ...and of such a row the words read at `kept` or more are added (the footer's
    /// "un" of "Made un USA" was read at 41; its garbled label name at 0–25).
    var kept = 40.0

    func reread(_ words: [RecognizedWord], in page: GrayImage) -> [RecognizedWord] {
        var out = words
        for row in rows.rows(in: page, read: words.map(\.box.rect)) {
            let pixels = row.height * Double(page.height)
            let crop = PageCrop(row, of: page, padding: 0.5 * pixels)
            guard crop.image.width > 0, crop.image.height > 0,
                  let read = try? recognizer.recognizeLine(crop.image.contrastStretched(clip: 0.01)),
                  read.filter({ $0.confidence >= sure }).count >= sureWords else { continue }
            out += read.filter { $0.confidence >= kept }.map(crop.toPage)
        }
        return out
    }
}
