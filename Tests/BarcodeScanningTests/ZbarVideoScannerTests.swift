import BarcodeScanning
import Foundation
import Imaging
import SleeveCore
import Testing

/// The video pass reads the lines it is asked to, through the real zbar: a code printed
/// only on the rows (or columns) of one set of lines is read by that set and not by the
/// interleaved one. This is what the live loop's alternation between frames rests on.
@Suite struct ZbarVideoScannerTests {
    static func cleanCode() throws -> (image: GrayImage, value: String) {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fixtures/barcodes/clean").standardized
        let image = try Leptonica().decodeGray([UInt8](try Data(contentsOf: dir.appendingPathComponent("1.jpg"))))
        let value = try String(contentsOf: dir.appendingPathComponent("1.txt"), encoding: .utf8)
            .split(separator: " ")[1].trimmingCharacters(in: .whitespacesAndNewlines)
        return (image, value)
    }

    /// `image` with every row white except those ≡ `row` (mod `density`).
    static func onlyRows(_ image: GrayImage, _ row: Int, density: Int) -> GrayImage {
        var out = image
        for y in 0..<image.height where y % density != row {
            for x in 0..<image.width { out.pixels[y * image.width + x] = 255 }
        }
        return out
    }

    static func transposed(_ image: GrayImage) -> GrayImage {
        var out = GrayImage(width: image.height, height: image.width, pixels: [UInt8](repeating: 0, count: image.pixels.count))
        for y in 0..<image.height {
            for x in 0..<image.width { out.pixels[x * image.height + y] = image.pixels[y * image.width + x] }
        }
        return out
    }

    static func values(_ reads: [(barcode: Barcode, quality: Int)]) -> Set<String> {
        Set(reads.map { String($0.barcode.value.drop { $0 == "0" }) })
    }

    @Test func eachOffsetReadsItsOwnRowsAndNotTheOthers() throws {
        let (image, value) = try Self.cleanCode()
        let want = String(value.drop { $0 == "0" })
        let zbar = ZbarVideoScanner(density: 8)
        try #require(Self.values(zbar.scan(image, lineOffset: 0)).contains(want), "the whole code reads at every eighth line")
        for kept in [0, 4] {
            let striped = Self.onlyRows(image, kept, density: 8)
            #expect(Self.values(zbar.scan(striped, lineOffset: kept)) == [want], "rows \(kept) mod 8 read by offset \(kept)")
            #expect(zbar.scan(striped, lineOffset: 4 - kept).isEmpty, "rows \(kept) mod 8 unseen by offset \(4 - kept)")
        }
    }

    @Test func columnsFollowTheOffsetToo() throws {
        let (image, value) = try Self.cleanCode()
        let want = String(value.drop { $0 == "0" })
        let zbar = ZbarVideoScanner(density: 8)
        // Bars lying flat: only the vertical scan lines cross them.
        let lying = Self.transposed(Self.onlyRows(image, 4, density: 8))
        #expect(Self.values(zbar.scan(lying, lineOffset: 4)) == [want])
        #expect(zbar.scan(lying, lineOffset: 0).isEmpty)
    }
}
