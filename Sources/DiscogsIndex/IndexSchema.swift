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

    static func prepare(_ db: SQLiteDatabase) throws(SQLiteError) {
        // A throwaway file until it is renamed into place: no journal, no fsync per
        // transaction (the import fsyncs the finished file once).
        try db.execute("""
            PRAGMA journal_mode = OFF;
            PRAGMA synchronous = OFF;
            PRAGMA locking_mode = EXCLUSIVE;
            PRAGMA cache_size = -65536;
            PRAGMA temp_store = FILE;
            CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
            CREATE TABLE releases(id INTEGER PRIMARY KEY, title TEXT NOT NULL, artists TEXT NOT NULL,
                country TEXT, year INTEGER, master_id INTEGER, formats TEXT, tracks TEXT);
            CREATE TABLE labels(release_id INTEGER NOT NULL, name TEXT, catno TEXT, catno_key TEXT);
            CREATE TABLE barcodes(release_id INTEGER NOT NULL, value TEXT, key TEXT, valid INTEGER);
            CREATE TABLE matrices(release_id INTEGER NOT NULL, value TEXT, key TEXT, description TEXT);
            CREATE VIRTUAL TABLE release_text USING fts5(artist, title, label, tokenize = 'trigram', content = '');
            -- During the load FTS5 merges its segments only when a level holds 64 (not 4,
            -- nor 16 at the latest): `finish` merges them all once ('optimize'). A third
            -- less time per row for the text index, on the writing thread.
            INSERT INTO release_text(release_text, rank) VALUES('automerge', 0);
            INSERT INTO release_text(release_text, rank) VALUES('crisismerge', 64);
            """)
    }

    /// Creates the lookup indexes (after the load: faster than maintaining them row by
    /// row) and records what was imported.
    static func finish(_ db: SQLiteDatabase, source: String, releases: Int, formats: Set<String>?) throws(SQLiteError) {
        // Sorting for CREATE INDEX may use a helper thread (the other core).
        try db.execute("""
            PRAGMA threads = 2;
            CREATE INDEX labels_catno ON labels(catno_key);
            CREATE INDEX labels_release ON labels(release_id);
            CREATE INDEX barcodes_key ON barcodes(key);
            CREATE INDEX barcodes_release ON barcodes(release_id);
            CREATE INDEX matrices_release ON matrices(release_id);
            CREATE INDEX releases_master ON releases(master_id);
            INSERT INTO release_text(release_text) VALUES('optimize');
            INSERT INTO release_text(release_text, rank) VALUES('automerge', 4);
            INSERT INTO release_text(release_text, rank) VALUES('crisismerge', 16);
            """)
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
    /// `fieldSeparator`, entries by `entrySeparator`; appended straight into one string
    /// (no array per entry: the import packs the artists and tracks of every release).
    static func pack<Entry>(_ entries: [Entry], _ fields: (Entry) -> (String, String, String)) -> String {
        var out = ""
        for (i, e) in entries.enumerated() {
            let (a, b, c) = fields(e)
            if i > 0 { out += entrySeparator }
            out += a
            out += fieldSeparator
            out += b
            out += fieldSeparator
            out += c
        }
        return out
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

/// The prepared inserts of one import, reused for every release.
final class ReleaseWriter {
    private let db: SQLiteDatabase
    private let release, label, barcode, matrix, text: SQLiteStatement

    init(_ db: SQLiteDatabase) throws(SQLiteError) {
        self.db = db
        release = try db.prepare("INSERT OR IGNORE INTO releases(id, title, artists, country, year, master_id, formats, tracks) VALUES(?,?,?,?,?,?,?,?)")
        label = try db.prepare("INSERT INTO labels(release_id, name, catno, catno_key) VALUES(?,?,?,?)")
        barcode = try db.prepare("INSERT INTO barcodes(release_id, value, key, valid) VALUES(?,?,?,?)")
        matrix = try db.prepare("INSERT INTO matrices(release_id, value, key, description) VALUES(?,?,?,?)")
        text = try db.prepare("INSERT INTO release_text(rowid, artist, title, label) VALUES(?,?,?,?)")
    }

    /// Inserts one release; false when its id was already imported (the first wins).
    @discardableResult
    func insert(_ r: ReleaseRows) throws(SQLiteError) -> Bool {
        let id = SQLiteValue.integer(r.id)
        try release.run([id, .text(r.title), .text(r.artists), r.country.map(SQLiteValue.text) ?? .null,
                         r.year.map(SQLiteValue.integer) ?? .null, r.masterId.map(SQLiteValue.integer) ?? .null,
                         .text(r.formats), .text(r.tracks)])
        guard db.changes > 0 else { return false }
        for l in r.labels {
            try label.run([id, .text(l.name), .text(l.catno), .text(l.key)])
        }
        for b in r.barcodes {
            try barcode.run([id, .text(b.value), .text(b.key), .integer(b.valid ? 1 : 0)])
        }
        for m in r.matrices {
            try matrix.run([id, .text(m.value), .text(m.key), .text(m.description)])
        }
        try text.run([id, .text(r.textArtist), .text(r.title), .text(r.textLabel)])
        return true
    }
}
