@testable import BarcodeScanning
import Testing

/// Which reads of the sparse plain pass could be one symbol read two ways. The boxes
/// are the scanlines that decoded each read, harvested from zbar on every other line
/// of a real UPC-A photo (the shared barcode set's upca-2/25) centred on a 2048×1600
/// page: the right 752050200137 and the misread 9711010200137 lie on different rows
/// of the same symbol, so their boxes do not overlap.
@Suite struct SparsePassTests {
    static let right: [[Double]] = [[960, 785], [1095, 785], [1095, 819], [960, 819]]
    static let misread: [[Double]] = [[1028, 763], [1096, 763], [1096, 779], [1028, 779]]

    @Test func aMisreadFromOtherRowsOfTheSymbolCouldBeIt() {
        #expect(MultiVariantBarcodeReader.couldBeOneSymbol(Self.right, Self.misread))
        #expect(MultiVariantBarcodeReader.couldBeOneSymbol(Self.misread, Self.right))
    }

    @Test func aSymbolElsewhereOnThePageIsAnother() {
        let sticker: [[Double]] = [[1500, 300], [1700, 300], [1700, 340], [1500, 340]]
        #expect(!MultiVariantBarcodeReader.couldBeOneSymbol(Self.right, sticker))
    }

    @Test func readsWithoutPointsAreNotCompared() {
        #expect(!MultiVariantBarcodeReader.couldBeOneSymbol([], Self.right))
    }
}
