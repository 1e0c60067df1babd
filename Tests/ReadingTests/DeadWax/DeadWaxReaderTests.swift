import Digest
import Foundation
import Imaging
import Reading
import Settings
import Station
import Recognition
import SleeveCore
import Testing

/// The whole dead-wax path on the rendered fixtures (Fixtures/deadwax, made by
/// Fixtures/scripts/make_deadwax.py) with the real tesseract.
@Suite("DeadWax reader on fixtures", .serialized)
struct DeadWaxReaderTests {
    struct Expected: Decodable {
        var matrix: String
        var side: String
        var labelText: [String]
        var center: [Double]
        var discRadius: Double
        var labelRadius: Double
    }

    struct Hashing: ContentHashing {
        func sha256Hex(_ data: [UInt8]) -> String { SHA256.hex(data) }
    }

    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/deadwax")

    static func reader() throws -> DeadWaxReader {
        var ocr = TesseractOptions()
        ocr.characterWhitelist = MatrixParser.ocrCharacters
        return DeadWaxReader(decoder: Leptonica(), recognizer: try TesseractRecognizer(options: ocr), hashing: Hashing())
    }

    static func expected(_ name: String) throws -> Expected {
        let data = try Data(contentsOf: folder.appendingPathComponent(name + ".expected.json"))
        return try JSONDecoder().decode(Expected.self, from: data)
    }

    @Test(arguments: ["deadwax-seam", "deadwax-bottom", "deadwax-tilted", "deadwax-olive-label", "deadwax-black-label",
                       "deadwax-black-label-tilted"])
    func geometryMatchesTheRendering(name: String) throws {
        let truth = try Self.expected(name)
        let record = try Self.reader().read(path: Self.folder.appendingPathComponent(name + ".jpg").path)
        #expect(record.kind == .deadwax)
        let disc = try #require(record.disc)
        let error = hypot(disc.center[0] - truth.center[0], disc.center[1] - truth.center[1])
        #expect(error <= 0.01 * 2 * truth.discRadius, "centre off by \(error) px")
        #expect(abs(try #require(disc.radius) - truth.discRadius) <= 0.02 * truth.discRadius)
        #expect(abs((disc.labelRadius ?? 0) - truth.labelRadius) <= 0.05 * truth.labelRadius)
    }

    /// The etched run is read (across the seam at 3 o'clock, upside down at the
    /// bottom, and on a tilted disc) and no line printed on the label ever appears.
    @Test(arguments: ["deadwax-seam", "deadwax-bottom", "deadwax-tilted", "deadwax-olive-label", "deadwax-black-label",
                       "deadwax-black-label-tilted"])
    func readsTheRunAndNeverTheLabel(name: String) throws {
        let truth = try Self.expected(name)
        let record = try Self.reader().read(path: Self.folder.appendingPathComponent(name + ".jpg").path)
        let all = record.matrix.map(\.text).joined(separator: " ").uppercased()
        for line in truth.labelText where line.count > 3 {
            #expect(!all.contains(line.uppercased()), "label line '\(line)' leaked into \(all)")
        }
        // At most two characters wrong of the run (OCR of a faint scratch), side right.
        let best = record.matrix.min { editDistance($0.text, truth.matrix) < editDistance($1.text, truth.matrix) }
        let entry = try #require(best, "no matrix read")
        #expect(editDistance(entry.text, truth.matrix) <= 2, "read '\(entry.text)' for '\(truth.matrix)'")
        #expect(entry.side == truth.side)
    }

    /// The run's own pixels are read beside the enhanced strip: on this disc the
    /// enhanced strip alone gave `HPX34962-C1 MASTERDISK` for `HPX44962-…` (its 4
    /// broken into a 3); the photo's pixels cut to the run's line read it exactly.
    @Test func theRunsOwnPixelsReadWhereTheEnhancedStripMisreads() throws {
        let truth = try Self.expected("deadwax-olive-label")
        let record = try Self.reader().read(path: Self.folder.appendingPathComponent("deadwax-olive-label.jpg").path)
        #expect(record.matrix.map(\.text) == [truth.matrix])
    }

    /// A whole disc whose run-out holds nothing: the whole-disc reading finds no
    /// plausible run, so the photo is tried as a close-up (a gold pressing's label
    /// and groove ring can pass for a disc in frame); that finds none either, and
    /// the whole-disc record stands: its disc radius, no matrix (and a warning that says so), no strip kept.
    @Test func aBlankWholeDiscIsTriedAsACloseUpAndKeepsItsRecord() throws {
        var image = GrayImage(width: 480, height: 360, fill: 200)
        let cx = 240.0, cy = 180.0, radius = 160.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let r = hypot(Double(x) - cx, Double(y) - cy) / radius
                guard r <= 1 else { continue }
                image[x, y] = r < 0.34 ? 190 : (r < 0.5 ? 40 : UInt8(25 + 20 * (0.5 + 0.5 * cos(2 * Double.pi * r * radius / 3))))
            }
        }
        let bytes = try Leptonica().encode(image, as: .png)
        let reader = try Self.reader()
        let record = try reader.read(data: bytes, path: "blank-disc.png")
        let disc = try #require(record.disc)
        #expect(abs((disc.radius ?? 0) - radius) <= 0.03 * radius, "\(disc)")
        #expect(!record.matrix.contains { MatrixParser.isPlausibleRun(MatrixParser().parse($0.text)!) }, "\(record.matrix)")
        #expect(record.timingsMs["runout"] != nil, "not tried as a close-up: \(record.timingsMs)")
        #expect(reader.unreadableStrip == nil)
        if record.matrix.isEmpty {
            #expect(record.warnings.contains { $0.contains("no matrix in it is legible") }, "\(record.warnings)")
        }
    }

    @Test func aPhotoWithoutADiscSaysSo() throws {
        let bytes = try Leptonica().encode(GrayImage(width: 320, height: 240, fill: 128), as: .png)
        let record = try Self.reader().read(data: bytes, path: "blank.png")
        #expect(record.disc == nil)
        #expect(record.matrix.isEmpty)
        #expect(record.warnings.contains { $0.contains("no disc") })
    }
}

private func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    var prev = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
        var cur = [i]
        for j in 1...max(1, b.count) where !b.isEmpty {
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)))
        }
        prev = cur
    }
    return a.isEmpty ? b.count : (b.isEmpty ? a.count : prev[b.count])
}
