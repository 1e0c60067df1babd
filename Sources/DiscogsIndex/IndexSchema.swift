import Foundation
import SleeveCore
import SQLite

/// The index file's tables. Lookup keys are stored normalised (the core's
/// `BarcodeKey`, `CatalogKey`, `MatrixKey`), so a query is an indexed equality.
///
/// - `releases`: one row per release; artists and tracks packed into one text column
///   each (fields split by U+001F, entries by U+001E): read only for candidates.
/// - `labels`: label name, catno as listed, and its folded key (OCR confusions).
/// - `barcodes`: the value as listed, its key (GTIN-13 when valid, else bare digits)
///   and whether it was valid: invalid values are kept apart, never repaired.
/// - `matrices`: Matrix / Runout values, as listed and normalised.
/// - `release_text`: FTS5 trigram index over artist names (and ANVs), title and label
///   names, for fuzzy text lookups where no identifier was read.
enum IndexSchema {
    static let version = 1

    /// A throwaway file until it is renamed into place: no journal, no fsync per
    /// transaction (the import fsyncs the finished file once).
    private static func throwaway(_ db: SQLiteDatabase, cacheMB: Int) throws(SQLiteError) {
        try db.execute("""
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA locking_mode = EXCLUSIVE;
            PRAGMA cache_size = -\(cacheMB << 10);
            PRAGMA temp_store = FILE;
            """)
    }

    /// The lookup tables, in the index file itself. The text index is built apart
    /// (`prepareText`) and copied in at the end (`copyText`).
    static func prepare(_ db: SQLiteDatabase) throws(SQLiteError) {
        // With the text index's 16 MB, the 64 MB of page cache one connection had
        // (peak RSS: at most 200 MB at 2 M releases).
        try throwaway(db, cacheMB: 48)
        try db.execute("""
            CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
            CREATE TABLE releases(id INTEGER PRIMARY KEY, title TEXT NOT NULL, artists TEXT NOT NULL,
                country TEXT, year INTEGER, master_id INTEGER, formats TEXT, tracks TEXT);
            CREATE TABLE labels(release_id INTEGER NOT NULL, name TEXT, catno TEXT, catno_key TEXT);
            CREATE TABLE barcodes(release_id INTEGER NOT NULL, value TEXT, key TEXT, valid INTEGER);
            CREATE TABLE matrices(release_id INTEGER NOT NULL, value TEXT, key TEXT, description TEXT);
            """)
    }

    static let textTableSQL = "release_text USING fts5(artist, title, label, tokenize = 'trigram', content = '')"

    /// The text index in a file of its own, written by its own connection and thread
    /// (SQLite allows one writer per file), so its final merge runs beside the lookup
    /// indexes' sorts on the other core.
    static func prepareText(_ db: SQLiteDatabase) throws(SQLiteError) {
        // Its pages are appended and merged in order: a small cache does.
        try throwaway(db, cacheMB: 16)
        try db.execute("""
            CREATE VIRTUAL TABLE \(textTableSQL);
            -- During the load FTS5 merges its segments only when a level holds 64 (not 4,
            -- nor 16 at the latest): `finishText` merges them all once ('optimize'). A
            -- third less time per row for the text index.
            INSERT INTO release_text(release_text, rank) VALUES('automerge', 0);
            INSERT INTO release_text(release_text, rank) VALUES('crisismerge', 64);
            """)
    }

    /// After the text index's load (committed): its segments merged into one, and the
    /// merge settings a query-time index wants.
    static func finishText(_ db: SQLiteDatabase) throws(SQLiteError) {
        try db.execute("""
            INSERT INTO release_text(release_text) VALUES('optimize');
            INSERT INTO release_text(release_text, rank) VALUES('automerge', 4);
            INSERT INTO release_text(release_text, rank) VALUES('crisismerge', 16);
            """)
    }

    /// The lookup indexes, created after the load (faster than maintaining them row by
    /// row); the text index's merge runs meanwhile on its own thread.
    static func createLookupIndexes(_ db: SQLiteDatabase) throws(SQLiteError) {
        // No sorter helper threads (`PRAGMA threads`): the other core merges the text
        // index now, and each helper holds a sort buffer as large as the page cache
        // (at 2 M releases, 207 MB peak RSS with one helper beside the merge).
        try db.execute("""
            CREATE INDEX labels_catno ON labels(catno_key);
            CREATE INDEX labels_release ON labels(release_id);
            CREATE INDEX barcodes_key ON barcodes(key);
            CREATE INDEX barcodes_release ON barcodes(release_id);
            CREATE INDEX matrices_release ON matrices(release_id);
            CREATE INDEX releases_master ON releases(master_id);
            """)
    }

    /// The finished text index (`finishText`, its connection closed) copied into the
    /// index file: its shadow tables row for row, as one FTS5 table of this file. A
    /// table-to-table copy moves stored records without decoding them. This
    /// connection never uses the FTS5 table itself afterwards (it would have cached
    /// the empty table's structure); the file's readers open their own.
    static func copyText(into db: SQLiteDatabase, from textFile: String) throws(SQLiteError) {
        try db.prepare("ATTACH DATABASE ? AS text").run([.text(textFile)])
        try db.execute("BEGIN; CREATE VIRTUAL TABLE main.\(textTableSQL);")
        for shadow in ["data", "idx", "docsize", "config"] {
            try db.execute("""
                DELETE FROM main.release_text_\(shadow);
                INSERT INTO main.release_text_\(shadow) SELECT * FROM text.release_text_\(shadow);
                """)
        }
        try db.execute("COMMIT; DETACH DATABASE text;")
    }

    /// Records what was imported, and the statistics the query planner reads.
    static func finish(_ db: SQLiteDatabase, source: String, releases: Int, formats: Set<String>?) throws(SQLiteError) {
        let meta = try db.prepare("INSERT INTO meta(key, value) VALUES(?, ?)")
        let stamp = ISO8601DateFormatter().string(from: Date())
        for (k, v) in [("schemaVersion", String(version)), ("source", URL(fileURLWithPath: source).lastPathComponent),
                       ("importedAt", stamp), ("releases", String(releases)),
                       ("formats", formats.map { $0.sorted().joined(separator: ",") } ?? "all")] {
            try meta.run([.text(k), .text(v)])
        }
        try db.execute("PRAGMA journal_mode = DELETE; ANALYZE;")
    }

    static let fieldSeparator = "\u{1F}"
    static let entrySeparator = "\u{1E}"

    /// Entries of three fields each into one text column: fields joined by
    /// `fieldSeparator`, entries by `entrySeparator`. The import writes the same bytes
    /// straight into a row's buffer (`TextArena.appendPacked`); this is that, as a string.
    static func pack<Entry>(_ entries: [Entry], _ fields: (Entry) -> (String, String, String)) -> String {
        var arena = TextArena(capacity: 0)
        _ = arena.appendPacked(entries, fields)
        return String(decoding: arena.bytes, as: UTF8.self)
    }

    /// `pack` undone, splitting at the separator bytes (control characters: always
    /// grapheme boundaries, never inside a multi-byte UTF-8 sequence), so the identify
    /// path reads each candidate's artists and tracks without walking Characters.
    static func unpack(_ text: String) -> [[String]] {
        guard !text.isEmpty else { return [] }
        let utf8 = text.utf8
        var rows: [[String]] = []
        var row: [String] = []
        var start = utf8.startIndex
        var i = start
        while i != utf8.endIndex {
            let b = utf8[i]
            if b == 0x1E || b == 0x1F {
                row.append(String(text[start..<i]))
                if b == 0x1E { rows.append(row); row = [] }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        row.append(String(text[start..<utf8.endIndex]))
        rows.append(row)
        return rows
    }
}

/// The prepared inserts of the lookup tables, reused for every release.
final class ReleaseWriter {
    private let db: SQLiteDatabase
    private let release, label, barcode, matrix: SQLiteStatement

    init(_ db: SQLiteDatabase) throws(SQLiteError) {
        self.db = db
        release = try db.prepare("INSERT OR IGNORE INTO releases(id, title, artists, country, year, master_id, formats, tracks) VALUES(?,?,?,?,?,?,?,?)")
        label = try db.prepare("INSERT INTO labels(release_id, name, catno, catno_key) VALUES(?,?,?,?)")
        barcode = try db.prepare("INSERT INTO barcodes(release_id, value, key, valid) VALUES(?,?,?,?)")
        matrix = try db.prepare("INSERT INTO matrices(release_id, value, key, description) VALUES(?,?,?,?)")
    }

    /// Inserts one release; false when its id was already imported (the first wins).
    @discardableResult
    func insert(_ r: ReleaseRows) throws(SQLiteError) -> Bool {
        try r.bytes.withUnsafeBufferPointer { (b) throws(SQLiteError) -> Bool in
            try release.runBorrowing { (p) throws(SQLiteError) in
                try p.integer(r.id, at: 1)
                try p.text(b[r.title], at: 2)
                try p.text(b[r.artists], at: 3)
                if let c = r.country { try p.text(b[c], at: 4) } else { try p.null(at: 4) }
                if let y = r.year { try p.integer(y, at: 5) } else { try p.null(at: 5) }
                if let m = r.masterId { try p.integer(m, at: 6) } else { try p.null(at: 6) }
                try p.text(b[r.formats], at: 7)
                try p.text(b[r.tracks], at: 8)
            }
            guard db.changes > 0 else { return false }
            for l in r.labels {
                try label.runBorrowing { (p) throws(SQLiteError) in
                    try p.integer(r.id, at: 1)
                    try p.text(b[l.name], at: 2)
                    try p.text(b[l.catno], at: 3)
                    try p.text(b[l.key], at: 4)
                }
            }
            for c in r.barcodes {
                try barcode.runBorrowing { (p) throws(SQLiteError) in
                    try p.integer(r.id, at: 1)
                    try p.text(b[c.value], at: 2)
                    try p.text(b[c.key], at: 3)
                    try p.integer(c.valid ? 1 : 0, at: 4)
                }
            }
            for m in r.matrices {
                try matrix.runBorrowing { (p) throws(SQLiteError) in
                    try p.integer(r.id, at: 1)
                    try p.text(b[m.value], at: 2)
                    try p.text(b[m.key], at: 3)
                    try p.text(b[m.description], at: 4)
                }
            }
            return true
        }
    }
}

/// The prepared insert of the text index, on its own connection.
final class TextIndexWriter {
    private let text: SQLiteStatement

    init(_ db: SQLiteDatabase) throws(SQLiteError) {
        text = try db.prepare("INSERT INTO release_text(rowid, artist, title, label) VALUES(?,?,?,?)")
    }

    func insert(_ r: TextRow) throws(SQLiteError) {
        try r.bytes.withUnsafeBufferPointer { (b) throws(SQLiteError) in
            try text.runBorrowing { (p) throws(SQLiteError) in
                try p.integer(r.id, at: 1)
                try p.text(b[r.artist], at: 2)
                try p.text(b[r.title], at: 3)
                try p.text(b[r.label], at: 4)
            }
        }
    }
}
