/// One item of the catalogue: a capture, what was read, the release, and the dealer's fields.
public struct CatalogueItem: Sendable, Equatable {
    public var id: Int64
    public var sha256: String
    public var capturedAt: String
    public var enteredAt: String
    public var station: String
    public var kind: String
    public var recordPath: String
    public var images: [String]
    public var artist: String?
    public var title: String?
    public var label: String?
    public var catno: String?
    public var barcode: String?
    public var releaseID: Int64?
    public var releaseArtist: String?
    public var releaseTitle: String?
    public var releaseLabel: String?
    public var releaseCatno: String?
    public var releaseCountry: String?
    public var releaseYear: Int?
    /// One of `Grade.media`.
    public var mediaCondition: String?
    /// One of `Grade.sleeve`.
    public var sleeveCondition: String?
    public var priceCents: Int?
    public var location: String?
    public var notes: String?
    public var quantity: Int

    /// The release's text where identified, else what was read.
    public var displayArtist: String? { releaseArtist ?? artist }
    public var displayTitle: String? { releaseTitle ?? title }
    public var displayLabel: String? { releaseLabel ?? label }
    public var displayCatno: String? { releaseCatno ?? catno }
}

/// What entering a record did.
public enum EnterOutcome: Sendable, Equatable {
    /// A new item.
    case inserted(id: Int64)
    /// The item was there; its record fields were refreshed (the sidecar changed, e.g.
    /// identified since). Dealer fields are never touched by entering.
    case updated(id: Int64)
    /// The item was there with this very record.
    case unchanged(id: Int64)

    public var id: Int64 {
        switch self { case let .inserted(id), let .updated(id), let .unchanged(id): id }
    }
}
