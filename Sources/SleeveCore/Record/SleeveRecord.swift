/// The sidecar record: the contract in DESIGN.md that graders and users read.
///
/// Absent values are encoded as `null` (or empty arrays), never left out and never
/// invented (`@NullKept`; `release` alone is left out when no index was given). Keys
/// are camelCase; the encoder sorts them.
public struct SleeveRecord: Sendable, Equatable {
    public var schemaVersion = 1
    public var kind: Kind = .sleeve
    public var source: Source
    @NullKept public var document: Document?
    public var barcodes: [Barcode] = []
    // The text fields: each also a case of `TextField`.
    @NullKept public var artist: String?
    @NullKept public var title: String?
    @NullKept public var label: String?
    @NullKept public var catalogNumber: String?
    public var tracks: [Track] = []
    public var matrix: [MatrixEntry] = []
    @NullKept public var disc: Disc?
    public var lines: [Line] = []
    public var warnings: [String] = []
    public var timingsMs: [String: Double] = [:]
    /// The Discogs release this record was identified as; nil (and no `release` key in
    /// the JSON) when no index was given.
    public var release: Identification?

    public init(source: Source) {
        self.source = source
    }

    public enum Kind: String, Codable, Sendable { case sleeve, deadwax }

    public struct Source: Codable, Sendable, Equatable {
        public var path: String
        public var width: Int
        public var height: Int
        public var sha256: String
        public var size: Int
        public var device: String
        public var capturedAt: String
        /// The EXIF orientation applied at decode (1: none; 6: stored a quarter turn
        /// anticlockwise, as phones store portraits). `width`, `height` and every
        /// pixel position in the record are of the upright image.
        public var orientation: Int

        public init(path: String, width: Int, height: Int, sha256: String, size: Int, device: String, capturedAt: String,
                    orientation: Int = 1) {
            self.orientation = orientation
            self.path = path
            self.width = width
            self.height = height
            self.sha256 = sha256
            self.size = size
            self.device = device
            self.capturedAt = capturedAt
        }
    }

    public struct Document: Codable, Sendable, Equatable {
        /// Corners in source-image pixels, clockwise from the sleeve's top-left.
        public var corners: [[Double]]
        public var confidence: Double

        public init(corners: [Point], confidence: Double) {
            self.corners = corners.map { [$0.x, $0.y] }
            self.confidence = confidence
        }
    }

    public struct Track: Codable, Sendable, Equatable {
        @NullKept public var position: String?
        public var title: String
        @NullKept public var duration: String?

        public init(position: String?, title: String, duration: String?) {
            self.position = position
            self.title = title
            self.duration = duration
        }
    }

    public struct MatrixEntry: Codable, Sendable, Equatable {
        public var text: String
        @NullKept public var side: String?
        /// Parsed parts (extra keys, which the record's contract allows): the code
        /// without its side/lacquer mark ("83939-1" of "83939-1-B2"), the lacquer or
        /// stamper mark ("B2"), and mastering/plant marks ("STERLING", "RL").
        /// Null and empty when the run does not show them.
        @NullKept public var catalogue: String?
        @NullKept public var lacquer: String?
        public var marks: [String]

        public init(text: String, side: String?, catalogue: String? = nil, lacquer: String? = nil, marks: [String] = []) {
            self.text = text
            self.side = side
            self.catalogue = catalogue
            self.lacquer = lacquer
            self.marks = marks
        }

        /// The entry for a parsed run, its parts as the parser found them.
        public init(_ run: MatrixRun) {
            self.init(text: run.text, side: run.side, catalogue: run.catalogue, lacquer: run.lacquer, marks: run.marks)
        }

        enum CodingKeys: String, CodingKey { case text, side, catalogue, lacquer, marks }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            text = try c.decode(String.self, forKey: .text)
            side = try c.decodeIfPresent(String.self, forKey: .side)
            // Records written before the parts were added have only text and side.
            catalogue = try c.decodeIfPresent(String.self, forKey: .catalogue)
            lacquer = try c.decodeIfPresent(String.self, forKey: .lacquer)
            marks = try c.decodeIfPresent([String].self, forKey: .marks) ?? []
        }
    }

    public struct Disc: Codable, Sendable, Equatable {
        public var center: [Double]
        /// Semi-major axis of the disc's outline, in source pixels; nil when the
        /// outline is not in the photo (a close-up of the run-out).
        public var radius: Double?
        public var labelRadius: Double?

        public init(center: Point, radius: Double?, labelRadius: Double?) {
            self.center = [center.x, center.y]
            self.radius = radius
            self.labelRadius = labelRadius
        }
    }

    public struct Line: Codable, Sendable, Equatable {
        public var text: String
        /// `[x, y, width, height]`, top-left origin, normalised to the page.
        public var box: [Double]
        public var confidence: Double

        public init(text: String, rect: Rect, confidence: Double) {
            self.text = text
            self.box = [rect.x, rect.y, rect.width, rect.height]
            self.confidence = confidence
        }
    }
}

/// Synthesised: every stored property is a key, `@NullKept` ones null when absent.
extension SleeveRecord: Encodable {}
