import Foundation
import Settings
import SleeveCore

/// What `read` does with one image, and its limits.
public struct ReadOptions: Sendable {
    /// Largest image accepted, in pixels (width × height), checked from the header
    /// before any decoding (`limits.maxPixels`; a 12" sleeve at 600 dpi is 52 megapixels).
    public var maxPixels = Setting<Int>.maxPixels.defaultValue
    /// Only the barcode pass: no deskew, no OCR.
    public var onlyBarcodes = false
    /// `source.device` for records made by this reader.
    public var device = "file"
    /// The page's longer side, in pixels, when it reaches OCR. Tesseract's line
    /// recogniser is most reliable with text a few tens of pixels high: a 2400-pixel
    /// flatbed scan of a 12" sleeve sets its durations so large that it misreads them,
    /// and shrinking also saves time. `ocr.longSide` (its default, 1800, is about 150 dpi for a 12" sleeve).
    public var ocrLongSide = Setting<Int>.ocrLongSide.defaultValue
    /// Look for the sleeve's outline and read its rectified image (else the deskewed whole image).
    public var findSleeve = Setting<Bool>.findSleeve.defaultValue
    /// Longer side of the rectified sleeve, in pixels.
    public var rectifiedSize = Setting<Int>.rectifiedSize.defaultValue
    /// Run the barcode stage on a thread of its own while the page is found and read
    /// (the two are independent until the fallbacks after OCR): for a machine with a
    /// core to spare. Same record either way.
    public var overlapBarcodesWithOCR = false

    public init() {}
}

/// Why one input produced no record. The message is the part after the file's name.
public struct ReadFailure: Error, Sendable {
    public enum Kind: Sendable { case missing, unreadable, badData }
    public var kind: Kind
    public var reason: String

    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }
}

/// Turns one image into a record: decode, barcodes, deskew, OCR, layout, parse.
///
/// Holds non-thread-safe engines (tesseract, zbar): one reader per thread.
public final class SleeveReader: ImageRecordReading {
    let decoder: any ImageDecoding
    let deskewer: any Deskewing
    let resampler: any Resampling
    let recognizer: any TextRecognizing
    /// Re-reads single fields (a duration cell, the digits under a barcode) with
    /// settings of their own; nil: no re-reading.
    let fields: (any FieldReading)?
    let barcodes: any BarcodeReading
    let hashing: any ContentHashing
    public var options: ReadOptions

    public init(decoder: any ImageDecoding, deskewer: any Deskewing, resampler: any Resampling,
                recognizer: any TextRecognizing, fields: (any FieldReading)?,
                barcodes: any BarcodeReading, hashing: any ContentHashing, options: ReadOptions = ReadOptions()) {
        self.decoder = decoder
        self.deskewer = deskewer
        self.resampler = resampler
        self.recognizer = recognizer
        self.fields = fields
        self.barcodes = barcodes
        self.hashing = hashing
        self.options = options
    }

    /// Decodes to gray after checking the header against the pixel limit, turned
    /// upright by its EXIF orientation.
    public func decode(_ data: [UInt8]) throws(ReadFailure) -> GrayImage {
        try inputs.decode(data).gray
    }

    /// As `decode`, with the colour image's marks-lifted plane (nil without colour).
    public func decodeLiftingMarks(_ data: [UInt8]) throws(ReadFailure) -> (gray: GrayImage, marksLifted: GrayImage?) {
        let decoded = try inputs.decode(data)
        return (decoded.gray, decoded.marksLifted)
    }

    public var inputs: InputDecoder { InputDecoder(decoder: decoder, hashing: hashing, options: options) }

    /// The page's words as OCR sees them (the rectified sleeve, or the deskewed whole
    /// image), boxes normalised to that page.
    public func pageWords(_ gray: GrayImage, marksLifted: GrayImage? = nil) throws -> (words: [RecognizedWord], warnings: [String]) {
        var scratch = SleeveRecord(source: .init(path: "", width: gray.width, height: gray.height, sha256: "", size: 0, device: "", capturedAt: ""))
        var timings = StageTimer()
        let words = try pageText(gray, marksLifted: marksLifted, record: &scratch, timings: &timings).words
        return (words, scratch.warnings)
    }

    /// Finds the page (recording the sleeve's corners or the deskew in `record`), then
    /// reads its words. Returns the page's aspect ratio (width over height) with them.
    /// `pageFound`: told the page as soon as it is found, before any OCR.
    func pageText(_ gray: GrayImage, marksLifted: GrayImage? = nil, record: inout SleeveRecord, timings: inout StageTimer,
                  known: SleeveDetection? = nil, pageFound: (DocumentStage.Page) -> Void = { _ in }) throws
        -> (words: [RecognizedWord], aspectRatio: Double, page: DocumentStage.Page, image: GrayImage) {
        let page = DocumentStage(options: options, deskewer: deskewer)
            .page(for: gray, record: &record, timings: &timings, findSleeve: options.findSleeve, known: known)
        pageFound(page)
        // A rectified sleeve comes at least at its working size; only shrink it.
        let ocrImage = timings.measure("scale") {
            page.toSource == nil || max(page.image.width, page.image.height) > options.ocrLongSide
                ? scaledForOCR(page.image) : page.image
        }
        // Light print on a dark sleeve: tesseract's own per-line inversion misses it
        // when the photo is also soft and dim, so such a page goes dark-on-light,
        // stretched and sharpened.
        let readable = timings.measure("scale") { PageTone.darkOnLight(ocrImage) }
        var words = try timings.measure("ocr") { try recognizer.recognize(readable) }
        words = timings.measure("ocr-large") { LargeTextRereader(recognizer: recognizer, resampler: resampler).reread(words, in: readable) }
        // Print an owner's coloured marks cross, read again with the marks lifted (a
        // light page only: on a dark one the page itself was turned over).
        if let marksLifted, readable.pixels == ocrImage.pixels {
            words = timings.measure("ocr-marks") {
                guard let lifted = DocumentStage.samePage(marksLifted, as: page) else { return words }
                let sized = lifted.width == ocrImage.width && lifted.height == ocrImage.height ? lifted : scaledForOCR(lifted)
                return ColourMarkRereader(recognizer: recognizer).reread(words, in: readable, marksLifted: sized)
            }
        }
        // Rows an underline ran together into one blob, read again line by line.
        if let lines = recognizer as? any LineRecognizing {
            words = timings.measure("ocr-rows") { RunTogetherRowsRereader(recognizer: lines).reread(words, in: readable) }
            // Rows of a numbered list the sparse reading cut short, read again as lines.
            words = timings.measure("ocr-list") { CutShortRowsRereader(recognizer: lines).reread(words, in: readable) }
            // A large word's last letter the segmentation left out ("SMITH" for SMITHS).
            words = timings.measure("ocr-ends") { LostLastLetterRereader(recognizer: lines, resampler: resampler).reread(words, in: readable) }
            // Rows of print the page reading gave no word from (a faint footer's "Made in USA").
            words = timings.measure("ocr-unread") { UnreadRowsRereader(recognizer: lines).reread(words, in: readable) }
        }
        return (words, Double(ocrImage.width) / Double(max(1, ocrImage.height)), page, readable)
    }

    /// Everything after decoding: usable on frames as well as files.
    public func analyse(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer = StageTimer()) -> SleeveRecord {
        read(gray, source: source, timings: timings, sleeve: nil).record
    }

    public func analyse(_ gray: GrayImage, marksLifted: GrayImage?, source: SleeveRecord.Source, timings: StageTimer) -> SleeveRecord {
        read(gray, marksLifted: marksLifted, source: source, timings: timings, sleeve: nil).record
    }

    /// The record with the work it took: the rectified sleeve when one was found.
    /// `sleeve`: an outline already detected in this image (the live tracker's), which
    /// is refined and rectified instead of looked for again.
    public func read(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer, sleeve: SleeveDetection?) -> FrameRead {
        read(gray, marksLifted: nil, source: source, timings: timings, sleeve: sleeve)
    }

    /// `marksLifted`: the colour image's marks-lifted plane, same size as `gray`.
    func read(_ gray: GrayImage, marksLifted: GrayImage?, source: SleeveRecord.Source, timings: StageTimer,
              sleeve: SleeveDetection?) -> FrameRead {
        var timings = timings
        var record = SleeveRecord(source: source)
        var rectified: GrayImage?
        // The barcode reader and the OCR engine share nothing (each is used by one
        // thread at a time) and nothing of OCR's reads the barcodes before the fallbacks.
        // A code a plain look at the whole image does not give up is looked for on the
        // rectified sleeve, on the same thread, as soon as the outline is found: OCR goes
        // on meanwhile. With a sleeve found, the photo's own variants are not tried: they
        // look again at the sleeve's barcode, less squarely (a code beside the sleeve is
        // not this record's), and with the sleeve's search after them a photo whose symbol
        // never decodes spent two budgets. Without a sleeve, the photo is searched as before.
        let pageForBarcodes = Handoff<DocumentStage.Page?>()
        let codeKnown = StopRequest()
        let overlapped = options.overlapBarcodesWithOCR && !options.onlyBarcodes
            ? OnItsOwnThread(name: "sleevescan-barcodes") { [barcodes] in
                var t = StageTimer()
                let stop = { codeKnown.isRequested }
                var codes = t.measure("barcodes") {
                    barcodes.read(gray, shouldStop: stop, searchFurther: { pageForBarcodes.take()?.toSource == nil })
                }
                if codes.isEmpty, !stop(), let page = pageForBarcodes.take() {
                    codes = t.measure("barcodes") { DocumentStage.barcodes(on: page, reader: barcodes, shouldStop: stop) }
                }
                return (codes, t.milliseconds)
            } : nil
        if overlapped == nil { record.barcodes = timings.measure("barcodes") { barcodes.read(gray) } }
        if !options.onlyBarcodes {
            let text = Result {
                try pageText(gray, marksLifted: marksLifted, record: &record, timings: &timings, known: sleeve,
                             pageFound: { pageForBarcodes.give($0) })
            }
            // Given already unless finding the page failed; the barcode thread must not wait for ever.
            pageForBarcodes.give(nil)
            // A code the barcode thread decoded stands before digits the layout found in the text.
            func takeBarcodeThread(_ thread: OnItsOwnThread<([Barcode], [String: Double])>) {
                let (codes, milliseconds) = thread.value()
                timings.add(milliseconds)
                if !codes.isEmpty { record.barcodes = codes }
            }
            do {
                let page = try text.get()
                if page.page.toSource != nil { rectified = page.page.image }
                if record.barcodes.isEmpty, overlapped == nil {
                    record.barcodes = timings.measure("barcodes") { DocumentStage.barcodes(on: page.page, reader: barcodes) }
                }
                var reader = PageReader()
                reader.image = page.image
                let rereader = fields.map { FieldRereader(fields: $0, resampler: resampler) }
                if let rereader {
                    reader.rereadDuration = { cell in rereader.duration(cell, in: page.image) }
                }
                // Before the barcode thread's answer, which only replaces the text's
                // digits the layout falls back on while the record has no code.
                timings.measure("layout") { reader.fill(&record, from: page.words, aspectRatio: page.aspectRatio) }
                var printedAhead: (found: (digits: String, region: Rect)?, milliseconds: [String: Double])?
                if let overlapped {
                    // The text holds the digits printed under a barcode, check digit valid:
                    // the code in view is known, and a symbol decoded later would only say
                    // it again (EAN's check digit catches every single misread digit). The
                    // thread's search, on a small or blurred symbol the whole budget on the
                    // photo and again on the sleeve, is called off.
                    if record.barcodes.contains(where: { $0.source == .text }) { codeKnown.request() }
                    if record.barcodes.isEmpty, let rereader {
                        printedAhead = readPrintedDigitsWhileBarcodesLook(on: page.page, with: rereader, barcodeThread: overlapped)
                    }
                    takeBarcodeThread(overlapped)
                }
                if record.barcodes.isEmpty, let rereader,
                   // The page before any tone change: the label under a barcode is dark print on white.
                   let printed = printedAhead.map({ timings.add($0.milliseconds); return $0.found })
                    ?? timings.measure("barcode-digits", { rereader.printedBarcodeDigits(in: page.page.image) }) {
                    record.barcodes = [DocumentStage.printedBarcode(printed.digits, region: printed.region, on: page.page)]
                }
            } catch {
                if let overlapped { takeBarcodeThread(overlapped) }
                record.warnings.append("OCR failed: \(error)")
            }
        }
        record.timingsMs = timings.millisecondsWithTotal()
        return FrameRead(record: record, rectified: rectified)
    }

    /// The digits printed under a barcode, read on this thread while the barcode thread
    /// is still looking (this core would idle meanwhile; the caller asks only when the
    /// page's text holds no code): wanted only when no symbol decodes, so given up as
    /// soon as the barcode thread reports one. Nil when not read to the end (the thread
    /// had finished or found a code); else what was found (possibly nothing) and the
    /// time it took.
    func readPrintedDigitsWhileBarcodesLook(on page: DocumentStage.Page, with rereader: FieldRereader,
                                            barcodeThread: OnItsOwnThread<([Barcode], [String: Double])>)
        -> (found: (digits: String, region: Rect)?, milliseconds: [String: Double])? {
        guard barcodeThread.valueIfDone() == nil else { return nil }
        var gaveUp = false
        var t = StageTimer()
        let found = t.measure("barcode-digits") {
            rereader.printedBarcodeDigits(in: page.image) {
                gaveUp = barcodeThread.valueIfDone().map { !$0.0.isEmpty } ?? false
                return gaveUp
            }
        }
        return gaveUp ? nil : (found, t.milliseconds)
    }

    /// The page at the working size for OCR. Boxes come back normalised, so nothing
    /// downstream sees the scale.
    func scaledForOCR(_ page: GrayImage) -> GrayImage {
        let long = max(page.width, page.height)
        guard long > 0, options.ocrLongSide > 0 else { return page }
        let factor = Double(options.ocrLongSide) / Double(long)
        // Within 10% of the working size the resampling blur costs more than it gives.
        return abs(factor - 1) < 0.1 ? page : resampler.scale(page, by: factor)
    }

}

extension SleeveReader: FrameReading {}
