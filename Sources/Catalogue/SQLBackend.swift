import Foundation
import Postgres
import SQLite

/// The two databases a catalogue lives in, behind the few calls the catalogue needs.
/// SQL is written once, PostgreSQL-style (`$1…$n`); the dialect differs only in the
/// id column and how the schema is created under a lock.
protocol SQLBackend: AnyObject {
    /// Rows as text (`nil` is NULL): the catalogue converts; both databases agree on text.
    func rows(_ sql: String, _ parameters: [SQLParameter]) throws(CatalogueError) -> [[String?]]
    func run(_ sql: String, _ parameters: [SQLParameter]) throws(CatalogueError)
    func transaction<T>(_ body: () throws -> T) throws -> T
    /// The id column's type in `CREATE TABLE`.
    var idColumn: String { get }
    /// Runs `body` (schema creation) so that two stations starting at once do not race.
    func exclusively(_ body: () throws -> Void) throws
    /// Creates the substring index behind `search` (under `exclusively`); what it made.
    func createSearchIndex() throws -> SearchIndex
}

/// How `Catalogue.search` finds substrings without reading every row.
enum SearchIndex: String, Sendable, Equatable {
    /// None available: `LIKE '%text%'` over every row.
    case scan
    /// SQLite: the FTS5 table `catalogue_search` (trigram tokenizer) mirrors
    /// `search_text`, kept by triggers; a quoted phrase is a substring match.
    case fts5Trigram = "fts5 trigram"
    /// PostgreSQL: a pg_trgm GIN index on `search_text` that the same `LIKE` uses.
    case pgTrigram = "pg_trgm"
}

enum SQLParameter: Sendable, Equatable {
    case null, integer(Int64), text(String)

    static func text(_ s: String?) -> SQLParameter { s.map { .text($0) } ?? .null }
    static func integer(_ i: Int?) -> SQLParameter { i.map { .integer(Int64($0)) } ?? .null }
    static func integer(_ i: Int64?) -> SQLParameter { i.map { .integer($0) } ?? .null }
}

final class SQLiteBackend: SQLBackend {
    let db: SQLiteDatabase
    private var statements: [String: SQLiteStatement] = [:]

    init(path: String) throws(CatalogueError) {
        do {
            db = try SQLiteDatabase(path: path)
            // WAL: `catalogue list` and the status page read while a station writes;
            // NORMAL sync is durable across a crash of the process (the sidecar is the
            // source of truth across a power cut anyway).
            try db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")
        } catch {
            throw CatalogueError(.database, "catalogue \(path): \(error.message) (check the folder exists and is writable)")
        }
    }

    var idColumn: String { "INTEGER PRIMARY KEY" }

    func rows(_ sql: String, _ parameters: [SQLParameter]) throws(CatalogueError) -> [[String?]] {
        do {
            let stmt = try statement(sql)
            try stmt.bind(parameters.map(Self.value))
            return try stmt.allRows().map { $0.map(Self.text) }
        } catch {
            throw Self.wrap(error, db.path)
        }
    }

    func run(_ sql: String, _ parameters: [SQLParameter]) throws(CatalogueError) {
        do {
            try statement(sql).run(parameters.map(Self.value))
        } catch {
            throw Self.wrap(error, db.path)
        }
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        do {
            return try db.transaction(body)
        } catch let e as SQLiteError {
            throw Self.wrap(e, db.path)
        }
    }

    func exclusively(_ body: () throws -> Void) throws { try transaction(body) }

    func createSearchIndex() throws -> SearchIndex {
        let existed = !(try rows("SELECT 1 FROM sqlite_master WHERE name = 'catalogue_search'", [])).isEmpty
        // External content: the text is stored once, in catalogue_items; the triggers
        // keep the index in step with every insert, update and delete.
        let statements = [
            """
            CREATE VIRTUAL TABLE IF NOT EXISTS catalogue_search USING fts5(
                search_text, content = 'catalogue_items', content_rowid = 'id', tokenize = 'trigram')
            """,
            """
            CREATE TRIGGER IF NOT EXISTS catalogue_search_insert AFTER INSERT ON catalogue_items BEGIN
                INSERT INTO catalogue_search (rowid, search_text) VALUES (new.id, new.search_text);
            END
            """,
            """
            CREATE TRIGGER IF NOT EXISTS catalogue_search_update AFTER UPDATE OF search_text ON catalogue_items BEGIN
                INSERT INTO catalogue_search (catalogue_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
                INSERT INTO catalogue_search (rowid, search_text) VALUES (new.id, new.search_text);
            END
            """,
            """
            CREATE TRIGGER IF NOT EXISTS catalogue_search_delete AFTER DELETE ON catalogue_items BEGIN
                INSERT INTO catalogue_search (catalogue_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
            END
            """,
        ]
        for s in statements { try run(s, []) }
        // A catalogue made before the index: index what it holds.
        if !existed { try run("INSERT INTO catalogue_search (catalogue_search) VALUES ('rebuild')", []) }
        return .fts5Trigram
    }

    /// `$1` → `?1`: SQLite's numbered parameters, so one SQL text serves both.
    private func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let s = statements[sql] { return s }
        let s = try db.prepare(sql.replacingOccurrences(of: "$", with: "?"))
        statements[sql] = s
        return s
    }

    static func value(_ p: SQLParameter) -> SQLiteValue {
        switch p {
        case .null: .null
        case let .integer(i): .integer(i)
        case let .text(t): .text(t)
        }
    }

    static func text(_ v: SQLiteValue) -> String? {
        switch v {
        case .null: nil
        case let .integer(i): String(i)
        case let .real(d): String(d)
        case let .text(t): t
        case let .blob(b): String(decoding: b, as: UTF8.self)
        }
    }

    static func wrap(_ e: SQLiteError, _ path: String) -> CatalogueError {
        // Busy past the timeout: another writer holds the file; like a server away, the
        // record waits and is entered later.
        CatalogueError(e.isBusy ? .unreachable : .database, "catalogue \(path): \(e)")
    }
}

final class PostgresBackend: SQLBackend {
    let connection: PostgresConnection
    let name: String

    init(url: String) throws(CatalogueError) {
        do {
            connection = try PostgresConnection(url: url)
        } catch {
            throw CatalogueError(.unreachable, "catalogue \(PostgresConnection.withoutPassword(url)): \(error.message)")
        }
        name = connection.displayURL
    }

    var idColumn: String { "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" }

    func rows(_ sql: String, _ parameters: [SQLParameter]) throws(CatalogueError) -> [[String?]] {
        do {
            return try connection.query(sql, parameters.map(Self.value)).rows
        } catch {
            throw wrap(error)
        }
    }

    func run(_ sql: String, _ parameters: [SQLParameter]) throws(CatalogueError) {
        _ = try rows(sql, parameters)
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        do {
            return try connection.transaction(body)
        } catch let e as PostgresError {
            throw wrap(e)
        }
    }

    /// A transaction-scoped advisory lock: concurrent `CREATE TABLE IF NOT EXISTS` from
    /// two stations can otherwise fail on the system catalogue's unique index.
    func exclusively(_ body: () throws -> Void) throws {
        try transaction {
            try run("SELECT pg_advisory_xact_lock(7260518)", [])
            try body()
        }
    }

    /// pg_trgm ships with Debian's postgresql package (contrib) and is a trusted
    /// extension: a database owner may create it. Where it cannot be had, search scans.
    func createSearchIndex() throws -> SearchIndex {
        try run("SAVEPOINT search_index", [])
        do {
            try run("CREATE EXTENSION IF NOT EXISTS pg_trgm", [])
            try run("CREATE INDEX IF NOT EXISTS catalogue_items_search_trgm ON catalogue_items USING gin (search_text gin_trgm_ops)", [])
            try run("RELEASE SAVEPOINT search_index", [])
            return .pgTrigram
        } catch let e where e.kind != .unreachable {
            try run("ROLLBACK TO SAVEPOINT search_index", [])
            return .scan
        }
    }

    static func value(_ p: SQLParameter) -> PostgresValue {
        switch p {
        case .null: .null
        case let .integer(i): .integer(i)
        case let .text(t): .text(t)
        }
    }

    func wrap(_ e: PostgresError) -> CatalogueError {
        CatalogueError(e.connectionLost ? .unreachable : .database, "catalogue \(name): \(e)")
    }
}
