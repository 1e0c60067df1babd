/// Tracklists numbered in Roman numerals (I. II. III. … XII.), as CD inlays and
/// classical or concept albums print them.
///
/// A lone "I" or "V" is a word or a letter, so a numeral counts as a position only in
/// a column of them: at least three stacked at one left or right edge, whose values
/// follow their rows (the row under II. is III., a row left out skips one). The
/// numbers OCR garbled in such a column ("Il." for II., "ui." for III., "Vill" for
/// VIII.) take the value their row gives. A column may stand left of its titles
/// ("I. SACRA ENTRATA") or right of them (a right-hand block "ONE LION'S ROAR  VII.");
/// the title is the run of words beside the numeral on its row, up to a gutter.
public struct RomanNumeralList: Sendable {
    public init() {}

    /// Fewest numerals, agreeing with their rows, that make a list.
    static let minimumColumn = 3
    /// Words read below this confidence are not part of a title (a picture read as
    /// letters beside the list: "mn" at 21 over a tree trunk).
    static let wordConfidence = 30.0

    /// The value of a numeral as printed, after the confusions OCR makes in it
    /// ("Il" → II, "Vill" → VIII, "Ix" → IX, "x" → X), or nil.
    public static func value(_ token: String) -> Int? {
        guard let t = repaired(token) else { return nil }
        return strictValue(t)
    }

    /// The token's letters with look-alikes turned to numeral letters, nil when it holds
    /// anything else; a full stop (or comma) after it is how lists print it.
    static func repaired(_ token: String) -> String? {
        var t = Substring(token)
        while let l = t.last, ".,:;)".contains(l) { t = t.dropLast() }
        guard (1...5).contains(t.count) else { return nil }
        let map: [Character: Character] = ["I": "I", "l": "I", "i": "I", "|": "I", "1": "I", "!": "I",
                                           "V": "V", "v": "V", "X": "X", "x": "X"]
        var out = ""
        for c in t {
            guard let m = map[c] else { return nil }
            out.append(m)
        }
        return out
    }

    /// I…XXXIX written the canonical way (no IIII, no VX).
    static func strictValue(_ t: String) -> Int? {
        let ones = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
        for tens in 0...3 {
            let prefix = String(repeating: "X", count: tens)
            guard t.hasPrefix(prefix) else { break }
            if let i = ones.firstIndex(of: String(t.dropFirst(tens))), tens * 10 + i > 0 { return tens * 10 + i }
        }
        return nil
    }

    /// The canonical numeral of `n`.
    static func numeral(_ n: Int) -> String {
        let ones = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
        return String(repeating: "X", count: n / 10) + ones[n % 10]
    }

    /// A token that may be a garbled numeral: short, and only numeral letters, their
    /// look-alikes and the "u" that "II" runs into.
    static func mayBeNumeral(_ token: String) -> Bool {
        var t = Substring(token)
        while let l = t.last, ".,:;)".contains(l) { t = t.dropLast() }
        return (1...5).contains(t.count) && t.allSatisfy { "IVXlivx|1!u".contains($0) }
    }

    struct Member {
        var word: TextBox
        var value: Int
    }

    /// The tracks of every Roman-numbered list among the words, in numeral order,
    /// each with the rectangle of its row.
    public func rows(in lines: [TextLine], confidence: [TextBox: Double]? = nil) -> [TracklistParser.Row] {
        let words = lines.flatMap(\.words).filter { (confidence?[$0] ?? 100) >= Self.wordConfidence }
        let columns = self.columns(among: words)
        guard !columns.isEmpty else { return [] }
        let numerals = Set(columns.flatMap { $0.map(\.word) })
        let others = words.filter { !numerals.contains($0) }
        // Each row: its numerals (one per column at most) and the runs of words between.
        var claimed: [(member: Member, run: [TextBox], duration: TextBox?)] = []
        var used = Set<TextBox>()
        for column in columns {
            let titlesRight = titlesStandRight(of: column, among: others)
            for member in column {
                let row = others.filter { onRow($0, of: member.word) && !used.contains($0) }
                let side = row.filter { titlesRight ? $0.rect.minX > member.word.rect.maxX : $0.rect.maxX < member.word.rect.minX }
                let runs = self.runs(side.sorted { $0.rect.minX < $1.rect.minX })
                guard var run = titlesRight ? runs.first : runs.last else { continue }
                // A run that stands nearer another column's numeral on the row is that one's.
                let gap = titlesRight ? run[0].rect.minX - member.word.rect.maxX : member.word.rect.minX - run.last!.rect.maxX
                let nearer = numerals.contains { n in
                    n != member.word && onRow(n, of: member.word) && (titlesRight
                        ? n.rect.minX > run.last!.rect.maxX && n.rect.minX - run.last!.rect.maxX < gap
                        : n.rect.maxX < run[0].rect.minX && run[0].rect.minX - n.rect.maxX < gap)
                }
                if nearer { continue }
                used.formUnion(run)
                // A duration closing the row ("I. Allegro 4:12").
                var duration: TextBox?
                if run.count > 1, Duration.parse(run.last!.text) != nil { duration = run.removeLast() }
                claimed.append((member, run, duration))
            }
        }
        let rows: [TracklistParser.Row] = claimed.compactMap { member, run, duration in
            guard run.contains(where: { TextShape.isWordLike($0.text) }) else { return nil }
            let title = WordJoiner().join(run).trimmingCharacters(in: " .-–—|_")
            guard !title.isEmpty else { return nil }
            let rowRect = Rect.enclosing(run.map(\.rect) + [member.word.rect])!
            return TracklistParser.Row(track: SleeveRecord.Track(position: Self.numeral(member.value), title: title,
                                                                 duration: duration.flatMap { Duration.parse($0.text) }),
                                       durationCell: duration, lineRect: rowRect)
        }
        // A list is a list of titles: a column beside two titles is a coincidence.
        guard rows.count >= Self.minimumColumn else { return [] }
        var seen = Set<String>()
        return rows.sorted { Self.strictValue($0.track.position!)! < Self.strictValue($1.track.position!)! }
            .filter { seen.insert($0.track.position!).inserted }
    }

    /// Columns of numerals: stacked at one edge, in the sequence their rows give.
    func columns(among words: [TextBox]) -> [[Member]] {
        let candidates = words.filter { Self.mayBeNumeral($0.text) }
        guard candidates.count >= Self.minimumColumn else { return [] }
        var taken = Set<TextBox>()
        var found: [[Member]] = []
        for edge in [\Rect.minX, \Rect.maxX] {
            for start in candidates.sorted(by: { $0.rect.minY < $1.rect.minY }) where !taken.contains(start) {
                // Stacked: the same edge within half a numeral's height, each below the
                // last by at most four of its heights.
                var chain = [start]
                for c in candidates.sorted(by: { $0.rect.minY < $1.rect.minY })
                where !taken.contains(c) && c.rect.minY > chain.last!.rect.maxY - 0.5 * c.rect.height {
                    let h = max(start.rect.height, c.rect.height)
                    guard abs(c.rect[keyPath: edge] - start.rect[keyPath: edge]) <= 0.5 * h else { continue }
                    guard c.rect.midY - chain.last!.rect.midY <= 4 * h else { break }
                    chain.append(c)
                }
                guard let members = sequenced(chain) else { continue }
                found.append(members)
                taken.formUnion(members.map(\.word))
            }
        }
        return found
    }

    /// The chain's values from its rows: each numeral's row is its offset from the
    /// first in row pitches; the numbering is the one most read numerals agree with.
    /// Nil when fewer than three agree.
    func sequenced(_ chain: [TextBox]) -> [Member]? {
        guard chain.count >= Self.minimumColumn else { return nil }
        let steps = zip(chain, chain.dropFirst()).map { $1.rect.midY - $0.rect.midY }.sorted()
        let pitch = steps[steps.count / 2]
        guard pitch > 0 else { return nil }
        let slots = chain.map { Int((($0.rect.midY - chain[0].rect.midY) / pitch).rounded()) }
        var votes: [Int: Int] = [:]
        for (w, slot) in zip(chain, slots) {
            if let v = Self.value(w.text) { votes[v - slot, default: 0] += 1 }
        }
        guard let (first, agree) = votes.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) }),
              agree >= Self.minimumColumn, first >= 1 else { return nil }
        return zip(chain, slots).map { Member(word: $0, value: first + $1) }
    }

    /// On the numeral's row: overlapping it by half the smaller height, and not a box
    /// far taller than print (a picture read as one huge "word").
    func onRow(_ w: TextBox, of numeral: TextBox) -> Bool {
        w.rect.height <= 3 * numeral.rect.height && w.rect.sharesRow(with: numeral.rect)
    }

    /// Whether the column's titles stand to its right: more of its rows' words lie right
    /// of it than left.
    func titlesStandRight(of column: [Member], among words: [TextBox]) -> Bool {
        var right = 0, left = 0
        for m in column {
            for w in words where onRow(w, of: m.word) {
                if w.rect.minX > m.word.rect.maxX { right += 1 } else if w.rect.maxX < m.word.rect.minX { left += 1 }
            }
        }
        return right >= left
    }

    /// Words cut into runs at gutters: a gap wider than one and a half times the
    /// taller neighbour's height.
    func runs(_ words: [TextBox]) -> [[TextBox]] {
        var out: [[TextBox]] = []
        for w in words {
            if let last = out.last?.last, w.rect.minX - last.rect.maxX <= 1.5 * max(w.rect.height, last.rect.height) {
                out[out.count - 1].append(w)
            } else {
                out.append([w])
            }
        }
        return out
    }
}
