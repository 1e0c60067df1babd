/// Artist and title by typographic prominence, not by which line comes first.
///
/// On a real sleeve the first line in reading order is as often a catalog number, a
/// series badge or a picture read as letters as it is the artist. What a reader sees
/// first is the largest type: the header is the lines set larger than the rest, in
/// blocks of neighbouring lines of about the same size. Only lines that read as
/// print (confident, word-shaped) take part: a null beats a garbled name.
public struct HeaderReader: Sendable {
    /// Mean word confidence below which a line is not trusted for a name.
    public var minConfidence = 70.0
    /// Share of a line's letters that must stand in word-shaped tokens.
    public var minWordShare = 0.8
    /// Words in a header line at most: titles are short, liner notes are not.
    public var maxLineWords = 8
    /// Confidence a line needs when its only word has two letters.
    public var shortWordConfidence = 90.0
    /// Lines of one block are at most this many times taller than each other.
    public var blockHeightRatio = 1.6
    /// Lines of one block are apart by less than this share of the smaller one's height.
    public var blockGap = 0.8
    /// A second block is the other field only when its type is at least this share of
    /// the first block's (else it is body text, a credit, or a caption).
    public var secondBlockShare = 0.45
    /// Blocks whose type is within this share of the largest count as equally large;
    /// of those the topmost leads ("largest type near the top").
    public var sameSizeShare = 0.85
    /// A title runs over at most this many lines; more lines in the same type are a
    /// subtitle or a credit run.
    public var maxBlockLines = 2
    /// Lines of a justified column of body text: this many others share the line's
    /// left edge and width nearby.
    public var bodyColumnLines = 3
    /// A smaller word beside a large one shows it is a piece of a line of small print
    /// only when read at least this surely: scraps of a picture or of handwriting
    /// ("tule" at 35 on "“RANK"'s row) are not the next words of a sentence.
    public var smallPrintConfidence = 50.0

    public init() {}

    /// A line with its mean word confidence (0...100).
    public struct Candidate: Sendable {
        public var line: TextLine
        public var confidence: Double
        public init(_ line: TextLine, confidence: Double) {
            self.line = line
            self.confidence = confidence
        }
    }

    /// Artist and title from the header candidates (lines above the tracklist that are
    /// not codes, headings or rights lines). The largest block is the artist when it
    /// is a single short line (a band's name, a logo) and the title otherwise; the
    /// next largest block, when its type is comparable, is the other field.
    ///
    /// `page` is every line of the page (the header's and the rest): a line set in a
    /// justified column of body text is refused, whatever its size. `confidence` gives
    /// the engine's confidence of the page's words (without it every word counts as
    /// surely read). `pixels`, the page's image, shows letters past a line's ends that
    /// no word holds (`UnreadTypeBeside`).
    public func read(_ candidates: [Candidate], page: [TextLine] = [],
                     confidence: [TextBox: Double]? = nil,
                     pixels: UnreadTypeBeside? = nil) -> (artist: String?, title: String?) {
        let lines = candidates
            .map { Candidate(withoutSpecks($0.line), confidence: $0.confidence) }
            .filter { $0.confidence >= minConfidence && isPrint($0.line) && !isCredit($0.line.text) }
            .filter { !isPackagingNotice($0.line.text) && !isSoundtrackDescriptor($0.line.text) && !isPartNumber($0.line.text) }
            // Liner notes read confidently and set large on a close photo are still
            // prose: a name or a title is not lower-case running text, does not break
            // mid-sentence, and does not stand in a justified column of body text.
            .filter { !isInBodyColumn($0.line, page: page) && !isInflatedPiece($0.line, page: page, confidence: confidence) }
            // A line of more words is prose (liner notes set large on a photo's page).
            .filter { $0.line.words.count <= maxLineWords }
            // A line whose only word is two letters ("US") must be read surely: a
            // picture gives two-letter scraps ("AL", "ny") at middling confidence.
            .filter { $0.confidence >= shortWordConfidence || $0.line.words.contains { TextShape.isWordLike($0.text) } }
            .map(\.line)
        // Running text is judged on whole rows: "Comme" alone is capitalised, but on
        // its row it follows "phiquement", the tail of a hyphenated word.
        let blocks = self.blocks(mergingRows(lines).filter { !isRunningText($0.text) && !isLabelledValue($0.text) })
            .filter { !isOnlyFunctionWords($0) }
        // A lone two-letter word ("IN", "AL") may be the second field beside a name
        // (TELEVISION "US") but never the header on its own: a picture gives such scraps.
        guard let first = leading(blocks.filter { $0.contains { $0.words.contains { TextShape.isWordLike($0.text) } } })
        else { return (nil, nil) }
        // A block beside type of its size that the engine could not read is a piece of
        // a larger name or title ("PORTER" under an unread "GREGORY", "DJ LAB" after an
        // unreadable "TRENTEMØLLER VS."): its field stays null, a null beats a piece. It
        // still takes its place in the header, so the other block keeps its role.
        // Letters that came out as no word at all show in the pixels only: the line's
        // type goes on past its ends ("ULIN" of a red "MOULIN") in type no surely read
        // word holds (words read under `minConfidence` are scraps of that type: "Wil"
        // over "KILL").
        let surelyRead = pixels == nil ? []
            : page.flatMap(\.words).filter { (confidence?[$0] ?? 100) >= minConfidence }.map(\.rect)
        func isPiece(_ block: [TextLine]) -> Bool {
            isBesideUnreadType(block, page: page, confidence: confidence)
                || pixels.map { pixels in block.contains { pixels.continues($0.rect, readWords: surelyRead) } } ?? false
        }
        let firstIsPiece = isPiece(first)
        let rest = blocks.filter { $0 != first && height($0) >= secondBlockShare * height(first) }
        let second = leading(rest).flatMap { isPiece($0) ? nil : $0 }
        if let second, areColumnHeadings(first, second, page: page) { return (nil, nil) }
        // A band's name, a logo: one short line, or one word a line stacked ("THE" over
        // "SMITHS", "JEFFERSON" over "AIRPLANE"), the commonest way a name is set large.
        let firstIsName = first.count == 1 && first[0].words.count <= 3
            || first.allSatisfy { $0.words.filter { $0.text.contains { $0.isLetter || $0.isNumber } }.count == 1 }
        let firstText = firstIsPiece ? nil : text(first)
        // A title is set in quotation marks ("“RANK”" under THE / SMITHS), a name is
        // not: a quoted block is the title however large its type.
        if firstIsName && !isQuoted(first) { return (firstText, second.map(text)) }
        return (second.map(text), firstText)
    }

    /// The block opens with a quotation mark (the closing one is often lost to the
    /// engine: "“RANK").
    func isQuoted(_ block: [TextLine]) -> Bool {
        guard let first = block.first?.text.first else { return false }
        return ["“", "\"", "„", "«"].contains(first)
    }

    /// Headings over two columns ("APERTURA" | "CLAUSURA" over a CD inlay's two
    /// tracklists), not a name and a title: two one-line blocks in the same type on one
    /// row, too far apart to be one line, each standing over text. A name and a title
    /// stand one above the other or in different type; the page's own names are then
    /// elsewhere (a spine, a logo), and null beats a heading.
    func areColumnHeadings(_ a: [TextLine], _ b: [TextLine], page: [TextLine]) -> Bool {
        guard a.count == 1, b.count == 1 else { return false }
        let (ra, rb) = (a[0].rect, b[0].rect)
        let h = max(ra.height, rb.height)
        guard ra.sharesRow(with: rb), height(a) >= sameSizeShare * height(b), height(b) >= sameSizeShare * height(a),
              max(ra.minX, rb.minX) - min(ra.maxX, rb.maxX) >= 3 * h else { return false }
        // Text right under the heading, across its width: the column it heads.
        func headsText(_ r: Rect) -> Bool {
            page.contains { o in
                o.rect.minY > r.maxY && o.rect.minY - r.maxY < 4 * h && o.rect.minX < r.maxX && o.rect.maxX > r.minX
            }
        }
        return headsText(ra) && headsText(rb)
    }

    /// The line without specks run into it: a mark of no letter or digit in much smaller
    /// type than the line's words ("SMITHS" and a 6-pixel "&" from the picture beside it).
    func withoutSpecks(_ line: TextLine) -> TextLine {
        guard let h = medianWordHeight(line) else { return line }
        let kept = line.words.filter { w in
            w.text.contains { $0.isLetter || $0.isNumber } || w.rect.height >= 0.5 * h
        }
        return kept.isEmpty || kept.count == line.words.count ? line : TextLine(words: kept)
    }

    /// The block a reader sees first: the largest type, the topmost of equally large ones.
    func leading(_ blocks: [[TextLine]]) -> [TextLine]? {
        guard let largest = blocks.map(height).max() else { return nil }
        return blocks.filter { height($0) >= sameSizeShare * largest }.min { $0[0].rect.minY < $1[0].rect.minY }
    }

    /// Print, not a picture: word-shaped tokens carry most of its letters, and at least
    /// one is a real word.
    func isPrint(_ line: TextLine) -> Bool {
        let tokens = line.words.map(\.text)
        // Two letters make a title ("US"); the confidence and size tests keep out the
        // two-letter scraps a picture gives.
        return tokens.contains { TextShape.isWordLike($0, minLetters: 2) } && TextShape.wordShare(tokens) >= minWordShare
    }

    /// Running text, not a name or a title: it starts with a lower-case word ("avec la",
    /// "phiquement Comme": a sentence's middle, a hyphenated word's tail), its long
    /// words are mostly lower case ("der them the importance they deserve"), or it
    /// breaks like a sentence: a stop or comma before a lower-case word ("joinas, But
    /// they differ"), or a trailing comma, semicolon or hyphen (the line runs on).
    func isRunningText(_ text: String) -> Bool {
        let tokens = text.split(separator: " ").map(String.init)
        let words = tokens.map { $0.filter(\.isLetter) }.filter { $0.count >= 2 }
        if let first = words.first?.first, first.isLowercase { return true }
        let long = words.filter { $0.count >= 4 }
        if long.filter({ $0.first!.isLowercase }).count * 2 > long.count { return true }
        // A list of names with initials ("Abert H., Chailley J., Crusius O.") or a
        // sentence: a title carries one comma at most.
        if tokens.filter({ $0.hasSuffix(",") }).count >= 2 { return true }
        if let last = tokens.last, last.count > 1, let end = last.last, ",;-".contains(end) { return true }
        for (token, next) in zip(tokens, tokens.dropFirst()) where token.last.map({ ".,;".contains($0) }) == true {
            if let n = next.first(where: \.isLetter), n.isLowercase { return true }
        }
        return false
    }

    /// A piece of a line of small print whose boxes came out tall (an initial's stop, an
    /// accent, a letter run into the next row): "Den" before "Zusammenbruchs," and
    /// "Comme" after "phiquement" are body text, not large type. Large type stands
    /// apart: no word of much smaller type sits on its row within half its height (a
    /// word's space), as the next word of a sentence does.
    func isInflatedPiece(_ line: TextLine, page: [TextLine], confidence: [TextBox: Double]? = nil) -> Bool {
        guard let h = medianWordHeight(line) else { return false }
        let r = line.rect
        return page.lazy.flatMap(\.words).contains { w in
            // Print, not a speck of a picture beside a logo, nor a scrap of one read as
            // a word ("tule" off a handwritten card beside "“RANK").
            !line.words.contains(w) && w.rect.height < 0.6 * h && TextShape.isWordLike(w.text, minLetters: 2)
                && (confidence?[w] ?? 100) >= smallPrintConfidence
                && w.rect.midY >= r.minY && w.rect.midY <= r.maxY
                && w.rect.minX < r.maxX + h / 2 && w.rect.maxX > r.minX - h / 2
        }
    }

    /// Type of the block's size right beside it, above, below or on its row within a
    /// word space, in a segment the engine read unsurely (mean confidence under
    /// `minConfidence`) or not as print: letters of the same name or title that did not
    /// come out, so the block is a piece of it. Judged word by word (a word of two
    /// letters or more; a segment's box is inflated by marks run into it): a word's
    /// height within `blockHeightRatio` of the line's median, and above or below it by
    /// less than half a height, as the lines of one name are stacked.
    func isBesideUnreadType(_ block: [TextLine], page: [TextLine], confidence: [TextBox: Double]?) -> Bool {
        let own = Set(block.flatMap(\.words))
        func mean(_ s: TextLine) -> Double {
            guard let confidence else { return 100 }
            return s.words.map { confidence[$0] ?? 0 }.reduce(0, +) / Double(s.words.count)
        }
        let unread = page.flatMap(\.segments)
            .filter { s in !s.words.contains(where: own.contains) && (mean(s) < minConfidence || !isPrint(s)) }
            .flatMap(\.words)
            .filter { $0.text.filter(\.isLetter).count >= 2 }
        return block.contains { line in
            guard let h = medianWordHeight(line) else { return false }
            let a = line.rect
            return unread.contains { w in
                let b = w.rect
                guard max(h, b.height) <= blockHeightRatio * min(h, b.height) else { return false }
                let overlapsAcross = a.minX < b.maxX && b.minX < a.maxX
                let verticalGap = max(a.minY, b.minY) - min(a.maxY, b.maxY)
                let horizontalGap = max(a.minX, b.minX) - min(a.maxX, b.maxX)
                return overlapsAcross && verticalGap < 0.5 * min(h, b.height)
                    || a.sharesRow(with: b) && horizontalGap < max(h, b.height)
            }
        }
    }

    /// Words that only join others: articles, possessives, prepositions, conjunctions,
    /// "is"/"was". A block of nothing else is a piece of a longer line the engine read
    /// apart ("OUR" of a title stacked THIS / IS / OUR / MUSIC, its box inflated by a
    /// quote mark) or a scrap of handwriting ("WAS"), never a name or a title of its
    /// own. A name that starts with one keeps it ("THE" over "SMITHS"). Object pronouns
    /// are left out: "US", "THEM" and "IT" are titles and names.
    static let functionWords: Set<String> = [
        "the", "a", "an", "this", "that", "these", "those",
        "our", "my", "your", "his", "her", "its", "their",
        "of", "in", "on", "at", "to", "from", "with", "by", "into", "for", "as",
        "and", "or", "but", "nor", "is", "are", "was", "were", "be", "am",
    ]

    func isOnlyFunctionWords(_ block: [TextLine]) -> Bool {
        let words = block.flatMap { $0.text.lowercased().split(whereSeparator: { !$0.isLetter }) }
        return !words.isEmpty && words.allSatisfy { Self.functionWords.contains(String($0)) }
    }

    /// A label and its value ("Language: Dari", "Style: Pashto"), or the label alone
    /// ("Style:"): a short line whose first word ends in a colon. A title's colon comes later ("ROUMANIE: BANAT").
    func isLabelledValue(_ text: String) -> Bool {
        let tokens = text.split(separator: " ")
        return tokens.count <= 3 && (tokens.first.map { $0.count > 1 && $0.hasSuffix(":") } ?? false)
    }

    /// One line of a justified column of body text: at least `bodyColumnLines` other
    /// lines nearby (within six lines' height above or below), not in much smaller type,
    /// start at its left edge and run about as wide. A title block is one or two lines;
    /// a paragraph is more. Type size matters one way only: a title whose row ends in
    /// the catalogue number lines up with the smaller tracklist under it, while box
    /// heights within one paragraph vary with ascenders and stray marks.
    func isInBodyColumn(_ line: TextLine, page: [TextLine]) -> Bool {
        guard let h = medianWordHeight(line) else { return false }
        // A wide gap may have cut the candidate off its line ("Bevor die erste Note des
        // Papyrus von" | "beginnen wir"): the column is judged on the whole line.
        let r = page.first { $0.words.contains(line.words[0]) }?.rect ?? line.rect
        let others = page.filter { o in
            let q = o.rect
            return q != r && abs(q.minX - r.minX) <= 2 * h
                && abs(q.width - r.width) <= 0.15 * max(q.width, r.width)
                && abs(q.midY - r.midY) <= 6 * h && abs(q.midY - r.midY) > h / 2
                && medianWordHeight(o).map { $0 >= 0.6 * h } == true
        }
        return others.count >= bodyColumnLines
    }

    func medianWordHeight(_ line: TextLine) -> Double? {
        let heights = line.words.map(\.rect.height).sorted()
        return heights.isEmpty ? nil : heights[heights.count / 2]
    }

    /// "PRODUCED BY RICK RUBIN", "RECORDED IN KABUL BY", "All songs written by …":
    /// credits, set near the header but never the artist or the title.
    /// Words a sleeve carries about the record as an object, not its name: the format
    /// printed beside the catalog number ("STEREO") and a promotional sticker
    /// ("PROMOTIONAL COPY NOT FOR SALE", read in pieces). A line of nothing else is no
    /// artist or title; a band called Stereo loses its name to a null, not to a guess.
    static let packagingWords: Set<String> = [
        "stereo", "stereophonic", "mono", "monaural", "quadraphonic", "promotional", "promo",
        "copy", "not", "for", "sale", "demonstration", "high", "fidelity", "long", "playing",
    ]

    func isPackagingNotice(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return !words.isEmpty && words.allSatisfy { Self.isPackagingRun(Array($0)) }
    }

    /// One packaging word, or several the engine ran together ("NOTFOR" off a sticker
    /// whose space it lost): the token splits into packaging words with nothing left.
    static func isPackagingRun(_ letters: [Character]) -> Bool {
        guard !letters.isEmpty else { return false }
        // splits[i]: the first i letters split into packaging words.
        var splits = [true] + Array(repeating: false, count: letters.count)
        for end in 1...letters.count {
            splits[end] = (0..<end).contains { start in
                splits[start] && packagingWords.contains(String(letters[start..<end]))
            }
        }
        return splits[letters.count]
    }

    /// Words of a credit line, which names who made the record, not the record.
    static let creditWords: Set<String> = [
        "produced", "recorded", "written", "published", "arranged", "engineered", "mastered",
        "mixed", "photography", "design", "designed", "distributed", "manufactured", "printed",
    ]
    /// What a credit names before its "by" ("MUSIC BY DAFT PUNK", "Words by …").
    static let creditNouns: Set<String> = ["music", "words", "lyrics", "score", "songs", "composed", "conducted"]

    func isCredit(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.contains("by") || words.contains { Self.creditWords.contains($0) || Self.isCreditRunIntoBy($0) }
    }

    /// A credit's word and its "by" that the engine ran together, its space lost, as
    /// a packaging word's ("MUSICBY DAFT PUNK" under TRON's logo became the title).
    static func isCreditRunIntoBy(_ word: String) -> Bool {
        guard word.hasSuffix("by") else { return false }
        let head = String(word.dropLast(2))
        return creditNouns.contains(head) || creditWords.contains(head)
    }

    /// Which part of a series a record is, alone on its line ("SEASON 4", "VOL. 2",
    /// "PART ONE"): a piece of a title set apart from it, never a name, and no title
    /// without the series' name (which a logo often holds, unread).
    static let partWords: Set<String> = ["season", "vol", "volume", "part", "chapter", "book", "episode"]
    static let numberWords: Set<String> = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                           "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x"]

    func isPartNumber(_ text: String) -> Bool {
        // "SEASON4": the space before a number is often lost.
        let tokens = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).flatMap { t -> [String] in
            guard let cut = t.firstIndex(where: \.isNumber), cut > t.startIndex, t[cut...].allSatisfy(\.isNumber) else { return [String(t)] }
            return [String(t[..<cut]), String(t[cut...])]
        }
        guard tokens.count == 2, Self.partWords.contains(tokens[0]) else { return false }
        return tokens[1].allSatisfy(\.isNumber) || Self.numberWords.contains(tokens[1])
    }

    /// The line a soundtrack's sleeve carries about what the music is from, not its
    /// title: "MUSIC FROM THE HBO SERIES", "MUSIC FROM THE MOTION PICTURE" (read as
    /// "MOSIC FROM THE MOTIONree:PICTURE"), "ORIGINAL SOUNDTRACK". A "from" with the
    /// screen it is from, or "soundtrack" with "original": "MUSIC FROM THE CROSSROADS OF
    /// ASIA" names no screen and stays a title. "Motion picture" is a screen that needs
    /// no "from": the engine loses a word of the line ("music THE Motion PICTURE", its
    /// FROM unread), and what is left is still the line, not a name.
    static let screenWords: Set<String> = ["motion", "picture", "film", "movie", "series", "television"]

    func isSoundtrackDescriptor(_ text: String) -> Bool {
        let words = Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        return words.contains("from") && !words.isDisjoint(with: Self.screenWords)
            || words.contains("soundtrack") && words.contains("original")
            || words.contains("motion") && words.contains("picture")
    }

    /// Lines the reading order put in separate columns but that stand on one row
    /// ("(MUSIC" | "FROM THE CROSSROADS OF ASIA") are one line of the header.
    func mergingRows(_ lines: [TextLine]) -> [TextLine] {
        var out: [TextLine] = []
        for line in lines.sorted(by: { $0.rect.minX < $1.rect.minX }) {
            if let i = out.firstIndex(where: {
                $0.rect.sharesRow(with: line.rect) && similarSize($0, line)
                    && line.rect.minX - $0.rect.maxX < 3 * max($0.rect.height, line.rect.height)
            }) {
                out[i] = TextLine(words: (out[i].words + line.words).sorted { $0.rect.minX < $1.rect.minX })
            } else {
                out.append(line)
            }
        }
        return out.sorted { $0.rect.minY < $1.rect.minY }
    }

    /// Neighbouring lines of about one size, top to bottom, at most `maxBlockLines` each.
    func blocks(_ lines: [TextLine]) -> [[TextLine]] {
        var blocks: [[TextLine]] = []
        for line in lines {
            // Any open block, not only the last one started: a column of small print
            // beside the header interleaves with it in top-to-bottom order.
            if let b = blocks.firstIndex(where: { block in
                let last = block[block.count - 1]
                return block.count < maxBlockLines && similarSize(last, line)
                    && line.rect.minY - last.rect.maxY < blockGap * min(last.rect.height, line.rect.height)
                    && line.rect.minX < last.rect.maxX && last.rect.minX < line.rect.maxX
            }) {
                blocks[b].append(line)
            } else {
                blocks.append([line])
            }
        }
        return blocks
    }

    private func similarSize(_ a: TextLine, _ b: TextLine) -> Bool {
        let (ha, hb) = (a.rect.height, b.rect.height)
        return max(ha, hb) <= blockHeightRatio * max(1e-9, min(ha, hb))
    }

    private func height(_ block: [TextLine]) -> Double { block.map(\.rect.height).max() ?? 0 }

    private func text(_ block: [TextLine]) -> String {
        block.map { trimmedWrapping($0.text) }.joined(separator: " ")
    }

    /// An unbalanced bracket or quote the line starts or ends with is the engine's,
    /// or half of a pair the layout split: "(MUSIC FROM …" → "MUSIC FROM …".
    private func trimmedWrapping(_ s: String) -> String {
        var t = Substring(s)
        let junk: Set<Character> = ["(", ")", "[", "]", "{", "}", "|", "«", "»", "“", "”", "‘", "’", "\"", "'", ":", ";", ",", "-", "—", "~", " "]
        let opens = t.filter { $0 == "(" }.count, closes = t.filter { $0 == ")" }.count
        while let f = t.first, junk.contains(f), !(f == "(" && opens == closes) { t = t.dropFirst() }
        while let l = t.last, junk.contains(l), !(l == ")" && opens == closes) { t = t.dropLast() }
        return String(t)
    }
}
