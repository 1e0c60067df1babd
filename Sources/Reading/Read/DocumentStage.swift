import Foundation
import SleeveCore

/// The page OCR reads: the rectified sleeve when one is found in the frame, otherwise
/// the deskewed whole image (flatbed scans that fill the bed, or no sleeve in view).
struct DocumentStage {
    let finder: DocumentFinder
    let deskewer: any Deskewing

    init(options: ReadOptions, deskewer: any Deskewing) {
        finder = DocumentFinder(rectifier: Rectifier(longSide: options.rectifiedSize))
        self.deskewer = deskewer
    }

    static let noOutlineWarning = "no sleeve outline found: read the whole image, deskewed"

    struct Page {
        var image: GrayImage
        /// From the page's pixels to the source image's, when the page was rectified.
        var toSource: Homography?
        /// Degrees the whole image was turned by the deskew, when it was not rectified.
        var deskewedBy = 0.0
    }

    /// `known`: the sleeve the live tracker already outlined in this frame; it is refined
    /// and rectified, not looked for again.
    func page(for gray: GrayImage, record: inout SleeveRecord, timings: inout StageTimer, findSleeve: Bool,
              known: SleeveDetection? = nil) -> Page {
        if findSleeve, let found = timings.measure("document", { known.flatMap { finder.found(from: $0, in: gray) } ?? finder.find(in: gray) }) {
            record.document = SleeveRecord.Document(corners: found.quad.corners,
                                                    confidence: (found.confidence * 1000).rounded() / 1000)
            return Page(image: found.page, toSource: found.toSource)
        }
        let page = timings.measure("deskew") { deskewer.deskew(gray) }
        if findSleeve { record.warnings.append(Self.noOutlineWarning) }
        if page.degrees != 0 { record.warnings.append(String(format: "deskewed by %.2f°", page.degrees)) }
        return Page(image: page.image, toSource: nil, deskewedBy: page.degrees)
    }

    /// Another plane of the same source image (the marks-lifted one) turned into this
    /// page's pixels: warped by the same outline, or as it is when the whole image was
    /// read unturned; nil when the deskew turned it (that rotation is not replayed).
    static func samePage(_ plane: GrayImage, as page: Page) -> GrayImage? {
        if let h = page.toSource {
            return Rectifier.warp(plane, toSource: h, width: page.image.width, height: page.image.height)
        }
        guard page.deskewedBy == 0, plane.width == page.image.width, plane.height == page.image.height else { return nil }
        return plane
    }

    /// Barcodes read on the rectified sleeve, their corners mapped back to the source.
    static func barcodes(on page: Page, reader: any BarcodeReading, shouldStop: () -> Bool = { false }) -> [Barcode] {
        guard let h = page.toSource else { return [] }
        return reader.read(page.image, shouldStop: shouldStop).map { code in
            var c = code
            c.corners = code.corners.map { xy in let p = h.apply(Point(x: xy[0], y: xy[1])); return [p.x, p.y] }
            return c
        }
    }

    /// A barcode known only from its printed digits, its box (normalised to the page)
    /// mapped back to source pixels when the page was rectified.
    static func printedBarcode(_ digits: String, region: Rect, on page: Page) -> Barcode {
        let symbology = GS1.symbology(ofPrintedDigits: digits)
        let w = Double(page.image.width), h = Double(page.image.height)
        let corners = [Point(x: region.minX, y: region.minY), Point(x: region.maxX, y: region.minY),
                       Point(x: region.maxX, y: region.maxY), Point(x: region.minX, y: region.maxY)]
            .map { Point(x: $0.x * w, y: $0.y * h) }
            .map { page.toSource?.apply($0) ?? $0 }
        return Barcode(symbology: symbology, value: digits, checksumValid: true, corners: corners, source: .text)
    }
}
