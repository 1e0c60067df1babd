/// The record's `release`: which Discogs release this is, with the evidence and the
/// ranked candidates, in the shape DESIGN.md gives (graders and the catalogue read it).
///
/// `discogsId` is set only when the evidence names one release with a clear margin;
/// otherwise it is null and `reason` says why (for instance that the dead wax would
/// decide). `canonical` is the dump's text of the named release.
public struct Identification: Sendable, Equatable, Codable {
    public struct Evidence: Sendable, Equatable, Codable {
        /// What agreed (`barcode`, `catno`, `label`, `country`, `year`, `matrix`,
        /// `artist`, `title`, `tracks`, `durations`) or disagreed (`…Differs`).
        public var kind: String
        public var value: String
        /// Points it added (negative: taken away).
        public var weight: Double
        public init(kind: String, value: String, weight: Double) {
            self.kind = kind
            self.value = value
            self.weight = weight
        }
    }

    public struct Candidate: Sendable, Equatable, Codable {
        public var discogsId: Int
        public var score: Double
        public var artist: String
        public var title: String
        @NullKept public var catno: String?
        @NullKept public var country: String?
        @NullKept public var year: Int?

        public init(discogsId: Int, score: Double, artist: String, title: String, catno: String?, country: String?,
                    year: Int?) {
            self.discogsId = discogsId
            self.score = score
            self.artist = artist
            self.title = title
            self.catno = catno
            self.country = country
            self.year = year
        }
    }

    public struct Canonical: Sendable, Equatable, Codable {
        public struct Track: Sendable, Equatable, Codable {
            public var position: String
            public var title: String
            @NullKept public var duration: String? = nil
        }

        public var artist: String
        public var title: String
        @NullKept public var label: String?
        @NullKept public var catno: String?
        @NullKept public var country: String?
        @NullKept public var year: Int?
        public var tracks: [Track]

        public init(_ r: ReleaseFacts) {
            artist = r.artistDisplay
            title = r.title.trimmingCharacters(in: " ")
            label = r.labels.first.map { DiscogsName.withoutSuffix($0.name) }
            catno = r.firstCatno
            country = r.country
            year = r.year
            tracks = r.tracks.map { Track(position: $0.position, title: $0.title, duration: $0.duration.isEmpty ? nil : $0.duration) }
        }
    }

    @NullKept public var discogsId: Int?
    /// The named release's share of belief (0…1); 0 when none is named.
    public var score: Double
    /// The best candidate's evidence, for and against.
    public var evidence: [Evidence]
    /// Ranked, the named release first.
    public var candidates: [Candidate]
    @NullKept public var canonical: Canonical?
    /// Why no release is named (null when one is).
    @NullKept public var reason: String?

    public init(discogsId: Int?, score: Double, evidence: [Evidence], candidates: [Candidate], canonical: Canonical?,
                reason: String?) {
        self.discogsId = discogsId
        self.score = score
        self.evidence = evidence
        self.candidates = candidates
        self.canonical = canonical
        self.reason = discogsId == nil ? reason : nil
    }

    /// One line for people: the named release, or the candidates and why none is named.
    public var summary: String {
        func describe(_ c: Candidate) -> String {
            let place = [c.catno, [c.country, c.year.map(String.init)].compactMap { $0 }.joined(separator: " ")]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            return "\(c.discogsId) \(c.artist) – \(c.title)" + (place.isEmpty ? "" : " [\(place)]")
        }
        if let id = discogsId, let c = candidates.first(where: { $0.discogsId == id }) {
            return "Discogs " + describe(c)
        }
        guard !candidates.isEmpty else { return "no match in the index" }
        return "not decided (\(reason ?? "no clear margin")): " + candidates.prefix(3).map(describe).joined(separator: "; ")
    }
}
