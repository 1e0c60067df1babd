import SleeveCore

/// Gives a large word back the last letter its reading lost (see `LostLastLetter`): the
/// word's line read again as one line on a crop that reaches past the word's end, and
/// the word taken from that reading only when it is the same letters and one or two
/// more, read as surely. A word the wider reading shows cut short, its glyph read as a
/// token of its own, is kept at the noise bar's confidence: text, but no field.
struct LostLastLetterRereader {
    let recognizer: any LineRecognizing
    let resampler: any Resampling
    var rule = LostLastLetter()
    /// Letter height the crop is scaled to, in pixels; the engine reads best there.
    var targetHeight = 40.0
    /// Paper kept past the word's end and before the line's start, in its heights.
    var reach = 1.5

    func reread(_ words: [RecognizedWord], in page: GrayImage) -> [RecognizedWord] {
        var out = words
        for (i, word) in words.enumerated() {
            let r = word.box.rect
            let pixels = r.height * Double(page.height)
            guard word.confidence >= rule.minConfidence, pixels >= rule.minHeight,
                  word.box.text.filter(\.isLetter).count >= 2 else { continue }
            // The last word of its line: nothing read just past its end.
            let strip = Rect(x: r.maxX, y: r.minY, width: reach * pixels / Double(page.width), height: r.height)
            guard !words.contains(where: { $0 != word && $0.box.rect.sharesRow(with: r)
                    && $0.box.rect.minX >= r.minX && $0.box.rect.minX < strip.maxX }),
                  rule.hasGlyphAfter(r, in: page) else { continue }
            let crop = PageCrop(Rect(x: r.minX, y: r.minY, width: strip.maxX - r.minX, height: r.height), of: page,
                                padding: 0.3 * pixels)
            guard crop.image.width > 0, crop.image.height > 0,
                  let read = try? recognizer.recognizeLine(resampler.scale(crop.image, by: targetHeight / pixels)) else { continue }
            guard let text = rule.extended(word.box.text, by: read.filter { $0.confidence >= rule.minConfidence }.map(\.box.text)),
                  let fresh = read.first(where: { $0.box.text == text }) else {
                // The glyph read as a token of its own ("““RAN", then "kK?"): the word is
                // known to be cut short. It stays in the page's text, trusted for no field.
                if rule.runsOn(r, reading: read.map(crop.toPage), aspectRatio: Double(page.width) / Double(max(1, page.height))) {
                    out[i].confidence = min(word.confidence, PageReader.noiseConfidence)
                }
                continue
            }
            let placed = crop.toPage(fresh).box.rect
            out[i] = RecognizedWord(box: TextBox(text, Rect(x: r.minX, y: r.minY, width: max(r.width, placed.maxX - r.minX), height: r.height)),
                                    confidence: word.confidence)
        }
        return out
    }
}
