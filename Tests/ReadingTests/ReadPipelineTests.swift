import BarcodeScanning
import Digest
import Foundation
import Imaging
import Reading
import Settings
import Station
import Recognition
import SleeveCore
import Testing

/// The whole read pipeline through the real leptonica, tesseract and zbar.
@Suite struct ReadPipelineTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/sleeves").standardizedFileURL

    struct Expected: Decodable {
        var artist, title, label, catalogNumber, barcode: String
        var tracks: [SleeveRecord.Track]
    }

    static func expected(_ name: String) throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: fixtures.appendingPathComponent("\(name).expected.json")))
    }

    static func reader() throws -> SleeveReader {
        let lept = Leptonica()
        let tesseract = try TesseractRecognizer()
        return SleeveReader(decoder: lept, deskewer: lept, resampler: lept, recognizer: tesseract, fields: tesseract,
                            barcodes: ZbarScanner(), hashing: Hashing())
    }

    struct Hashing: ContentHashing {
        func sha256Hex(_ data: [UInt8]) -> String { SHA256.hex(data) }
    }

    @Test func flatbedSleeveReadsIntoItsExpectedRecord() throws {
        let path = Self.fixtures.appendingPathComponent("flatbed-side-by-side.png").path
        let record = try Self.reader().read(path: path)
        let want = try Self.expected("flatbed-side-by-side")
        #expect(record.artist?.lowercased() == want.artist.lowercased())
        #expect(record.title?.lowercased() == want.title.lowercased())
        #expect(record.label?.hasPrefix(want.label) == true)
        #expect(record.catalogNumber == want.catalogNumber)
        #expect(record.barcodes.map(\.value) == [want.barcode])
        #expect(record.barcodes.first?.symbology == .ean13)
        #expect(record.barcodes.first?.source == .symbol)
        #expect(record.tracks == want.tracks)
        #expect(record.source.width == 1600 && record.source.height == 1600)
        #expect(record.source.sha256 == SHA256.hex([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))))
        #expect(record.lines.first?.text.uppercased().contains("VELVET HARBOUR") == true)
        for stage in ["decode", "barcodes", "ocr", "layout", "total"] { #expect(record.timingsMs[stage] != nil) }
    }

    /// A camera-like photo: perspective, uneven light, noise, a textured table. Pins
    /// what the pipeline guarantees on it, not every character.
    @Test func photoOfASleeveGivesTheCodesAndTheTracklist() throws {
        let record = try Self.reader().read(path: Self.fixtures.appendingPathComponent("photo-inline.jpg").path)
        let want = try Self.expected("photo-inline")
        #expect(record.barcodes.map(\.value).contains(want.barcode))
        #expect(record.catalogNumber == want.catalogNumber)
        #expect(record.artist?.lowercased() == want.artist.lowercased())
        let right = want.tracks.filter { record.tracks.contains($0) }
        #expect(right.count >= want.tracks.count - 1, "tracks read: \(record.tracks)")
    }

    /// Phones store a portrait as a landscape plus EXIF Orientation 6; read as stored,
    /// the sleeve came out sideways and garbled. Here the fixture photo is stored a
    /// quarter turn anticlockwise with the tag saying so: it must read as the upright one.
    @Test func photoStoredSidewaysWithExifOrientationIsReadUpright() throws {
        let lept = Leptonica()
        let upright = try lept.decodeGray([UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("photo-inline.jpg"))))
        // Three quarter turns clockwise store it as a phone would for Orientation 6.
        var stored = upright
        for _ in 0..<3 { stored = stored.rotatedQuarterClockwise().image }
        let jpeg = try lept.encode(stored, as: .jpeg(quality: 92))
        // APP1 "Exif\0\0", little-endian TIFF header, one entry: Orientation (SHORT) = 6.
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]
        let app1 = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let tagged = Array(jpeg[..<2]) + [0xFF, 0xE1, 0, UInt8(app1.count + 2)] + app1 + Array(jpeg[2...])

        let record = try Self.reader().read(data: tagged, path: "sideways.jpg")
        let want = try Self.expected("photo-inline")
        #expect(record.source.orientation == 6)
        #expect(record.source.width == upright.width && record.source.height == upright.height)
        #expect(record.catalogNumber == want.catalogNumber)
        #expect(record.barcodes.map(\.value).contains(want.barcode))
        let right = want.tracks.filter { record.tracks.contains($0) }
        #expect(right.count >= want.tracks.count - 1, "tracks read: \(record.tracks)")
    }

    @Test func barcodeOnlyPassSkipsOCR() throws {
        let reader = try Self.reader()
        reader.options.onlyBarcodes = true
        let record = try reader.read(path: Self.fixtures.appendingPathComponent("flatbed-side-by-side.png").path)
        #expect(record.barcodes.count == 1)
        #expect(record.lines.isEmpty && record.tracks.isEmpty && record.artist == nil)
        #expect(record.timingsMs["ocr"] == nil)
    }

    @Test func imagesOverThePixelLimitAreRefusedFromTheirHeader() throws {
        let reader = try Self.reader()
        reader.options.maxPixels = 1_000_000
        #expect {
            try reader.read(path: Self.fixtures.appendingPathComponent("flatbed-side-by-side.png").path)
        } throws: { error in
            (error as? ReadFailure)?.reason.contains("over the 1000000-pixel limit") == true
        }
    }

    @Test func printedDigitsStandInOnlyWhenNoSymbolDecodes() throws {
        // The flatbed fixture with its bars painted over: only the printed digits remain.
        let lept = Leptonica()
        var gray = try lept.decodeGray([UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("flatbed-side-by-side.png"))))
        for y in 1230..<1395 { for x in 1100..<1450 { gray[x, y] = 236 } }
        let reader = try Self.reader()
        let source = SleeveRecord.Source(path: "x", width: gray.width, height: gray.height, sha256: "", size: 0, device: "file", capturedAt: "")
        let record = reader.analyse(gray, source: source)
        let want = try Self.expected("flatbed-side-by-side")
        #expect(record.barcodes.map(\.value) == [want.barcode])
        #expect(record.barcodes.first?.source == .text)
    }
}

@Suite struct SidecarTests {
    @Test func recordsKeepNullsAndSortKeys() throws {
        let record = SleeveRecord(source: .init(path: "X.jpg", width: 10, height: 20, sha256: "ab", size: 3, device: "file", capturedAt: "2026-11-29T14:00:00Z"))
        let json = String(decoding: try RecordJSON.encode(record), as: UTF8.self)
        #expect(json.contains("\"artist\" : null"))
        #expect(json.contains("\"document\" : null"))
        #expect(json.contains("\"tracks\" : [\n\n  ]") || json.contains("\"tracks\" : []"))
        let keys = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]).keys
        for key in ["schemaVersion", "kind", "source", "barcodes", "catalogNumber", "lines", "warnings", "timingsMs"] {
            #expect(keys.contains(key))
        }
        #expect(json.range(of: "\"artist\"")!.lowerBound < json.range(of: "\"barcodes\"")!.lowerBound)
    }

    @Test func atomicWriteReplacesWholeAndLeavesNoTemporaryFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidecar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("X.json").path
        try AtomicFile.write(Array("old".utf8), to: path)
        try AtomicFile.write(Array("new record".utf8), to: path)
        #expect(String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self) == "new record")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["X.json"])
    }

    @Test func failedWriteLeavesTheOldRecord() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidecar-\(UUID().uuidString)")
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.write(Array("x".utf8), to: folder.appendingPathComponent("missing/X.json").path)
        }
    }

    @Test func twoInputsClaimingOneRecordAreCaught() {
        var naming = SidecarNaming(outputFolder: "/tmp/out")
        #expect(naming.claim(for: "a/X.jpg").takenBy == nil)
        #expect(naming.claim(for: "b/X.png").takenBy == "a/X.jpg")
        #expect(naming.claim(for: "b/Y.png").path == "/tmp/out/Y.json")
        #expect(SidecarNaming(outputFolder: nil).recordPath(for: "/data/scans/X.jpg") == "/data/scans/X.json")
    }
}

@Suite struct DigestTests {
    @Test func knownSHA256Vectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
