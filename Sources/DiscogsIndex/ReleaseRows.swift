import SleeveCore

/// Where one text value lies in a row's byte buffer.
struct TextSpan {
    var start: Int32
    var count: Int32
}

/// Text values appended one after another into one byte buffer, so the writing threads
/// bind them in place (`SQLiteStatement.runBorrowing`) instead of SQLite copying each.
struct TextArena {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: String) -> TextSpan {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        return TextSpan(start: Int32(start), count: Int32(bytes.count - start))
    }

    /// `IndexSchema.pack` written straight into the buffer.
    mutating func appendPacked<Entry>(_ entries: [Entry], _ fields: (Entry) -> (String, String, String)) -> TextSpan {
        let start = bytes.count
        for (i, e) in entries.enumerated() {
            let (a, b, c) = fields(e)
            if i > 0 { bytes.append(0x1E) }
            bytes.append(contentsOf: a.utf8)
            bytes.append(0x1F)
            bytes.append(contentsOf: b.utf8)
            bytes.append(0x1F)
            bytes.append(contentsOf: c.utf8)
        }
        return TextSpan(start: Int32(start), count: Int32(bytes.count - start))
    }
}

extension UnsafeBufferPointer<UInt8> {
    subscript(span: TextSpan) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: self[Int(span.start)..<Int(span.start + span.count)])
    }
}

/// One release as the index stores it: lookup keys normalised, artists and tracks
/// packed, the text index's columns joined, every text value in one buffer. Made on
/// the preparing thread, so the SQLite threads only bind and step (the Swift string
/// work was a third of the writer's time).
struct ReleaseRows {
    var id: Int64
    var bytes: [UInt8]
    var title: TextSpan
    var artists: TextSpan
    var country: TextSpan?
    var year: Int64?
    var masterId: Int64?
    var formats: TextSpan
    var tracks: TextSpan
    var labels: [(name: TextSpan, catno: TextSpan, key: TextSpan)] = []
    /// `Text` and `Scanned` duplicates of one code are one row.
    var barcodes: [(value: TextSpan, key: TextSpan, valid: Bool)] = []
    var matrices: [(value: TextSpan, key: TextSpan, description: TextSpan)] = []
    /// The release's row of the text index, written by its own thread.
    var text: TextRow

    init(_ r: ReleaseElement) {
        id = Int64(r.id)
        var arena = TextArena(capacity: 512)
        title = arena.append(r.title)
        artists = arena.appendPacked(r.artists) { ($0.name, $0.anv ?? "", $0.join ?? "") }
        country = r.country.map { arena.append($0) }
        year = r.year.map(Int64.init)
        masterId = r.masterId.map(Int64.init)
        formats = arena.append(r.formats.joined(separator: ","))
        tracks = arena.appendPacked(r.tracks) { ($0.position, $0.title, $0.duration) }
        labels = r.labels.map { (arena.append($0.name), arena.append($0.catno), arena.append(CatalogKey.folded($0.catno))) }
        var seen = Set<String>()
        for i in r.identifiers {
            switch i.type {
            case "Barcode":
                guard let key = BarcodeKey.normalise(i.value), seen.insert(key.key).inserted else { continue }
                barcodes.append((arena.append(i.value), arena.append(key.key), key.valid))
            case "Matrix / Runout":
                let key = MatrixKey.normalise(i.value)
                guard !key.isEmpty else { continue }
                matrices.append((arena.append(i.value), arena.append(key), arena.append(i.description)))
            default:
                continue
            }
        }
        bytes = arena.bytes
        text = TextRow(r)
    }
}

/// One release's row of the text index: the artist column (names without Discogs'
/// `(N)`, and ANVs), the title and the label column, in one buffer of their own (the
/// text thread keeps them a few batches longer than the writer keeps its rows).
struct TextRow {
    var id: Int64
    var bytes: [UInt8]
    var artist: TextSpan
    var title: TextSpan
    var label: TextSpan

    init(_ r: ReleaseElement) {
        id = Int64(r.id)
        var arena = TextArena(capacity: 128)
        artist = arena.append(r.artists.flatMap { [DiscogsName.withoutSuffix($0.name)] + ($0.anv.map { [$0] } ?? []) }
            .joined(separator: " / "))
        title = arena.append(r.title)
        label = arena.append(r.labels.map { DiscogsName.withoutSuffix($0.name) }.joined(separator: " / "))
        bytes = arena.bytes
    }
}
