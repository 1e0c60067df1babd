/// Fuzzy comparison of names and titles as OCR reads them against the dump's text.
public enum TextSimilarity {
    /// Lower case, accents and punctuation dropped, Discogs' `(2)` disambiguation suffix
    /// removed, runs of spaces collapsed: `Jesper Dahlbäck (2)` → `jesper dahlback`.
    public static func normalise(_ text: String) -> String {
        let stripped = DiscogsName.withoutSuffix(text)
        var out = ""
        var space = false
        for scalar in stripped.lowercased().decomposedLatin().unicodeScalars {
            if scalar.properties.isAlphabetic || (scalar.value >= 48 && scalar.value <= 57) {
                if space && !out.isEmpty { out.append(" ") }
                space = false
                out.unicodeScalars.append(scalar)
            } else if scalar.properties.generalCategory == .nonspacingMark {
                continue
            } else {
                space = true
            }
        }
        return out
    }

    /// Trigrams of a normalised string, padded so short words count.
    public static func trigrams(_ normalised: String) -> Set<String> {
        let chars = Array("  " + normalised + " ")
        guard chars.count >= 3 else { return [] }
        var out = Set<String>()
        for i in 0...(chars.count - 3) { out.insert(String(chars[i..<(i + 3)])) }
        return out
    }

    /// Dice coefficient of the trigram sets of two texts, 0…1.
    public static func similarity(_ a: String, _ b: String) -> Double {
        let ta = trigrams(normalise(a)), tb = trigrams(normalise(b))
        guard !ta.isEmpty, !tb.isEmpty else { return 0 }
        return 2 * Double(ta.intersection(tb).count) / Double(ta.count + tb.count)
    }

    /// How much of `needle` is found in `haystack` (trigram containment), 0…1: a title
    /// inside a longer line of text.
    public static func containment(of needle: String, in haystack: Set<String>) -> Double {
        let t = trigrams(normalise(needle))
        guard !t.isEmpty else { return 0 }
        return Double(t.intersection(haystack).count) / Double(t.count)
    }

    /// Levenshtein distance over characters.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}

/// Discogs' artist and label names carry a ` (N)` suffix to tell namesakes apart;
/// sleeves never print it.
public enum DiscogsName {
    public static func withoutSuffix(_ name: String) -> String {
        guard name.hasSuffix(")"), let open = name.lastIndex(of: "(") else { return name }
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        guard !inner.isEmpty, inner.allSatisfy(\.isNumber) else { return name }
        var head = name[..<open]
        while head.last == " " { head = head.dropLast() }
        return String(head)
    }
}

extension String {
    /// Latin letters with their accents taken off (ä → a, é → e), other scripts kept.
    func decomposedLatin() -> String {
        var out = String.UnicodeScalarView()
        for s in decomposedStringWithCanonicalMappingScalars() { out.append(s) }
        return String(out)
    }

    private func decomposedStringWithCanonicalMappingScalars() -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for ch in self {
            // Canonical decomposition without Foundation: a precomposed Latin letter's
            // base is the first scalar of its NFD, which Character does not expose; map
            // the common Latin-1 and Latin Extended-A letters through a table.
            for s in ch.unicodeScalars { out.append(LatinFold.base(of: s)) }
        }
        return out
    }
}

enum LatinFold {
    static func base(of s: Unicode.Scalar) -> Unicode.Scalar {
        guard s.value >= 0xC0, s.value <= 0x17F, let b = table[s] else { return s }
        return b
    }

    static let table: [Unicode.Scalar: Unicode.Scalar] = {
        let groups: [(String, Character)] = [
            ("àáâãäåāăą", "a"), ("çćĉċč", "c"), ("ďđ", "d"), ("èéêëēĕėęě", "e"), ("ĝğġģ", "g"), ("ĥħ", "h"),
            ("ìíîïĩīĭįı", "i"), ("ĵ", "j"), ("ķ", "k"), ("ĺļľŀł", "l"), ("ñńņňŉ", "n"), ("òóôõöøōŏő", "o"),
            ("ŕŗř", "r"), ("śŝşš", "s"), ("ţťŧ", "t"), ("ùúûüũūŭůűų", "u"), ("ŵ", "w"), ("ýÿŷ", "y"), ("źżž", "z"),
            ("ß", "s"),
        ]
        var t: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (letters, base) in groups {
            let b = base.unicodeScalars.first!
            for ch in letters {
                t[ch.unicodeScalars.first!] = b
                for up in ch.uppercased().unicodeScalars where up != ch.unicodeScalars.first! { t[up] = b }
            }
        }
        return t
    }()
}
