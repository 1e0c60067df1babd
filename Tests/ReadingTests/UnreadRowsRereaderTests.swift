import Foundation
import Imaging
@testable import Reading
import Recognition
import SleeveCore
import Testing

/// The faint footer through the real tesseract: `Fixtures/sleeves/faint-footer.jpg`
/// (made by `make_faint_footer.py`) prints its rights line small in light gray under
/// black type, as the sleeve photo that motivated the rereader did.
@Suite struct UnreadRowsRereaderTests {
    static let sleeve = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/sleeves/faint-footer.jpg").standardizedFileURL

    static func lines(_ words: [RecognizedWord]) -> [String] {
        ReadingOrder().lines(words.map(\.box)).map(\.text)
    }

    @Test func theFooterThePageReadingMissesIsReadOnItsOwn() throws {
        let page = try Leptonica().decodeGray([UInt8](Data(contentsOf: Self.sleeve)))
        let tesseract = try TesseractRecognizer()
        let words = try tesseract.recognize(page)
        // The failure as it was: the page reading has the black type and no footer.
        #expect(words.contains { $0.box.text == "HARROW" })
        #expect(FooterReading(lines: Self.lines(words)).country == nil)
        let reread = UnreadRowsRereader(recognizer: tesseract).reread(words, in: page)
        let footer = FooterReading(lines: Self.lines(reread))
        #expect(footer.country == "Canada", "\(Self.lines(reread))")
        #expect(Self.lines(reread).contains { $0.contains("Harrow Lane Records") })
        // Nothing read before is lost or moved, and the new words lie in the footer.
        #expect(Array(reread.prefix(words.count)) == words)
        #expect(reread.dropFirst(words.count).allSatisfy { $0.box.rect.minY > 0.85 })
    }

    @Test func aPageWithoutFaintPrintIsLeftAsItIs() throws {
        var page = GrayImage(width: 600, height: 400, fill: 240)
        for y in 100..<140 { for x in 100..<500 where (x / 12) % 2 == 0 { page[x, y] = 20 } }
        let words = [RecognizedWord(box: TextBox("BARS", Rect(x: 100.0 / 600, y: 0.25, width: 400.0 / 600, height: 0.1)), confidence: 90)]
        #expect(UnreadRowsRereader(recognizer: try TesseractRecognizer()).reread(words, in: page) == words)
    }

    /// Harvested from a photographed back (its liner notes in three columns): the row
    /// of an address in small print, read on its own. "04300" came back twice the
    /// row's height, which made the line the tallest of the page and its title.
    static let addressRow = Rect(x: 0.1011, y: 0.8783, width: 0.1256, height: 0.0067)
    static let addressRead: [RecognizedWord] = [
        RecognizedWord(box: TextBox("ndi", Rect(x: 0.0978, y: 0.8794, width: 0.0078, height: 0.0089)), confidence: 56),
        RecognizedWord(box: TextBox("8...", Rect(x: 0.1089, y: 0.8750, width: 0.0144, height: 0.0133)), confidence: 0),
        RecognizedWord(box: TextBox("04300", Rect(x: 0.1267, y: 0.8750, width: 0.0178, height: 0.0133)), confidence: 88),
        RecognizedWord(box: TextBox("Saint-Miche!", Rect(x: 0.1483, y: 0.8783, width: 0.0383, height: 0.0056)), confidence: 70),
        RecognizedWord(box: TextBox("de", Rect(x: 0.1889, y: 0.8789, width: 0.0072, height: 0.0050)), confidence: 96),
        RecognizedWord(box: TextBox("Provence:", Rect(x: 0.1983, y: 0.8783, width: 0.0283, height: 0.0050)), confidence: 79),
    ]

    @Test func theRowsWordsTakeItsHeightAndUnsureOnesStayOut() throws {
        let taken = UnreadRowsRereader(recognizer: try TesseractRecognizer()).taken(Self.addressRead, row: Self.addressRow)
        #expect(taken.map(\.box.text) == ["ndi", "04300", "Saint-Miche!", "de", "Provence:"])
        #expect(taken.allSatisfy { $0.box.rect.minY == Self.addressRow.minY && $0.box.rect.height == Self.addressRow.height })
        // Along the row, each word stays where it was read.
        #expect(taken.map(\.box.rect.minX) == [0.0978, 0.1267, 0.1483, 0.1889, 0.1983])
    }

    @Test func aRowWithOneSureWordIsNotTaken() throws {
        let rereader = UnreadRowsRereader(recognizer: try TesseractRecognizer())
        let oneSure = Self.addressRead.map { w in
            var w = w
            if w.box.text != "de" { w.confidence = min(w.confidence, 60) }
            return w
        }
        #expect(rereader.taken(oneSure, row: Self.addressRow).isEmpty)
    }
}
