internal import CSQLite

/// A prepared statement: bind, step, read columns, reset, reuse.
public final class SQLiteStatement {
    let stmt: OpaquePointer
    // Keeps the connection open while the statement lives (statements must be
    // finalised before their database closes).
    let database: SQLiteDatabase

    init(_ stmt: OpaquePointer, database: SQLiteDatabase) {
        self.stmt = stmt
        self.database = database
    }

    deinit {
        sqlite3_finalize(stmt)
    }

    /// Binds `values` to parameters 1…n after clearing earlier bindings and resetting.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
        for (i, v) in values.enumerated() { try bind(v, at: Int32(i + 1)) }
    }

    /// Binds one value to the 1-based parameter `index`.
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(stmt, index)
        case .integer(let v): rc = sqlite3_bind_int64(stmt, index, v)
        case .real(let v): rc = sqlite3_bind_double(stmt, index, v)
        case .text(let v):
            rc = v.withCString { sqlite_bind_text_copy(stmt, index, $0, Int32(v.utf8.count)) }
        case .blob(let v): rc = v.withUnsafeBytes { sqlite_bind_blob_copy(stmt, index, $0.baseAddress, Int32($0.count)) }
        }
        guard rc == SQLITE_OK else { throw database.error(rc, "bind parameter \(index)") }
    }

    /// Advances to the next row: true when a row is available, false when done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(stmt)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let e = database.error(rc, SQLiteDatabase.abbreviated(String(cString: sqlite3_sql(stmt))))
            sqlite3_reset(stmt)
            throw e
        }
    }

    /// Runs the statement to completion with `values` bound (INSERT, UPDATE, DELETE).
    public func run(_ values: [SQLiteValue] = []) throws(SQLiteError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(stmt)
    }

    /// Every remaining row, each as its columns' values.
    public func allRows() throws(SQLiteError) -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        while try step() { rows.append((0..<columnCount).map { value(at: $0) }) }
        sqlite3_reset(stmt)
        return rows
    }

    public var columnCount: Int { Int(sqlite3_column_count(stmt)) }

    /// The current row's column `i` (0-based).
    public func value(at i: Int) -> SQLiteValue {
        let c = Int32(i)
        switch sqlite3_column_type(stmt, c) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(stmt, c))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(stmt, c))
        case SQLITE_TEXT:
            guard let p = sqlite3_column_text(stmt, c) else { return .text("") }
            let n = Int(sqlite3_column_bytes(stmt, c))
            return .text(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
        case SQLITE_BLOB:
            let n = Int(sqlite3_column_bytes(stmt, c))
            guard n > 0, let p = sqlite3_column_blob(stmt, c) else { return .blob([]) }
            return .blob([UInt8](UnsafeRawBufferPointer(start: p, count: n)))
        default: return .null
        }
    }

    public func int(at i: Int) -> Int? { value(at: i).int }
    public func double(at i: Int) -> Double? { value(at: i).double }
    public func string(at i: Int) -> String? { value(at: i).string }
}
