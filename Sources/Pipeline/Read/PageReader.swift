import SleeveCore

/// From recognised words to the record's text fields: reading order, lines, parse.
struct PageReader {
    func fill(_ record: inout SleeveRecord, from words: [RecognizedWord]) {
        let confidence = Dictionary(words.map { ($0.box, $0.confidence) }, uniquingKeysWith: max)
        let lines = ReadingOrder().lines(words.map(\.box))
        record.lines = lines.map { line in
            let c = line.words.compactMap { confidence[$0] }
            return SleeveRecord.Line(text: line.text, rect: line.rect,
                                     confidence: c.isEmpty ? 0 : c.reduce(0, +) / Double(c.count))
        }
        let fields = SleeveParser().parse(lines)
        record.artist = fields.artist
        record.title = fields.title
        record.label = fields.label
        record.catalogNumber = fields.catalogNumber
        record.tracks = fields.tracks
        // Printed digits stand in for a symbol only when no symbol decoded.
        if record.barcodes.isEmpty {
            record.barcodes = fields.barcodeDigits.map {
                Barcode(symbology: $0.count == 12 ? .upcA : ($0.count == 8 ? .ean8 : .ean13),
                        value: $0, checksumValid: true, corners: [], source: .text)
            }
        }
    }
}
