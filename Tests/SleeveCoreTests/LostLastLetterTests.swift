import Testing
@testable import SleeveCore

/// Large words read without their last letter on the flat shop image of The Smiths
/// "Rank" (gathered set, album-wiz ref-61s4S4DTQ4L): "THE" / "SMITH" / "““RAN" became
/// artist "THE SMITH" and title "RAN". The boxes are the ones `sleevescan words` gave
/// there; the readings are tesseract's single-line readings of the line on a crop that
/// reaches 1.5 heights past the word.
@Suite struct LostLastLetterTests {
    /// "SMITH" (read at 96) on the image's page, scaled to 400 pixels.
    static let smith = Rect(x: 0.0456, y: 0.1561, width: 0.2489, height: 0.0628)

    /// A light page with the word's five letters as strokes of dark ink, and `after`
    /// drawn just past its end.
    static func page(after: (inout GrayImage, Int, Int, Int) -> Void) -> GrayImage {
        let side = 400
        var page = GrayImage(width: side, height: side, fill: 238)
        let r = smith
        let x0 = Int(r.minX * 400), x1 = Int(r.maxX * 400), y0 = Int(r.minY * 400), y1 = Int(r.maxY * 400)
        let letter = (x1 - x0) / 5
        for k in 0..<5 {
            for y in y0..<y1 { for x in (x0 + k * letter + 2)..<(x0 + k * letter + letter - 3) where (x + y) % 3 != 0 { page[x, y] = 70 } }
        }
        after(&page, x1, y0, y1)
        return page
    }

    @Test func aGlyphInTheWordsInkJustPastItsEndIsALostLetter() {
        // The S the reading left out: a stroke of the word's ink, 3 pixels past its end.
        let page = Self.page { page, x1, y0, y1 in
            for y in y0..<y1 { for x in (x1 + 3)..<(x1 + 16) where (x + y) % 3 != 0 { page[x, y] = 70 } }
        }
        #expect(LostLastLetter().hasGlyphAfter(Self.smith, in: page))
    }

    @Test func plainPaperPastTheWordIsNoLostLetter() {
        let page = Self.page { _, _, _, _ in }
        #expect(!LostLastLetter().hasGlyphAfter(Self.smith, in: page))
    }

    @Test func aPicturesMidTonesPastTheWordAreNoLostLetter() {
        // A photo beside the word: tones between ink and paper all across the strip.
        let page = Self.page { page, x1, y0, y1 in
            for y in (y0 - 5)..<(y1 + 5) { for x in x1..<(x1 + 40) { page[x, y] = UInt8(110 + (x * 7 + y * 13) % 90) } }
        }
        #expect(!LostLastLetter().hasGlyphAfter(Self.smith, in: page))
    }

    @Test func aGlyphFarPastTheWordIsTheNextWordNotALostLetter() {
        let page = Self.page { page, x1, y0, y1 in
            for y in y0..<y1 { for x in (x1 + 12)..<(x1 + 17) { page[x, y] = 70 } }
        }
        #expect(!LostLastLetter().hasGlyphAfter(Self.smith, in: page))
    }

    @Test func theWiderReadingGivesTheWordItsLastLetter() {
        let rule = LostLastLetter()
        #expect(rule.extended("SMITH", by: ["=", "SMITHS"]) == "SMITHS")
        #expect(rule.extended("““RAN", by: ["|", "“RANK”"]) == "“RANK”")
    }

    @Test func aDifferentWordOrAWholeNewTailIsNoLostLetter() {
        let rule = LostLastLetter()
        #expect(rule.extended("FIRE", by: ["N", "FIRE", "@"]) == nil)
        #expect(rule.extended("THE", by: ["THEATRE"]) == nil)
        #expect(rule.extended("SMITH", by: ["SMYTHS"]) == nil)
        #expect(rule.extended("A", by: ["AB"]) == nil)
    }

    /// "““RAN" on ref-61s4's page (read at 91) and tesseract's single-line reading of
    /// the crop past it, as the reader logged them: the wider reading ends the word where
    /// the first one did and reads the K as a token of its own, so no extension is found
    /// and the word is known to be cut short (its title "RAN" was a wrong field).
    static let ran = Rect(x: 0.0472, y: 0.3128, width: 0.2128, height: 0.0606)
    static func token(_ text: String, _ minX: Double, _ maxX: Double, _ confidence: Double) -> RecognizedWord {
        RecognizedWord(box: TextBox(text, x: minX, y: 0.3128, width: maxX - minX, height: 0.0606), confidence: confidence)
    }

    @Test func aGlyphReadAsATokenOfItsOwnShowsTheWordCutShort() {
        let rule = LostLastLetter()
        let reading = [Self.token("“RAN", 0.0471, 0.2590, 97), Self.token("kK?", 0.2620, 0.3619, 72)]
        #expect(rule.extended("““RAN", by: reading.filter { $0.confidence >= rule.minConfidence }.map(\.box.text)) == nil)
        #expect(rule.runsOn(Self.ran, reading: reading, aspectRatio: 1))
    }

    @Test func aReadingThatStopsAtTheWordOrGoesOnAfterASpaceIsNoCut() {
        let rule = LostLastLetter()
        // Nothing after the word.
        #expect(!rule.runsOn(Self.ran, reading: [Self.token("“RAN", 0.0471, 0.2590, 97)], aspectRatio: 1))
        // The next word, a word space (half a height) past the end.
        #expect(!rule.runsOn(Self.ran, reading: [Self.token("“RAN", 0.0471, 0.2590, 97), Self.token("AGAIN", 0.2900, 0.4000, 90)],
                             aspectRatio: 1))
        // A mark of no letter just past the end (a closing quote, a bar).
        #expect(!rule.runsOn(Self.ran, reading: [Self.token("“RAN", 0.0471, 0.2590, 97), Self.token("”|", 0.2620, 0.2800, 60)],
                             aspectRatio: 1))
        // A token on another row.
        let below = RecognizedWord(box: TextBox("kK", x: 0.2620, y: 0.4000, width: 0.05, height: 0.0606), confidence: 72)
        #expect(!rule.runsOn(Self.ran, reading: [below], aspectRatio: 1))
    }
}
