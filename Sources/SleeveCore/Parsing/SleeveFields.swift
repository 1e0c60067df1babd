/// The fields read off a sleeve's text.
public struct SleeveFields: Sendable, Equatable {
    public var artist: String?
    public var title: String?
    public var label: String?
    public var catalogNumber: String?
    public var tracks: [SleeveRecord.Track] = []
    /// Where each track's duration is printed (parallel to `tracks`), for a second,
    /// constrained reading of the ones OCR garbled.
    public var durationCells: [TextBox?] = []
    /// EAN/UPC digits printed as text that pass their check digit.
    public var barcodeDigits: [String] = []

    public init() {}
}

/// Reads artist, title, label, catalog number, tracks and printed barcode digits from
/// the page's lines in reading order. Unknown is nil: nothing is guessed.
public struct SleeveParser: Sendable {
    public init() {}

    public func parse(_ lines: [TextLine]) -> SleeveFields {
        var fields = SleeveFields()
        let tracklist = TracklistParser()
        let rows = tracklist.rows(in: lines)
        fields.tracks = rows.map(\.track)
        fields.durationCells = rows.map(\.durationCell)
        let segments = lines.flatMap(\.segments).map { ($0, $0.text) }

        fields.barcodeDigits = segments.compactMap { barcodeDigits(in: $0.1) }
        fields.label = lines.lazy.compactMap { label(in: $0.text) }.first
        fields.catalogNumber = catalogNumber(segments.map(\.1))

        // Header: the lines above the first track row, minus codes and side headings.
        let firstTrackY = lines.first { tracklist.track(in: $0) != nil }?.rect.minY ?? 1
        let header = segments
            .filter { $0.0.rect.maxY <= firstTrackY + 1e-9 }
            .map(\.1)
            .filter { s in
                !CatalogNumber.looksLike(s) && !isSideHeading(s) && s.contains(where: \.isLetter)
                    && barcodeDigits(in: s) == nil && label(in: s) == nil
            }
        fields.artist = header.first
        fields.title = header.dropFirst().first
        return fields
    }

    /// "SIDE A", "Side One", "SIDE 2".
    func isSideHeading(_ s: String) -> Bool {
        let w = s.lowercased().split(separator: " ")
        return w.count == 2 && w[0] == "side"
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

    /// The catalog number: a code-shaped segment, preferring one printed twice (the
    /// header and the rights line usually both carry it).
    func catalogNumber(_ segments: [String]) -> String? {
        var candidates: [String] = []
        for s in segments {
            if CatalogNumber.looksLike(s) { candidates.append(s.trimmingCharacters(in: " .,;")) }
            // Inside a sentence: "Made in UK. YKP 28974" — the tail after the last period.
            if let tail = s.split(separator: ".").last.map({ String($0).trimmingCharacters(in: " ") }),
               tail != s, CatalogNumber.looksLike(tail) {
                candidates.append(tail)
            }
        }
        func key(_ s: String) -> String { s.filter { $0.isLetter || $0.isNumber }.uppercased() }
        let counts = Dictionary(grouping: candidates, by: key).mapValues(\.count)
        return candidates.first { counts[key($0)]! > 1 } ?? candidates.first
    }
}
