import Foundation
import Postgres
import SQLite

/// The catalogue: every capture as one item keyed by its source's SHA-256, on SQLite
/// or PostgreSQL with one schema and one set of statements (see `SQLBackend`).
///
/// Not `Sendable`: one connection, one thread at a time. `CatalogueRecorder` is the
/// thread-safe face the stations use.
public final class Catalogue {
    let backend: any SQLBackend
    public let url: CatalogueURL
    /// Whose captures these are, stored on items this connection inserts.
    public let station: String
    /// How search finds its items: an index, or a scan where none could be made.
    var index = SearchIndex.scan
    /// `index` for the benchmark and messages.
    public var searchIndex: String { index.rawValue }

    /// Opens (creating its schema when missing) the catalogue at `url`. A server that
    /// cannot be reached is `CatalogueError.Kind.unreachable`.
    public init(url: CatalogueURL, station: String) throws {
        self.url = url
        self.station = station
        switch url {
        case let .sqlite(path):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
                throw CatalogueError(.database, "catalogue \(path): the folder \(folder) does not exist (create it or name another file)")
            }
            backend = try SQLiteBackend(path: path)
        case let .postgres(u):
            backend = try PostgresBackend(url: u)
        }
        try createSchema()
    }

    public static let schemaVersion = 1

    private func createSchema() throws {
        let statements = [
            """
            CREATE TABLE IF NOT EXISTS catalogue_items (
                id \(backend.idColumn),
                sha256 TEXT NOT NULL UNIQUE,
                captured_at TEXT NOT NULL,
                entered_at TEXT NOT NULL,
                station TEXT NOT NULL,
                kind TEXT NOT NULL,
                record_path TEXT NOT NULL,
                images TEXT NOT NULL,
                artist TEXT, title TEXT, label TEXT, catno TEXT, catno_key TEXT, barcode TEXT,
                release_id BIGINT,
                release_artist TEXT, release_title TEXT, release_label TEXT, release_catno TEXT,
                release_country TEXT, release_year INTEGER,
                record_json TEXT NOT NULL,
                search_text TEXT NOT NULL,
                media_condition TEXT, sleeve_condition TEXT, price_cents BIGINT, location TEXT, notes TEXT,
                quantity INTEGER NOT NULL DEFAULT 1 CHECK (quantity >= 1)
            )
            """,
            "CREATE INDEX IF NOT EXISTS catalogue_items_release ON catalogue_items (release_id)",
            "CREATE INDEX IF NOT EXISTS catalogue_items_barcode_catno ON catalogue_items (barcode, catno_key)",
            "CREATE INDEX IF NOT EXISTS catalogue_items_captured ON catalogue_items (captured_at, id)",
            "CREATE TABLE IF NOT EXISTS catalogue_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        ]
        try backend.exclusively {
            for s in statements { try backend.run(s, []) }
            let version = try backend.rows("SELECT value FROM catalogue_meta WHERE key = 'schemaVersion'", [])
            if let v = version.first?[0] ?? nil, let n = Int(v), n > Self.schemaVersion {
                throw CatalogueError(.database, "catalogue \(url): schema version \(n) is newer than this sleevescan's \(Self.schemaVersion) (update sleevescan)")
            }
            if version.isEmpty {
                try backend.run("INSERT INTO catalogue_meta (key, value) VALUES ('schemaVersion', $1) ON CONFLICT (key) DO NOTHING",
                                [.text(String(Self.schemaVersion))])
            }
            index = try backend.createSearchIndex()
        }
    }

    // MARK: entering records

    static let recordColumns = [
        "captured_at", "kind", "record_path", "images", "artist", "title", "label", "catno", "catno_key", "barcode",
        "release_id", "release_artist", "release_title", "release_label", "release_catno", "release_country", "release_year",
        "record_json", "search_text",
    ]

    /// Enters one record: a new item, or (same SHA-256) the item's record fields
    /// refreshed; entering the same record twice changes nothing. Safe against another
    /// station entering the same source at the same moment.
    @discardableResult
    public func enter(_ e: CatalogueEntry, now: Date = Date()) throws -> EnterOutcome {
        let before = try backend.rows("SELECT id, record_json, record_path FROM catalogue_items WHERE sha256 = $1", [.text(e.sha256)])
        if let row = before.first, row[1] == e.recordJSON, row[2] == e.recordPath, let id = Int64(row[0] ?? "") {
            return .unchanged(id: id)
        }
        let values: [SQLParameter] = [
            .text(e.capturedAt), .text(e.kind), .text(e.recordPath), .text(Self.jsonArray(e.images)),
            .text(e.artist), .text(e.title), .text(e.label), .text(e.catno), .text(CatalogueEntry.catnoKey(e.catno)), .text(e.barcode),
            .integer(e.release?.id), .text(e.release?.artist), .text(e.release?.title), .text(e.release?.label),
            .text(e.release?.catno), .text(e.release?.country), .integer(e.release?.year),
            .text(e.recordJSON), .text(Self.searchText(entry: e, location: nil, notes: nil)),
        ]
        let columns = ["sha256", "entered_at", "station"] + Self.recordColumns
        let placeholders = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
        // The search text of an existing item also holds its dealer fields: refreshed
        // by `set`, so here only the record's part is replaced (see `refreshSearch`).
        let updates = Self.recordColumns.filter { $0 != "search_text" }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        let sql = """
            INSERT INTO catalogue_items (\(columns.joined(separator: ", "))) VALUES (\(placeholders))
            ON CONFLICT (sha256) DO UPDATE SET \(updates)
            RETURNING id
            """
        let rows = try backend.rows(sql, [.text(e.sha256), .text(Self.timestamp(now)), .text(station)] + values)
        guard let id = rows.first.flatMap({ Int64($0[0] ?? "") }) else {
            throw CatalogueError(.database, "catalogue \(url): entering \(e.recordPath) returned no id")
        }
        if before.isEmpty {
            // Inserted here (search text from the record: no dealer fields yet), or by
            // another station a moment ago: either way one item.
            return .inserted(id: id)
        }
        try refreshSearch(id: id)
        return .updated(id: id)
    }

    // MARK: duplicates

    /// What the catalogue holds of the same release (identified) or the same barcode
    /// and catalogue number (unidentified), other than this very source.
    public func duplicates(of e: CatalogueEntry) throws -> (count: Int, lastAt: String?, matchedBy: String?) {
        let rows: [[String?]]
        let by: String
        if let release = e.release {
            rows = try backend.rows("""
                SELECT COALESCE(SUM(quantity), 0), MAX(captured_at) FROM catalogue_items
                WHERE release_id = $1 AND sha256 <> $2
                """, [.integer(release.id), .text(e.sha256)])
            by = "release"
        } else if let barcode = e.barcode, let key = CatalogueEntry.catnoKey(e.catno) {
            rows = try backend.rows("""
                SELECT COALESCE(SUM(quantity), 0), MAX(captured_at) FROM catalogue_items
                WHERE barcode = $1 AND catno_key = $2 AND sha256 <> $3
                """, [.text(barcode), .text(key), .text(e.sha256)])
            by = "barcodeAndCatno"
        } else {
            return (0, nil, nil)
        }
        let count = Int(rows.first?[0] ?? "0") ?? 0
        return count > 0 ? (count, rows.first?[1] ?? nil, by) : (0, nil, nil)
    }

    // MARK: reading

    static let itemColumns = """
        id, sha256, captured_at, entered_at, station, kind, record_path, images, artist, title, label, catno, barcode,
        release_id, release_artist, release_title, release_label, release_catno, release_country, release_year,
        media_condition, sleeve_condition, price_cents, location, notes, quantity
        """

    /// Items newest capture first.
    public func list(limit: Int = 100, offset: Int = 0) throws -> [CatalogueItem] {
        try backend.rows("SELECT \(Self.itemColumns) FROM catalogue_items ORDER BY captured_at DESC, id DESC LIMIT $1 OFFSET $2",
                         [.integer(limit), .integer(offset)]).map(Self.item)
    }

    /// Items whose artist, title, label, catalogue number, barcode, release, location or
    /// notes contain `text` (case-insensitive), newest first.
    /// `usingIndex: false` is the scan the index replaced (the benchmark compares them).
    public func search(_ text: String, limit: Int = 100, usingIndex: Bool = true) throws -> [CatalogueItem] {
        let lowered = text.lowercased()
        // The trigram index answers substrings of three characters or more; shorter
        // ones are a scan on every backend (and give the same items).
        if usingIndex, index == .fts5Trigram, lowered.unicodeScalars.count >= 3 {
            // A common text is quickest found by reading the newest items in order: when
            // the newest `window` hold `limit` hits, they are the first `limit` hits of
            // all, exactly the answer. Otherwise (a rare text) the index answers; its cost
            // grows with the hits, which are few then.
            let window = max(500, limit * 10)
            let pattern: SQLParameter = .text("%" + Self.likeEscaped(lowered) + "%")
            // The capture time of the `window`-th newest item, by the capture index alone;
            // the items captured then or later are the start of the list's order.
            guard let edgeAt = try backend.rows("""
                SELECT captured_at FROM catalogue_items ORDER BY captured_at DESC, id DESC LIMIT 1 OFFSET $1
                """, [.integer(window - 1)]).first?[0] ?? nil else {
                return try scan(pattern, limit: limit)  // fewer items than the window: the scan is the whole answer
            }
            let newest = try backend.rows("""
                SELECT \(Self.itemColumns) FROM catalogue_items
                WHERE captured_at >= $3 AND search_text LIKE $1 ESCAPE '\\'
                ORDER BY captured_at DESC, id DESC LIMIT $2
                """, [pattern, .integer(limit), .text(edgeAt)])
            if newest.count == limit { return newest.map(Self.item) }
            let phrase = "\"" + lowered.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            return try backend.rows("""
                SELECT \(Self.itemColumns) FROM catalogue_items
                WHERE id IN (SELECT rowid FROM catalogue_search WHERE catalogue_search MATCH $1)
                ORDER BY captured_at DESC, id DESC LIMIT $2
                """, [.text(phrase), .integer(limit)]).map(Self.item)
        }
        return try scan(.text("%" + Self.likeEscaped(lowered) + "%"), limit: limit, hidingIndex: !usingIndex)
    }

    /// `LIKE` over `search_text`, newest first.
    private func scan(_ pattern: SQLParameter, limit: Int, hidingIndex: Bool = false) throws -> [CatalogueItem] {
        let usingIndex = !hidingIndex
        // On PostgreSQL the pg_trgm index serves this LIKE; `|| ''` hides the column
        // from the planner, so the index cannot be used (the scan, for comparison).
        let column = usingIndex || index != .pgTrigram ? "search_text" : "(search_text || '')"
        return try backend.rows("""
            SELECT \(Self.itemColumns) FROM catalogue_items WHERE \(column) LIKE $1 ESCAPE '\\'
            ORDER BY captured_at DESC, id DESC LIMIT $2
            """, [pattern, .integer(limit)]).map(Self.item)
    }

    /// The item with this id (fewer than 8 digits), or whose SHA-256 starts with `key`
    /// (8 or more hex digits).
    public func item(_ key: String) throws -> CatalogueItem {
        let rows: [[String?]]
        if key.count < 8, let id = Int64(key) {
            rows = try backend.rows("SELECT \(Self.itemColumns) FROM catalogue_items WHERE id = $1", [.integer(id)])
        } else if key.count >= 8, key.allSatisfy(\.isHexDigit) {
            rows = try backend.rows("SELECT \(Self.itemColumns) FROM catalogue_items WHERE sha256 LIKE $1 ORDER BY id LIMIT 2",
                                    [.text(key.lowercased() + "%")])
            if rows.count > 1 { throw CatalogueError(.usage, "'\(key)' matches more than one item (give more of the SHA-256, or the id)") }
        } else {
            throw CatalogueError(.usage, "'\(key)' is neither an item id nor the start of a SHA-256 (8 or more hex digits)")
        }
        guard let row = rows.first else { throw CatalogueError(.notFound, "no item '\(key)' in the catalogue \(url)") }
        return Self.item(row)
    }

    /// The whole record of an item as entered.
    public func recordJSON(id: Int64) throws -> String? {
        try backend.rows("SELECT record_json FROM catalogue_items WHERE id = $1", [.integer(id)]).first?[0] ?? nil
    }

    /// Every item, oldest first, in pages (exports, whatever the catalogue's size).
    public func forEach(pageSize: Int = 1000, _ body: (CatalogueItem) throws -> Void) throws {
        var after: Int64 = 0
        while true {
            let page = try backend.rows("SELECT \(Self.itemColumns) FROM catalogue_items WHERE id > $1 ORDER BY id LIMIT $2",
                                        [.integer(after), .integer(pageSize)]).map(Self.item)
            for item in page { try body(item) }
            guard let last = page.last, page.count == pageSize else { return }
            after = last.id
        }
    }

    public func count() throws -> Int {
        Int(try backend.rows("SELECT COUNT(*) FROM catalogue_items", []).first?[0] ?? "0") ?? 0
    }

    /// Whether an item with this source is in the catalogue.
    public func contains(sha256: String) throws -> Bool {
        !(try backend.rows("SELECT 1 FROM catalogue_items WHERE sha256 = $1", [.text(sha256.lowercased())]).isEmpty)
    }

    /// Deletes the items `station` entered (the benchmark's synthetic ones); returns how many.
    @discardableResult
    public func remove(station: String) throws -> Int {
        let n = Int(try backend.rows("SELECT COUNT(*) FROM catalogue_items WHERE station = $1", [.text(station)]).first?[0] ?? "0") ?? 0
        try backend.run("DELETE FROM catalogue_items WHERE station = $1", [.text(station)])
        return n
    }

    // MARK: dealer fields

    /// Sets the dealer fields `changes` names on item `key`; returns the item as it is now.
    @discardableResult
    public func set(_ key: String, _ changes: DealerChanges) throws -> CatalogueItem {
        let item = try item(key)
        var sets: [String] = [], values: [SQLParameter] = []
        func add(_ column: String, _ v: SQLParameter) {
            values.append(v)
            sets.append("\(column) = $\(values.count)")
        }
        if let m = changes.media { add("media_condition", .text(m)) }
        if let s = changes.sleeve { add("sleeve_condition", .text(s)) }
        if let p = changes.priceCents { add("price_cents", .integer(p)) }
        if let l = changes.location { add("location", .text(l)) }
        if let n = changes.notes { add("notes", .text(n)) }
        if let q = changes.quantity { add("quantity", .integer(q)) }
        guard !sets.isEmpty else { return item }
        values.append(.integer(item.id))
        try backend.run("UPDATE catalogue_items SET \(sets.joined(separator: ", ")) WHERE id = $\(values.count)", values)
        try refreshSearch(id: item.id)
        return try self.item(String(item.id))
    }

    /// Recomputes an item's search text from its columns (record fields and dealer fields).
    private func refreshSearch(id: Int64) throws {
        let row = try backend.rows("SELECT \(Self.itemColumns) FROM catalogue_items WHERE id = $1", [.integer(id)])
        guard let r = row.first else { return }
        let item = Self.item(r)
        let parts = [item.artist, item.title, item.label, item.catno, item.barcode, item.releaseArtist, item.releaseTitle,
                     item.releaseLabel, item.releaseCatno, item.releaseID.map(String.init), item.location, item.notes]
        try backend.run("UPDATE catalogue_items SET search_text = $1 WHERE id = $2",
                        [.text(Self.searchText(parts)), .integer(id)])
    }

    static func searchText(entry e: CatalogueEntry, location: String?, notes: String?) -> String {
        searchText([e.artist, e.title, e.label, e.catno, e.barcode, e.release?.artist, e.release?.title, e.release?.label,
                    e.release?.catno, e.release.map { String($0.id) }, location, notes])
    }

    static func searchText(_ parts: [String?]) -> String {
        parts.compactMap { $0 }.joined(separator: "\u{1F}").lowercased()
    }

    static func likeEscaped(_ s: String) -> String {
        var out = ""
        for c in s {
            if c == "%" || c == "_" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    static func item(_ r: [String?]) -> CatalogueItem {
        func i64(_ i: Int) -> Int64? { r[i].flatMap { Int64($0) } }
        func int(_ i: Int) -> Int? { r[i].flatMap { Int($0) } }
        let images = (try? JSONSerialization.jsonObject(with: Data((r[7] ?? "[]").utf8)) as? [String]) ?? []
        return CatalogueItem(
            id: i64(0) ?? 0, sha256: r[1] ?? "", capturedAt: r[2] ?? "", enteredAt: r[3] ?? "", station: r[4] ?? "",
            kind: r[5] ?? "", recordPath: r[6] ?? "", images: images, artist: r[8], title: r[9], label: r[10], catno: r[11],
            barcode: r[12], releaseID: i64(13), releaseArtist: r[14], releaseTitle: r[15], releaseLabel: r[16],
            releaseCatno: r[17], releaseCountry: r[18], releaseYear: int(19), mediaCondition: r[20], sleeveCondition: r[21],
            priceCents: int(22), location: r[23], notes: r[24], quantity: int(25) ?? 1)
    }

    static func jsonArray(_ strings: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: strings, options: [.withoutEscapingSlashes])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func timestamp(_ d: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: d)
    }
}
