/// Whether recognised text is print or a picture read as letters.
///
/// On a real sleeve the engine reads artwork, photos, carpet and creases as short
/// tokens ("ee", "Rw)", "<a¥", "{1") with middling confidence. Printed words have a
/// shape such tokens rarely have: letters only (inner apostrophes and hyphens
/// aside), one case pattern, and a vowel. A field is made only from text with that shape.
public enum TextShape {
    /// Punctuation that may wrap a printed word ("(Today,", "«BANAT»").
    static let wrapping: Set<Character> = ["(", ")", "[", "]", "\"", "'", "«", "»", "“", "”", "‘", "’",
                                            ",", ".", ";", ":", "!", "?", "-", "–", "—", "*"]

    /// True when `token` has the shape of a printed word of at least `minLetters`
    /// letters: letters only (an inner apostrophe, hyphen or full stop allowed), all
    /// lower case, all capitals or capitalised, with a vowel.
    ///
    /// "MUSIQUE", "Leila,", "(Today", "PAUL'S" → true; "Rw)", "<<", "aye!x", "{1", "tHe" → false.
    public static func isWordLike(_ token: String, minLetters: Int = 3) -> Bool {
        var t = Substring(token)
        while let f = t.first, wrapping.contains(f) { t = t.dropFirst() }
        while let l = t.last, wrapping.contains(l) { t = t.dropLast() }
        let letters = t.filter(\.isLetter)
        guard letters.count >= minLetters, letters.count == t.filter({ !"'’-.".contains($0) }).count else { return false }
        guard let first = t.first, first.isLetter, let last = t.last, last.isLetter else { return false }
        // OCR runs printed words together ("DumondTen"): each run from a capital is cased.
        guard let parts = camelParts(String(letters)), parts.allSatisfy({ part in
            part.allSatisfy(\.isLowercase) || part.allSatisfy(\.isUppercase) || part.dropFirst().allSatisfy(\.isLowercase)
        }) else { return false }
        return letters.contains(where: isVowel)
    }

    /// Letters cut where a lower-case letter is followed by a capital ("DumondTen" →
    /// "Dumond", "Ten"); nil when a cut leaves a single letter ("tHe", "eRSORO"): a
    /// misread, not two words run together.
    static func camelParts(_ letters: String) -> [Substring]? {
        var parts: [Substring] = []
        var start = letters.startIndex
        var i = letters.startIndex
        while i < letters.endIndex {
            let next = letters.index(after: i)
            if next < letters.endIndex, letters[i].isLowercase, letters[next].isUppercase {
                parts.append(letters[start..<next])
                start = next
            }
            i = next
        }
        parts.append(letters[start...])
        return parts.count > 1 && parts.contains(where: { $0.count < 2 }) ? nil : parts
    }

    /// Share of a line's letters that stand in word-shaped tokens (0 when it has none).
    public static func wordShare(_ words: [String]) -> Double {
        let total = words.reduce(0) { $0 + $1.filter(\.isLetter).count }
        guard total > 0 else { return 0 }
        let inWords = words.filter { isWordLike($0, minLetters: 2) || isShortWord($0) }
            .reduce(0) { $0 + $1.filter(\.isLetter).count }
        return Double(inWords) / Double(total)
    }

    /// Printed words of one or two letters that pass no vowel test on their own ("I", "A", "&").
    static func isShortWord(_ token: String) -> Bool {
        var t = Substring(token)
        while let f = t.first, wrapping.contains(f) { t = t.dropFirst() }
        while let l = t.last, wrapping.contains(l) { t = t.dropLast() }
        return ["I", "A", "a", "&", "DJ", "MC", "BY", "By", "by", "MY", "My", "my"].contains(String(t))
    }

    private static let vowels: Set<Character> = ["a", "e", "i", "o", "u", "y"]

    private static func isVowel(_ c: Character) -> Bool {
        guard let l = c.lowercased().first else { return false }
        return vowels.contains(l) || accented.contains(l)
    }

    /// Accented vowels of the Latin scripts sleeves print (French, Romanian, German,
    /// Spanish, Nordic).
    private static let accented = Set("àáâãäåāăąǎèéêëēĕėęěìíîïĩīĭįıòóôõöøōŏőùúûüũūŭůűųýÿŷ")
}
