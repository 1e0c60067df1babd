internal import CPostgres
#if canImport(Glibc)
import Glibc
#endif

/// One connection to a PostgreSQL server through Debian's libpq, the only place that
/// imports it.
///
/// Not `Sendable`: a libpq connection serves one thread at a time. Open one per thread.
public final class PostgresConnection {
    private var handle: OpaquePointer
    /// The URL as given, without a password, for messages.
    public let displayURL: String

    /// Connects to `url`, a libpq URI (`postgresql://user@host:5432/db?sslmode=…`) or a
    /// key=value string. `postgresql://` alone takes everything from libpq's environment
    /// (`PGHOST`, `PGPORT`, `PGUSER`, `PGDATABASE`, `PGPASSWORD`, `~/.pgpass`).
    ///
    /// `connectTimeoutSeconds` bounds a connection attempt to an unreachable host (the
    /// URL's own `connect_timeout` wins); notices ("relation already exists, skipping")
    /// are not printed.
    public init(url: String, connectTimeoutSeconds: Int = 5) throws(PostgresError) {
        // Later keywords override earlier ones and `dbname` expands the URL in place:
        // our defaults first, so that the URL's own settings win.
        let pairs: [(String, String)] = [
            ("connect_timeout", String(connectTimeoutSeconds)),
            ("application_name", "sleevescan"),
            ("options", "-c client_min_messages=warning"),
            // A server that vanishes mid-query (cable pulled) fails the call instead of
            // hanging it.
            ("keepalives_idle", "10"),
            ("tcp_user_timeout", "15000"),
            ("dbname", url),
        ]
        let display = Self.withoutPassword(url)
        let conn: OpaquePointer? = Self.withCStrings(pairs.map(\.0)) { keys in
            Self.withCStrings(pairs.map(\.1)) { values in
                PQconnectdbParams(keys, values, 1)
            }
        }
        guard let conn else { throw PostgresError(sqlState: nil, message: "out of memory", operation: "connect \(display)") }
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(conn))
            PQfinish(conn)
            throw PostgresError(sqlState: nil, message: message, operation: "connect \(display)", connectionLost: true)
        }
        self.handle = conn
        self.displayURL = display
    }

    deinit {
        PQfinish(handle)
    }

    /// Whether the connection is still up as far as libpq knows (it learns of a lost
    /// server on the next call that fails).
    public var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Tries to reconnect with the same parameters; true when the connection is back.
    @discardableResult
    public func reset() -> Bool {
        PQreset(handle)
        return isConnected
    }

    /// The server's version as a number (150004 for 15.4).
    public var serverVersion: Int { Int(PQserverVersion(handle)) }

    /// Runs one or more statements without parameters (schema, `BEGIN`, `COMMIT`).
    public func execute(_ sql: String) throws(PostgresError) {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql)
    }

    /// Runs one statement with `$1…$n` bound to `parameters` (sent apart from the text:
    /// no quoting, no injection); returns its rows as text.
    @discardableResult
    public func query(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresRows {
        let texts: [String?] = parameters.map(\.text)
        let types: [Oid] = parameters.map(\.oid)
        let result: OpaquePointer? = Self.withOptionalCStrings(texts) { values in
            types.withUnsafeBufferPointer { t in
                PQexecParams(handle, sql, Int32(parameters.count), t.baseAddress, values, nil, nil, 0)
            }
        }
        defer { PQclear(result) }
        try check(result, sql)
        guard let result else { return PostgresRows(columns: [], rows: []) }
        let nrows = Int(PQntuples(result)), ncols = Int(PQnfields(result))
        let columns = (0..<ncols).map { String(cString: PQfname(result, Int32($0))) }
        var rows: [[String?]] = []
        rows.reserveCapacity(nrows)
        for r in 0..<nrows {
            rows.append((0..<ncols).map { c -> String? in
                if PQgetisnull(result, Int32(r), Int32(c)) != 0 { return nil }
                return String(cString: PQgetvalue(result, Int32(r), Int32(c)))
            })
        }
        let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
        return PostgresRows(columns: columns, rows: rows, affected: affected)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if isConnected { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// libpq's version, e.g. 150004.
    public static var libraryVersion: Int { Int(PQlibVersion()) }

    private func check(_ result: OpaquePointer?, _ sql: String) throws(PostgresError) {
        let operation = Self.abbreviated(sql)
        guard let result else {
            throw PostgresError(sqlState: nil, message: Self.trimmed(PQerrorMessage(handle)), operation: operation,
                                connectionLost: !isConnected)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return
        default:
            let state = PQresultErrorField(result, pq_diag_sqlstate).map { String(cString: $0) }
            let primary = PQresultErrorField(result, pq_diag_message_primary).map { String(cString: $0) }
            let message = primary ?? Self.trimmed(PQresultErrorMessage(result))
            throw PostgresError(sqlState: state, message: message, operation: operation, connectionLost: !isConnected)
        }
    }

    static func trimmed(_ p: UnsafePointer<CChar>?) -> String {
        guard let p else { return "unknown error" }
        let s = String(cString: p)
        return s.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }.joined(separator: "; ")
    }

    static func abbreviated(_ sql: String) -> String {
        let flat = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return flat.count > 60 ? String(flat.prefix(57)) + "…" : flat
    }

    /// `postgresql://user:secret@host/db` → `postgresql://user@host/db`: messages never show a password.
    public static func withoutPassword(_ url: String) -> String {
        let chars = Array(url)
        guard let colonSlash = (0..<max(0, chars.count - 2)).first(where: { chars[$0] == ":" && chars[$0 + 1] == "/" && chars[$0 + 2] == "/" }),
              let at = chars[(colonSlash + 3)...].firstIndex(of: "@"),
              let colon = chars[(colonSlash + 3)..<at].firstIndex(of: ":") else { return url }
        return String(chars[..<colon]) + String(chars[at...])
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        withOptionalCStrings(strings.map { Optional($0) }, body)
    }

    private static func withOptionalCStrings<R>(_ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        // strdup'd copies live until the call returns; a trailing nil ends keyword lists.
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0)! } }
        defer { for c in copies { free(c) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension Substring {
    fileprivate func trimmingCharacters() -> String {
        var s = self
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

/// A parameter value, sent as text with its type.
public enum PostgresValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var text: String? {
        switch self {
        case .null: nil
        case .integer(let v): String(v)
        case .real(let v): String(v)
        case .text(let v): v
        }
    }

    var oid: Oid {
        switch self {
        case .null: 0
        case .integer: pq_oid_int8
        case .real: pq_oid_float8
        case .text: pq_oid_text
        }
    }
}

/// The rows of a query as the server's text: `nil` is SQL NULL.
public struct PostgresRows: Sendable {
    public var columns: [String]
    public var rows: [[String?]]
    /// Rows inserted, updated or deleted by the statement.
    public var affected = 0
}

/// A failed libpq call with the server's SQLSTATE when there is one.
public struct PostgresError: Error, Equatable, CustomStringConvertible {
    /// The five-character SQLSTATE (`23505` unique violation, `57P01` admin shutdown…);
    /// nil when the failure was on the client's side (no connection, no result).
    public let sqlState: String?
    public let message: String
    /// What was being done: "connect URL", the statement's start.
    public let operation: String
    /// The connection is gone (refused, reset, server shut down): reconnect before retrying.
    public let connectionLost: Bool

    public init(sqlState: String?, message: String, operation: String, connectionLost: Bool = false) {
        self.sqlState = sqlState
        self.message = message
        self.operation = operation
        // Class 08 is connection exceptions; 57P01-57P03 the server shutting down or not
        // yet accepting connections.
        let lostStates: Set<String> = ["57P01", "57P02", "57P03"]
        self.connectionLost = connectionLost || (sqlState.map { $0.hasPrefix("08") || lostStates.contains($0) } ?? false)
    }

    public var description: String {
        "\(operation): \(message)" + (sqlState.map { " (SQLSTATE \($0))" } ?? "")
    }
}
