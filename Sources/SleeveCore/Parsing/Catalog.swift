/// Catalog numbers: the label's code for a release ("YKP 28974", "60439-1", "EWT-039").
public enum CatalogNumber {
    /// True when `text` (one segment of a line) has the shape of a catalog number and
    /// is not something else with digits: a barcode, a year, a price, a duration, a
    /// track position.
    public static func looksLike(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: " .,;")
        guard (3...16).contains(t.count) else { return false }
        let digits = t.filter(\.isNumber).count
        let letters = t.filter(\.isLetter).count
        guard digits >= 2 else { return false }
        // Only letters, digits, one separator kind, and spaces.
        guard t.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || " -./".contains($0)) }) else { return false }
        // Codes are printed in capitals; lower case means a word or a misread.
        guard !t.contains(where: \.isLowercase) else { return false }
        if Duration.parse(t) != nil || TrackPosition.parse(t) != nil { return false }
        let words = t.split(separator: " ")
        guard words.count <= 3 else { return false }
        // A bare number: a barcode (8+ digits), a year, a price; not a catalog number
        // unless it carries a suffix like "-1".
        if letters == 0 && !t.contains("-") { return false }
        if digits >= 8 && letters == 0 { return false }
        // A numbered list's row ("10. UTTLE MOSES": a position with its stop or bracket,
        // then words): a track line, never a code.
        if words.count > 1, let mark = words[0].last, ".,)".contains(mark),
           TrackPosition.parse(String(words[0])) != nil,
           words.dropFirst().allSatisfy({ !$0.contains(where: \.isNumber) }) { return false }
        // After the number only a short format suffix ("TRI 633 CD"): a word of four
        // letters or more there is a title's ("GALAXIE 500" | "MUSIC" read as "500 MUSIC").
        if let lastNumber = words.lastIndex(where: { $0.contains(where: \.isNumber) }),
           words[(lastNumber + 1)...].contains(where: { $0.count >= 4 }) { return false }
        // Words of letters only ("SIDE A") carry no code; each word with letters must
        // be short and upper case (prefixes like "YKP", "SDFI"), not prose.
        for w in words where w.contains(where: \.isLetter) {
            if w.contains(where: \.isNumber) { continue }
            // A hyphenated prefix ("STM-EPE") is short capitals on each side of the hyphen.
            let parts = w.split(separator: "-")
            guard parts.allSatisfy({ $0.count <= 5 }), w.allSatisfy({ !$0.isLetter || $0.isUppercase }) else { return false }
        }
        return true
    }

    /// Mechanical-rights societies a label prints beside the catalog number
    /// ("MOVATM235 · BIEM/STEMRA", "SDFI 220 BIEM/GEMA"): where the label's own
    /// convention sets its number. Acronyms that are also words ("SPA", "TONO") are
    /// left out: a word beside a code is no sign of one.
    static let rightsSocieties: Set<String> = [
        "BIEM", "GEMA", "STEMRA", "SACEM", "SDRM", "SABAM", "MCPS", "NCB", "SIAE", "SGAE",
        "SUISA", "AKM", "AUME", "JASRAC", "ZAIKS", "STIM", "KODA", "TEOSTO",
    ]

    /// The catalog number printed next to a rights society on `line`, before it or
    /// else after it, across the dots and dashes set between them (read as "-", "·",
    /// "i)"). Nil without a society, or when its neighbours are no code: the label
    /// code ("GEMA LC 0309") and the speed ("33 1/3 RPM · BIEM") are not catalog numbers.
    public static func besideRightsSociety(_ line: String) -> String? {
        let tokens = line.split(separator: " ").map(String.init)
        func isSociety(_ token: String) -> Bool {
            token.uppercased().split(whereSeparator: { !$0.isLetter }).contains { rightsSocieties.contains(String($0)) }
        }
        func isSeparator(_ token: String) -> Bool { token.count <= 2 && !token.contains(where: \.isNumber) && !token.allSatisfy(\.isLetter) }
        func code(_ words: [String]) -> String? {
            let text = words.joined(separator: " ")
            guard !words.isEmpty, !words.contains(where: isSociety), !words.contains(where: isSeparator),
                  looksLike(text), !isLabelCode(words), !words.contains(where: { ["RPM", "UPM", "TOURS"].contains($0.uppercased()) })
            else { return nil }
            return text.trimmingCharacters(in: " .,;")
        }
        for (i, token) in tokens.enumerated() where isSociety(token) {
            var before = i
            while before > 0, isSeparator(tokens[before - 1]) { before -= 1 }
            var after = i + 1
            while after < tokens.count, isSeparator(tokens[after]) { after += 1 }
            // Two words first ("SDFI 220"), then one ("MOVATM235").
            let tries: [[String]] = [
                before >= 2 ? Array(tokens[(before - 2)..<before]) : [],
                before >= 1 ? [tokens[before - 1]] : [],
                after + 1 < tokens.count ? Array(tokens[after...(after + 1)]) : [],
                after < tokens.count ? [tokens[after]] : [],
            ]
            if let found = tries.lazy.compactMap(code).first { return found }
        }
        return nil
    }

    /// "LC 0309", "LC-0193": the label code of the GVL, printed beside GEMA, not a release's.
    static func isLabelCode(_ words: [String]) -> Bool {
        let first = words[0].uppercased()
        return first.hasPrefix("LC-") || (first.hasPrefix("LC") && first.dropFirst(2).allSatisfy(\.isNumber))
    }

    private static func trimmed(_ s: String, _ set: String) -> String { s.trimmingCharacters(in: set) }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var t = Substring(self)
        while let f = t.first, set.contains(f) { t = t.dropFirst() }
        while let l = t.last, set.contains(l) { t = t.dropLast() }
        return String(t)
    }
}
