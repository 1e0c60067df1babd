internal import CTesseract
import Glibc
import SleeveCore

/// Options for the tesseract engine; each documents its default.
public struct TesseractOptions: Sendable, Equatable {
    /// tessdata folder itself; nil lets tesseract use its built-in default.
    public var dataPath: String? = nil
    /// Languages as tesseract names them ("eng", "eng+deu"). Default "eng".
    public var languages = "eng"
    /// Page segmentation. Default sparse text: sleeves are scattered words and short
    /// lines, and reading order is computed from the boxes anyway.
    public var pageSegmentation: PageSegmentation = .sparseText
    /// Resolution hint in pixels per inch. Default 300 (a flatbed scan of a 12" sleeve).
    public var sourceResolution = 300
    /// Only these characters may be recognised (`tessedit_char_whitelist`); nil, the
    /// default, allows all. Include the space, or the LSTM engine runs words together.
    public var characterWhitelist: String? = nil
    /// Read a page's clusters of low-confidence words a second time with a local
    /// (Sauvola) threshold, keeping that reading where it is clearly more confident
    /// (see `WeakTextRegions`). Default on: a photographed sleeve is lit unevenly and
    /// carries marks (marker underlines, ring wear) that one global (Otsu) threshold
    /// merges with small print; Sauvola for the whole page instead loses print that
    /// Otsu reads (light type on a dark centre label), so it is only a second opinion.
    public var rereadsWeakRegions = true
    /// Most rows of words one recognition may hold before it is stopped (see
    /// `RowCount`): a texture or picture read as text, not print. Default 600, more
    /// than twice the densest real sleeve seen (liner notes in three columns); such a
    /// page costs tesseract minutes, and what it would give is noise.
    public var maxTextRows = 600

    public enum PageSegmentation: String, Sendable, CaseIterable {
        case auto, singleBlock, sparseText

        var mode: TessPageSegMode {
            switch self {
            case .auto: PSM_AUTO
            case .singleBlock: PSM_SINGLE_BLOCK
            case .sparseText: PSM_SPARSE_TEXT
            }
        }
    }

    public init() {}
}

public struct RecognitionError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

/// Word boxes from tesseract's C API. One instance owns one engine handle and is used
/// from one thread at a time (tesseract's API objects are not thread safe).
public final class TesseractRecognizer: TextRecognizing {
    private let handle: OpaquePointer
    public let options: TesseractOptions

    public init(options: TesseractOptions = TesseractOptions()) throws {
        guard let api = TessBaseAPICreate() else { throw RecognitionError(description: "tesseract could not start") }
        // Process-wide: keep tesseract's diagnostics off our stderr.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        // Catalog numbers and matrix codes are not words: without these the language
        // model "corrects" YKP 28974 towards dictionary words. The dictionaries stay
        // loaded (titles are words) but a non-word costs nothing more than a word.
        let vars: [(String, String)] = [
            ("language_model_penalty_non_dict_word", "0"),
            ("language_model_penalty_non_freq_dict_word", "0"),
            ("user_defined_dpi", String(options.sourceResolution)),
        ] + (options.characterWhitelist.map { [("tessedit_char_whitelist", $0)] } ?? [])
        let status = withCStrings(vars.map(\.0)) { names in
            withCStrings(vars.map(\.1)) { values in
                TessBaseAPIInit4(api, options.dataPath, options.languages, OEM_DEFAULT, nil, 0,
                                 names, values, vars.count, 0)
            }
        }
        guard status == 0 else {
            TessBaseAPIDelete(api)
            throw RecognitionError(description:
                "tesseract could not load language '\(options.languages)' (install tesseract-ocr-\(options.languages.split(separator: "+").first ?? "eng") or set ocr.dataPath)")
        }
        TessBaseAPISetPageSegMode(api, options.pageSegmentation.mode)
        self.handle = api
        self.options = options
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Sets an engine variable (for example `tessedit_char_whitelist`); false when
    /// tesseract does not know it.
    @discardableResult
    public func setVariable(_ name: String, _ value: String) -> Bool {
        TessBaseAPISetVariable(handle, name, value) != 0
    }

    public func recognize(_ image: GrayImage) throws -> [RecognizedWord] {
        let first = try recognize(image, region: nil)
        guard options.rereadsWeakRegions, image.height > 0 else { return first }
        return try rereadingWeakRegions(first, in: image)
    }

    /// tesseract's `thresholding_method` values: 0 global Otsu (its default), 2 Sauvola.
    private static let globalThreshold = "0", localThreshold = "2"

    /// The page's words with each weak region's words read again under a local
    /// threshold, where that reading is the better one.
    private func rereadingWeakRegions(_ first: [RecognizedWord], in image: GrayImage) throws -> [RecognizedWord] {
        let weak = WeakTextRegions()
        let regions = weak.regions(in: first, aspectRatio: Double(image.width) / Double(image.height))
        guard !regions.isEmpty else { return first }
        // A region is one block of print: read as a block (rows found across it, not
        // words scattered), under the local threshold.
        setVariable("thresholding_method", Self.localThreshold)
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_BLOCK)
        defer {
            setVariable("thresholding_method", Self.globalThreshold)
            TessBaseAPISetPageSegMode(handle, options.pageSegmentation.mode)
        }
        var words = first
        for r in regions {
            let w = Double(image.width), h = Double(image.height)
            let x0 = Int((r.minX * w).rounded(.down)), y0 = Int((r.minY * h).rounded(.down))
            let x1 = min(image.width, Int((r.maxX * w).rounded(.up))), y1 = min(image.height, Int((r.maxY * h).rounded(.up)))
            guard x1 > x0, y1 > y0 else { continue }
            let second = try recognize(image, region: (x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            words = weak.merging(second, into: words, in: r)
        }
        return words
    }

    /// Words in `region` (pixels of `image`) only, or the whole image. Boxes are
    /// normalised to the whole image either way.
    public func recognize(_ image: GrayImage, region: (x: Int, y: Int, width: Int, height: Int)?) throws -> [RecognizedWord] {
        guard image.width > 0, image.height > 0 else { return [] }
        guard let origin = try run(image, region: region) else { return [] }
        defer { TessBaseAPIClear(handle) }
        guard let results = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(results) }
        let page = TessResultIteratorGetPageIterator(results)
        var words: [RecognizedWord] = []
        repeat {
            if let word = Self.word(at: results, page, in: image, origin: origin) { words.append(word) }
        } while TessResultIteratorNext(results, RIL_WORD) != 0
        return words
    }

    /// Recognises `image` (or `region` of it); the results stay in the engine until
    /// `TessBaseAPIClear`. Returns where the engine's pixel (0, 0) lies in `image`; nil
    /// for a region outside the image (nothing read).
    ///
    /// A region is handed over as an image of its own (a view into the same rows, which
    /// tesseract copies), not with `TessBaseAPISetRectangle`: with a rectangle as wide as
    /// the image but shorter, tesseract 5.3's line recogniser reads its lines from the
    /// whole original at the rectangle's coordinates turned over, and "BLONDIE" at the
    /// top of a page came back as words of a line 60 % further down.
    @discardableResult
    private func run(_ image: GrayImage, region: (x: Int, y: Int, width: Int, height: Int)?) throws -> (x: Int, y: Int)? {
        let rows = RowGuard(limit: options.maxTextRows)
        let x0 = min(max(0, region?.x ?? 0), image.width), y0 = min(max(0, region?.y ?? 0), image.height)
        let w = min(region?.width ?? image.width, image.width - x0), h = min(region?.height ?? image.height, image.height - y0)
        guard w > 0, h > 0 else { return nil }
        let status: Int32 = image.pixels.withUnsafeBufferPointer { buf in
            TessBaseAPISetImage(handle, buf.baseAddress! + y0 * image.width + x0, Int32(w), Int32(h), 1, Int32(image.width))
            TessBaseAPISetSourceResolution(handle, Int32(options.sourceResolution))
            return rows.watching { TessBaseAPIRecognize(handle, $0) }
        }
        guard status == 0 else {
            TessBaseAPIClear(handle)
            if rows.stopped {
                throw RecognitionError(description:
                    "more than \(options.maxTextRows) rows of text-like marks (a texture or picture, not print): OCR stopped")
            }
            throw RecognitionError(description: "tesseract failed to recognise the image")
        }
        return (x0, y0)
    }

    /// The word the iterator stands in, or nil for an empty one.
    private static func word(at results: OpaquePointer, _ page: OpaquePointer?, in image: GrayImage,
                             origin: (x: Int, y: Int) = (0, 0)) -> RecognizedWord? {
        var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
        guard TessPageIteratorBoundingBox(page, RIL_WORD, &l, &t, &r, &b) != 0,
              let text = text(at: results, RIL_WORD)?.trimmingWhitespace(), !text.isEmpty else { return nil }
        let rect = CoordinateSpace.normalize(
            x: Double(Int(l) + origin.x), y: Double(Int(t) + origin.y), width: Double(r - l), height: Double(b - t),
            imageWidth: image.width, imageHeight: image.height, origin: .topLeft)
        let confidence = Double(TessResultIteratorConfidence(results, RIL_WORD))
        return RecognizedWord(box: TextBox(text, rect), confidence: confidence)
    }

    private static func text(at results: OpaquePointer, _ level: TessPageIteratorLevel) -> String? {
        guard let cText = TessResultIteratorGetUTF8Text(results, level) else { return nil }
        defer { TessDeleteText(cText) }
        return String(cString: cText)
    }
}

extension TesseractRecognizer: SymbolRecognizing {
    /// Words with each character's confidence and the alternatives the LSTM weighed
    /// for it (`lstm_choice_mode` 2, best path per character; switched on for this
    /// call only, the engine's other readings are unchanged). The text is the same
    /// as `recognize` or `recognizeLine` gives.
    public func recognizeSymbols(_ image: GrayImage, asLine: Bool) throws -> [SymbolWord] {
        guard image.width > 0, image.height > 0 else { return [] }
        setVariable("lstm_choice_mode", "2")
        if asLine { TessBaseAPISetPageSegMode(handle, PSM_SINGLE_LINE) }
        defer {
            setVariable("lstm_choice_mode", "0")
            TessBaseAPISetPageSegMode(handle, options.pageSegmentation.mode)
        }
        try run(image, region: nil)
        defer { TessBaseAPIClear(handle) }
        guard let results = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(results) }
        let page = TessResultIteratorGetPageIterator(results)
        var words: [SymbolWord] = []
        var current: SymbolWord?
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_WORD) != 0 {
                if let done = current { words.append(done) }
                current = Self.word(at: results, page, in: image).map { SymbolWord($0, symbols: []) }
            }
            guard current != nil, let text = Self.text(at: results, RIL_SYMBOL) else { continue }
            let confidence = Double(TessResultIteratorConfidence(results, RIL_SYMBOL))
            current?.symbols.append(RecognizedSymbol(text, confidence, alternatives: Self.alternatives(at: results, besides: text)))
        } while TessResultIteratorNext(results, RIL_SYMBOL) != 0
        if let done = current { words.append(done) }
        return words
    }

    /// The choices listed for the iterator's symbol other than `read`, strongest first.
    private static func alternatives(at results: OpaquePointer, besides read: String) -> [RecognizedSymbol.Alternative] {
        guard let choices = TessResultIteratorGetChoiceIterator(results) else { return [] }
        defer { TessChoiceIteratorDelete(choices) }
        var out: [RecognizedSymbol.Alternative] = []
        repeat {
            guard let cText = TessChoiceIteratorGetUTF8Text(choices) else { continue }
            let text = String(cString: cText)
            if text != read, !out.contains(where: { $0.text == text }) {
                out.append(.init(text, Double(TessChoiceIteratorConfidence(choices))))
            }
        } while TessChoiceIteratorNext(choices) != 0
        return out.sorted { $0.confidence > $1.confidence }
    }
}

extension TesseractRecognizer: LineRecognizing {
    /// The whole image as a single line (page segmentation 7), with this engine's
    /// whitelist; the engine's own segmentation mode is restored afterwards.
    public func recognizeLine(_ image: GrayImage) throws -> [RecognizedWord] {
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_LINE)
        defer { TessBaseAPISetPageSegMode(handle, options.pageSegmentation.mode) }
        return try recognize(image, region: nil)
    }
}

extension TesseractRecognizer: FieldReading {
    /// Reads one line-shaped field with a character whitelist. The region grows by a
    /// third of its height on every side so the glyphs' edges are inside it.
    public func readField(_ image: GrayImage, region: Rect, characters: String) throws -> String? {
        let pad = region.height / 3
        let x0 = max(0, Int(((region.minX - pad) * Double(image.width)).rounded(.down)))
        let y0 = max(0, Int(((region.minY - pad) * Double(image.height)).rounded(.down)))
        let x1 = min(image.width, Int(((region.maxX + pad) * Double(image.width)).rounded(.up)))
        let y1 = min(image.height, Int(((region.maxY + pad) * Double(image.height)).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        setVariable("tessedit_char_whitelist", characters)
        TessBaseAPISetPageSegMode(handle, PSM_SINGLE_LINE)
        defer {
            setVariable("tessedit_char_whitelist", options.characterWhitelist ?? "")
            TessBaseAPISetPageSegMode(handle, options.pageSegmentation.mode)
        }
        let words = try recognize(image, region: (x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        let text = words.map(\.box.text).joined()
        return text.isEmpty ? nil : text
    }
}

private extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}

/// Calls `body` with a C array of C strings that lives for the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}

extension TesseractRecognizer {
    /// The linked libtesseract's version ("5.3.0").
    public static var libraryVersion: String { String(cString: TessVersion()) }
}

/// Stops a recognition whose rows pass a limit, through tesseract's progress monitor:
/// it reports each word's box before recognising it and asks whether to cancel.
/// Cancelled, `Recognize` returns an error and skips the paragraph finding whose cost
/// explodes with the rows (`RowCount`).
private final class RowGuard {
    let limit: Int
    var count = RowCount()
    var stopped: Bool { count.rows > limit }

    init(limit: Int) { self.limit = limit }

    func watching(_ recognize: (OpaquePointer?) -> Int32) -> Int32 {
        guard let monitor = TessMonitorCreate() else { return recognize(nil) }
        defer { TessMonitorDelete(monitor) }
        return withExtendedLifetime(self) {
            TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(self).toOpaque())
            TessMonitorSetProgressFunc(monitor) { monitor, left, right, top, bottom in
                // Words are visited once more after the first pass (progress 70…100).
                guard let this = TessMonitorGetCancelThis(monitor), TessMonitorGetProgress(monitor) < 70 else { return true }
                Unmanaged<RowGuard>.fromOpaque(this).takeUnretainedValue().count.add(left: Int(left), right: Int(right), top: Int(top), bottom: Int(bottom))
                return true
            }
            TessMonitorSetCancelFunc(monitor) { this, _ in
                guard let this else { return false }
                return Unmanaged<RowGuard>.fromOpaque(this).takeUnretainedValue().stopped
            }
            return recognize(monitor)
        }
    }
}
