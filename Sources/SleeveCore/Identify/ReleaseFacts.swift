/// What the Discogs dump says about one release: the facts a candidate is judged on and
/// the canonical text a record gets when it is named.
public struct ReleaseFacts: Sendable, Equatable {
    public struct LabelEntry: Sendable, Equatable {
        public var name: String
        public var catno: String
        public init(name: String, catno: String) {
            self.name = name
            self.catno = catno
        }
    }

    public struct ArtistEntry: Sendable, Equatable {
        public var name: String
        /// The name as credited on this release (Discogs' ANV), when it differs.
        public var anv: String?
        public var join: String?
        public init(name: String, anv: String? = nil, join: String? = nil) {
            self.name = name
            self.anv = anv
            self.join = join
        }
    }

    public struct TrackEntry: Sendable, Equatable {
        public var position: String
        public var title: String
        public var duration: String
        public init(position: String, title: String, duration: String) {
            self.position = position
            self.title = title
            self.duration = duration
        }
    }

    public var id: Int
    public var title: String
    public var artists: [ArtistEntry]
    public var labels: [LabelEntry]
    /// Raw identifier values of type Barcode, as Discogs has them.
    public var barcodes: [String]
    /// Raw identifier values of type Matrix / Runout.
    public var matrices: [String]
    public var country: String?
    public var year: Int?
    public var masterId: Int?
    public var tracks: [TrackEntry]

    public init(id: Int, title: String, artists: [ArtistEntry], labels: [LabelEntry], barcodes: [String] = [],
                matrices: [String] = [], country: String? = nil, year: Int? = nil, masterId: Int? = nil,
                tracks: [TrackEntry] = []) {
        self.id = id
        self.title = title
        self.artists = artists
        self.labels = labels
        self.barcodes = barcodes
        self.matrices = matrices
        self.country = country
        self.year = year
        self.masterId = masterId
        self.tracks = tracks
    }

    /// The artist line as Discogs shows it: names without their `(2)` suffix, joined.
    public var artistDisplay: String {
        var out = ""
        for (i, a) in artists.enumerated() {
            out += DiscogsName.withoutSuffix(a.name)
            if i < artists.count - 1 {
                let j = (a.join ?? "").trimmingCharacters(in: " ")
                out += j.isEmpty || j == "," ? (j == "," ? ", " : " & ") : " \(j) "
            }
        }
        return out
    }

    /// The artist line as credited on the release (ANVs where given).
    public var creditedArtist: String {
        artists.map { a in a.anv.flatMap { $0.isEmpty ? nil : $0 } ?? DiscogsName.withoutSuffix(a.name) }
            .joined(separator: " ")
    }

    /// The first label's catno, as the release lists it first.
    public var firstCatno: String? { labels.first?.catno }
}
