import SleeveCore

/// From recognised words to the record's text fields: reading order, lines, parse.
struct PageReader {
    /// Below this confidence a word without digits that stands alone, or that lies on
    /// the page's edge, is the engine reading texture (a photo, a scratch, the table
    /// showing along a rectified sleeve's border) as text; such boxes would also block
    /// real column gutters. A garbled word with neighbours on its row ("Ad." before a
    /// title) stays.
    static let noiseConfidence = 20.0
    /// On the page's edge the bar is higher: real print rarely touches the border, and
    /// a sliver of the table along a rectified sleeve's edge reads as letters.
    static let edgeConfidence = 75.0

    /// A second, constrained reading of a cell (durations: digits and a colon); nil
    /// when there is no such reader.
    var rereadDuration: ((TextBox) -> String?)?
    /// The image the words were read on (the header looks there for type no word holds).
    var image: GrayImage?

    func fill(_ record: inout SleeveRecord, from allWords: [RecognizedWord], aspectRatio: Double) {
        let boxes = allWords.map(\.box)
        func onEdge(_ r: Rect) -> Bool { r.minX < 0.005 || r.minY < 0.005 || r.maxX > 0.995 || r.maxY > 0.995 }
        func hasNeighbour(_ w: TextBox) -> Bool {
            boxes.contains { other in
                other != w && other.rect.sharesRow(with: w.rect)
                    && max(other.rect.minX - w.rect.maxX, w.rect.minX - other.rect.maxX) < 2 * w.rect.height / aspectRatio
            }
        }
        let words = allWords.filter { w in
            if w.box.text.contains(where: \.isNumber) { return true }
            if onEdge(w.box.rect) { return w.confidence >= Self.edgeConfidence }
            return w.confidence >= Self.noiseConfidence || hasNeighbour(w.box)
        }
        let confidence = Dictionary(words.map { ($0.box, $0.confidence) }, uniquingKeysWith: max)
        var order = ReadingOrder()
        order.aspectRatio = aspectRatio
        let lines = order.lines(words.map(\.box))
        record.lines = lines.map { line in
            let c = line.words.compactMap { confidence[$0] }
            return SleeveRecord.Line(text: line.text, rect: line.rect,
                                     confidence: c.isEmpty ? 0 : c.reduce(0, +) / Double(c.count))
        }
        let fields = SleeveParser().parse(lines, confidence: confidence, page: image)
        for field in SleeveRecord.TextField.allCases { record[field] = fields.text[field] }
        record.tracks = fields.tracks
        if let reread = rereadDuration {
            for (i, cell) in fields.durationCells.enumerated() where record.tracks[i].duration == nil {
                // Only a reading that has the duration's shape is taken: unknown stays nil.
                if let cell, let text = reread(cell), let duration = Duration.parse(text) {
                    record.tracks[i].duration = duration
                }
            }
        }
        // Printed digits stand in for a symbol only when no symbol decoded.
        if record.barcodes.isEmpty {
            record.barcodes = fields.barcodeDigits.map {
                Barcode(symbology: GS1.symbology(ofPrintedDigits: $0), value: $0, checksumValid: true, corners: [], source: .text)
            }
        }
    }
}
