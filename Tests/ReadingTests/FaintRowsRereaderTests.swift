import Foundation
import Imaging
@testable import Reading
import Recognition
import SleeveCore
import Testing

/// The faint footer through the real tesseract: `Fixtures/sleeves/faint-footer.jpg`
/// (made by `make_faint_footer.py`) prints its rights line small in light gray under
/// black type, as the sleeve photo that motivated the rereader did.
@Suite struct FaintRowsRereaderTests {
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
        let reread = FaintRowsRereader(recognizer: tesseract).reread(words, in: page)
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
        #expect(FaintRowsRereader(recognizer: try TesseractRecognizer()).reread(words, in: page) == words)
    }
}
