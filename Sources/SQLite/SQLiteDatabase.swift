internal import CSQLite

/// One SQLite database file (Debian's libsqlite3), the only place that imports it.
///
/// Not `Sendable`: a connection belongs to one owner (SQLite's default threading mode
/// allows one thread at a time per connection). Open another connection for another
/// thread; WAL mode lets readers go on while one writer writes.
public final class SQLiteDatabase {
    let handle: OpaquePointer
    /// The file as given, for messages.
    public let path: String

    /// Opens (and with `create`, creates) the database at `path`.
    public init(path: String, readOnly: Bool = false, create: Bool = true) throws(SQLiteError) {
        var db: OpaquePointer?
        var flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message, operation: "open \(path)")
        }
        self.handle = db
        self.path = path
        // A writer holding the lock makes others wait up to this long before SQLITE_BUSY.
        sqlite3_busy_timeout(db, 5000)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows (schema, pragmas).
    public func execute(_ sql: String) throws(SQLiteError) {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(err)
            throw SQLiteError(code: rc, message: message, operation: Self.abbreviated(sql))
        }
    }

    /// A prepared statement; prepare once and reuse it for bulk work.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)), operation: Self.abbreviated(sql))
        }
        return SQLiteStatement(stmt, database: self)
    }

    /// All rows of a query, for small results.
    public func query(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let stmt = try prepare(sql)
        try stmt.bind(values)
        return try stmt.allRows()
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The library's version, e.g. "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    func error(_ rc: Int32, _ operation: String) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)), operation: operation)
    }

    static func abbreviated(_ sql: String) -> String {
        let flat = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return flat.count > 60 ? String(flat.prefix(57)) + "…" : flat
    }
}

/// A value in a column or a bound parameter.
public enum SQLiteValue: Equatable, Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var int: Int? { if case .integer(let v) = self { Int(v) } else { nil } }
    public var double: Double? {
        switch self {
        case .real(let v): v
        case .integer(let v): Double(v)
        default: nil
        }
    }
    public var string: String? { if case .text(let v) = self { v } else { nil } }
}

/// A failed SQLite call with the library's result code and message.
public struct SQLiteError: Error, Equatable, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY` is 5, `SQLITE_CONSTRAINT` 19, …).
    public let code: Int32
    public let message: String
    /// What was being done: "open PATH", the statement's start.
    public let operation: String

    public var description: String { "\(operation): \(message) (SQLite code \(code))" }
    /// The database is locked by another writer (after the busy timeout).
    public var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
    /// A UNIQUE, NOT NULL or CHECK constraint refused the change.
    public var isConstraint: Bool { code & 0xFF == SQLITE_CONSTRAINT }
}
