/// Rows of print the page reading did not see at all. A sleeve's footer ("(P) 2003
/// Fierce Panda Records. Made in USA. NING 141") printed in light gray at a few pixels,
/// on a page whose black type sets the engine's one global threshold: the engine's
/// binarised page shows it erased, and no page layout mode finds it; cut out alone and
/// read as one line, the same pixels read "Made un USA NING 141". Another sleeve's
/// footer in black type the size of its tracklist ("(P) 1966 Supraphon. Made in
/// Czechoslovakia. 013690") came back from the page reading with no word either, and
/// reads whole on its own.
///
/// Such a row is a run of marks (letters, or words whose letters run together) darker
/// than the paper around them (the paper taken tile by tile, so lighting across a
/// photo does not count), side by side on one baseline, where no word was read, with
/// paper above and below it (a texture or a photo is ink all over, not one row of it).
public struct UnreadRows: Sendable {
    /// The paper is taken as the light end (`paperPercentile`) of each tile of this
    /// many pixels, and of its neighbours.
    public var tile = 16
    public var paperPercentile = 0.9
    /// A pixel this many levels under its paper is ink: the faint footer lies 25–82
    /// levels under its paper, black type about 230.
    public var inkDepth = 20
    /// Mark heights, pixels: smaller marks are specks; over 40 the print is not small
    /// and the page reading had its chance.
    public var markHeights = 4...40
    /// A mark is at most this many times as wide as it is tall: a word whose letters
    /// run together ("Supraphon." in a dark footer), not a rule or a picture's edge.
    public var maxMarkWidth = 16
    /// A row needs this many marks, and a length of `minRowLength` of its heights: a
    /// line of print, not a speck or a word.
    public var minMarks = 4
    public var minRowLength = 8
    /// Marks of a row are at most this many row heights apart (a word space is about one).
    public var join = 2.5
    /// Over this share of the bands just above and below a row being ink, the row lies
    /// in a texture or picture, not on paper.
    public var surroundingInk = 0.08
    /// Rows given at most, the widest first: each costs the caller a line reading.
    public var maxRows = 6
    /// A row this close to the page's border (a share of its size) is the scanner
    /// lid's or the table's edge along a rectified sleeve, not print: one on a shared
    /// flatbed scan, 3 pixels from the top, read as "ieee ee eet".
    public var edge = 0.01

    public init() {}

    /// Unread rows of `page` (normalised to it, the longest first) outside the boxes of
    /// the words already read (normalised too).
    public func rows(in page: GrayImage, read words: [Rect]) -> [Rect] {
        let w = page.width, h = page.height
        guard w >= 4 * tile, h >= 4 * tile else { return [] }
        var ink = inkMask(page)
        // Where a word was read, and a little around it, nothing is unread.
        for r in words {
            let pad = 0.5 * r.height * Double(h)
            let x0 = max(0, Int(r.minX * Double(w) - pad)), x1 = min(w, Int((r.maxX * Double(w) + pad).rounded(.up)))
            let y0 = max(0, Int(r.minY * Double(h) - pad)), y1 = min(h, Int((r.maxY * Double(h) + pad).rounded(.up)))
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 { for x in x0..<x1 { ink[y * w + x] = false } }
        }
        let marks = Self.components(ink, width: w, height: h).filter { g in
            markHeights.contains(g.height) && g.width <= maxMarkWidth * g.height && g.pixels >= 4
        }
        var found: [MarkBox] = []
        let mx = Int(edge * Double(w)), my = Int(edge * Double(h))
        for (box, count) in rowsOfMarks(marks) where count >= minMarks {
            let height = box.height
            guard box.width >= minRowLength * height,
                  box.x >= mx, box.y >= my, box.x + box.width <= w - mx, box.y + box.height <= h - my,
                  inkShare(ink, width: w, x: box.x, y: box.y - height, w: box.width, h: height) <= surroundingInk,
                  inkShare(ink, width: w, x: box.x, y: box.y + box.height, w: box.width, h: height) <= surroundingInk
            else { continue }
            found.append(box)
        }
        return found.sorted { $0.width > $1.width }.prefix(maxRows).map { f in
            Rect(x: Double(f.x) / Double(w), y: Double(f.y) / Double(h),
                 width: Double(f.width) / Double(w), height: Double(f.height) / Double(h))
        }
    }

    /// Pixels `inkDepth` or more under their tile's paper.
    func inkMask(_ page: GrayImage) -> [Bool] {
        let w = page.width, h = page.height
        let tw = (w + tile - 1) / tile, th = (h + tile - 1) / tile
        var light = [Int](repeating: 0, count: tw * th)
        var histogram = [Int](repeating: 0, count: 256)
        page.pixels.withUnsafeBufferPointer { src in
            histogram.withUnsafeMutableBufferPointer { counts in
                for ty in 0..<th {
                    for tx in 0..<tw {
                        for i in 0..<256 { counts[i] = 0 }
                        let x0 = tx * tile, y0 = ty * tile, x1 = min(w, x0 + tile), y1 = min(h, y0 + tile)
                        for y in y0..<y1 { for x in x0..<x1 { counts[Int(src[y * w + x])] += 1 } }
                        let rank = Int(paperPercentile * Double((x1 - x0) * (y1 - y0) - 1))
                        var seen = 0, level = 0
                        while level < 255 { seen += counts[level]; if seen > rank { break }; level += 1 }
                        light[ty * tw + tx] = level
                    }
                }
            }
        }
        // A tile all print takes its paper from its neighbours.
        var paper = light
        for ty in 0..<th {
            for tx in 0..<tw {
                var m = 0
                for ny in max(0, ty - 1)...min(th - 1, ty + 1) { for nx in max(0, tx - 1)...min(tw - 1, tx + 1) { m = max(m, light[ny * tw + nx]) } }
                paper[ty * tw + tx] = m
            }
        }
        var ink = [Bool](repeating: false, count: w * h)
        page.pixels.withUnsafeBufferPointer { src in
            ink.withUnsafeMutableBufferPointer { mark in
                for y in 0..<h {
                    let row = (y / tile) * tw
                    // A tile's paper is a threshold on its pixels' own levels.
                    for tx in 0..<tw {
                        let below = paper[row + tx] - inkDepth
                        for x in (tx * tile)..<min(w, (tx + 1) * tile) where Int(src[y * w + x]) <= below { mark[y * w + x] = true }
                    }
                }
            }
        }
        return ink
    }

    /// A mark's bounding box in pixels, and how many pixels it has.
    struct MarkBox: Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var pixels = 0
        func union(_ o: MarkBox) -> MarkBox {
            let x0 = min(x, o.x), y0 = min(y, o.y)
            return MarkBox(x: x0, y: y0, width: max(x + width, o.x + o.width) - x0,
                            height: max(y + height, o.y + o.height) - y0, pixels: pixels + o.pixels)
        }
    }

    /// 8-connected marks of the mask, found from its runs of ink row by row (a run
    /// joins the runs of the row above that touch it, corners included): a picture's
    /// ink is a few long runs a row, not millions of pixels to visit one by one.
    static func components(_ mask: [Bool], width w: Int, height h: Int) -> [MarkBox] {
        var runs: [(y: Int, x0: Int, x1: Int)] = []   // x1 exclusive
        var rowStart = [Int](repeating: 0, count: h + 1)
        for y in 0..<h {
            rowStart[y] = runs.count
            var x = 0
            let base = y * w
            while x < w {
                guard mask[base + x] else { x += 1; continue }
                let x0 = x
                while x < w, mask[base + x] { x += 1 }
                runs.append((y, x0, x))
            }
        }
        rowStart[h] = runs.count
        var sets = DisjointSets(count: runs.count)
        for y in 1..<max(1, h) {
            var above = rowStart[y - 1]
            let aboveEnd = rowStart[y]
            for i in rowStart[y]..<rowStart[y + 1] {
                let r = runs[i]
                // Runs above that end before this one starts (less a corner) touch nothing further on.
                while above < aboveEnd, runs[above].x1 < r.x0 { above += 1 }
                var j = above
                while j < aboveEnd, runs[j].x0 <= r.x1 {
                    sets.join(i, j)
                    j += 1
                }
            }
        }
        // Each mark gathered at its root, the run that comes first.
        var boxes = [MarkBox?](repeating: nil, count: runs.count)
        for (i, r) in runs.enumerated() {
            let k = sets.root(i)
            let run = MarkBox(x: r.x0, y: r.y, width: r.x1 - r.x0, height: 1, pixels: r.x1 - r.x0)
            boxes[k] = boxes[k].map { $0.union(run) } ?? run
        }
        return boxes.compactMap { $0 }
    }

    /// Marks on one baseline, left to right, as each row's box and its count of
    /// marks: a mark joins a row when their vertical spans overlap by half the smaller
    /// height, its height is within 2× of the row's last mark's, and it starts at most
    /// `join` row heights past the row's end.
    func rowsOfMarks(_ marks: [MarkBox]) -> [(box: MarkBox, count: Int)] {
        var rows: [(box: MarkBox, count: Int, last: MarkBox, tallest: Int)] = []
        // Rows a later mark can still join (marks come left to right): a texture's
        // thousands of marks are not each held against every row.
        var open: [Int] = []
        for g in marks.sorted(by: { $0.x < $1.x }) {
            open.removeAll { i in Double(g.x - (rows[i].box.x + rows[i].box.width)) > join * Double(rows[i].tallest) }
            let fit = open.first { i in
                let r = rows[i].box, last = rows[i].last
                let overlap = min(r.y + r.height, g.y + g.height) - max(r.y, g.y)
                return 2 * overlap >= min(last.height, g.height)
                    && max(last.height, g.height) <= 2 * min(last.height, g.height) + 1
            }
            if let i = fit {
                rows[i] = (rows[i].box.union(g), rows[i].count + 1, g, max(rows[i].tallest, g.height))
            } else {
                open.append(rows.count)
                rows.append((g, 1, g, g.height))
            }
        }
        return rows.map { ($0.box, $0.count) }
    }

    /// Share of ink in a band of the mask, clipped to the page (off the page counts
    /// as paper).
    func inkShare(_ ink: [Bool], width w: Int, x: Int, y: Int, w bw: Int, h bh: Int) -> Double {
        let height = ink.count / max(1, w)
        let x0 = max(0, x), x1 = min(w, x + bw), y0 = max(0, y), y1 = min(height, y + bh)
        guard x0 < x1, y0 < y1 else { return 0 }
        var n = 0
        for yy in y0..<y1 { for xx in x0..<x1 where ink[yy * w + xx] { n += 1 } }
        return Double(n) / Double(bw * bh)
    }
}
