import BarcodeScanning
import Digest
import Foundation
import Imaging
@testable import Reading
import Recognition
import SleeveCore
import Testing

/// A camera photo whose sleeve outline is not found is a scene, and gives no names.
@Suite struct CameraPhotoTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// `jpeg` with an APP1 Exif segment after its SOI whose first directory holds one
    /// ASCII entry (`tag` 0x010F make, 0x0110 model, or another) of `value`.
    static func withExif(_ jpeg: [UInt8], tag: UInt16 = 0x010F, value: String, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        let text = Array(value.utf8) + [0]
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D, 0x00, 0x2A] : [0x49, 0x49, 0x2A, 0x00]
        tiff += u32(8) + u16(1)
        tiff += u16(Int(tag)) + u16(2) + u32(text.count) + (text.count <= 4 ? text + Array(repeating: 0, count: 4 - text.count) : u32(26))
        tiff += u32(0)
        if text.count > 4 { tiff += text }
        let body: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = body.count + 2
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + Array(jpeg[2...])
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(path)))
    }

    @Test func aCameraIsToldByItsMakeOrModel() throws {
        let plain = try Self.bytes("document/no-sleeve.jpg")
        #expect(!CameraPhoto.isCameraPhoto(plain))
        #expect(CameraPhoto.isCameraPhoto(Self.withExif(plain, value: "Apple")))
        #expect(CameraPhoto.isCameraPhoto(Self.withExif(plain, tag: 0x0110, value: "SM-G998B", bigEndian: true)))
        // Other EXIF text (0x0131, the software that wrote the file) names no camera,
        // and neither does an empty make.
        #expect(!CameraPhoto.isCameraPhoto(Self.withExif(plain, tag: 0x0131, value: "GIMP 2.10")))
        #expect(!CameraPhoto.isCameraPhoto(Self.withExif(plain, value: "")))
        #expect(!CameraPhoto.isCameraPhoto([0xFF, 0xD8, 0xFF, 0xE1, 0x00]))
    }

    /// What gathered IMG_5378 (a sleeve held in front of a wall of Rolling Stone
    /// covers, outline not found) gave: the magazines' headlines as its names.
    static func sceneRecord() -> SleeveRecord {
        var r = SleeveRecord(source: .init(path: "IMG_5378.jpg", width: 3024, height: 4032, sha256: "ab", size: 3,
                                           device: "file", capturedAt: "2026-12-01T20:00:00Z", orientation: 6))
        r.artist = "KEY RISIN"
        r.title = "Wine"
        r.label = "SCOTT WEILAND + AALIYAH"
        r.catalogNumber = "LSP-3766"
        r.warnings = [DocumentStage.noOutlineWarning]
        r.lines = [SleeveRecord.Line(text: "KEY", rect: Rect(x: 0.3, y: 0.14, width: 0.05, height: 0.02), confidence: 90)]
        return r
    }

    @Test func aSceneWithoutTheSleevesOutlineGivesNoNames() {
        var r = Self.sceneRecord()
        CameraPhoto.settingSceneFieldsAside(&r)
        #expect(r.artist == nil && r.title == nil && r.label == nil)
        // A code's shape is the sleeve's (IMG_5390's LSP-3766, read with no outline).
        #expect(r.catalogNumber == "LSP-3766")
        #expect(r.warnings.last == CameraPhoto.sceneWarning)
        #expect(r.lines.count == 1)
    }

    /// Counter-cases: an outline found, or none looked for (`findSleeve` off: the user
    /// says the image is the sleeve), keep the names.
    @Test func anOutlinedSleeveOrAnImageTakenWholeKeepsItsNames() {
        var outlined = Self.sceneRecord()
        outlined.warnings = []
        outlined.document = SleeveRecord.Document(corners: [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1, y: 1), Point(x: 0, y: 1)], confidence: 0.9)
        CameraPhoto.settingSceneFieldsAside(&outlined)
        #expect(outlined.artist == "KEY RISIN")
        var whole = Self.sceneRecord()
        whole.warnings = []
        CameraPhoto.settingSceneFieldsAside(&whole)
        #expect(whole.title == "Wine")
    }

    func reader() throws -> SleeveReader {
        let leptonica = Leptonica()
        let tesseract = try TesseractRecognizer(options: TesseractOptions())
        return SleeveReader(decoder: leptonica, deskewer: leptonica, resampler: leptonica, recognizer: tesseract, fields: tesseract,
                            barcodes: ZbarScanner(), hashing: DocumentStageTests.Hashing())
    }

    /// Through the reader: the rendered phone photo, given a camera's EXIF, is outlined
    /// and keeps its names; a camera photo of no sleeve says why it gives none.
    @Test func theReaderSetsAsideOnlyAnUnoutlinedCameraPhotosNames() throws {
        let reader = try reader()
        let photo = try reader.read(data: Self.withExif(try Self.bytes("sleeves/photo-inline.jpg"), value: "Apple"), path: "photo-inline.jpg")
        #expect(photo.document != nil)
        #expect(photo.artist == "GLASS ORCHARD")
        #expect(!photo.warnings.contains(CameraPhoto.sceneWarning))
        let scene = try reader.read(data: Self.withExif(try Self.bytes("document/no-sleeve.jpg"), value: "Apple"), path: "no-sleeve.jpg")
        #expect(scene.document == nil)
        #expect(scene.warnings.contains(CameraPhoto.sceneWarning))
    }
}
