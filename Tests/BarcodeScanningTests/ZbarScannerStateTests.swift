import BarcodeScanning
import Foundation
import Imaging
import SleeveCore
import Testing

/// A zbar pass reads what its image holds, whatever was scanned before it. A reused zbar
/// image scanner kept the left half of perspective/6's EAN-13 (4891869162550) and joined
/// it to the right half of rotated/1's (0148370951727): 4891869951727, on neither.
@Suite struct ZbarScannerStateTests {
    static func fixture(_ name: String) throws -> GrayImage {
        try BarcodeFixtureTests.gray(BarcodeFixtureTests.root.appendingPathComponent(name).path)
    }

    @Test func aPassReadsTheSameAfterAnotherImage() throws {
        let before = try Self.fixture("perspective/6.jpg"), image = try Self.fixture("rotated/1.jpg")
        let alone = ZbarScanner().scanRaw(image)
        #expect(!alone.contains { $0.data.hasSuffix("4891869951727") })
        let zbar = ZbarScanner()
        _ = zbar.scanRaw(before)
        #expect(zbar.scanRaw(image) == alone)
        // The same image twice: the first pass's halves do not add scanlines to the second.
        #expect(zbar.scanRaw(image) == alone)
    }

    /// The live loop's scanner holds no zbar state across frames either.
    @Test func aVideoScanReadsTheSameAfterAnotherFrame() throws {
        let before = try Self.fixture("perspective/6.jpg"), image = try Self.fixture("rotated/1.jpg")
        let alone = ZbarVideoScanner(density: 2).scanRaw(image)
        let zbar = ZbarVideoScanner(density: 2)
        _ = zbar.scanRaw(before)
        #expect(zbar.scanRaw(image) == alone)
        #expect(zbar.scanRaw(image) == alone)
    }
}
