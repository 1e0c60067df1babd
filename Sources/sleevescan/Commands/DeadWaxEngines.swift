import Imaging
import Pipeline
import Recognition
import SleeveCore

extension Engines {
    /// The dead-wax reader: tesseract limited to the characters etched runs use
    /// (upper-case letters, digits, dash, slash, dot), so groove edges and glare
    /// cannot come back as punctuation or lower-case words. The space must be in
    /// the list: without it the LSTM engine runs the words of a run together.
    static func deadWaxReader(config: Configuration, device: String = "file") throws -> DeadWaxReader {
        var options = ReadOptions()
        options.maxPixels = config.int("limits.maxPixels")
        options.device = device
        let tesseract = try TesseractRecognizer(options: ocrOptions(config))
        tesseract.setVariable("tessedit_char_whitelist", String(MatrixParser.alphabet.sorted()) + " ")
        return DeadWaxReader(decoder: Leptonica(), recognizer: tesseract, hashing: LibcryptoHashing(), options: options)
    }
}
