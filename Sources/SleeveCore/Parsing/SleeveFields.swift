/// The fields read off a sleeve's text.
public struct SleeveFields: Sendable, Equatable {
    /// The record's text fields that were read (see `SleeveRecord.TextField`).
    public var text: [SleeveRecord.TextField: String] = [:]
    public var tracks: [SleeveRecord.Track] = []
    /// Where each track's duration is printed (parallel to `tracks`), for a second,
    /// constrained reading of the ones OCR garbled.
    public var durationCells: [TextBox?] = []
    /// EAN/UPC digits printed as text that pass their check digit.
    public var barcodeDigits: [String] = []

    public init() {}

    public var artist: String? {
        get { text[.artist] }
        set { text[.artist] = newValue }
    }
    public var title: String? {
        get { text[.title] }
        set { text[.title] = newValue }
    }
    public var label: String? {
        get { text[.label] }
        set { text[.label] = newValue }
    }
    public var catalogNumber: String? {
        get { text[.catalogNumber] }
        set { text[.catalogNumber] = newValue }
    }
}

/// Reads artist, title, label, catalog number, tracks and printed barcode digits from
/// the page's lines in reading order. Unknown is nil: nothing is guessed.
public struct SleeveParser: Sendable {
    public init() {}

    /// Mean word confidence below which a line gives no track or catalog number: the
    /// engine reading a picture, a crease or out-of-focus print.
    public static let fieldConfidence = 50.0

    /// `confidence` gives the engine's confidence (0...100) of each word; without it
    /// every word is taken as confidently read. A line's is the mean of its words'.
    /// `page`, the image the words were read on, lets the header see type no word holds.
    public func parse(_ lines: [TextLine], confidence: [TextBox: Double]? = nil, page: GrayImage? = nil) -> SleeveFields {
        var fields = SleeveFields()
        func meanConfidence(_ line: TextLine) -> Double {
            guard let confidence, !line.words.isEmpty else { return 100 }
            return line.words.map { confidence[$0] ?? 0 }.reduce(0, +) / Double(line.words.count)
        }
        let trusted = lines.filter { meanConfidence($0) >= Self.fieldConfidence }
        let tracklist = TracklistParser()
        var rows = tracklist.rows(in: trusted)
        // A list numbered I. II. III. … has no position the line parser knows; its
        // numerals stand in a column, sometimes right of their titles (a CD inlay).
        if rows.isEmpty { rows = RomanNumeralList().rows(in: lines, confidence: confidence) }
        fields.tracks = rows.map(\.track)
        fields.durationCells = rows.map(\.durationCell)
        let segments = lines.flatMap(\.segments).map { ($0, $0.text) }

        fields.barcodeDigits = segments.compactMap { barcodeDigits(in: $0.1) }
        // The label only from a rights line read surely, as the catalog number: a
        // smudge of 5-pixel print read at 29 ("vrai © HetSePermbuen.") names no one.
        fields.label = trusted.lazy.compactMap { label(in: $0.text) }.first
        fields.catalogNumber = catalogNumber(trusted.flatMap(\.segments).map(\.text),
                                             besideRights: trusted.compactMap { CatalogNumber.besideRightsSociety($0.text) })

        // Header: the lines above the first track row, minus codes, side headings and
        // rights lines; artist and title by prominence among them.
        let firstTrackY = rows.map(\.lineRect.minY).min() ?? 1
        let header = lines.flatMap(\.segments)
            .filter { $0.rect.maxY <= firstTrackY + 1e-9 }
            .filter { s in
                let t = s.text
                // "SIDEONE (17:40)": a side's heading with its total, never a name.
                let sideTotal = TracklistParser().isSideTotal(t) && t.contains(where: \.isNumber)
                return !CatalogNumber.looksLike(t) && !isSideHeading(t) && !sideTotal && t.contains(where: \.isLetter)
                    && barcodeDigits(in: t) == nil && label(in: t) == nil
            }
            .map { HeaderReader.Candidate($0, confidence: meanConfidence($0)) }
        (fields.artist, fields.title) = HeaderReader().read(header, page: lines, confidence: confidence,
                                                             pixels: page.map(UnreadTypeBeside.init))
        return fields
    }

    /// "SIDE A", "Side One", "SIDE 2", and the same run together by the engine
    /// ("SIDEA" beside a photographed tracklist became the title).
    func isSideHeading(_ s: String) -> Bool {
        let w = s.lowercased().split(separator: " ")
        if w.count == 2 && w[0] == "side" { return true }
        guard w.count == 1, w[0].hasPrefix("side") else { return false }
        let rest = String(w[0].dropFirst(4))
        return ["one", "two", "three", "four"].contains(rest)
            || rest.count == 1 && rest.allSatisfy { ("a"..."h").contains($0) || ("1"..."9").contains($0) }
    }

    /// 8, 12 or 13 digits (spaces allowed between groups) with a valid check digit.
    func barcodeDigits(in s: String) -> String? {
        let compact = s.filter { $0 != " " }
        guard compact.allSatisfy({ $0.isASCII && $0.isNumber }), [12, 13].contains(compact.count) else { return nil }
        return CheckDigit.isValidGTIN(compact) ? compact : nil
    }

    /// The label's name from a rights line: "(P) 1969 Capitol Records. Made in UK."
    /// gives "Capitol Records"; "℗ 1984 4AD" gives "4AD". The name ends at a full
    /// stop or comma (also one OCR ran into the next word: "Records.Madein") or after a
    /// company word ("Records", "Music").
    func label(in line: String) -> String? {
        let marks: Set<String> = ["(P)", "P)", "(P", "℗", "(C)", "C)", "©", "(p)", "(c)"]
        let words = line.split(separator: " ").map(String.init)
        guard let markAt = words.firstIndex(where: { marks.contains($0) }) else { return nil }
        var rest = Array(words[(markAt + 1)...])
        // Skip the year (and a comma after it).
        while let f = rest.first, f.filter(\.isNumber).count == 4, f.count <= 6 { rest.removeFirst() }
        let companyWords: Set<String> = ["records", "recordings", "music", "ltd", "inc", "gmbh"]
        var name: [String] = []
        for w in rest {
            // A stop inside the word: keep what comes before it, and end there.
            if let stop = w.firstIndex(where: { ".,;".contains($0) }) {
                let head = String(w[..<stop])
                if !head.isEmpty { name.append(head) }
                break
            }
            name.append(w)
            if companyWords.contains(w.lowercased()) { break }
        }
        let s = name.joined(separator: " ")
        return s.isEmpty || s.filter(\.isLetter).isEmpty ? nil : s
    }

    /// A code as printed beside its format or a stray mark: "H-72053 (Stereo)" →
    /// "H-72053", "STM-EPE 0751 ~" → "STM-EPE 0751".
    func withoutQualifier(_ segment: String) -> String {
        var words = segment.split(separator: " ").map(String.init)
        let formats: Set<String> = ["stereo", "mono", "quadraphonic", "lp", "ep"]
        while let last = words.last, words.count > 1,
              !last.contains(where: { $0.isLetter || $0.isNumber })
                || formats.contains(last.lowercased().filter(\.isLetter)) && !last.contains(where: \.isNumber) {
            words.removeLast()
        }
        return words.joined(separator: " ")
    }

    /// The catalog number: a code-shaped segment, preferring one printed twice (the
    /// header and the rights line usually both carry it), then one printed beside a
    /// rights society (`besideRights`, which finds it also when the segments cut it
    /// off from its line: "… i) MOVATM235 - BIEM/STEMRA").
    func catalogNumber(_ segments: [String], besideRights: [String] = []) -> String? {
        var candidates: [String] = []
        for s in segments.map(withoutQualifier) {
            if CatalogNumber.looksLike(s) { candidates.append(s.trimmingCharacters(in: " .,;")) }
            // Inside a sentence: "Made in UK. YKP 28974" — the tail after the last period.
            if let tail = s.split(separator: ".").last.map({ String($0).trimmingCharacters(in: " ") }),
               tail != s, CatalogNumber.looksLike(tail) {
                candidates.append(tail)
            }
        }
        func key(_ s: String) -> String { s.filter { $0.isLetter || $0.isNumber }.uppercased() }
        let all = candidates + besideRights
        let counts = Dictionary(grouping: all, by: key).mapValues(\.count)
        return all.first { counts[key($0)]! > 1 } ?? besideRights.first ?? candidates.first
    }
}
