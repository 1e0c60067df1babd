/// Counts the rows of words an engine visits in its page order (block by block, row
/// by row, left to right), from each word's box alone.
///
/// Why: tesseract 5.3 (Debian 12) scans a page's structure from its start for every
/// row when it finds paragraphs after recognition, a cost that grows with the cube of
/// the rows (fixed upstream later, tesseract PR 4599). A sleeve's densest page, liner
/// notes in three columns, holds a few hundred rows; a texture read as text (sharpened
/// paper grain, a photo) holds thousands, and one lyric spread took nine minutes. The
/// count lets the recogniser stop such a page while it is still being recognised.
public struct RowCount: Sendable {
    /// Rows seen so far.
    public private(set) var rows = 0
    private var previous: (left: Int, right: Int, top: Int, bottom: Int)?
    /// A gap wider than this many word heights ends a row: sparse text splits a row
    /// at such gaps into blocks of their own, and specks of texture lie far apart.
    public static let rowGapHeights = 2

    public init() {}

    /// One word in the engine's order; `top` > `bottom` or the reverse, either way.
    /// A word starts a new row when it does not overlap the previous word vertically,
    /// starts left of it (the next row of the same block), or lies further right than
    /// a row's words do.
    public mutating func add(left: Int, right: Int, top: Int, bottom: Int) {
        let (lo, hi) = (min(top, bottom), max(top, bottom))
        if let p = previous {
            let (plo, phi) = (min(p.top, p.bottom), max(p.top, p.bottom))
            let height = max(hi - lo, phi - plo, 1)
            if hi < plo || lo > phi || left < p.left || left - p.right > Self.rowGapHeights * height { rows += 1 }
        } else {
            rows = 1
        }
        previous = (left, right, top, bottom)
    }
}
