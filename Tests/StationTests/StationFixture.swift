import Catalogue
import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore
import StatusServer

/// An output folder with one record and its image, a board that says a record was
/// just written, and a status server on a free port of 127.0.0.1.
final class StationFixture {
    let folder: URL
    let board = StatusBoard()
    let server: StatusServer
    let preview: [UInt8]
    let record: SleeveRecord
    var port: UInt16 { server.port }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures").standardizedFileURL

    init(settings: StatusServerSettings = StatusServerSettings(), catalogue: CatalogueDesk? = nil, configure: (inout StatusServerSettings) -> Void = { _ in }) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-station-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("sleeves/photo-inline.jpg"),
                                         to: folder.appendingPathComponent("photo-inline.jpg"))
        var r = SleeveRecord(source: .init(path: "photo-inline.jpg", width: 1600, height: 1200, sha256: "00", size: 1,
                                           device: "replay:test", capturedAt: "2026-11-29T14:00:00Z"))
        // OCR text can hold markup; the page must show it, not run it.
        r.artist = "Glass <b>Orchard</b>"
        r.title = "Paper Suns"
        r.catalogNumber = "FEN-207"
        r.barcodes = [Barcode(symbology: .ean13, value: "4098765432101", checksumValid: true, corners: [])]
        record = r
        try AtomicFile.write(RecordJSON.encode(r), to: folder.appendingPathComponent("photo-inline.json").path)

        // A small gradient as the live preview.
        let gray = GrayImage(width: 64, height: 48, pixels: (0..<(64 * 48)).map { UInt8(($0 % 64) * 4) })
        preview = try Leptonica().encode(gray, as: .jpeg(quality: 80))
        var status = StationStatus()
        status.state = .written
        status.framesPerSecond = 12.34
        status.source = "replay:test"
        status.previewJPEG = preview
        status.recent = [WrittenRecord(record: r, recordFile: "photo-inline.json", imageFile: "photo-inline.jpg", rectifiedFile: nil)]
        board.publish(status)

        var s = settings
        s.port = 0
        configure(&s)
        server = try StatusServer(board: board, settings: s, outputFolder: folder.path, catalogue: catalogue)
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
