import SleeveCore

/// One release as the index stores it: lookup keys normalised, artists and tracks
/// packed, the text index's columns joined. Made on the preparing thread, so the SQLite
/// thread only binds and steps (the Swift string work was a third of its time).
struct ReleaseRows {
    var id: Int64
    var title: String
    var artists: String
    var country: String?
    var year: Int64?
    var masterId: Int64?
    var formats: String
    var tracks: String
    var labels: [(name: String, catno: String, key: String)] = []
    /// `Text` and `Scanned` duplicates of one code are one row.
    var barcodes: [(value: String, key: String, valid: Bool)] = []
    var matrices: [(value: String, key: String, description: String)] = []
    /// The text index's artist column (names without Discogs' `(N)`, and ANVs) and
    /// label column.
    var textArtist: String
    var textLabel: String

    init(_ r: ReleaseElement) {
        id = Int64(r.id)
        title = r.title
        artists = IndexSchema.pack(r.artists) { ($0.name, $0.anv ?? "", $0.join ?? "") }
        country = r.country
        year = r.year.map(Int64.init)
        masterId = r.masterId.map(Int64.init)
        formats = r.formats.joined(separator: ",")
        tracks = IndexSchema.pack(r.tracks) { ($0.position, $0.title, $0.duration) }
        labels = r.labels.map { ($0.name, $0.catno, CatalogKey.folded($0.catno)) }
        var seen = Set<String>()
        for i in r.identifiers {
            switch i.type {
            case "Barcode":
                guard let key = BarcodeKey.normalise(i.value), seen.insert(key.key).inserted else { continue }
                barcodes.append((i.value, key.key, key.valid))
            case "Matrix / Runout":
                let key = MatrixKey.normalise(i.value)
                guard !key.isEmpty else { continue }
                matrices.append((i.value, key, i.description))
            default:
                continue
            }
        }
        textArtist = r.artists.flatMap { [DiscogsName.withoutSuffix($0.name)] + ($0.anv.map { [$0] } ?? []) }
            .joined(separator: " / ")
        textLabel = r.labels.map { DiscogsName.withoutSuffix($0.name) }.joined(separator: " / ")
    }
}
