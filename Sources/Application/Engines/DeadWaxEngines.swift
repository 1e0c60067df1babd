import Imaging
import Reading
import Settings
import Station
import Recognition
import SleeveCore

extension Engines {
    /// The dead-wax reader: tesseract limited to the characters etched runs use
    /// (upper-case letters, digits, dash, slash, dot), so groove edges and glare
    /// cannot come back as punctuation or lower-case words.
    package static func deadWaxReader(config: Configuration, device: String = "file") throws -> DeadWaxReader {
        var options = ReadOptions()
        options.maxPixels = config[.maxPixels]
        options.device = device
        var ocr = try checkedOCROptions(config)
        ocr.characterWhitelist = MatrixParser.ocrCharacters
        // The second, local-threshold reading of weak blocks is for a sleeve's print; a
        // run-out strip chooses among its own variants (measured without it).
        ocr.rereadsWeakRegions = false
        let tesseract = try TesseractRecognizer(options: ocr)
        return DeadWaxReader(decoder: Leptonica(capturingLibraryMessages: true), recognizer: tesseract, hashing: LibcryptoHashing(), options: options)
    }
}
