/// Reads tracks (position, title, duration) off lines already in reading order.
///
/// A row is a position token at its start and/or a duration: either the last token
/// of the line (the row paired across a gutter) or a parenthesised duration after
/// the title ("Lust Heaven (12:44)"). The duration is found by geometry among the
/// row's boxes, so a catalog number sitting between a title and its duration in
/// array order never becomes the duration.
public struct TracklistParser: Sendable {
    public init() {}

    /// A track and where its duration sits on the page.
    public struct Row: Sendable, Equatable {
        public var track: SleeveRecord.Track
        /// The box that holds the row's duration: the one parsed, or, when OCR garbled
        /// it ("Zao" for 12:10), the short token standing in the durations' column.
        public var durationCell: TextBox?
        /// The line the row was read from.
        public var lineRect = Rect(x: 0, y: 0, width: 0, height: 0)
    }

    public func tracks(in lines: [TextLine]) -> [SleeveRecord.Track] {
        rows(in: lines).map(\.track)
    }

    public func rows(in lines: [TextLine]) -> [Row] {
        var found: [(row: Row, line: TextLine)] = []
        for line in lines {
            guard var row = row(in: line) else { continue }
            row.lineRect = line.rect
            found.append((row, line))
        }
        var rows = found.map(\.row)
        claimGarbledDurations(&rows, lines: found.map(\.line))
        var tracks = rows.map(\.track)
        resequence(&tracks, tokens: found.map { $0.line.words[0].text })
        for i in rows.indices { rows[i].track = tracks[i] }
        takeFirstPositionsFromTheSequence(&rows, lines: found.map(\.line))
        rows = rows.filter { $0.track.duration != nil || inSequence($0, among: rows) }
        // Without a single position, rows with a duration still make a tracklist, but
        // only when there are several of them (one "3:00" on a sleeve is not one).
        if !rows.contains(where: { $0.track.position != nil }), rows.count < 2 { return [] }
        return rows
    }

    public func track(in line: TextLine) -> SleeveRecord.Track? {
        row(in: line)?.track
    }

    public func row(in line: TextLine) -> Row? {
        var words = withoutFlatMarks(line.words)
        guard words.count > 1 else { return nil }
        // A mark before the position ("@ 12. TRANDAFIRUL…": an owner's pen dot, a
        // bullet) is not part of the row; the position still has to stand in the list.
        if words.count > 2, !words[0].text.contains(where: { $0.isLetter || $0.isNumber }),
           TrackPosition.parse(words[1].text) != nil {
            words.removeFirst()
        }
        var position: String?
        if let p = TrackPosition.parse(words[0].text), words.count > 1 {
            position = p
            words.removeFirst()
        } else if let side = TrackPosition.sideOfGarbled(words[0].text), words.count > 1 {
            // The number is filled in from the sequence by `resequence`.
            position = side
            words.removeFirst()
        } else if words.count > 2, let p = TrackPosition.parse(words[0].text + words[1].text),
                  words[0].text.count == 1, p.first?.isLetter == true {
            // "A 1" split by the engine.
            position = p
            words.removeFirst(2)
        }
        // The duration: the right-most duration-shaped box on the title's baseline.
        let anchor = words[0]
        let durationBox = words.last {
            $0 != anchor && Duration.parse($0.text) != nil && $0.rect.sharesRow(with: anchor.rect)
        }
        var duration: String?
        if let d = durationBox, let i = words.firstIndex(of: d) {
            duration = Duration.parse(d.text)
            // Everything after the duration is not the title (a stray mark, a credit).
            words = Array(words[..<i])
        }
        let title = cleanTitle(WordJoiner().join(withOpeningBracketsRepaired(withBarsAsI(words))))
        guard position != nil || duration != nil, !title.isEmpty else { return nil }
        // A title is print: at least one word-shaped token ("Ei«", "25 =", "<<" are a
        // picture read as letters). A side's heading with its total ("SIDE ONE (17:40)",
        // "Total time 36:12") is not a track.
        guard words.contains(where: { TextShape.isWordLike($0.text) }), !isSideTotal(title) else { return nil }
        // A bracket closed that the title never opened: the tail of a title whose head
        // the layout cut off or OCR lost ("ental)" of "(instrumental)"), not a title.
        guard title.filter({ $0 == ")" }).count <= title.filter({ $0 == "(" }).count else { return nil }
        // A lone duration with a one-letter title is noise, not a track.
        guard position != nil || title.count > 1 else { return nil }
        return Row(track: SleeveRecord.Track(position: position, title: title, duration: duration), durationCell: durationBox)
    }

    /// Rows whose duration OCR garbled end in a short token that stands in the column
    /// the other rows' durations form, apart from the title: that token is the
    /// duration's cell, not part of the title. The duration stays unknown (nil) here;
    /// the cell is what a constrained second reading looks at.
    func claimGarbledDurations(_ rows: inout [Row], lines: [TextLine]) {
        let cells = rows.compactMap(\.durationCell)
        guard cells.count >= 2 else { return }
        let column = (cells.map(\.rect.minX).min()!, cells.map(\.rect.maxX).max()!)
        for i in rows.indices where rows[i].track.duration == nil && rows[i].track.position != nil {
            let words = lines[i].words
            guard words.count >= 3, let last = words.last else { continue }
            let before = words[words.count - 2]
            // Apart from the title by at least a line's height (the row's typical word
            // height: a garbled cell's own box may be taller than the print).
            let rowHeight = words.map(\.rect.height).sorted()[words.count / 2]
            guard last.text.count <= 8, last.rect.minX <= column.1, last.rect.maxX >= column.0,
                  last.rect.minX - before.rect.maxX >= rowHeight else { continue }
            rows[i].durationCell = last
            let titleWords = Array(words.dropFirst().dropLast())
            rows[i].track.title = cleanTitle(WordJoiner().join(titleWords))
        }
    }

    /// Positions run in sequence within a side (A1, A2, A3…). A position whose number
    /// OCR garbled ("Ad." → side only) or that only parsed after a letter-for-digit
    /// repair that breaks the sequence ("AS" between A2 and A4 is A3, not A5) takes
    /// the number the sequence gives it.
    func resequence(_ tracks: inout [SleeveRecord.Track], tokens: [String]) {
        func number(_ p: String?) -> Int? { p.flatMap { Int($0.drop { $0.isLetter }) } }
        for i in tracks.indices {
            guard let p = tracks[i].position, let side = TrackPosition.side(of: p) else { continue }
            let previous = i > 0 && tracks[i - 1].position.flatMap(TrackPosition.side) == side
                ? number(tracks[i - 1].position) : nil
            let expected = (previous ?? 0) + 1
            let next = i + 1 < tracks.count && tracks[i + 1].position.flatMap(TrackPosition.side) == side
                ? number(tracks[i + 1].position) : nil
            let current = number(p)
            if current == nil {
                tracks[i].position = side + String(expected)
            } else if current != expected, TrackPosition.needsRepair(tokens[i]),
                      previous != nil || next != nil, next.map({ $0 == expected + 1 }) ?? true {
                tracks[i].position = side + String(expected)
            }
        }
    }

    /// A side's first position with its 1 read as a "t" ("At Dogs Lightning" over "A2
    /// Breaks Mother"): "At" is a word as often as a misread A1, so the letter is taken
    /// for the digit only where the list confirms it, on a row without a position whose
    /// next row is the same side's 2, starting at the same left edge.
    func takeFirstPositionsFromTheSequence(_ rows: inout [Row], lines: [TextLine]) {
        for i in rows.indices.dropLast() where rows[i].track.position == nil {
            let words = lines[i].words
            guard words.count > 1, let first = words.first?.text, first.count == 2,
                  let side = first.first, "ABCDEFGH".contains(side), first.last == "t",
                  rows[i + 1].track.position == "\(side)2" else { continue }
            let h = max(words.map(\.rect.height).min() ?? 0, 1e-9)
            guard abs(lines[i + 1].words[0].rect.minX - words[0].rect.minX) <= h else { continue }
            let title = rows[i].track.title
            let rest = String(title.dropFirst(first.count)).trimmingCharacters(in: " ")
            guard title.hasPrefix(first), !rest.isEmpty else { continue }
            rows[i].track.position = "\(side)1"
            rows[i].track.title = rest
        }
    }

    /// "SIDE ONE", "SIDEONE", "Side 2", "Total", "Total time": the heading a side's
    /// running time stands beside.
    func isSideTotal(_ title: String) -> Bool {
        let words = title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        guard let first = words.first, words.count <= 3 else { return false }
        return first.hasPrefix("side") || first == "total" || first == "face" || first == "seite"
    }

    /// A row known only by its position (no duration) belongs to a printed list: the
    /// position before or after it in the same numbering is also a row. A lone "F5"
    /// or "25" is a picture or a note, not a track.
    func inSequence(_ row: Row, among rows: [Row]) -> Bool {
        guard let p = row.track.position else { return false }
        func parts(_ q: String) -> (side: String, number: Int)? {
            let side = String(q.prefix { $0.isLetter })
            return Int(q.dropFirst(side.count)).map { (side, $0) }
        }
        guard let me = parts(p) else { return false }
        // ...and stands in it: the neighbour's line starts at about the same left edge
        // (a column of positions) a few lines above or below. A number in the liner
        // notes far from the list ("7" before "irbe de pe Valea") matches its
        // numbering by chance.
        let r = row.lineRect
        return rows.contains { other in
            guard other != row, let o = other.track.position.flatMap(parts) else { return false }
            let q = other.lineRect
            let h = max(min(r.height, q.height), 1e-9)
            let aligned = r.height == 0 || q.height == 0
                || abs(q.minX - r.minX) <= 3 * h && abs(q.midY - r.midY) <= 6 * h
                || interleaved(row, after: other, lineHeight: h)
            return o.side == me.side && abs(o.number - me.number) == 1 && aligned
        }
    }

    /// A tracklist interleaved with credits, notes or lyrics sets whole paragraphs
    /// between two titles ("1. Nan mai dowrai… (4:18)", eleven lines of notes, then
    /// "2. Mohammed dai nabiyano…" whose duration stands on the next line). Its numbered
    /// rows still start at one left edge, and the neighbour that carries a duration is
    /// a track beyond doubt: a row its numbering continues, at the same edge (within a
    /// line height) and on the side its number says (the previous number above), is in
    /// that list. A stray number in running text neither starts at the list's edge nor
    /// has a neighbour with a duration.
    func interleaved(_ row: Row, after neighbour: Row, lineHeight h: Double) -> Bool {
        guard neighbour.track.duration != nil, neighbour.track.position != nil,
              let p = row.track.position, let q = neighbour.track.position,
              let mine = Int(p.drop { $0.isLetter }), let theirs = Int(q.drop { $0.isLetter }) else { return false }
        let r = row.lineRect, o = neighbour.lineRect
        guard abs(o.minX - r.minX) <= h else { return false }
        return theirs < mine ? o.midY < r.midY : o.midY > r.midY
    }

    /// A capital I in a narrow face comes back as a bar ("AM | DEMON"). A bar standing
    /// as a word before a capitals word, and after one (or first), is the letter; a bar
    /// between mixed-case words ("Intro | Outro") is a separator and stays.
    func withBarsAsI(_ words: [TextBox]) -> [TextBox] {
        func capitals(_ w: TextBox) -> Bool {
            let letters = w.text.filter(\.isLetter)
            return !letters.isEmpty && letters.allSatisfy(\.isUppercase)
        }
        var out = words
        for i in words.indices where words[i].text == "|" && i + 1 < words.count {
            guard capitals(words[i + 1]), i == 0 || capitals(words[i - 1]) else { continue }
            out[i].text = "I"
        }
        return out
    }

    /// Marks far flatter than the row's print, read as letters: an owner's underline
    /// under a title comes back as "Cee", "J", "Oa" in boxes a fifth of the row's height
    /// or less, and "3. Bimār dil…" became "3.CeeJ BimGrOadil…". No letter or digit is
    /// that flat; a dash or a rule without one stays.
    func withoutFlatMarks(_ words: [TextBox]) -> [TextBox] {
        guard words.count > 2 else { return words }
        let heights = words.map(\.rect.height).sorted()
        let typical = heights[heights.count / 2]
        return words.filter { w in
            !(w.rect.height < 0.3 * typical && w.text.contains { $0.isLetter || $0.isNumber })
        }
    }

    /// An opening bracket read as a letter: "Song of the Cricket Linstrumental)" for
    /// "(instrumental)". In a title that closes more brackets than it opens, a word that
    /// closes one, starts with a bracket's look-alike ("l", "L", "I", "|", "[", "{", "1")
    /// and is otherwise lower-case letters opened it. A tail cut off its head ("ental)",
    /// "near you)") does not start with a look-alike and stays unbalanced.
    func withOpeningBracketsRepaired(_ words: [TextBox]) -> [TextBox] {
        let count = { (c: Character) in words.map { $0.text.filter { $0 == c }.count }.reduce(0, +) }
        guard count(")") > count("(") else { return words }
        var out = words
        for i in out.indices {
            let t = out[i].text
            guard t.hasSuffix(")"), !t.contains("("), let first = t.first, "lLI|[{1".contains(first) else { continue }
            let inner = t.dropFirst().dropLast()
            guard inner.count >= 4, inner.allSatisfy({ $0.isLetter && $0.isLowercase }) else { continue }
            out[i].text = "(" + inner + ")"
        }
        return out
    }

    private func cleanTitle(_ s: String) -> String {
        var t = Substring(s)
        let junk: Set<Character> = [" ", ".", "-", "–", "—", "(", "|", "_", "·", "…", ":"]
        while let f = t.first, junk.contains(f) { t = t.dropFirst() }
        while let l = t.last, junk.contains(l) { t = t.dropLast() }
        return String(t)
    }
}
