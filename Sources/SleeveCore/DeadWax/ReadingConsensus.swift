/// Chooses among the readings of one run-out strip read several ways (polarities,
/// whole band and row band, upright, upside down, mirrored). The recogniser is often
/// surest of a few short letter words it finds in upside-down strokes ("TRS ALH"),
/// while the true code comes back with no confidence at all; but the true text reads
/// alike from the variants that see it the right way up, and letter soup less so.
/// So a reading's own score is raised by how far the other variants agree with it.
public enum ReadingConsensus {
    /// One variant's reading: its runs' text and the reader's own score for it.
    public struct Reading: Sendable, Equatable {
        public var text: String
        public var score: Double
        public init(_ text: String, score: Double) {
            self.text = text
            self.score = score
        }
    }

    /// Readings at least this alike count as agreeing; below it two readings of
    /// different strokes share only chance characters.
    public static let agreeingSimilarity = 0.5

    /// Readings at least this alike are of the same text, a glyph or two apart.
    public static let sameTextSimilarity = 0.8

    /// The index of the reading whose score, times one plus its agreement with the
    /// others, is highest; nil when no reading has text and a score above zero. Among
    /// the readings of that same text, the one the others' scores back most is taken
    /// (`backing`).
    public static func choose(_ readings: [Reading]) -> Int? {
        let keys = readings.map { normalised($0.text) }
        var best: (index: Int, weight: Double)?
        for (i, reading) in readings.enumerated() where reading.score > 0 && !keys[i].isEmpty {
            let weight = reading.score * (1 + agreement(of: i, keys))
            if weight > (best?.weight ?? 0) { best = (i, weight) }
        }
        guard let chosen = best?.index else { return nil }
        // Where the variants read one text a glyph apart, the misread glyph is in one
        // variant or in the others: the glyph that more of them read, by their scores,
        // wins over one variant's surer reading (a stamped close-up's `658777-1-D1` read
        // `-D4` by the whole band at 17, `-D1` by both row bands at 15).
        let same = readings.indices.filter {
            readings[$0].score > 0 && !keys[$0].isEmpty && similarity(keys[$0], keys[chosen]) >= sameTextSimilarity
        }
        func backing(_ i: Int) -> Double { same.reduce(0) { $0 + readings[$1].score * similarity(keys[i], keys[$1]) } }
        var taken = (index: chosen, backing: backing(chosen))
        for i in same where backing(i) > taken.backing { taken = (i, backing(i)) }
        return taken.index
    }

    /// Sum of the similarities to the other readings that agree with this one.
    static func agreement(of index: Int, _ keys: [[Character]]) -> Double {
        var sum = 0.0
        for (j, other) in keys.enumerated() where j != index && !other.isEmpty {
            let s = similarity(keys[index], other)
            if s >= agreeingSimilarity { sum += s }
        }
        return sum
    }

    /// Capitals and digits only: spacing, dashes and run breaks vary between readings.
    static func normalised(_ text: String) -> [Character] {
        Array(text.uppercased().filter { $0.isLetter || $0.isNumber })
    }

    /// One minus the edit distance over the longer length: 1 alike, 0 nothing shared.
    static func similarity(_ a: [Character], _ b: [Character]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        return 1 - Double(TextSimilarity.editDistance(a, b)) / Double(max(a.count, b.count))
    }
}
