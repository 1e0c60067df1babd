/// Where an owner's coloured marks cross the print: rows of words that a pen or marker
/// stroke underlines or strikes through, worth a second reading with the marks lifted.
///
/// A red ballpoint line under a title is as dark as the print in luminance, and one
/// global threshold joins it to the letters' feet: "Nan mai dowrai a wolei" comes back
/// as "*apt&AOE a.wolei". In the image's lightest channel the red line is almost as
/// light as the paper and the black print is as dark as ever; there the title reads
/// cleanly. A pixel where that plane is much lighter than the page is a coloured mark.
public struct ColourMarkRegions: Sendable {
    /// A pixel is part of a coloured mark when the marks-lifted plane is at least this
    /// much lighter there than the page (gray levels), beyond what it is on the page as
    /// a whole (the median: cream or yellowed paper is lifted a little everywhere).
    /// On a phone photo of a cream sleeve, paper and black print are lifted by about
    /// 10 levels and a red ballpoint underline by 30–40.
    public var lift = 15
    /// A row is marked when at least this share of the pixels of its box, grown down
    /// by half a line for an underline, are marks.
    public var minMarkedShare = 0.04
    /// Rows the first reading read at least this surely (character-weighted mean) are
    /// left alone: the mark did not hurt them.
    public var maxRowConfidence = 85.0
    /// A row whose ink is mostly lifted is printed in colour (a red title), not marked:
    /// lifting would erase the print itself. Above this share of its ink lifted, a
    /// row is left alone.
    public var maxLiftedInk = 0.5
    /// The regions together cover at most this share of the page: a page coloured all
    /// over (a printed colour photo) is not a page of marks.
    public var maxPageShare = 0.25

    public init() {}

    /// A marked row and the part of the page to read it from again.
    public struct Region: Sendable, Equatable {
        /// The row's box (its words' union), normalised to the page.
        public var row: Rect
        /// The row grown by a third of its height on every side and until it cuts
        /// through no word: what is read again.
        public var read: Rect
    }

    /// The marked rows, top to bottom. `page` and `lifted` are the same size.
    public func regions(in words: [RecognizedWord], page: GrayImage, lifted: GrayImage) -> [Region] {
        guard page.width == lifted.width, page.height == lifted.height, page.width > 0, page.height > 0,
              !words.isEmpty else { return [] }
        var order = ReadingOrder()
        order.aspectRatio = Double(page.width) / Double(page.height)
        let confidence = Dictionary(words.map { ($0.box, $0.confidence) }, uniquingKeysWith: max)
        let threshold = baseline(page: page, lifted: lifted) + lift
        var found: [Region] = []
        for row in order.lines(words.map(\.box)).flatMap(\.segments) {
            let readings = row.words.map { RecognizedWord(box: $0, confidence: confidence[$0] ?? 0) }
            guard WeakTextRegions.score(readings).0 < maxRowConfidence else { continue }
            let r = row.rect
            let underlined = Rect(x: r.minX, y: r.minY, width: r.width, height: r.height * 1.5)
            guard markedShare(of: underlined, page: page, lifted: lifted, threshold: threshold) >= minMarkedShare,
                  liftedInkShare(of: r, page: page, lifted: lifted, threshold: threshold) <= maxLiftedInk else { continue }
            let pad = r.height / 3
            let padX = pad * Double(page.height) / Double(page.width)
            let grown = Rect(x: r.minX - padX, y: r.minY - pad, width: r.width + 2 * padX, height: r.height + 2 * pad)
            found.append(Region(row: r, read: WeakTextRegions().wholeWords(grown, words: words).clippedToPage))
        }
        guard found.map({ $0.read.width * $0.read.height }).reduce(0, +) <= maxPageShare else { return [] }
        return found.sorted { ($0.row.minY, $0.row.minX) < ($1.row.minY, $1.row.minX) }
    }

    /// The page's words with a marked row's words replaced by the second reading's
    /// (the words centred in the row, of either reading) when that reading is clearly
    /// more confident and keeps most of the text (`WeakTextRegions.betterBy`,
    /// `keptText`). Rows above and below that the second reading also saw are not
    /// touched: the row alone is compared, so a neighbour read well both times cannot
    /// outweigh it.
    public func merging(_ second: [RecognizedWord], into first: [RecognizedWord], row: Rect) -> [RecognizedWord] {
        let old = first.filter { WeakTextRegions.centre(of: $0, isIn: row) }
        let new = second.filter { WeakTextRegions.centre(of: $0, isIn: row) }
        let (oldScore, oldChars) = WeakTextRegions.score(old), (newScore, newChars) = WeakTextRegions.score(new)
        guard newChars > 0, newScore >= oldScore + WeakTextRegions.betterBy,
              Double(newChars) >= WeakTextRegions.keptText * Double(oldChars) else { return first }
        return first.filter { !WeakTextRegions.centre(of: $0, isIn: row) } + new
    }

    /// The median of how much lighter `lifted` is than `page`, over a sample of pixels.
    public func baseline(page: GrayImage, lifted: GrayImage) -> Int {
        var counts = [Int](repeating: 0, count: 256)
        var n = 0
        for i in stride(from: 0, to: page.pixels.count, by: 7) {
            counts[max(0, Int(lifted.pixels[i]) - Int(page.pixels[i]))] += 1
            n += 1
        }
        var seen = 0
        for (level, c) in counts.enumerated() {
            seen += c
            if 2 * seen >= n { return level }
        }
        return 0
    }

    /// Of the ink in `r` (pixels at least 50 levels darker than the box's paper, its
    /// 90th percentile), the share that `lifted` makes `threshold` levels lighter: near
    /// 0 for black print crossed by a pen stroke, near 1 for print in colour. 1 when
    /// the box holds no ink.
    public func liftedInkShare(of r: Rect, page: GrayImage, lifted: GrayImage, threshold: Int) -> Double {
        let w = page.width, h = page.height
        let x0 = max(0, Int((r.minX * Double(w)).rounded(.down))), x1 = min(w, Int((r.maxX * Double(w)).rounded(.up)))
        let y0 = max(0, Int((r.minY * Double(h)).rounded(.down))), y1 = min(h, Int((r.maxY * Double(h)).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return 1 }
        var counts = [Int](repeating: 0, count: 256)
        for y in y0..<y1 { for x in x0..<x1 { counts[Int(page.pixels[y * w + x])] += 1 } }
        let n = (x1 - x0) * (y1 - y0)
        var seen = 0, paper = 255
        for (level, c) in counts.enumerated() {
            seen += c
            if 10 * seen >= 9 * n { paper = level; break }
        }
        var ink = 0, liftedInk = 0
        for y in y0..<y1 {
            for x in x0..<x1 where Int(page.pixels[y * w + x]) <= paper - 50 {
                ink += 1
                if Int(lifted.pixels[y * w + x]) - Int(page.pixels[y * w + x]) >= threshold { liftedInk += 1 }
            }
        }
        return ink == 0 ? 1 : Double(liftedInk) / Double(ink)
    }

    /// Share of the pixels in `r` (normalised) where `lifted` is at least `threshold`
    /// levels lighter than `page`.
    public func markedShare(of r: Rect, page: GrayImage, lifted: GrayImage, threshold: Int) -> Double {
        let w = page.width, h = page.height
        let x0 = max(0, Int((r.minX * Double(w)).rounded(.down))), x1 = min(w, Int((r.maxX * Double(w)).rounded(.up)))
        let y0 = max(0, Int((r.minY * Double(h)).rounded(.down))), y1 = min(h, Int((r.maxY * Double(h)).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return 0 }
        var marked = 0
        for y in y0..<y1 {
            for x in x0..<x1 where Int(lifted.pixels[y * w + x]) - Int(page.pixels[y * w + x]) >= threshold { marked += 1 }
        }
        return Double(marked) / Double((x1 - x0) * (y1 - y0))
    }
}
