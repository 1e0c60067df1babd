/// Fuzzy comparison of names and titles as OCR reads them against the dump's text.
public enum TextSimilarity {
    /// Lower case, accents and punctuation dropped, Discogs' `(2)` disambiguation suffix
    /// removed, runs of spaces collapsed: `Jesper Dahlbäck (2)` → `jesper dahlback`.
    public static func normalise(_ text: String) -> String {
        let stripped = DiscogsName.withoutSuffix(text)
        return asciiNormalised(stripped) ?? unicodeNormalised(stripped)
    }

    /// `normalise` for any text, scalar by scalar.
    static func unicodeNormalised(_ stripped: String) -> String {
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

    /// `normalise` of an all-ASCII text, byte by byte (most of the dump's and the
    /// reader's text; the matcher normalises every candidate's names and titles). Nil for
    /// other text, which takes the Unicode path. The same result: in ASCII the
    /// alphabetic scalars are the letters, and there are no marks or accents.
    static func asciiNormalised(_ text: String) -> String? {
        let result = text.utf8.withContiguousStorageIfAvailable { source -> String? in
            var ascii = true
            let out = String(unsafeUninitializedCapacity: source.count) { out in
                var n = 0
                var space = false
                for var b in source {
                    guard b < 0x80 else { ascii = false; return 0 }
                    if b >= 0x41 && b <= 0x5A { b += 0x20 }
                    if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) {
                        if space && n > 0 { out[n] = 0x20; n += 1 }
                        space = false
                        out[n] = b
                        n += 1
                    } else {
                        space = true
                    }
                }
                return n
            }
            return ascii ? out : nil
        }
        return result ?? nil
    }

    /// Trigrams of a normalised string, padded so short words count, as numbers (three
    /// scalars of 21 bits each): the matcher makes and compares thousands per record,
    /// and hashing a number is much cheaper than a String. Scalars, not Characters: the
    /// same trigrams wherever a letter is one scalar (all normalised Latin text).
    public static func trigramCodes(_ normalised: String) -> Set<UInt64> {
        var scalars: [UInt64] = [0x20, 0x20]
        scalars.reserveCapacity(normalised.utf8.count + 3)
        for s in normalised.unicodeScalars { scalars.append(UInt64(s.value)) }
        scalars.append(0x20)
        guard scalars.count >= 3 else { return [] }
        var out = Set<UInt64>(minimumCapacity: scalars.count)
        for i in 0...(scalars.count - 3) { out.insert(scalars[i] << 42 | scalars[i + 1] << 21 | scalars[i + 2]) }
        return out
    }

    /// Dice coefficient of two trigram sets, 0…1.
    public static func similarity(_ a: Set<UInt64>, _ b: Set<UInt64>) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        let (small, large) = a.count <= b.count ? (a, b) : (b, a)
        var shared = 0
        for t in small where large.contains(t) { shared += 1 }
        return 2 * Double(shared) / Double(a.count + b.count)
    }

    /// How much of `needle`'s trigrams `haystack` holds, 0…1.
    public static func containment(of needle: Set<UInt64>, in haystack: Set<UInt64>) -> Double {
        guard !needle.isEmpty else { return 0 }
        var shared = 0
        for t in needle where haystack.contains(t) { shared += 1 }
        return Double(shared) / Double(needle.count)
    }

    /// Dice coefficient of the trigram sets of two texts, 0…1.
    public static func similarity(_ a: String, _ b: String) -> Double {
        similarity(trigramCodes(normalise(a)), trigramCodes(normalise(b)))
    }

    /// How much of `needle` is found in `haystack` (trigram containment), 0…1: a title
    /// inside a longer line of text.
    public static func containment(of needle: String, in haystack: Set<UInt64>) -> Double {
        containment(of: trigramCodes(normalise(needle)), in: haystack)
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
    /// At least `n` Characters, counting no further than `n` (`count` walks them all).
    func hasCharacters(atLeast n: Int) -> Bool {
        guard utf8.count >= n else { return false }
        var seen = 0
        for _ in self {
            seen += 1
            if seen >= n { return true }
        }
        return seen >= n
    }

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
