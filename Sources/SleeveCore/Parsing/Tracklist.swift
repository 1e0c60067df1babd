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
        var out: [SleeveRecord.Track] = []
        for line in lines {
            guard let track = track(in: line) else { continue }
            out.append(track)
        }
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

    private func cleanTitle(_ s: String) -> String {
        var t = Substring(s)
        let junk: Set<Character> = [" ", ".", "-", "–", "—", "(", "|", "_", "·", "…", ":"]
        while let f = t.first, junk.contains(f) { t = t.dropFirst() }
        while let l = t.last, junk.contains(l) { t = t.dropLast() }
        return String(t)
    }
}
