/// A sidecar record read back: the keys identification and the catalogue read, each
/// optional and read leniently (a key missing, null or of another type is nil; an
/// array's malformed element is skipped; unknown keys are ignored), so records of
/// older and newer versions, and hand-edited ones, still serve. Values are kept as
/// written (no trimming): what a reader makes of them is its own business.
///
/// Decode it with any JSON decoder (`JSONDecoder().decode(RecordFile.self, from:)`);
/// only a document that is not a JSON object fails.
public struct RecordFile: Sendable, Equatable, Decodable {
    public struct Source: Sendable, Equatable, Decodable {
        public var path: String?
        public var sha256: String?
        public var capturedAt: String?
        /// The upright image's size in pixels.
        public var width: Int?
        public var height: Int?

        public init(path: String? = nil, sha256: String? = nil, capturedAt: String? = nil, width: Int? = nil, height: Int? = nil) {
            self.path = path
            self.sha256 = sha256
            self.capturedAt = capturedAt
            self.width = width
            self.height = height
        }

        enum CodingKeys: String, CodingKey { case path, sha256, capturedAt, width, height }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            path = c.lenient(String.self, .path)
            sha256 = c.lenient(String.self, .sha256)
            capturedAt = c.lenient(String.self, .capturedAt)
            width = c.lenient(Int.self, .width)
            height = c.lenient(Int.self, .height)
        }
    }

    /// A dead-wax record's `disc`: where the disc lies in the photo. `radius` is nil when
    /// its outline is not in the photo (a close-up of the run-out).
    public struct Disc: Sendable, Equatable, Decodable {
        public var center: [Double]
        public var radius: Double?

        public init(center: [Double], radius: Double?) {
            self.center = center
            self.radius = radius
        }

        enum CodingKeys: String, CodingKey { case center, radius }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            center = try c.decode([Double].self, forKey: .center)
            radius = c.lenient(Double.self, .radius)
        }
    }

    public struct BarcodeField: Sendable, Equatable, Decodable {
        public var value: String
        public var checksumValid: Bool?
        /// "symbol" (decoded from the bars) or "text" (printed digits that passed their
        /// check digit); nil in records of versions that did not say (taken as a symbol).
        public var source: String?
        public init(value: String, checksumValid: Bool? = true, source: String? = nil) {
            self.value = value
            self.checksumValid = checksumValid
            self.source = source
        }

        /// Digits read by OCR, not a decoded symbol.
        public var isText: Bool { source == "text" }

        enum CodingKeys: String, CodingKey { case value, checksumValid, source }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            value = try c.decode(String.self, forKey: .value)
            checksumValid = c.lenient(Bool.self, .checksumValid)
            source = c.lenient(String.self, .source)
        }
    }

    public struct TrackField: Sendable, Equatable, Decodable {
        public var position: String?
        public var title: String
        public var duration: String?
        public init(position: String?, title: String, duration: String?) {
            self.position = position
            self.title = title
            self.duration = duration
        }

        enum CodingKeys: String, CodingKey { case position, title, duration }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            position = c.lenient(String.self, .position)
            title = try c.decode(String.self, forKey: .title)
            duration = c.lenient(String.self, .duration)
        }
    }

    /// A `matrix` or `lines` entry: its text.
    public struct TextField: Sendable, Equatable, Decodable {
        public var text: String
        public init(text: String) { self.text = text }
    }

    /// The `release` the identify step wrote: the named Discogs release (nil when none
    /// is named) and the dump's text of it.
    public struct Release: Sendable, Equatable, Decodable {
        public var discogsId: Int64?
        public var canonical: Canonical?

        public init(discogsId: Int64?, canonical: Canonical?) {
            self.discogsId = discogsId
            self.canonical = canonical
        }

        public struct Canonical: Sendable, Equatable, Decodable {
            public var artist: String?
            public var title: String?
            public var label: String?
            public var catno: String?
            public var country: String?
            public var year: Int64?

            public init(artist: String? = nil, title: String? = nil, label: String? = nil, catno: String? = nil,
                        country: String? = nil, year: Int64? = nil) {
                self.artist = artist
                self.title = title
                self.label = label
                self.catno = catno
                self.country = country
                self.year = year
            }

            enum CodingKeys: String, CodingKey { case artist, title, label, catno, country, year }

            public init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                artist = c.lenient(String.self, .artist)
                title = c.lenient(String.self, .title)
                label = c.lenient(String.self, .label)
                catno = c.lenient(String.self, .catno)
                country = c.lenient(String.self, .country)
                year = c.lenientInteger(.year)
            }
        }

        enum CodingKeys: String, CodingKey { case discogsId, canonical }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            discogsId = c.lenientInteger(.discogsId)
            canonical = c.lenient(Canonical.self, .canonical)
        }
    }

    public var kind: String?
    public var source: Source?
    public var barcodes: [BarcodeField]?
    public var artist: String?
    public var title: String?
    public var label: String?
    public var catalogNumber: String?
    public var tracks: [TrackField]?
    public var matrix: [TextField]?
    public var disc: Disc?
    public var lines: [TextField]?
    public var release: Release?

    public init(kind: String? = "sleeve", barcodes: [BarcodeField] = [], artist: String? = nil, title: String? = nil,
                label: String? = nil, catalogNumber: String? = nil, tracks: [TrackField] = [], matrix: [String] = [],
                lines: [String] = []) {
        self.kind = kind
        self.barcodes = barcodes
        self.artist = artist
        self.title = title
        self.label = label
        self.catalogNumber = catalogNumber
        self.tracks = tracks
        self.matrix = matrix.map(TextField.init)
        self.lines = lines.map(TextField.init)
    }

    public var isDeadWax: Bool { kind == "deadwax" }

    /// A dead-wax photo of the whole disc: its outline was found and lies in the frame
    /// (as the reader judges it, `Ellipse.liesInFrame`), so the whole run-out was in
    /// view. A close-up (no outline) may cut a run off at its edge; a photo of the whole
    /// disc cannot.
    public var showsWholeDisc: Bool {
        guard isDeadWax, let disc, let r = disc.radius, r > 0, disc.center.count == 2,
              let w = source?.width, let h = source?.height else { return false }
        return Ellipse.circle(center: Point(x: disc.center[0], y: disc.center[1]), radius: r).liesInFrame(width: w, height: h)
    }

    /// The fields of a record just read, before it is written.
    public init(_ r: SleeveRecord) {
        self.init(kind: r.kind.rawValue, barcodes: r.barcodes.map { BarcodeField(value: $0.value, checksumValid: $0.checksumValid,
                                                                                       source: $0.source.rawValue) },
                  artist: r.artist, title: r.title, label: r.label, catalogNumber: r.catalogNumber,
                  tracks: r.tracks.map { TrackField(position: $0.position, title: $0.title, duration: $0.duration) },
                  matrix: r.matrix.map(\.text), lines: r.lines.map(\.text))
        source = Source(path: r.source.path, sha256: r.source.sha256, capturedAt: r.source.capturedAt,
                        width: r.source.width, height: r.source.height)
        disc = r.disc.map { Disc(center: $0.center, radius: $0.radius) }
    }

    enum CodingKeys: String, CodingKey {
        case kind, source, barcodes, artist, title, label, catalogNumber, tracks, matrix, disc, lines, release
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = c.lenient(String.self, .kind)
        source = c.lenient(Source.self, .source)
        barcodes = c.lenientArray(BarcodeField.self, .barcodes)
        artist = c.lenient(String.self, .artist)
        title = c.lenient(String.self, .title)
        label = c.lenient(String.self, .label)
        catalogNumber = c.lenient(String.self, .catalogNumber)
        tracks = c.lenientArray(TrackField.self, .tracks)
        matrix = c.lenientArray(TextField.self, .matrix)
        disc = c.lenient(Disc.self, .disc)
        lines = c.lenientArray(TextField.self, .lines)
        release = c.lenient(Release.self, .release)
    }
}

/// One element of an array, or nothing when it does not decode: a malformed element
/// is skipped without losing its neighbours.
private struct Skippable<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}

extension KeyedDecodingContainer {
    /// The key's value, nil when missing, null or of another type.
    fileprivate func lenient<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// The key's array with the elements that decode; nil when it is not an array.
    fileprivate func lenientArray<T: Decodable>(_ type: T.Type, _ key: Key) -> [T]? {
        lenient([Skippable<T>].self, key).map { $0.compactMap(\.value) }
    }

    /// An integer written as a number or as a string of digits (a Discogs id kept as
    /// text by another tool); nil for anything else, true/false included.
    fileprivate func lenientInteger(_ key: Key) -> Int64? {
        lenient(Int64.self, key) ?? lenient(String.self, key).flatMap { Int64($0) }
    }
}
