import Foundation
import Imaging
import Recognition
import SleeveCore
import Testing

/// Word boxes from the real tesseract.
@Suite struct TesseractTests {
    static let sleeve = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/sleeves/flatbed-side-by-side.png").standardizedFileURL

    static func page() throws -> GrayImage {
        try Leptonica().decodeGray([UInt8](Data(contentsOf: sleeve)))
    }

    @Test func wordsComeBackWithNormalisedBoxesAndConfidences() throws {
        let words = try TesseractRecognizer().recognize(Self.page())
        let harbour = try #require(words.first { $0.box.text == "HARBOUR" })
        // Drawn at x = 100…, y = 90… of a 1600-pixel page (the fixture script).
        #expect(harbour.box.rect.minY > 0.05 && harbour.box.rect.maxY < 0.12)
        #expect(harbour.confidence > 80)
        #expect(words.allSatisfy { $0.box.rect.minX >= 0 && $0.box.rect.maxX <= 1 && $0.box.rect.maxY <= 1 })
    }

    @Test func catalogCodesAreNotRewrittenIntoWords() throws {
        let texts = Set(try TesseractRecognizer().recognize(Self.page()).map(\.box.text))
        #expect(texts.contains("MRW"))
        #expect(texts.contains("4417"))
    }

    @Test func aRegionIsReadAlone() throws {
        let page = try Self.page()
        // Only the top-right corner, where the catalog number sits.
        let words = try TesseractRecognizer().recognize(page, region: (x: 1100, y: 60, width: 500, height: 120))
        #expect(words.map(\.box.text) == ["MRW", "4417"])
    }

    /// A band as wide as the page is read from its own rows. Handed to tesseract 5.3 as a
    /// rectangle, such a band's lines were recognised from the whole page at coordinates
    /// turned over (its widths matched, so the engine took the whole original for the
    /// band): the words came back at the right boxes with the text of other lines.
    @Test func aBandAsWideAsThePageIsReadFromItsOwnRows() throws {
        let page = try Self.page()
        let band = (x: 0, y: 60, width: page.width, height: 120)
        let words = try TesseractRecognizer().recognize(page, region: band)
        let texts = words.map(\.box.text)
        #expect(texts.contains("HARBOUR"))
        #expect(texts.contains("MRW") && texts.contains("4417"))
        // The same words, at the same places, as the band cut out and read on its own.
        let alone = try TesseractRecognizer().recognize(page.cropped(x: 0, y: 60, width: page.width, height: 120).image)
        #expect(texts == alone.map(\.box.text))
        let top = 60.0 / Double(page.height), bottom = 180.0 / Double(page.height)
        #expect(words.allSatisfy { $0.box.rect.minY >= top && $0.box.rect.maxY <= bottom })
    }

    /// A cut holding one line is read as that line, and the engine's own (sparse)
    /// segmentation is back for the next page.
    @Test func aLineIsReadAsOneLineAndTheModeIsRestored() throws {
        let page = try Self.page()
        let engine = try TesseractRecognizer()
        let line = page.cropped(x: 1100, y: 60, width: 500, height: 120).image
        #expect(try engine.recognizeLine(line).map(\.box.text) == ["MRW", "4417"])
        #expect(try engine.recognize(page).contains { $0.box.text == "HARBOUR" })
    }

    /// Each word comes with its characters, their confidences and the LSTM's other
    /// choices for them; the words are those `recognizeLine` reads, and switching
    /// the choices on for this call leaves the engine's next readings as they were.
    @Test func symbolsComeWithConfidencesAndAlternatives() throws {
        let page = try Self.page()
        let engine = try TesseractRecognizer()
        let line = page.cropped(x: 1100, y: 60, width: 500, height: 120).image
        let before = try engine.recognizeLine(line)
        let words = try engine.recognizeSymbols(line, asLine: true)
        #expect(words.map(\.word) == before)
        #expect(words.map(\.word.box.text) == ["MRW", "4417"])
        for word in words {
            #expect(word.symbols.map(\.text).joined() == word.word.box.text)
            for symbol in word.symbols {
                #expect(symbol.confidence > 50 && symbol.confidence <= 100)
                #expect(!symbol.alternatives.contains { $0.text == symbol.text })
                #expect(symbol.alternatives.map(\.confidence) == symbol.alternatives.map(\.confidence).sorted(by: >))
            }
        }
        #expect(words.flatMap(\.symbols).contains { !$0.alternatives.isEmpty })
        #expect(try engine.recognizeLine(line) == before)
        // The page is read with the engine's own sparse segmentation again.
        #expect(try engine.recognize(page).contains { $0.box.text == "HARBOUR" })
    }

    /// A page the engine reads well has no weak region: the second, local-threshold
    /// reading changes nothing on it, and leaves the engine's mode and threshold as
    /// they were for the next page.
    @Test func aCleanPageIsReadAsWithoutTheSecondReading() throws {
        let page = try Self.page()
        var once = TesseractOptions()
        once.rereadsWeakRegions = false
        let plain = try TesseractRecognizer(options: once).recognize(page)
        let engine = try TesseractRecognizer()
        #expect(try engine.recognize(page) == plain)
        #expect(try engine.recognize(page, region: (x: 1100, y: 60, width: 500, height: 120)).map(\.box.text) == ["MRW", "4417"])
    }

    @Test func unknownLanguageIsAClearError() {
        var options = TesseractOptions()
        options.languages = "xx-nonexistent"
        #expect { try TesseractRecognizer(options: options) } throws: { error in
            "\(error)".contains("tesseract could not load language 'xx-nonexistent'")
        }
    }
}

/// A page with more rows of marks than the engine allows is stopped while it is being
/// recognised, with an error that says why, and the engine reads the next page.
@Suite struct TesseractRowLimitTests {
    @Test func aPageWithMoreRowsThanAllowedIsStopped() throws {
        var options = TesseractOptions()
        options.maxTextRows = 3
        let engine = try TesseractRecognizer(options: options)
        #expect {
            _ = try engine.recognize(TesseractTests.page())
        } throws: { error in
            "\(error)".contains("more than 3 rows of text-like marks")
        }
        // One line stays within the limit, on the same engine.
        let line = try TesseractTests.page().cropped(x: 1100, y: 60, width: 500, height: 120).image
        #expect(try engine.recognize(line).map(\.box.text) == ["MRW", "4417"])
    }

    @Test func theDefaultLimitLeavesASleeveAlone() throws {
        #expect(TesseractOptions().maxTextRows >= 500)
        #expect(try TesseractRecognizer().recognize(TesseractTests.page()).contains { $0.box.text == "HARBOUR" })
    }
}
