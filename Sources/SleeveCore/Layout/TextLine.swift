/// One visual line within a column: its words left to right.
public struct TextLine: Hashable, Sendable {
    public var words: [TextBox]

    public init(words: [TextBox]) {
        self.words = words
    }

    public var rect: Rect { Rect.enclosing(words.map(\.rect)) ?? Rect(x: 0, y: 0, width: 0, height: 0) }

    /// The line's text with spaces only where the geometry shows a word gap.
    public var text: String { WordJoiner().join(words) }

    /// The line cut at wide gaps (a label far left and its value far right are two
    /// segments of one line).
    public var segments: [TextLine] { WordJoiner().segments(of: words).map { TextLine(words: $0) } }
}
