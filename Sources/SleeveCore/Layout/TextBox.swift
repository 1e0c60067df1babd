/// A recognised word: its text and where it sits on the page, nothing else.
///
/// `rect` is normalised to 0...1 of the page with a top-left origin (see
/// `CoordinateSpace`). Everything geometric in the layout code works on these.
public struct TextBox: Hashable, Sendable {
    public var text: String
    public var rect: Rect

    public init(_ text: String, _ rect: Rect) {
        self.text = text
        self.rect = rect
    }

    public init(_ text: String, x: Double, y: Double, width: Double, height: Double) {
        self.init(text, Rect(x: x, y: y, width: width, height: height))
    }

    /// Mean width of one character: the local unit for gaps between words.
    public var characterWidth: Double {
        rect.width / Double(max(1, text.count))
    }
}

/// A word as the recogniser returned it: the box plus the engine's confidence (0...100).
public struct RecognizedWord: Hashable, Sendable {
    public var box: TextBox
    public var confidence: Double

    public init(box: TextBox, confidence: Double) {
        self.box = box
        self.confidence = confidence
    }
}

extension RecognizedWord {
    /// This word read on a crop of a page, moved into the page's normalised space: the
    /// crop starts at (`x`, `y`) and spans `scaleX` × `scaleY` of the page (all
    /// normalised to the page).
    public func fromCrop(x: Double, y: Double, scaleX: Double, scaleY: Double) -> RecognizedWord {
        let b = box.rect
        return RecognizedWord(box: TextBox(box.text, Rect(x: x + b.x * scaleX, y: y + b.y * scaleY,
                                                         width: b.width * scaleX, height: b.height * scaleY)),
                              confidence: confidence)
    }
}
