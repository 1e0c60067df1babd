/// Where a page's first reading is weak: clusters of words the engine read with low
/// confidence, worth a second reading with another binarisation.
///
/// On a phone photo, one global threshold for the whole page merges small print with
/// what lies around it (marker underlines, ring wear, a shadow): the tracklist of a
/// worn back cover comes back as "SeUDECATA", "SIRBEapECAIDE" at confidence 0–60 while
/// the liner notes beside it read at 90. A local threshold over that cluster alone
/// reads it; elsewhere the global one is as good and costs nothing more.
public struct WeakTextRegions: Sendable {
    /// A word below this confidence (0...100) is weak.
    public var weakConfidence = 60.0
    /// A region needs at least this many weak words: a lone speck or a smudged word is
    /// not worth a second pass.
    public var minWeakWords = 4
    /// Words closer than this many of their own heights belong to one block: the
    /// gap between the lines of a list or a paragraph is bridged, a gutter between
    /// columns or the space above a heading mostly is not.
    public var reach = 0.6
    /// A region is read again only when its words, character by character, are read
    /// below this mean confidence: a column of liner notes with a few smudged words in
    /// it reads at 75–85 and a second reading gains nothing there.
    public var maxRegionConfidence = 75.0
    /// The regions together cover at most this share of the page: a page that is weak
    /// all over (artwork read as text) is not read twice.
    public var maxPageShare = 0.35

    public init() {}

    /// Regions (normalised to the page) in which to read again, the weakest first.
    /// `aspectRatio` is the page's width over its height (boxes are normalised per
    /// axis, so distances need it).
    ///
    /// A region is a block of print (words within `reach` of their height of one
    /// another: a tracklist, a column of notes) that holds at least `minWeakWords`
    /// weak words and reads below `maxRegionConfidence` as a whole; it is grown until
    /// it cuts through no word.
    public func regions(in words: [RecognizedWord], aspectRatio: Double) -> [Rect] {
        guard words.filter({ $0.confidence < weakConfidence }).count >= minWeakWords else { return [] }
        let candidates = blocks(of: words, aspectRatio: aspectRatio)
            .filter { block in block.filter { $0.confidence < weakConfidence }.count >= minWeakWords }
            .compactMap { Rect.enclosing($0.map(\.box.rect)) }
            .map { wholeWords($0, words: words).clippedToPage }
            .map { r in (rect: r, confidence: Self.score(words.filter { Self.centre(of: $0, isIn: r) }).0) }
            .filter { $0.confidence < maxRegionConfidence }
            .sorted { $0.confidence < $1.confidence }
        var budget = maxPageShare
        var out: [Rect] = []
        for (r, _) in candidates where !out.contains(where: { overlaps($0, r) }) {
            let share = r.width * r.height
            guard share <= budget else { continue }
            budget -= share
            out.append(r)
        }
        return out
    }

    /// The words grouped into blocks: two words belong together when the areas within
    /// `reach` of their heights around them overlap.
    func blocks(of words: [RecognizedWord], aspectRatio: Double) -> [[RecognizedWord]] {
        let areas = words.map { w in
            let r = w.box.rect
            let dy = reach * r.height, dx = dy / aspectRatio
            return Rect(x: r.minX - dx, y: r.minY - dy, width: r.width + 2 * dx, height: r.height + 2 * dy)
        }
        var sets = DisjointSets(count: words.count)
        for i in areas.indices {
            for j in areas.indices where j > i && overlaps(areas[i], areas[j]) { sets.join(i, j) }
        }
        return Array(Dictionary(grouping: words.indices, by: { sets.root($0) }).values.map { $0.map { words[$0] } })
    }

    /// The region grown to hold every word it touches, so the second reading sees
    /// whole words only.
    func wholeWords(_ region: Rect, words: [RecognizedWord]) -> Rect {
        var r = region
        var grown = true
        while grown {
            grown = false
            for w in words where overlaps(r, w.box.rect) && r.union(w.box.rect) != r {
                r = r.union(w.box.rect)
                grown = true
            }
        }
        return r
    }

    private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// Confidence points by which a second reading must beat the first.
    public static let betterBy = 8.0
    /// Share of the first reading's characters a second reading must keep.
    public static let keptText = 0.7

    /// The page's words with `region` read again as `second`, piece by piece: a piece
    /// is the run of words of one column within a band of rows. In each piece the
    /// second reading replaces the first only when its characters are read with more
    /// confidence by a clear margin and it keeps most of the text (a reading that drops
    /// half the words is not better because what is left is clean); text only the
    /// second reading found must itself be read surely. A block holds a heading read
    /// well under both thresholds and a list read well only under one, and a list's two
    /// columns can fare differently: each piece keeps its better reading.
    public func merging(_ second: [RecognizedWord], into first: [RecognizedWord], in region: Rect) -> [RecognizedWord] {
        let old = first.filter { Self.centre(of: $0, isIn: region) }
        let new = second.filter { Self.centre(of: $0, isIn: region) }
        var out = first.filter { !Self.centre(of: $0, isIn: region) }
        for band in Self.bands(old.map { ($0, true) } + new.map { ($0, false) }) {
            for piece in Self.columns(of: band) {
                let o = piece.filter(\.1).map(\.0), n = piece.filter { !$0.1 }.map(\.0)
                let (oldScore, oldChars) = Self.score(o), (newScore, newChars) = Self.score(n)
                let better = newChars > 0 && newScore >= oldScore + Self.betterBy
                    && Double(newChars) >= Self.keptText * Double(oldChars)
                    && (oldChars > 0 || newScore >= weakConfidence)
                out += better ? n : o
            }
        }
        return out
    }

    /// A band's words split where a gap wider than two line heights separates them:
    /// the band's piece in each column.
    static func columns(of band: [(RecognizedWord, Bool)]) -> [[(RecognizedWord, Bool)]] {
        let heights = band.map(\.0.box.rect.height).sorted()
        let gap = 2 * heights[heights.count / 2]
        var pieces: [[(RecognizedWord, Bool)]] = []
        var right = -Double.infinity
        for w in band.sorted(by: { $0.0.box.rect.minX < $1.0.box.rect.minX }) {
            let r = w.0.box.rect
            if !pieces.isEmpty, r.minX < right + gap {
                pieces[pieces.count - 1].append(w)
                right = max(right, r.maxX)
            } else {
                pieces.append([w])
                right = r.maxX
            }
        }
        return pieces
    }

    /// Words of both readings grouped into bands of rows: a word whose box overlaps
    /// the band above by more than a third of its height joins it.
    static func bands(_ words: [(RecognizedWord, Bool)]) -> [[(RecognizedWord, Bool)]] {
        var bands: [[(RecognizedWord, Bool)]] = []
        var bottom = -Double.infinity
        for w in words.sorted(by: { $0.0.box.rect.minY < $1.0.box.rect.minY }) {
            let r = w.0.box.rect
            if !bands.isEmpty, r.minY < bottom - r.height / 3 {
                bands[bands.count - 1].append(w)
                bottom = max(bottom, r.maxY)
            } else {
                bands.append([w])
                bottom = r.maxY
            }
        }
        return bands
    }

    public static func centre(of w: RecognizedWord, isIn r: Rect) -> Bool {
        let c = (w.box.rect.midX, w.box.rect.midY)
        return c.0 >= r.minX && c.0 <= r.maxX && c.1 >= r.minY && c.1 <= r.maxY
    }

    /// Character-weighted mean confidence, and the characters counted (spaces aside).
    public static func score(_ words: [RecognizedWord]) -> (Double, Int) {
        let chars = words.map { $0.box.text.filter { !$0.isWhitespace }.count }
        let total = chars.reduce(0, +)
        guard total > 0 else { return (0, 0) }
        return (zip(words, chars).map { $0.confidence * Double($1) }.reduce(0, +) / Double(total), total)
    }
}
