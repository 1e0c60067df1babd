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

/// The printed-digits search on a sleeve without a code: on 137 of 385 images read
/// (rendered and real sleeves, real barcode photos, gathered covers) it ran and found a
/// code once, and took a quarter of their reading time; a 400-pixel cover photo
/// (IMG_0814 of the gathered set) spent 1.3 s of its 1.8 s there. Stripes that no digits
/// sit under read as a digit or two at each of a strip's three sizes: one size is enough
/// to tell.
@Suite struct PrintedDigitsSearchCostTests {
    /// The real engine, its reads counted.
    final class CountedReads: FieldReading {
        let engine: TesseractRecognizer
        var reads = 0
        init() throws { engine = try TesseractRecognizer() }
        func readField(_ image: GrayImage, region: Rect, characters: String) throws -> String? {
            reads += 1
            return try engine.readField(image, region: region, characters: characters)
        }
    }

    @Test func stripesWithoutDigitsUnderThemAreReadAtOneSizeAStrip() throws {
        var page = GrayImage(width: 800, height: 800, fill: 235)
        // Bars of a code's widths, nothing printed under them.
        var x = 250
        for (i, w) in [3, 1, 2, 4, 1, 3, 2, 1, 1, 4, 2, 3, 1, 2, 2, 3, 1, 4, 1, 2, 3, 1, 2, 1, 3, 2, 4, 1].enumerated() {
            if i % 2 == 0 { for xx in x..<(x + 3 * w) { for y in 400..<560 { page[xx, y] = 25 } } }
            x += 3 * w
        }
        let regions = BarcodeRegionFinder().regions(in: page).filter { abs($0.gradientAngle) < 0.35 }
        try #require(!regions.isEmpty, "the stripes must look like bars to the region finder")
        let counted = try CountedReads()
        let rereader = FieldRereader(fields: counted, resampler: Leptonica())
        #expect(rereader.printedBarcodeDigits(in: page) == nil)
        // Five strips a region, one size each.
        #expect(counted.reads <= 5 * min(2, regions.count), "\(counted.reads) reads for \(regions.count) regions")
    }
}
