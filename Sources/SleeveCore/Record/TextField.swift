extension SleeveRecord {
    /// The record's text fields, declared once: the parser fills them (`SleeveFields`),
    /// the page reader copies them, the live merger votes on each, the status view shows
    /// them, and the record encodes each under `rawValue` (null when unknown).
    ///
    /// Adding a text field: a case here, its stored `@NullKept` property on
    /// `SleeveRecord` (which `keyPath` names; the compiler asks for the arm), and its
    /// parser in `SleeveParser`.
    public enum TextField: String, CaseIterable, Sendable, Hashable, CodingKey {
        case artist, title, label, catalogNumber

        /// Where the record keeps it.
        public var keyPath: WritableKeyPath<SleeveRecord, String?> {
            switch self {
            case .artist: \.artist
            case .title: \.title
            case .label: \.label
            case .catalogNumber: \.catalogNumber
            }
        }

        /// What a person reading the status page calls it.
        public var caption: String {
            switch self {
            case .artist: "Artist"
            case .title: "Title"
            case .label: "Label"
            case .catalogNumber: "Catalogue"
            }
        }
    }

    /// A text field's value: `record[.artist]`.
    public subscript(field: TextField) -> String? {
        get { self[keyPath: field.keyPath] }
        set { self[keyPath: field.keyPath] = newValue }
    }

    /// The text fields that have a value, by field.
    public var textFields: [TextField: String] {
        get { Dictionary(uniqueKeysWithValues: TextField.allCases.compactMap { f in self[f].map { (f, $0) } }) }
        set { for f in TextField.allCases { self[f] = newValue[f] } }
    }
}
