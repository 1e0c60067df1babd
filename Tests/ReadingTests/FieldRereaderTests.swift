import Foundation
import Imaging
@testable import Reading
@testable import Station
import Recognition
import SleeveCore
import Testing

/// Second readings of small fields through the real tesseract.
@Suite struct FieldRereaderTests {
    static let sleeve = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/sleeves/flatbed-side-by-side.png").standardizedFileURL

    @Test func digitsPrintedUnderABarcodeAreReadWhenTheyAreTiny() throws {
        let lept = Leptonica()
        let full = try lept.decodeGray([UInt8](Data(contentsOf: Self.sleeve)))
        // Half the size: the printed digits are about 9 pixels tall.
        let small = lept.scale(full, by: 0.5)
        let rereader = FieldRereader(fields: try TesseractRecognizer(), resampler: lept)
        let found = try #require(rereader.printedBarcodeDigits(in: small))
        #expect(found.digits == "5012345678900")
        // The region is the barcode's: lower right of the sleeve.
        #expect(found.region.minX > 0.6 && found.region.minY > 0.7)
    }

    /// Read ahead while the barcode thread looks, the reading gives up once asked to:
    /// the same tiny digits, none read after the stop.
    @Test func digitsAreGivenUpWhenAskedToStop() throws {
        let lept = Leptonica()
        let small = lept.scale(try lept.decodeGray([UInt8](Data(contentsOf: Self.sleeve))), by: 0.5)
        let rereader = FieldRereader(fields: try TesseractRecognizer(), resampler: lept)
        var asked = 0
        #expect(rereader.printedBarcodeDigits(in: small, shouldStop: { asked += 1; return true }) == nil)
        #expect(asked == 1)
        #expect(rereader.printedBarcodeDigits(in: small, shouldStop: { false })?.digits == "5012345678900")
    }

    @Test func aPageWithoutABarcodeGivesNoDigits() throws {
        let lept = Leptonica()
        var page = GrayImage(width: 600, height: 400, fill: 235)
        // Text-like dashes, no bars.
        for row in 0..<8 { for x in 40..<560 where x % 23 < 15 { for y in (40 + row * 40)..<(48 + row * 40) { page[x, y] = 30 } } }
        let rereader = FieldRereader(fields: try TesseractRecognizer(), resampler: lept)
        #expect(rereader.printedBarcodeDigits(in: page) == nil)
    }
}
