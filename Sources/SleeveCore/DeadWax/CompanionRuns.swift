/// Which of a reading's runs go into the record's matrix.
///
/// A strip is split into runs wherever a wide gap lies along the groove, and any
/// run with a token of four characters and a digit passes as plausible; so a few
/// strokes of a mark read as digits became a run of their own beside the real one
/// (shared close-ups 013 and 014: "SI-4963-A1" with "S272", "36623-A1" with
/// "AS72", each character of the junk at 80–98). The main run, the one that reads
/// most like a catalogue run, always stays; another run stays only when it is
/// plausible as a run of the same matrix in its own right.
public enum CompanionRuns {
    /// Every letter and digit of a companion read at least this sure (0...100)
    /// lets it stand on its own. The junk second runs' weakest characters were read
    /// at 80 and 82; the mark runs kept beside codes (STERLING, TML-M) at 97–99.
    public static let sureCharacter = 95.0

    /// `runs` (plausible runs of one reading, in strip order) without the companions
    /// that are not plausible as matrix runs. The main run is the one with a
    /// catalogue number (`catalogueNumber`) that weighs most by
    /// `MatrixParser.shapeWeight`, then has the longest number, then comes first. A
    /// companion is kept when it is
    /// - nothing but marks: known mastering marks ("STERLING", "TML-M"), side and
    ///   lacquer marks ("B2"), slashed marks ("A//1");
    /// - the same catalogue: the main run's number is in it, OCR look-alikes folded
    ///   (O/0, I/1, S/5, B/8), one further edit allowed from five digits on;
    /// - or read surely: it has words whose characters spell it as read, each
    ///   letter and digit at `sureCharacter` or more (the words of the reading,
    ///   matched by token as in `MatrixGrammar.evidence`).
    /// Without a run that has a catalogue number there is nothing to compare with,
    /// and the runs stay as they are.
    public static func kept(_ runs: [MatrixRun], words: [(text: String, symbols: [RecognizedSymbol])]) -> [MatrixRun] {
        let numbers = runs.map(catalogueNumber)
        var main: Int?
        for i in runs.indices where numbers[i] != nil {
            guard let m = main else { main = i; continue }
            let candidate = (MatrixParser.shapeWeight(runs[i]), numbers[i]!.count)
            if candidate > (MatrixParser.shapeWeight(runs[m]), numbers[m]!.count) { main = i }
        }
        guard let main, let number = numbers[main] else { return runs }
        return runs.indices.filter { i in
            i == main || isOnlyMarks(runs[i]) || sharesCatalogue(runs[i], number: number)
                || isReadSurely(runs[i], words: words)
        }.map { runs[$0] }
    }

    /// The catalogue number of a run: the longest stretch of digits in its code,
    /// look-alikes folded within each part between separators ("SI-4963-A1" →
    /// "4963", "B49365-A3" → "849365"); nil without a code or under three digits.
    static func catalogueNumber(_ run: MatrixRun) -> [Character]? {
        guard let code = run.code else { return nil }
        var best: [Character] = [], current: [Character] = []
        for c in foldedParts(code) {
            if c.isNumber { current.append(c) } else { current = [] }
            if current.count > best.count { best = current }
        }
        return best.count >= 3 ? best : nil
    }

    /// Upper case letters and digits with O/0, I/1, S/5, B/8 folded, part by part,
    /// the parts (between spaces and separators) kept apart by "|" so that a number
    /// is not found across two of them.
    static func foldedParts(_ text: String) -> [Character] {
        let parts = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        return Array(parts.map { CatalogKey.folded(String($0)) }.joined(separator: "|"))
    }

    /// Every token a known mastering mark, a side and lacquer mark or a slashed mark.
    static func isOnlyMarks(_ run: MatrixRun) -> Bool {
        run.text.split(separator: " ").allSatisfy { token in
            let t = String(token)
            return MatrixParser.knownMarks.contains(t) || t.contains("//") || MatrixParser.isSideMark(t)
        }
    }

    /// The main run's number is in the run: exactly (look-alikes folded) under five
    /// digits, at most one edit off from five on (a misread among many digits).
    static func sharesCatalogue(_ run: MatrixRun, number: [Character]) -> Bool {
        let text = foldedParts(run.text)
        guard !text.isEmpty else { return false }
        return MatrixKey.infixDistance(number, in: text) <= (number.count >= 5 ? 1 : 0)
    }

    /// Every token of the run is in a word whose characters spell that word as it
    /// stands, each letter and digit at `sureCharacter` or more; a token without
    /// such a word is not read surely.
    static func isReadSurely(_ run: MatrixRun, words: [(text: String, symbols: [RecognizedSymbol])]) -> Bool {
        let parser = MatrixParser()
        let tokens = run.text.split(separator: " ").map(String.init)
        return !tokens.isEmpty && tokens.allSatisfy { token in
            let holding = words.filter { word in
                parser.clean(word.text)?.split(separator: " ").contains { $0 == token } ?? false
            }
            return !holding.isEmpty && holding.allSatisfy { word in
                let spelt = word.symbols.map(\.text).joined().filter { $0 != " " }
                let strokes = word.symbols.filter { $0.text.contains { $0.isLetter || $0.isNumber } }
                return spelt == word.text.filter({ $0 != " " }) && !strokes.isEmpty
                    && strokes.allSatisfy { $0.confidence >= sureCharacter }
            }
        }
    }
}
