/// Reads tracks (position, title, duration) off lines already in reading order.
///
/// A row is a position token at its start and/or a duration: either the last token
/// of the line (the row paired across a gutter) or a parenthesised duration after
/// the title ("Lust Heaven (12:44)"). The duration is found by geometry among the
/// row's boxes, so a catalog number sitting between a title and its duration in
/// array order never becomes the duration.
public struct TracklistParser: Sendable {
    public init() {}

    public func tracks(in lines: [TextLine]) -> [SleeveRecord.Track] {
        var rows: [(track: SleeveRecord.Track, token: String)] = []
        for line in lines {
            guard let track = track(in: line) else { continue }
            rows.append((track, line.words[0].text))
        }
        var out = rows.map(\.track)
        resequence(&out, tokens: rows.map(\.token))
        // Without a single position, rows with a duration still make a tracklist, but
        // only when there are several of them (one "3:00" on a sleeve is not one).
        if !out.contains(where: { $0.position != nil }), out.count < 2 { return [] }
        return out
    }

    public func track(in line: TextLine) -> SleeveRecord.Track? {
        var words = line.words
        guard words.count > 1 else { return nil }
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
        let title = cleanTitle(WordJoiner().join(words))
        guard position != nil || duration != nil, !title.isEmpty else { return nil }
        // A lone duration with a one-letter title is noise, not a track.
        guard position != nil || title.count > 1 else { return nil }
        return SleeveRecord.Track(position: position, title: title, duration: duration)
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

    private func cleanTitle(_ s: String) -> String {
        var t = Substring(s)
        let junk: Set<Character> = [" ", ".", "-", "–", "—", "(", "|", "_", "·", "…", ":"]
        while let f = t.first, junk.contains(f) { t = t.dropFirst() }
        while let l = t.last, junk.contains(l) { t = t.dropLast() }
        return String(t)
    }
}
