/// Rows of print the engine ran together into one unreadable word: worth reading again
/// line by line.
///
/// An owner's ballpoint underline touches the descenders of a title and the tops of
/// the credit line under it; sparse-text segmentation then takes both lines and the
/// stroke for one blob and returns a single word two lines tall at confidence 0
/// ("eolvclaaedometcette" for "3. Song of the Cricket (instrumental) (2:54)" over
/// "Ustad Mohamed Omar, robab solo"), and the duration beside it is lost with it. Cut
/// into bands a line high, each band read as one line gives both lines back.
///
/// Only a blob that stands in a column of print is taken: confident words of normal
/// height above or below it, overlapping it across. A tall weak word in artwork has
/// no such neighbours.
public struct RunTogetherRows: Sendable {
    /// A word read at most this surely (0...100) may be rows run together.
    public var maxConfidence = 40.0
    /// ...when it is at least this many of its column's line heights tall.
    public var minLines = 1.6
    /// Words read at least this surely are the column's print around it.
    public var printConfidence = 80.0
    /// The print around it is looked for within this many line heights above and below.
    public var reach = 3.0
    /// It needs at least this many such words.
    public var minPrintWords = 3
    /// At most this many blobs a page: more is a picture read as text, not a column
    /// of print crossed by a few strokes.
    public var maxRegions = 8

    public init() {}

    /// A run-together blob's part of the page: `read` spans the blob's lines across the
    /// whole row (the column's edges, where a duration the blob swallowed stands), and
    /// `bands` cut it into lines, each to be read as one line.
    public struct Region: Sendable, Equatable {
        public var read: Rect
        public var bands: [Rect]
    }

    /// The regions, top to bottom. `aspectRatio` is the page's width over its height.
    public func regions(in words: [RecognizedWord], aspectRatio: Double) -> [Region] {
        var found: [Region] = []
        for blob in words where blob.confidence <= maxConfidence {
            let b = blob.box.rect
            guard b.height > 0, b.width > 0 else { continue }
            let print = words.filter { w in
                let r = w.box.rect
                return w.confidence >= printConfidence && r.minX < b.maxX && b.minX < r.maxX
                    && !(r.midY >= b.minY && r.midY <= b.maxY)
                    && r.midY >= b.minY - reach * b.height && r.midY <= b.maxY + reach * b.height
            }
            guard print.count >= minPrintWords else { continue }
            let heights = print.map(\.box.rect.height).sorted()
            let line = heights[heights.count / 2]
            guard line > 0, b.height >= minLines * line else { continue }
            let lines = max(2, Int((b.height / line).rounded(.down)))
            let across = rowExtent(of: b, line: line, words: words, aspectRatio: aspectRatio)
            let padY = line / 3, padX = padY / aspectRatio
            let read = Rect(x: across.minX - padX, y: b.minY - padY,
                            width: across.width + 2 * padX, height: b.height + 2 * padY).clippedToPage
            let step = b.height / Double(lines)
            let bands = (0..<lines).map { i in
                Rect(x: read.minX, y: b.minY + Double(i) * step - padY / 2,
                     width: read.width, height: step + padY).clippedToPage
            }
            found.append(Region(read: read, bands: bands))
        }
        // Blobs read together (two words of one run-together pair) are one region.
        var merged: [Region] = []
        for r in found.sorted(by: { ($0.read.minY, $0.read.minX) < ($1.read.minY, $1.read.minX) })
        where !merged.contains(where: { Self.overlapShare($0.read, r.read) > 0.5 }) {
            merged.append(r)
        }
        return merged.count <= maxRegions ? merged : []
    }

    /// The blob's rows across: from the blob, along the words beside it (on its lines
    /// and the two lines above and below) while the gap to the next is within two line
    /// heights, so a gutter between columns stops it.
    func rowExtent(of b: Rect, line: Double, words: [RecognizedWord], aspectRatio: Double) -> Rect {
        let near = words.map(\.box.rect).filter { $0.midY >= b.minY - 2 * line && $0.midY <= b.maxY + 2 * line }
        let gap = 2 * line / aspectRatio
        var x0 = b.minX, x1 = b.maxX
        var grown = true
        while grown {
            grown = false
            for r in near where r.maxX >= x0 - gap && r.minX <= x1 + gap && (r.minX < x0 || r.maxX > x1) {
                x0 = min(x0, r.minX)
                x1 = max(x1, r.maxX)
                grown = true
            }
        }
        return Rect(x: x0, y: b.minY, width: x1 - x0, height: b.height)
    }

    /// The page's words with the region's replaced by the line-by-line reading, when
    /// that reading is clearly surer and keeps most of the text (the rules of
    /// `WeakTextRegions`), compared over the words centred in the region.
    public func merging(_ second: [RecognizedWord], into first: [RecognizedWord], region: Rect) -> [RecognizedWord] {
        let old = first.filter { WeakTextRegions.centre(of: $0, isIn: region) }
        let new = second.filter { WeakTextRegions.centre(of: $0, isIn: region) }
        let (oldScore, oldChars) = WeakTextRegions.score(old), (newScore, newChars) = WeakTextRegions.score(new)
        guard newChars > 0, newScore >= oldScore + WeakTextRegions.betterBy,
              Double(newChars) >= WeakTextRegions.keptText * Double(oldChars) else { return first }
        return first.filter { !WeakTextRegions.centre(of: $0, isIn: region) } + new
    }

    static func overlapShare(_ a: Rect, _ b: Rect) -> Double {
        let w = max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)), h = max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
        let smaller = min(a.width * a.height, b.width * b.height)
        return smaller > 0 ? w * h / smaller : 0
    }
}
