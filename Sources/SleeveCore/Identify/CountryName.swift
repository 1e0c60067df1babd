/// Countries as a sleeve prints them ("Made in USA", "Made in EU") against Discogs'
/// country names ("US", "Europe", "UK & Europe").
public enum CountryName {
    /// Printed forms that name the same country as Discogs' name.
    static let aliases: [String: String] = [
        "usa": "us", "u s a": "us", "united states": "us", "us": "us", "america": "us",
        "uk": "uk", "u k": "uk", "england": "uk", "great britain": "uk", "gb": "uk", "united kingdom": "uk",
        "eu": "europe", "e u": "europe", "europe": "europe", "the eec": "europe", "eec": "europe",
        "holland": "netherlands", "the netherlands": "netherlands",
        "west germany": "germany", "w germany": "germany", "brd": "germany", "deutschland": "germany",
        "espana": "spain", "italia": "italy", "japan": "japan", "nippon": "japan",
    ]

    /// Discogs names that say nothing about where it was made.
    static let uninformative: Set<String> = ["unknown", "worldwide", ""]

    static func canonical(_ name: String) -> String {
        let n = TextSimilarity.normalise(name)
        return aliases[n] ?? n
    }

    /// Whether a printed country agrees with the dump's: true, false, or nil when the
    /// dump's value says nothing (Unknown, Worldwide). A dump value naming several
    /// countries ("UK & Europe", "USA & Canada") agrees with any of them.
    public static func agrees(printed: String, dump: String) -> Bool? {
        if uninformative.contains(TextSimilarity.normalise(dump)) { return nil }
        let p = canonical(printed)
        // Split the raw name first: normalising drops the "&" that separates countries.
        let parts = dump.replacingAll(" and ", with: " & ").split(separator: "&").flatMap { $0.split(separator: ",") }
            .map { canonical(String($0)) }.filter { !$0.isEmpty }
        let dumpCountries = Set(parts + [canonical(dump)])
        if dumpCountries.contains(p) { return true }
        // The footer often runs on after the country ("Made in Italy SIGNAL CX S").
        let words = p.split(separator: " ").map(String.init)
        if (1..<min(3, words.count) + 1).contains(where: { n in dumpCountries.contains(canonical(words.prefix(n).joined(separator: " "))) }) {
            return true
        }
        // One misread letter in a name of 5 or more ("Gernany") still agrees; a whole
        // different name does not (Austria / Australia are two letters apart).
        let first = words.first ?? p
        return dumpCountries.contains { d in
            d.count >= 5 && [p, first].contains { TextSimilarity.editDistance(Array(d), Array($0)) <= 1 }
        }
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
