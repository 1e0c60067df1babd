import Foundation
import SleeveCore

/// What `read` does with one image, and its limits.
public struct ReadOptions: Sendable {
    /// Largest image accepted, in pixels (width × height), checked from the header
    /// before any decoding. Default 100 megapixels (a 12" sleeve at 600 dpi is 52).
    public var maxPixels = 100_000_000
    /// Only the barcode pass: no deskew, no OCR.
    public var onlyBarcodes = false
    /// `source.device` for records made by this reader.
    public var device = "file"
    /// Look for the sleeve's outline and read its rectified image (else the deskewed whole image).
    public var findSleeve = true
    /// Longer side of the rectified sleeve, in pixels.
    public var rectifiedSize = 1200

    public init() {}
}

/// Why one input produced no record. The message is the part after the file's name.
public struct ReadFailure: Error, Sendable {
    public enum Kind: Sendable { case missing, unreadable, badData }
    public var kind: Kind
    public var reason: String
}

/// Turns one image into a record: decode, barcodes, deskew, OCR, layout, parse.
///
/// Holds non-thread-safe engines (tesseract, zbar): one reader per thread.
public final class SleeveReader {
    let decoder: any ImageDecoding
    let deskewer: any Deskewing
    let recognizer: any TextRecognizing
    let barcodes: any BarcodeReading
    let hashing: any ContentHashing
    public var options: ReadOptions

    public init(decoder: any ImageDecoding, deskewer: any Deskewing, recognizer: any TextRecognizing,
                barcodes: any BarcodeReading, hashing: any ContentHashing, options: ReadOptions = ReadOptions()) {
        self.decoder = decoder
        self.deskewer = deskewer
        self.recognizer = recognizer
        self.barcodes = barcodes
        self.hashing = hashing
        self.options = options
    }

    /// Reads the file at `path`; throws `ReadFailure` for anything that is not a
    /// complete image within the limits.
    public func read(path: String) throws(ReadFailure) -> SleeveRecord {
        let data: [UInt8]
        do {
            data = try FileInput.contents(of: path)
        } catch {
            throw error
        }
        return try read(data: data, path: path, capturedAt: FileInput.modificationDate(of: path) ?? Date())
    }

    /// Reads an image already in memory (a scan, a frame, a file's bytes).
    public func read(data: [UInt8], path: String, capturedAt: Date = Date()) throws(ReadFailure) -> SleeveRecord {
        var timings = StageTimer()
        let gray: GrayImage
        do {
            let size = try decoder.dimensions(of: data)
            guard size.width * size.height <= options.maxPixels else {
                throw ImageInputError.tooLarge(width: size.width, height: size.height, limit: options.maxPixels)
            }
            gray = try timings.measure("decode") { try decoder.decodeGray(data) }
        } catch let e as ImageInputError {
            throw ReadFailure(kind: .badData, reason: e.reason)
        } catch {
            throw ReadFailure(kind: .badData, reason: "\(error)")
        }
        let source = SleeveRecord.Source(
            path: path, width: gray.width, height: gray.height, sha256: hashing.sha256Hex(data), size: data.count,
            device: options.device, capturedAt: Self.timestamp(capturedAt))
        return analyse(gray, source: source, timings: timings)
    }

    /// Everything after decoding: usable on frames as well as files.
    public func analyse(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer = StageTimer()) -> SleeveRecord {
        var timings = timings
        var record = SleeveRecord(source: source)
        record.barcodes = timings.measure("barcodes") { barcodes.read(gray) }
        if !options.onlyBarcodes {
            let page = DocumentStage(options: options, deskewer: deskewer)
                .page(for: gray, record: &record, timings: &timings, findSleeve: options.findSleeve)
            if record.barcodes.isEmpty {
                record.barcodes = timings.measure("barcodes") { DocumentStage.barcodes(on: page, reader: barcodes) }
            }
            do {
                let words = try timings.measure("ocr") { try recognizer.recognize(page.image) }
                timings.measure("layout") { PageReader().fill(&record, from: words) }
            } catch {
                record.warnings.append("OCR failed: \(error)")
            }
        }
        record.timingsMs = timings.millisecondsWithTotal()
        return record
    }

    static func timestamp(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }
}
