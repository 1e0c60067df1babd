/// One character as the recogniser read it, with how sure it was and what else
/// the stroke could have been. A word's own confidence says little about a matrix
/// code: tesseract gives every word with a dash ("SI-4963-A1") confidence 0, even
/// when each of its characters was read at 99.
public struct RecognizedSymbol: Sendable, Equatable {
    /// The character read.
    public var text: String
    /// Its confidence, 0...100.
    public var confidence: Double
    /// Other characters the recogniser weighed for this stroke, with their
    /// confidences (0...100), strongest first; the character read is not repeated.
    public var alternatives: [Alternative]

    public struct Alternative: Sendable, Equatable {
        public var text: String
        public var confidence: Double
        public init(_ text: String, _ confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
    }

    public init(_ text: String, _ confidence: Double, alternatives: [Alternative] = []) {
        self.text = text
        self.confidence = confidence
        self.alternatives = alternatives
    }
}

/// A word as `TextRecognizing` gives it, with its characters one by one.
public struct SymbolWord: Sendable, Equatable {
    public var word: RecognizedWord
    /// In reading order; may differ in count from the word's text when the
    /// recogniser reports a space or a joined glyph as a symbol.
    public var symbols: [RecognizedSymbol]

    public init(_ word: RecognizedWord, symbols: [RecognizedSymbol]) {
        self.word = word
        self.symbols = symbols
    }
}
