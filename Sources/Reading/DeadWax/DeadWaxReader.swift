import Foundation
import SleeveCore

/// Turns a photo of a record into a dead-wax record: find the disc and its label,
/// unwrap the band between the label and the grooves, read the etchings both ways
/// up, parse the runs. No pixel inside the label's outline reaches the recogniser
/// (the unwrapper blanks them), so label print cannot turn up in `matrix`.
///
/// Holds a non-thread-safe recogniser: one reader per thread.
public final class DeadWaxReader: ImageRecordReading {
    let decoder: any ImageDecoding
    let recognizer: any TextRecognizing
    let hashing: any ContentHashing
    public var options: ReadOptions
    public var detector = DiscDetector()
    public var unwrapper = AnnulusUnwrapper()
    public var enhancer = EtchingEnhancer()
    /// Short words below this confidence (0...100) are dropped as noise. Default 30.
    public var minimumConfidence = 30.0
    public var runoutLocator = RunoutLocator()
    public var runoutUnwrapper = RunoutUnwrapper()
    public var reliefEnhancer = ReliefEnhancer()
    public var shadedReliefEnhancer = ShadedReliefEnhancer()
    /// Lit edges scaled so the strip's top 3 %, not 1 %, is full black. A faint hand
    /// etching beside a bright stamped run (or a run whose strokes catch the light
    /// unevenly) stays gray at the default scale and breaks up when the recogniser
    /// binarises it. Read beside the default strip, not instead of it: as the only
    /// scale, 0.97 lost on the shared close-ups (noise became ink too); beside it,
    /// 0.97 gained on all five close-up sets measured and 0.95 less.
    public var faintRunEnhancer: ReliefEnhancer = {
        var enhancer = ReliefEnhancer()
        enhancer.inkPercentile = 0.97
        return enhancer
    }()
    /// The unwrapped run-out of the last close-up that could not be read, for a
    /// person to read (the caller saves it beside the record); nil otherwise.
    public internal(set) var unreadableStrip: GrayImage?
    /// Look for the label's edge in the colour channels when gray shows none. Default true.
    public var searchesColourChannels = true
    /// The bytes of the file being read, for its colour channels: kept only while
    /// `read(data:)` runs (a frame analysed alone has none).
    var fileBeingRead: [UInt8]?

    public init(decoder: any ImageDecoding, recognizer: any TextRecognizing, hashing: any ContentHashing,
                options: ReadOptions = ReadOptions()) {
        self.decoder = decoder
        self.recognizer = recognizer
        self.hashing = hashing
        self.options = options
    }

    public var inputs: InputDecoder { InputDecoder(decoder: decoder, hashing: hashing, options: options) }

    /// As every reader reads a file's bytes, with the bytes at hand meanwhile: a
    /// close-up whose gray shows no label edge is searched again in its colour
    /// channels (decoded only then).
    public func read(data: [UInt8], path: String, capturedAt: Date) throws(ReadFailure) -> SleeveRecord {
        fileBeingRead = data
        defer { fileBeingRead = nil }
        return try readFile(data: data, path: path, capturedAt: capturedAt)
    }

    /// Everything after decoding: usable on frames as well as files.
    public func analyse(_ gray: GrayImage, source: SleeveRecord.Source, timings: StageTimer = StageTimer()) -> SleeveRecord {
        var timings = timings
        var record = SleeveRecord(source: source)
        record.kind = .deadwax
        defer { record.timingsMs = timings.millisecondsWithTotal() }
        unreadableStrip = nil
        let found = timings.measure("disc", { detector.detect(gray) })
        guard let outline = found, outline.disc.liesInFrame(width: gray.width, height: gray.height) else {
            // A close-up of the run-out: the disc's outline is not all in the photo.
            readCloseUp(gray, into: &record, timings: &timings)
            record.timingsMs = timings.millisecondsWithTotal()
            return record
        }
        record.disc = SleeveRecord.Disc(center: outline.disc.center, radius: outline.disc.semiMajor,
                                        labelRadius: outline.label.semiMajor)
        guard let ring = timings.measure("annulus", { DeadWaxAnnulus.locate(in: gray, outline: outline) }) else {
            record.warnings.append("the centre label is not round in the disc's frame; dead wax not read")
            record.timingsMs = timings.millisecondsWithTotal()
            return record
        }
        let strips = timings.measure("unwrap") { stripsToRead(gray, ring: ring) }
        do {
            let runs = try timings.measure("ocr") { try bestReading(strips) }
            record.matrix = timings.measure("parse") {
                var seen = Set<String>()
                return runs.compactMap { MatrixParser().parse($0) }
                    .filter { seen.insert($0.text).inserted }
                    .map(SleeveRecord.MatrixEntry.init)
            }
        } catch {
            record.warnings.append("OCR failed: \(error)")
        }
        if !record.matrix.contains(where: Self.isPlausible) {
            record = closeUpInstead(of: record, gray, timings: &timings)
        }
        record.timingsMs = timings.millisecondsWithTotal()
        return record
    }

    static func isPlausible(_ entry: SleeveRecord.MatrixEntry) -> Bool {
        MatrixParser().parse(entry.text).map(MatrixParser.isPlausibleRun) ?? false
    }

    /// A close-up the detector took for a whole disc (a gold or clear pressing whose
    /// label edge and a groove ring look like a disc's outline in frame): the whole-
    /// disc reading holds no plausible run, so the photo is read as a close-up, and
    /// that reading is kept when it finds one. Otherwise the whole-disc record stands.
    func closeUpInstead(of wholeDisc: SleeveRecord, _ gray: GrayImage, timings: inout StageTimer) -> SleeveRecord {
        var closeUp = SleeveRecord(source: wholeDisc.source)
        closeUp.kind = .deadwax
        readCloseUp(gray, into: &closeUp, timings: &timings)
        guard closeUp.matrix.contains(where: Self.isPlausible) else {
            unreadableStrip = nil
            // Neither reading found a matrix: the record says so rather than staying silent.
            var record = wholeDisc
            if record.matrix.isEmpty && record.warnings.isEmpty {
                record.warnings.append("run-out found but no matrix in it is legible: photograph it closer, lit from one side")
            }
            return record
        }
        return closeUp
    }

    /// The enhanced strip cut at its quietest angle (so a run rarely straddles the
    /// seam) with a tenth of a turn repeated past the seam, upright and upside down.
    func stripsToRead(_ gray: GrayImage, ring: DeadWaxAnnulus) -> [(image: GrayImage, columnsPerTurn: Int, oneLine: Bool)] {
        let raw = unwrapper.unwrap(gray, ring: ring)
        let enhanced = enhancer.enhance(raw)
        let seam = EtchingEnhancer.quietestColumn(enhanced.columnInk, window: max(8, raw.image.height / 2))
        let turn = UnwrappedStrip(image: enhanced.image, excluded: raw.excluded, startAngle: raw.startAngle,
                                  radiansPerColumn: raw.radiansPerColumn, columnsPerTurn: raw.columnsPerTurn)
        let overlap = raw.columnsPerTurn / 10
        let upright = turn.rolled(by: seam, overlap: overlap)
        let once = turn.rolled(by: seam, overlap: 0)
        let flipped = UnwrappedStrip(image: once.image.rotated180(), excluded: once.excluded.reversed(),
                                     startAngle: 0, radiansPerColumn: raw.radiansPerColumn,
                                     columnsPerTurn: raw.columnsPerTurn).rolled(by: 0, overlap: overlap)
        var strips = [upright, flipped].map { (image: Self.padded($0.image), columnsPerTurn: $0.columnsPerTurn, oneLine: false) }
        // The runs lie along one groove: their row band, read as a single line, as
        // well (the recogniser then need not find the line among the wax's noise).
        if recognizer is LineRecognizing {
            let located = RunLineLocation.find(in: upright.image)
            for (strip, location) in [(upright, located), (flipped, RunLineLocation.find(in: flipped.image, outerEdge: .bottom))] {
                guard let location else { continue }
                strips.append((Self.padded(location.band(of: strip.image)), strip.columnsPerTurn, true))
            }
            // The photo's own pixels along the same line: their readings compete
            // with the enhanced strip's.
            if let located, let line = raw.rolled(by: seam, overlap: overlap).runLine(at: located) {
                strips += UnwrappedStrip.runLineForms(line).map { (Self.padded($0), raw.columnsPerTurn, true) }
            }
        }
        return strips
    }

    /// Reads every strip and keeps the reading with the most confident text: the
    /// wrong way up gives few, unsure words. With characters' confidences, the
    /// reading whose plausible runs have the most `MatrixGrammar.evidence`.
    func bestReading(_ strips: [(image: GrayImage, columnsPerTurn: Int, oneLine: Bool)]) throws -> [String] {
        var best: (score: Double, runs: [String]) = (0, [])
        for (strip, columnsPerTurn, oneLine) in strips {
            let turnColumns = Double(columnsPerTurn)
            let read = try symbolWords(strip, oneLine: oneLine)
            let words = read.map { read in
                // A runner-up character where it gives the word a matrix's shape.
                var word = read.word
                if !read.symbols.isEmpty { word.box.text = MatrixGrammar.repaired(word.box.text, symbols: read.symbols) }
                return word
            }
            // Back to strip pixels; words that start in the repeated part are copies.
            let boxes = words.map { w in
                TextBox(w.box.text, Rect(x: w.box.rect.x * Double(strip.width) - Double(Self.padding),
                                         y: w.box.rect.y * Double(strip.height),
                                         width: w.box.rect.width * Double(strip.width),
                                         height: w.box.rect.height * Double(strip.height)))
            }
            var kept: [TextBox] = [], keptSymbols: [[RecognizedSymbol]] = [], score = 0.0
            for ((box, word), symbols) in zip(zip(boxes, words), read.map(\.symbols)) where box.rect.minX < turnColumns {
                let legible = box.text.filter { $0.isLetter || $0.isNumber }.count
                // Tesseract gives some plainly right codes ("507876-1-B4") no
                // confidence at all; a long word stays, a short unsure one is noise.
                guard word.confidence >= minimumConfidence || legible >= 4 else { continue }
                kept.append(box)
                keptSymbols.append(symbols)
                score += word.confidence * Double(legible)
            }
            // With each character's confidence: the same evidence as a close-up's
            // (word confidence is 0 for any word with a dash).
            if recognizer is SymbolRecognizing {
                let parser = MatrixParser()
                let runs = parser.runs(from: kept).compactMap { parser.parse($0) }.filter(MatrixParser.isPlausibleRun)
                score = MatrixGrammar.evidence(zip(kept, keptSymbols).map { ($0.text, $1) }, runs: runs)
            }
            if score > best.score { best = (score, MatrixParser().runs(from: kept)) }
        }
        return best.runs
    }

    static let padding = 16

    /// A white margin round the strip: tesseract misses text that touches the edge.
    static func padded(_ image: GrayImage) -> GrayImage {
        let p = padding
        var out = GrayImage(width: image.width + 2 * p, height: image.height + 2 * p, fill: 255)
        for y in 0..<image.height {
            for x in 0..<image.width { out[x + p, y + p] = image[x, y] }
        }
        return out
    }
}
