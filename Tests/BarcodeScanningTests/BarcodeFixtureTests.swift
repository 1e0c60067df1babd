import BarcodeScanning
import Foundation
import Imaging
import SleeveCore
import Testing

/// The rendered fixtures in Fixtures/barcodes (made by Fixtures/scripts/make_barcode_fixtures.py)
/// read through the real zbar, zxing-style: per folder "at least N of M", thresholds that only go up.
@Suite struct BarcodeFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/barcodes").standardized

    /// At least this many of each folder's images must read right (value, and add-on when one is printed).
    static let thresholds: [String: Int] = [
        "clean": 8, "glare": 8, "lowcontrast": 6, "noise": 7, "perspective": 6, "rotated": 8, "blur": 5,
    ]

    struct Expected { var symbology: String; var value: String; var addon: String? }

    static func images(in folder: String) -> [(path: String, expected: Expected?)] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".jpg") }.sorted().map { name in
            let txt = dir.appendingPathComponent((name as NSString).deletingPathExtension + ".txt")
            let expected = (try? String(contentsOf: txt, encoding: .utf8)).map { text -> Expected in
                let p = text.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                return Expected(symbology: p[0], value: p[1], addon: p.count > 2 ? p[2] : nil)
            }
            return (dir.appendingPathComponent(name).path, expected)
        }
    }

    static func gray(_ path: String) throws -> GrayImage {
        try Leptonica().decodeGray([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    /// Right when some read has the value (leading zeros aside: an EAN-13 starting 0 is a
    /// UPC-A) and, where an add-on is printed, that add-on.
    static func isRight(_ reads: [Barcode], _ e: Expected) -> Bool {
        func trimmed(_ s: String) -> Substring { s.drop { $0 == "0" } }
        return reads.contains { trimmed($0.value) == trimmed(e.value) && (e.addon == nil || $0.addon == e.addon) }
    }

    /// A reader whose budget never runs out here, so results do not depend on machine load.
    static func strongReader() -> MultiVariantBarcodeReader {
        var o = MultiVariantOptions(timeBudgetMs: 250)
        o.timeBudgetMs = 60_000
        return MultiVariantBarcodeReader(options: o)
    }

    @Test(arguments: ["clean", "glare", "lowcontrast", "noise", "perspective", "rotated", "blur"])
    func folderReadsAtLeastItsThreshold(_ folder: String) throws {
        let strong = Self.strongReader(), plain = ZbarScanner()
        var right = 0, plainRight = 0
        let images = Self.images(in: folder)
        try #require(images.count == 8, "fixtures missing: run Fixtures/scripts/make_barcode_fixtures.py")
        for (path, expected) in images {
            let e = try #require(expected)
            let img = try Self.gray(path)
            let reads = strong.read(img)
            if Self.isRight(reads, e) { right += 1 }
            if Self.isRight(plain.read(img).filter(\.checksumValid), e) { plainRight += 1 }
            for r in reads {
                #expect(r.checksumValid, "\(path): reported a failed check digit")
                // Corners are mapped back into the source image (a little slack for enclosing boxes).
                for c in r.corners {
                    #expect(c[0] >= -2 && c[1] >= -2 && c[0] <= Double(img.width) + 2 && c[1] <= Double(img.height) + 2,
                            "\(path): corner \(c) outside the image")
                }
            }
        }
        #expect(right >= Self.thresholds[folder]!, "\(folder): \(right) of \(images.count) read right")
        #expect(right >= plainRight, "\(folder): the strong reader read fewer (\(right)) than one zbar pass (\(plainRight))")
    }

    @Test func imagesWithoutABarcodeYieldNone() throws {
        let strong = Self.strongReader()
        let images = Self.images(in: "nobarcode")
        try #require(images.count == 10)
        for (path, _) in images {
            #expect(strong.read(try Self.gray(path)).isEmpty, "\(path): false positive")
        }
    }

    @Test func aSymbolReadOnlyOnAVariantIsReportedWhereItIsInTheSource() throws {
        // Rotated fixtures that one zbar pass misses: the read comes from a turned crop or a
        // resampled image, and its corners must come back to the source image. The script
        // centres each symbol in its image, so the box's centre lies near the image's.
        let plain = ZbarScanner(), reader = Self.strongReader()
        var checked = 0
        for (path, expected) in Self.images(in: "rotated") + Self.images(in: "perspective") {
            let img = try Self.gray(path)
            // EAN/UPC only: zbar puts one point per decoding scanline at the symbol's middle;
            // a Code 128 read on a single scanline is one point at its start.
            guard let e = expected, ["EAN-13", "EAN-8", "UPC-A", "UPC-E"].contains(e.symbology),
                  !Self.isRight(plain.read(img), e),
                  let read = reader.read(img).first(where: { Self.isRight([$0], e) }) else { continue }
            checked += 1
            let xs = read.corners.map { $0[0] }, ys = read.corners.map { $0[1] }
            let cx = (xs.min()! + xs.max()!) / 2, cy = (ys.min()! + ys.max()!) / 2
            #expect(abs(cx - Double(img.width) / 2) < 0.25 * Double(img.width), "\(path): \(read.corners)")
            #expect(abs(cy - Double(img.height) / 2) < 0.25 * Double(img.height), "\(path): \(read.corners)")
            // zbar's points for a linear code are one hit per decoding scanline: the box spans
            // the scanlines, so it is long in one direction only.
            #expect(max(xs.max()! - xs.min()!, ys.max()! - ys.min()!) > 10, "\(path): \(read.corners)")
        }
        #expect(checked >= 3)
    }

    @Test func aZeroBudgetIsOnePlainPass() throws {
        var o = MultiVariantOptions(timeBudgetMs: 250)
        o.timeBudgetMs = 0
        let reader = MultiVariantBarcodeReader(options: o)
        _ = reader.read(try Self.gray(Self.images(in: "nobarcode")[0].path))
        #expect(reader.lastTried == ["plain"])
    }

    /// A rotated fixture one zbar pass misses and a variant reads, with its code.
    static func readOnlyByAVariant() throws -> (image: GrayImage, expected: Expected) {
        let (path, expected) = try #require(images(in: "rotated").first { image in
            guard let e = image.expected, let img = try? gray(image.path) else { return false }
            return !isRight(ZbarScanner().read(img), e) && isRight(strongReader().read(img), e)
        }, "a fixture that only a variant reads")
        return (try gray(path), expected!)
    }

    /// The reading thread learnt the code from the printed digits: the search stops at
    /// the next attempt however much budget is left, and what it had not read stays unread.
    @Test func aStopRequestEndsTheSearchBetweenAttempts() throws {
        let (img, expected) = try Self.readOnlyByAVariant()
        let reader = Self.strongReader()
        #expect(reader.read(img, shouldStop: { true }).isEmpty)
        #expect(reader.lastTried == ["plain"])
        var asked = 0
        _ = reader.read(img, shouldStop: { asked += 1; return asked > 2 })
        #expect(reader.lastTried.count == 3, "plain and two variants: \(reader.lastTried)")
        #expect(Self.isRight(reader.read(img, shouldStop: { false }), expected))
    }

    /// A sleeve found in the photo: its reader looks on the rectified sleeve after one
    /// plain look at the photo, so the photo's own variants are not tried; without one,
    /// they are (`SleeveReader`'s barcode thread asks this after the plain pass).
    @Test func aSearchCalledOffAfterThePlainPassTriesNoVariant() throws {
        let (img, expected) = try Self.readOnlyByAVariant()
        let reader = Self.strongReader()
        var asked = 0
        #expect(reader.read(img, shouldStop: { false }, searchFurther: { asked += 1; return false }).isEmpty)
        #expect(reader.lastTried == ["plain"])
        #expect(asked == 1)
        #expect(Self.isRight(reader.read(img, shouldStop: { false }, searchFurther: { true }), expected))
        #expect(reader.lastTried.count > 1)
    }

    /// A fixture on a white page over 3 MP, as a flatbed or a phone photo gives it: the
    /// symbol keeps its size, the image grows past the sparse pass's threshold.
    static func onALargePage(_ small: GrayImage) -> GrayImage {
        var page = GrayImage(width: 2000, height: 1600, fill: 255)
        let x0 = (page.width - small.width) / 2, y0 = (page.height - small.height) / 2
        for y in 0..<small.height { for x in 0..<small.width { page[x0 + x, y0 + y] = small[x, y] } }
        return page
    }

    /// On every other line a clean symbol reads the same as on every line, in half the time.
    @Test(arguments: ["1", "3"])
    func aLargePageIsSettledByItsSparsePlainPass(_ name: String) throws {
        let (path, expected) = try #require(Self.images(in: "clean").first { $0.path.hasSuffix("/\(name).jpg") })
        let page = Self.onALargePage(try Self.gray(path))
        let reader = Self.strongReader()
        let reads = reader.read(page)
        #expect(Self.isRight(reads, expected!))
        #expect(reads.count == 1)
        #expect(reader.lastTried == ["plain, every other line"])
        // Its corners still enclose the symbol where it was pasted.
        let xs = reads[0].corners.map { $0[0] }
        #expect(xs.min()! >= Double(page.width / 2 - 160) && xs.max()! <= Double(page.width / 2 + 160))
    }

    /// Add-ons are read on every line: on every other line zbar read some of them wrong.
    @Test func anAddOnIsLeftToTheFullPass() throws {
        let (path, expected) = try #require(Self.images(in: "clean").first { $0.expected?.addon != nil })
        let reader = Self.strongReader()
        let reads = reader.read(Self.onALargePage(try Self.gray(path)))
        #expect(Self.isRight(reads, expected!))
        #expect(Array(reader.lastTried.prefix(2)) == ["plain, every other line", "plain"])
    }

    @Test func qrIsReportedOnlyWhenTwoVariantsAgree() throws {
        let (path, expected) = try #require(Self.images(in: "clean").first { $0.expected?.symbology == "QR" })
        let reader = Self.strongReader()
        let reads = reader.read(try Self.gray(path))
        #expect(Self.isRight(reads, expected!))
        #expect(reader.lastTried.count >= 2)
    }
}
