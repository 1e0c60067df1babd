import BarcodeScanning
import Digest
import Foundation
import Imaging
import Reading
import Settings
import Station
import Recognition
import SleeveCore

/// Wires the C library wrappers into reading's and the station's protocols.
package enum Engines {
    /// `spareCores`: cores this reader may use beside its own thread (the barcode stage
    /// then runs beside OCR); `read` and `scan` have the machine, the live worker has
    /// what the frame loop leaves.
    package static func reader(config: Configuration, onlyBarcodes: Bool = false, device: String = "file",
                       spareCores: Int = ProcessInfo.processInfo.activeProcessorCount - 1) throws -> SleeveReader {
        // Tesseract reads the page and re-reads single fields; a barcode-only pass
        // starts neither.
        let tesseract = try onlyBarcodes ? nil : TesseractRecognizer(options: checkedOCROptions(config))
        return reader(config: config, recognizer: tesseract, fields: tesseract, onlyBarcodes: onlyBarcodes, device: device,
                      spareCores: spareCores)
    }

    /// As `reader`, its OCR engine starting on a thread of its own while the first
    /// image is decoded and its sleeve found (`StartingRecognizer`); the caller asks
    /// `engine.failure` before it writes a record.
    package static func startingReader(config: Configuration, spareCores: Int) throws
        -> (reader: SleeveReader, engine: StartingRecognizer) {
        let engine = StartingRecognizer(options: try checkedOCROptions(config))
        return (reader(config: config, recognizer: engine, fields: engine, onlyBarcodes: false, device: "file",
                       spareCores: spareCores), engine)
    }

    private static func reader(config: Configuration, recognizer: (any TextRecognizing)?, fields: (any FieldReading)?,
                               onlyBarcodes: Bool, device: String, spareCores: Int) -> SleeveReader {
        var options = ReadOptions()
        options.overlapBarcodesWithOCR = spareCores >= 1
        options.maxPixels = config[.maxPixels]
        options.onlyBarcodes = onlyBarcodes
        options.device = device
        options.findSleeve = config[.findSleeve]
        options.rectifiedSize = config[.rectifiedSize]
        options.ocrLongSide = config[.ocrLongSide]
        let leptonica = Leptonica(capturingLibraryMessages: true)
        return SleeveReader(
            decoder: leptonica, deskewer: leptonica, resampler: leptonica,
            recognizer: recognizer ?? NoText(), fields: fields,
            barcodes: barcodeReader(config), hashing: LibcryptoHashing(), options: options)
    }

    /// How `read` shares the machine for `files` images: several readers at once (each
    /// image read whole by one of them, records unchanged) when there are images and
    /// cores for it, and the cores each reader may use beside its own thread. Two readers
    /// on two cores: image against image keeps both cores busy where one reader's
    /// barcode thread idles once its barcodes are read. A reader holds its own tesseract
    /// (a second one added about 30 MB of resident memory reading 1080p photos), so
    /// readers stay at half the cores.
    package static func readers(files: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount)
        -> (readers: Int, spareCores: Int) {
        guard files > 1, cores > 1 else { return (1, max(0, cores - 1)) }
        let readers = min(files, max(2, cores / 2))
        return (readers, max(0, cores / readers - 1))
    }

    package static func barcodeReader(_ config: Configuration) -> MultiVariantBarcodeReader {
        MultiVariantBarcodeReader(options: MultiVariantOptions(timeBudgetMs: config[.barcodeTimeBudgetMs]))
    }

    /// The OCR options, with `ocr.dataPath` checked: tesseract itself only says that a
    /// language could not be loaded, which blames the language for a wrong folder.
    package static func checkedOCROptions(_ config: Configuration) throws -> TesseractOptions {
        let o = ocrOptions(config)
        guard let folder = o.dataPath else { return o }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw ConfigError(description: "'ocr.dataPath' is \(folder), which is not a folder (set it to the tessdata folder itself, "
                + "such as /usr/share/tesseract-ocr/5/tessdata, or to null)")
        }
        for language in o.languages.split(separator: "+")
        where !FileManager.default.fileExists(atPath: "\(folder)/\(language).traineddata") {
            throw ConfigError(description: "'ocr.dataPath' \(folder) holds no \(language).traineddata (point it at the tessdata "
                + "folder that has it, or set it to null)")
        }
        return o
    }

    package static func ocrOptions(_ config: Configuration) -> TesseractOptions {
        var o = TesseractOptions()
        o.languages = config[.ocrLanguages] ?? "eng"
        o.dataPath = config[.ocrDataPath]
        o.pageSegmentation = TesseractOptions.PageSegmentation(rawValue: config[.ocrPageSegmentation] ?? "") ?? .sparseText
        return o
    }
}

/// The recogniser for a barcode-only pass: it is never asked, and starting tesseract
/// (a 20 MB model load) for it would make that pass slow.
private struct NoText: TextRecognizing {
    package func recognize(_ image: GrayImage) throws -> [RecognizedWord] { [] }
}

package struct LibcryptoHashing: ContentHashing {
    package init() {}

    package func sha256Hex(_ data: [UInt8]) -> String { SHA256.hex(data) }
}
