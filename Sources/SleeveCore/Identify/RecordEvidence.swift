/// The fields of one sidecar record that identification reads: the shared lenient
/// reader of written records (`RecordFile`), under the name identification has used.
public typealias RecordFields = RecordFile

/// Everything the records of one physical record (its sleeve, its dead-wax photos, its
/// label) offer to identification, combined and normalised once.
public struct RecordEvidence: Sendable {
    /// Codes decoded from symbols.
    public var barcodes: [BarcodeKey] = []
    /// Runs of 10+ digits printed in the text (a code printed as digits only), and the
    /// reader's barcodes from text (printed digits that passed their check digit).
    public var digitRuns: [BarcodeKey] = []
    /// The parsed catalogNumber fields.
    public var catalogNumbers: [String] = []
    /// Word windows of every text line that could be a catno.
    public var catnoPhrases: [CatnoPhrase] = []
    public var labels: [String] = []
    public var artists: [String] = []
    public var titles: [String] = []
    public var tracks: [RecordFields.TrackField] = []
    /// "Made in X" as printed.
    public var country: String?
    /// The year beside ℗/© (or "Made in") as printed, when the text names one.
    public var year: Int?
    /// Trigrams of all text lines (`TextSimilarity.trigramCodes`), for "is this name
    /// printed anywhere".
    public var textTrigrams: Set<UInt64> = []
    /// Matrix runs read from dead-wax records.
    public var matrices: [String] = []
    /// Those of `matrices` read off a photo of the whole disc, with the whole run-out in
    /// view (`RecordFile.showsWholeDisc`).
    public var matricesInFullView: Set<String> = []
    /// At least one dead-wax record was given.
    public var hasDeadWax = false

    public struct CatnoPhrase: Sendable, Equatable {
        public var exact: String
        public var folded: String
        /// Line index and word span; line −1 is the parsed catalogNumber field.
        public var line: Int
        public var span: ClosedRange<Int>
        /// A short word (1–3 letters or digits) follows in the line: the printed catno
        /// may be this one with a suffix (`SIGNAL CX S`, `MOVLP 2538 X`), another edition.
        public var suffixed = false
        /// Worth looking up in the index (has a digit); others are only compared.
        public var lookup: Bool { CatalogKey.isPlausible(exact) }
    }

    public init(records: [RecordFields]) {
        var lineIndex = 0
        var allText: [String] = []
        for r in records {
            if r.isDeadWax {
                hasDeadWax = true
                let runs = (r.matrix ?? []).map(\.text).filter { !$0.isEmpty }
                matrices += runs
                if r.showsWholeDisc { matricesInFullView.formUnion(runs) }
                continue
            }
            for b in r.barcodes ?? [] where b.checksumValid != false {
                guard let k = BarcodeKey.normalise(b.value), k.valid else { continue }
                // Printed digits are evidence as digits (they may be a UPC-shaped catno),
                // never a decoded code that rules out a release listing another one.
                if b.isText {
                    if !digitRuns.contains(k) { digitRuns.append(k) }
                } else if !barcodes.contains(k) {
                    barcodes.append(k)
                }
            }
            if let c = r.catalogNumber, !c.isEmpty {
                catalogNumbers.append(c)
                let exact = CatalogKey.exact(c)
                if exact.count >= 2 {
                    catnoPhrases.append(CatnoPhrase(exact: exact, folded: CatalogKey.folded(c), line: -1, span: 0...0))
                }
            }
            if let l = r.label, !l.isEmpty { labels.append(l) }
            if let a = r.artist, !a.isEmpty { artists.append(a) }
            if let t = r.title, !t.isEmpty { titles.append(t) }
            tracks += r.tracks ?? []
            for line in r.lines ?? [] {
                allText.append(line.text)
                catnoPhrases += Self.phrases(in: line.text, line: lineIndex)
                digitRuns += Self.digitRuns(in: line.text)
                lineIndex += 1
            }
        }
        for t in allText { textTrigrams.formUnion(TextSimilarity.trigramCodes(TextSimilarity.normalise(t))) }
        let footer = FooterReading(lines: allText)
        country = footer.country
        year = footer.year
    }

    /// Windows of 1–4 words whose letters and digits could be a catno.
    static func phrases(in text: String, line: Int) -> [CatnoPhrase] {
        let words = text.split(whereSeparator: \.isWhitespace).map(asLetters)
        var out: [CatnoPhrase] = []
        for start in words.indices {
            var joined = ""
            for end in start..<min(words.count, start + 4) {
                joined += words[end]
                let exact = CatalogKey.exact(joined)
                guard exact.count >= 3, exact.count <= 24 else { continue }
                // The window ends at punctuation ("UK." then the catno) or the line's end
                // unless a short word follows it directly.
                var suffixed = false
                if end + 1 < words.count, words[end].last.map({ $0.isLetter || $0.isNumber }) ?? false {
                    let next = CatalogKey.exact(words[end + 1])
                    suffixed = (1...3).contains(next.count) && next.count == words[end + 1].count
                }
                out.append(CatnoPhrase(exact: exact, folded: CatalogKey.folded(joined), line: line, span: start...end,
                                       suffixed: suffixed))
            }
        }
        return out
    }

    /// A word as the letters OCR took for symbols: `|` is the vertical stroke of an I, l
    /// or 1 and `®` an R it saw a ring around (`MER-136` read `ME®| 36`). Only inside a
    /// word with a letter or digit: a bar standing alone is a barcode's bar or a separator.
    static func asLetters(_ word: Substring) -> String {
        guard word.contains(where: { $0 == "|" || $0 == "®" }),
              word.contains(where: { $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return String(word) }
        return String(word.map { $0 == "|" ? "I" : $0 == "®" ? "R" : $0 })
    }

    /// Digit runs of 10 to 14 digits (spaces, hyphens and a trailing `>` allowed between).
    static func digitRuns(in text: String) -> [BarcodeKey] {
        var runs: [String] = []
        var current = ""
        for ch in text {
            if ch.isASCII && ch.isNumber { current.append(ch) }
            else if ch == " " || ch == "-" { continue }
            else { runs.append(current); current = "" }
        }
        runs.append(current)
        return runs.filter { (10...14).contains($0.count) }.compactMap(BarcodeKey.normalise)
    }
}

/// The footer a sleeve prints: "℗ 1987 Chrysalis. Made in USA. BFV 41602": the
/// country after "Made in", the year beside ℗ or ©.
public struct FooterReading: Sendable, Equatable {
    public var country: String?
    public var year: Int?

    public init(lines: [String]) {
        var countries: [String] = []
        var years: Set<Int> = []
        for line in lines {
            let lower = line.lowercased()
            let madeIn = Self.afterMadeIn(line)
            if let rest = madeIn, let name = Self.country(after: rest) { countries.append(name) }
            let marked = madeIn != nil || ["(p)", "{p)", "℗", "©", "(c)"].contains { lower.contains($0) }
            guard marked else { continue }
            for word in lower.split(whereSeparator: { !$0.isNumber }) where word.count == 4 {
                if let y = Int(word), (1900...2099).contains(y) { years.insert(y) }
            }
        }
        country = countries.count == 1 ? countries[0] : (Set(countries.map { $0.lowercased() }).count == 1 ? countries.first : nil)
        year = years.count == 1 ? years.first : nil
    }
}

extension FooterReading {
    /// The text after "Made in", found also as OCR reads it: "Madein", "Made im",
    /// "Made un" (a faint footer), "Made m" (a lost or misread "in").
    static func afterMadeIn(_ line: String) -> Substring? {
        let chars = Array(line.lowercased())
        guard chars.count == Array(line).count else { return nil }
        let original = Array(line)
        var i = 0
        while i + 4 <= chars.count {
            if String(chars[i..<(i + 4)]) == "made", i == 0 || !chars[i - 1].isLetter {
                var j = i + 4
                if j < chars.count, chars[j] == " " { j += 1 }
                for word in ["in", "im", "ln", "un", "m", "n"] {
                    let w = Array(word)
                    if j + w.count < chars.count, Array(chars[j..<(j + w.count)]) == w, chars[j + w.count] == " " {
                        return Substring(String(original[(j + w.count + 1)...]))
                    }
                }
            }
            i += 1
        }
        return nil
    }

    /// The country name that follows "Made in": up to a comma, a sentence's full stop
    /// (". ", so "U.K." stays whole), a digit (the catno often follows without a stop)
    /// or the line's end; at most three words.
    static func country(after rest: Substring) -> String? {
        var name = ""
        var chars = Array(rest)
        chars.append(" ")
        var i = 0
        while i < chars.count - 1 {
            let c = chars[i]
            if c == "," || c == ";" || c.isNumber || (c == "." && chars[i + 1] == " ") { break }
            name.append(c)
            i += 1
        }
        let words = name.split(separator: " ").prefix(3)
        var out = words.joined(separator: " ")
        while out.last == "." { out.removeLast() }
        return out.isEmpty ? nil : out
    }
}
