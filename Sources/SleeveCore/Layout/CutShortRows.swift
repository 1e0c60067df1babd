/// Rows of a numbered list whose reading may have stopped short: worth reading again
/// as one line, from the position to the column's edge.
///
/// In sparse-text mode the engine sometimes returns a row's first words and leaves
/// the rest out: on an Electrecord back (a phone photo, the titles underlined in
/// marker) "7. DOINA DE LA MARGA" came back as "7." and "DOIN." at confidence 94 and
/// nothing else, while the same row cut out and read as a single line reads whole.
/// Nothing in the first reading says the row was cut, so every row of an aligned
/// numbered list with room beside it is a candidate; the line reading is kept only
/// when it repeats the first reading and goes on with surely read words.
///
/// A row with its duration (at its end, or across a gap in a timed list's right-hand
/// column) was read to its end and is left alone: the cut rows seen were in lists
/// without durations, and reading every row of a timed list again costs a tenth of a
/// rendered sleeve's reading for nothing.
public struct CutShortRows: Sendable {
    /// Words added by the line reading must be read at least this surely (0...100).
    public var printConfidence = 80.0
    /// A list is at least this many numbered rows starting at one left edge.
    public var minListRows = 3
    /// Neighbouring rows of a list are at most this many line heights apart.
    public var maxRowPitch = 3.0
    /// Words of a row follow each other with gaps of at most this many line heights;
    /// a wider gap is a gutter (the next column).
    public var maxWordGap = 2.0

    public init() {}

    /// One numbered row: `read` spans it from its position to the room beside it (the
    /// column's edge, or just before the next column's first word on the row); `first`
    /// is the row's words as first read.
    public struct Row: Sendable, Equatable {
        public var read: Rect
        public var first: [RecognizedWord]
    }

    /// The list rows worth reading again, top to bottom. `aspectRatio` is the page's
    /// width over its height (gaps across are measured in line heights).
    public func rows(in words: [RecognizedWord], aspectRatio: Double) -> [Row] {
        let starters = words.filter { TrackPosition.parse($0.box.text) != nil && $0.box.rect.height > 0 }
        var out: [Row] = []
        for s in starters {
            let h = s.box.rect.height, across = h / aspectRatio
            // Starters of the same list: the same left edge, stacked a line or so apart.
            let aligned = starters.filter { abs($0.box.rect.minX - s.box.rect.minX) <= across }
            guard aligned.count >= minListRows,
                  aligned.contains(where: { $0 != s && abs($0.box.rect.midY - s.box.rect.midY) <= maxRowPitch * h }) else { continue }
            let row = chain(from: s, in: words, gap: maxWordGap * across)
            // The same row found twice (a word the engine returned twice) is read once.
            guard !out.contains(where: { $0.first == row }), let last = row.last, Duration.parse(last.box.text) == nil else { continue }
            // The room beside the row: up to a line height before the next word on it,
            // else to the list's widest row.
            let end = last.box.rect.maxX
            let beside = words.filter { $0.box.rect.minX > end && $0.box.rect.sharesRow(with: s.box.rect) }
                .min { $0.box.rect.minX < $1.box.rect.minX }
            // A duration across a gap (a timed list's right-hand column) closes the row too.
            if let beside, Duration.parse(beside.box.text) != nil { continue }
            let next = beside?.box.rect.minX
            let listRight = aligned.map { chain(from: $0, in: words, gap: maxWordGap * across).last?.box.rect.maxX ?? 0 }.max() ?? end
            let right = next.map { $0 - across } ?? listRight
            // Room for at least a short word beyond the last word read.
            guard right - end >= 2 * across else { continue }
            let read = Rect(x: s.box.rect.minX - across / 3, y: s.box.rect.minY - h / 2,
                            width: right - s.box.rect.minX + across / 3, height: 2 * h).clippedToPage
            out.append(Row(read: read, first: row))
        }
        return out.sorted { ($0.read.minY, $0.read.minX) < ($1.read.minY, $1.read.minX) }
    }

    /// The words on the starter's row that follow it, left to right, while each gap is
    /// at most `gap`.
    func chain(from s: RecognizedWord, in words: [RecognizedWord], gap: Double) -> [RecognizedWord] {
        var row = [s]
        var end = s.box.rect.maxX
        for w in words.filter({ $0.box.rect.minX > s.box.rect.minX && $0.box.rect.sharesRow(with: s.box.rect) })
            .sorted(by: { $0.box.rect.minX < $1.box.rect.minX }) where w != s {
            guard w.box.rect.minX - end <= gap else { break }
            row.append(w)
            end = max(end, w.box.rect.maxX)
        }
        return row
    }

    /// The page's words with the row's first reading replaced by the line reading, when
    /// that reading begins with the first one's text (letters and digits; "DOIN." then
    /// "DOINA") and goes on with words read at least `printConfidence` surely, with no
    /// gutter between them. Anything else centred in the row's room (scraps of the
    /// marks under it) goes with the first reading.
    public func merging(_ line: [RecognizedWord], into words: [RecognizedWord], row: Row, aspectRatio: Double) -> [RecognizedWord] {
        let new = Self.boxesCutAtNeighbours(line.filter { WeakTextRegions.centre(of: $0, isIn: row.read) })
        guard let firstEnd = row.first.map(\.box.rect.maxX).max(), let h = row.first.first?.box.rect.height else { return words }
        let old = Self.letters(row.first.map(\.box.text).joined()), read = Self.letters(new.map(\.box.text).joined())
        guard !old.isEmpty, read.count > old.count, read.hasPrefix(old) else { return words }
        let added = new.filter { $0.box.rect.midX > firstEnd }
        guard !added.isEmpty, added.allSatisfy({ $0.confidence >= printConfidence }) else { return words }
        let gap = maxWordGap * h / aspectRatio
        for (a, b) in zip(new, new.dropFirst()) where b.box.rect.minX - a.box.rect.maxX > gap { return words }
        let replaced = Set(row.first)
        return words.filter { !replaced.contains($0) && !WeakTextRegions.centre(of: $0, isIn: row.read) } + new
    }

    /// The words left to right, each box ending where the next word starts: in a line
    /// reading the box of a run's first word sometimes spans the whole run ("DOINA" as
    /// wide as "DOINA DE LA MARGA"), which would join the words it covers to it.
    static func boxesCutAtNeighbours(_ words: [RecognizedWord]) -> [RecognizedWord] {
        var sorted = words.sorted { $0.box.rect.minX < $1.box.rect.minX }
        for i in sorted.indices.dropLast() {
            let r = sorted[i].box.rect, next = sorted[i + 1].box
            // Cut half a character of the neighbour short: a word space.
            let end = next.rect.minX - next.characterWidth / 2
            if r.maxX > next.rect.minX, end > r.minX {
                sorted[i].box.rect = Rect(x: r.minX, y: r.minY, width: end - r.minX, height: r.height)
            }
        }
        return sorted
    }

    /// Lower-case letters and digits only: how two readings of a row are compared.
    static func letters(_ s: String) -> String {
        String(s.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
