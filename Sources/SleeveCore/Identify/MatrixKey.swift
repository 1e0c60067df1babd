/// Matrix / runout values compared as they are etched, typed into Discogs and read by
/// OCR: spaces, dashes and other separators ignored, look-alike glyphs folded as in
/// catnos, and a fuzzy score so one misread character does not lose the match.
public enum MatrixKey {
    /// Letters and digits only, upper case, OCR confusions folded.
    public static func normalise(_ text: String) -> String { CatalogKey.folded(text) }

    /// Points a read run earns against a dump value: 6 for the same run, 3.5 less per
    /// edit (represses often differ by one glyph, A1 / A2), and 0.6 less per glyph read
    /// that the dump's value does not list (an engineer's mark it leaves out). Glyphs of
    /// the dump's value the read did not catch cost nothing: a photo may miss part of
    /// the run. Nil when the read does not agree at all.
    ///
    /// `catnos` are the release's own catalog numbers: where the run spells one, glyphs
    /// lost from its label letters cost nothing either (`lostOnlyFromLabelLetters`).
    public static func points(read: String, dump: String, catnos: [String] = []) -> (points: Double, edits: Int)? {
        let a = Array(normalise(read)), b = Array(normalise(dump))
        guard !a.isEmpty, !b.isEmpty else { return nil }
        if catnos.contains(where: { lostOnlyFromLabelLetters(read: a, dump: b, catno: $0) }) { return (6, 0) }
        var options = [(edits: TextSimilarity.editDistance(a, b), unexplained: 0)]
        if a.count <= b.count, a.count >= 6 { options.append((infixDistance(a, in: b), 0)) }
        if b.count < a.count, b.count >= 6 { options.append((infixDistance(b, in: a), a.count - b.count)) }
        let best = options.map { (6 - 3.5 * Double($0.edits) - 0.6 * Double($0.unexplained), $0.edits) }.max { $0.0 < $1.0 }!
        return best.1 <= 1 && best.0 >= 2 ? (best.0, best.1) : nil
    }

    /// The read, off a photo of the whole disc, has the value's run from its start and
    /// stops before a mark the value lists after it (`DRUE549-B1 GZ` read, `DRUE549-B1 GZ
    /// BILBO` listed): a mark of two glyphs or more that would be in view, so likely
    /// another pressing's. One glyph past the read's end is a glyph the read lost. A read
    /// that lost the run's start says nothing of its end: where a run curves tightly round
    /// a small label the reader loses both ends (an eval photo of `BFV 41602 BS ES1` read
    /// `41602 B5`).
    public static func missesListedMark(read: String, dump: String) -> Bool {
        let a = Array(normalise(read)), b = Array(normalise(dump))
        guard a.count >= 6, a.count + 2 <= b.count else { return false }
        let prefix = prefixAlignment(a, of: b)
        return prefix.edits <= 1 && prefix.edits == infixDistance(a, in: b) && b.count - prefix.length >= 2
    }

    /// The read is the run with glyphs lost only from the label letters that start the
    /// catno it spells (`Echocord 034 B SST` read `E034 B SST`): what the read has of those
    /// letters is in them in order, none invented, and from the catno's number on it has the
    /// run glyph for glyph (its end may be missing, as for any read). The label letters are
    /// the same on every pressing of the catno; the number, side, lacquer and marks after them
    /// are what tell pressings apart, and a read must have those exactly. At least 6 glyphs
    /// from the number on, as for a read that is part of a run.
    static func lostOnlyFromLabelLetters(read: [Character], dump: [Character], catno: String) -> Bool {
        let exact = Array(CatalogKey.exact(catno)), folded = Array(CatalogKey.folded(catno))
        // Two label letters at least, then the number.
        guard let number = exact.firstIndex(where: \.isNumber), number >= 2, folded.count <= dump.count else { return false }
        let letters = folded[..<number]
        for start in 0...(dump.count - folded.count) where dump[start..<(start + folded.count)].elementsEqual(folded) {
            let fromNumber = dump[(start + number)...]
            // The read's part before the number: what it has of the label letters.
            for kept in 1...letters.count where kept < read.count {
                let head = read[..<kept], rest = read[kept...]
                guard rest.count >= max(6, folded.count - number + 1), rest.count <= fromNumber.count,
                      fromNumber.starts(with: rest), head.count < letters.count, isSubsequence(head, of: letters) else { continue }
                return true
            }
        }
        return false
    }

    /// What a read one glyph or so off a run says about the pressing, where the run spells
    /// the release's catno: the part up to the catno's number is the same on every pressing
    /// of it, the side, lacquer and marks after it tell them apart.
    public enum Pressing: Sendable, Equatable {
        /// The read has the part after the catno glyph for glyph and one misread glyph in the
        /// part every pressing shares (`RCA87824-B2` for `RCA87844-B2`): this pressing's run.
        case misreadWhereAllPressingsAgree
        /// The read has the same side with another lacquer number (`C3` where the release
        /// lists `C1`): another pressing's run.
        case otherLacquer
    }

    /// How `read` stands to `dump` on the pressing (nil when it cannot tell: the run does
    /// not spell a catno of the release, or the read does not line up with it).
    public static func pressing(read: String, dump: String, catnos: [String]) -> Pressing? {
        let a = Array(normalise(read)), b = Array(normalise(dump))
        guard a.count >= 5 else { return nil }
        var found: Pressing?
        for c in catnos {
            let catno = Array(CatalogKey.folded(c))
            guard catno.count >= 3, catno.count < b.count else { continue }
            for start in 0...(b.count - catno.count) where b[start..<(start + catno.count)].elementsEqual(catno) {
                let shared = b[..<(start + catno.count)], tail = b[(start + catno.count)...]
                guard tail.count >= 2 else { continue }
                // The read split where the part after the catno starts: at least 3 glyphs
                // of the shared part (so the split lines up), at least one after.
                for split in 3..<a.count {
                    let head = a[..<split], rest = a[split...]
                    let misread = suffixDistance(head, of: shared)
                    guard misread <= 1 else { continue }
                    if misread == 1, tail.starts(with: rest) { return .misreadWhereAllPressingsAgree }
                    let r = Array(rest), t = Array(tail)
                    if r.count >= 2, r[0] == t[0], r[1] != t[1], r[1].isNumber, t[1].isNumber { found = .otherLacquer }
                }
            }
        }
        return found
    }

    /// Edits to turn `a` into some suffix of `b`.
    static func suffixDistance(_ a: ArraySlice<Character>, of b: ArraySlice<Character>) -> Int {
        alignment(a, in: b, anyStart: true, anyEnd: false).edits
    }

    static func isSubsequence(_ a: ArraySlice<Character>, of b: ArraySlice<Character>) -> Bool {
        var i = a.startIndex
        for ch in b where i < a.endIndex && a[i] == ch { i += 1 }
        return i == a.endIndex
    }

    /// Edits to turn `a` into some prefix of `b`, and the longest such prefix's length.
    static func prefixAlignment(_ a: [Character], of b: [Character]) -> (edits: Int, length: Int) {
        let found = alignment(a[...], in: b[...], anyStart: false, anyEnd: true)
        return (found.edits, found.end)
    }

    /// Edits to turn `short` into some substring of `long` (semi-global alignment).
    static func infixDistance(_ short: [Character], in long: [Character]) -> Int {
        alignment(short[...], in: long[...], anyStart: true, anyEnd: true).edits
    }

    /// Edits to turn `a` into a stretch of `b` that starts anywhere in `b` when `anyStart`
    /// (else at its start) and ends anywhere when `anyEnd` (else at its end), and where
    /// the best such stretch ends (the last of equals: the longest).
    static func alignment(_ a: ArraySlice<Character>, in b: ArraySlice<Character>,
                          anyStart: Bool, anyEnd: Bool) -> (edits: Int, end: Int) {
        let bs = Array(b)
        guard !bs.isEmpty else { return (a.count, 0) }
        var prev = anyStart ? [Int](repeating: 0, count: bs.count + 1) : Array(0...bs.count)
        var cur = prev
        for (i, ch) in a.enumerated() {
            cur[0] = i + 1
            for j in 1...bs.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ch == bs[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        guard anyEnd, let edits = prev.min() else { return (prev[bs.count], bs.count) }
        return (edits, prev.lastIndex(of: edits) ?? bs.count)
    }
}
