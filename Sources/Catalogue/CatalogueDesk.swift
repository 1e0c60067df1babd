import Foundation

/// The catalogue as the status page uses it: searched and edited from a phone while a
/// station may be writing. Thread-safe (one connection, one request at a time under a
/// lock); connects at the first request and again after a failure, so a server that
/// was away when the page started is used once it is back.
///
/// `@unchecked`: it holds a `Catalogue`, a C database connection (SQLite or libpq)
/// that is not Sendable, used only under `lock`.
public final class CatalogueDesk: @unchecked Sendable {
    public let url: CatalogueURL
    public let station: String
    private let lock = NSLock()
    private var catalogue: Catalogue?

    public init(url: CatalogueURL, station: String) {
        self.url = url
        self.station = station
    }

    /// Items matching `text` (all items, newest first, when it is empty).
    public func search(_ text: String, limit: Int) throws -> [CatalogueItem] {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return try use { t.isEmpty ? try $0.list(limit: limit) : try $0.search(t, limit: limit) }
    }

    public func item(_ key: String) throws -> CatalogueItem {
        try use { try $0.item(key) }
    }

    /// Applies `FIELD=VALUE` assignments validated by `DealerChanges.parse` (the same
    /// rules as `catalogue set`); a bad value is a `.usage` error saying what is allowed.
    public func set(_ key: String, assignments: [String]) throws -> CatalogueItem {
        let changes: DealerChanges
        switch DealerChanges.parse(assignments) {
        case let .success(c): changes = c
        case let .failure(e): throw e
        }
        return try use { try $0.set(key, changes) }
    }

    private func use<T>(_ body: (Catalogue) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if catalogue == nil {
            // A SQLite catalogue nobody has written yet is not created by looking at it.
            if case let .sqlite(path) = url, !FileManager.default.fileExists(atPath: path) {
                throw CatalogueError(.notFound, "the catalogue \(url) is empty: no record has been entered yet")
            }
            catalogue = try Catalogue(url: url, station: station)
        }
        do {
            return try body(catalogue!)
        } catch let e as CatalogueError where e.kind == .unreachable || e.kind == .database {
            catalogue = nil  // reconnect on the next request
            throw e
        }
    }
}
