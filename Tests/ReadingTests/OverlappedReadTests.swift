import Foundation
import Reading
import Settings
import Station
import SleeveCore
import Testing

/// `read` runs the barcode stage beside OCR on a machine with a core to spare: the
/// record must be the one the stages give one after the other.
@Suite struct OverlappedReadTests {
    @Test(arguments: ["flatbed-side-by-side.png", "photo-inline.jpg"])
    func barcodesBesideOCRGiveTheSameRecord(name: String) throws {
        let path = ReadPipelineTests.fixtures.appendingPathComponent(name).path
        let serial = try ReadPipelineTests.reader()
        let overlapped = try ReadPipelineTests.reader()
        overlapped.options.overlapBarcodesWithOCR = true
        var one = try serial.read(path: path), other = try overlapped.read(path: path)
        #expect(!other.barcodes.isEmpty)
        #expect(other.timingsMs["barcodes"] != nil && other.timingsMs["ocr"] != nil)
        one.timingsMs = [:]
        other.timingsMs = [:]
        #expect(one == other)
    }
}
