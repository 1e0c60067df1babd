import SleeveCore

/// Reads the rows of print the page reading did not see at all (`UnreadRows`): each
/// cut out alone at the page's own scale (enlarged, the faint footer that motivated
/// this read worse: "Mace wo USA NIM." for "Made un USA NING 141"), its levels
/// stretched so light gray print goes dark, and read as one line. A row is
/// taken only when some of its words are read surely: a row found in a texture reads
/// as unsure letters and adds nothing.
struct UnreadRowsRereader {
    let recognizer: any LineRecognizing
    var rows = UnreadRows()
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
                  let read = try? recognizer.recognizeLine(crop.image.contrastStretched(clip: 0.01)) else { continue }
            out += taken(read.map(crop.toPage), row: row)
        }
        return out
    }

    /// The words of a row's reading (in page coordinates) that join the page: none
    /// unless `sureWords` are read surely, then those read at `kept` or more, each set
    /// to the row's height. The engine's boxes on the padded crop often take in the
    /// paper around the row: on a photographed back, an address line in small print
    /// came back twice its height, the tallest line of the page, and so its title.
    func taken(_ read: [RecognizedWord], row: Rect) -> [RecognizedWord] {
        guard read.filter({ $0.confidence >= sure }).count >= sureWords else { return [] }
        return read.filter { $0.confidence >= kept }.map { word in
            var word = word
            word.box.rect = Rect(x: word.box.rect.x, y: row.y, width: word.box.rect.width, height: row.height)
            return word
        }
    }
}
