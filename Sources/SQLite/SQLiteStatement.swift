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

    /// Runs the statement to completion with the parameters `bind` sets, whose text is
    /// borrowed rather than copied (bulk inserts: a copy per value was a measurable
    /// part of the import's writing thread). SQLite reads borrowed bytes only while the
    /// statement steps, and the bindings are cleared before this returns, so a buffer
    /// need only stay valid for this call.
    public func runBorrowing(_ bind: (BorrowedBindings) throws(SQLiteError) -> Void) throws(SQLiteError) {
        sqlite3_reset(stmt)
        defer {
            sqlite3_reset(stmt)
            sqlite3_clear_bindings(stmt)
        }
        try bind(BorrowedBindings(statement: self))
        while try step() {}
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

/// The parameter setters of `SQLiteStatement.runBorrowing`, valid inside its closure.
public struct BorrowedBindings {
    let statement: SQLiteStatement

    /// UTF-8 text read in place from `bytes` (an empty buffer is the empty text).
    public func text(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(SQLiteError) {
        try check(sqlite_bind_text_borrowed(statement.stmt, index, bytes.baseAddress, Int32(bytes.count)), index)
    }

    public func integer(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(statement.stmt, index, value), index)
    }

    public func null(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(statement.stmt, index), index)
    }

    private func check(_ rc: Int32, _ index: Int32) throws(SQLiteError) {
        guard rc == SQLITE_OK else { throw statement.database.error(rc, "bind parameter \(index)") }
    }
}
