import Reading
import Recognition
import SleeveCore

/// A tesseract engine started on a thread of its own. Its model takes about 100 ms
/// to load, which a one-image `read` otherwise spends before it decodes anything;
/// the reader decodes, reads barcodes and finds the sleeve meanwhile, and its first
/// recognition waits for the engine. Records are those of an engine started first.
///
/// A failed start is `failure`, which the command asks before it writes a record (a
/// record read without its OCR is not written), and every recognition throws it.
package final class StartingRecognizer: @unchecked Sendable {
    private let start: OnItsOwnThread<Result<TesseractRecognizer, any Error>>

    package init(options: TesseractOptions) {
        start = OnItsOwnThread(name: "sleevescan-ocr-start") { Result { try TesseractRecognizer(options: options) } }
    }

    /// Why the engine did not start; nil once it has. Waits for the start.
    package var failure: (any Error)? {
        if case .failure(let error) = start.value() { return error }
        return nil
    }

    private func engine() throws -> TesseractRecognizer { try start.value().get() }
}

extension StartingRecognizer: TextRecognizing {
    package func recognize(_ image: GrayImage) throws -> [RecognizedWord] { try engine().recognize(image) }
}

extension StartingRecognizer: LineRecognizing {
    package func recognizeLine(_ image: GrayImage) throws -> [RecognizedWord] { try engine().recognizeLine(image) }
}

extension StartingRecognizer: SymbolRecognizing {
    package func recognizeSymbols(_ image: GrayImage, asLine: Bool) throws -> [SymbolWord] {
        try engine().recognizeSymbols(image, asLine: asLine)
    }
}

extension StartingRecognizer: FieldReading {
    package func readField(_ image: GrayImage, region: Rect, characters: String) throws -> String? {
        try engine().readField(image, region: region, characters: characters)
    }
}
