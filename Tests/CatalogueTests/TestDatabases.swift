import Catalogue
import Foundation
import Postgres
import Testing

/// Real databases for the catalogue tests: a SQLite file in a scratch folder, and a
/// fresh database on the PostgreSQL server libpq's environment names (`make test` runs
/// the tests under `pg_virtualenv`, which starts a throwaway cluster and sets
/// PGHOST/PGPORT/PGUSER). Without a server the PostgreSQL tests skip, except in CI.
enum TestDatabases {
    static let environment = ProcessInfo.processInfo.environment

    static var postgresAvailable: Bool { environment["PGHOST"] != nil || environment["PGPORT"] != nil }
    static let skipReason: Comment = "no PostgreSQL server: run 'make test' (starts one with pg_virtualenv) or set PGHOST/PGPORT/PGUSER"
    static var inCI: Bool { environment["CI"] == "true" }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-catalogue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new empty database on the test server; its URL takes the rest from the environment.
    static func freshPostgres() throws -> (url: String, drop: () -> Void) {
        let name = "sleevescan_test_" + UUID().uuidString.prefix(8).lowercased()
        let admin = try PostgresConnection(url: "postgresql://")
        try admin.execute("CREATE DATABASE \(name)")
        return ("postgresql:///\(name)", {
            if let a = try? PostgresConnection(url: "postgresql://") { try? a.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        })
    }

    /// A catalogue URL of `backend` ("sqlite" or "postgres") and its clean-up.
    static func fresh(_ backend: String) throws -> (url: CatalogueURL, folder: URL, cleanUp: () -> Void) {
        let folder = try scratch()
        if backend == "sqlite" {
            return (.sqlite(path: folder.appendingPathComponent("catalogue.sqlite").path), folder,
                    { try? FileManager.default.removeItem(at: folder) })
        }
        let pg = try freshPostgres()
        return (.postgres(url: pg.url), folder, { pg.drop(); try? FileManager.default.removeItem(at: folder) })
    }

    /// The backends to run a behaviour test on: PostgreSQL only where a server is.
    static var backends: [String] { postgresAvailable ? ["sqlite", "postgres"] : ["sqlite"] }
}

/// The test server itself, found by its port in `pg_lsclusters`, for stopping and
/// starting it mid-run (`pg_ctlcluster`).
struct TestServer {
    var version: String
    var cluster: String

    static func find() -> TestServer? {
        guard let port = TestDatabases.environment["PGPORT"], let out = try? Shell.run("/usr/bin/pg_lsclusters", ["--no-header"]) else { return nil }
        for line in out.split(separator: "\n") {
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            if f.count >= 3, f[2] == port { return TestServer(version: String(f[0]), cluster: String(f[1])) }
        }
        return nil
    }

    func stop() throws { _ = try Shell.run("/usr/bin/pg_ctlcluster", [version, cluster, "stop", "-m", "fast"]) }
    func start() throws { _ = try Shell.run("/usr/bin/pg_ctlcluster", [version, cluster, "start"]) }
}

enum Shell {
    struct Failed: Error, CustomStringConvertible { var description: String }

    /// Through system(3), output to a file: `pg_ctlcluster start` leaves a server running
    /// that would hold a pipe open, and Foundation's Process did not see that
    /// pg_ctlcluster (which changes its user) had exited.
    @discardableResult
    static func run(_ tool: String, _ args: [String]) throws -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-shell-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let quoted = ([tool] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let status = system("\(quoted) >'\(log.path)' 2>&1 </dev/null")
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failed(description: "\(tool) \(args.joined(separator: " ")): \(text)") }
        return text
    }
}

/// Sidecar records written by hand: the fields the catalogue reads, and a `release` key
/// in the identify step's shape when given.
enum Sidecars {
    static func sha(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }

    static func record(_ n: Int, artist: String? = nil, title: String? = nil, catno: String? = nil, barcode: String? = nil,
                       release: Int? = nil, capturedAt: String = "2026-12-01T14:02:00Z") -> [UInt8] {
        var object: [String: Any] = [
            "schemaVersion": 1, "kind": "sleeve",
            "source": ["path": "/records/\(n).jpg", "width": 100, "height": 100, "sha256": sha(n), "size": 1,
                       "device": "file", "capturedAt": capturedAt],
            "artist": artist as Any? ?? NSNull(), "title": title as Any? ?? NSNull(), "label": NSNull(),
            "catalogNumber": catno as Any? ?? NSNull(),
            "barcodes": barcode.map { [["symbology": "EAN-13", "value": $0]] } ?? [],
            "tracks": [], "lines": [], "warnings": [],
        ]
        if let release {
            object["release"] = ["discogsId": release, "score": 0.97, "evidence": [], "candidates": [],
                                 "canonical": ["artist": "Canon \(artist ?? "")", "title": "Canon \(title ?? "")", "label": "Elektra",
                                               "catno": catno as Any? ?? NSNull(), "country": "US", "year": 1986, "tracks": []]]
        }
        return [UInt8](try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    static func entry(_ n: Int, artist: String? = nil, title: String? = nil, catno: String? = nil, barcode: String? = nil,
                      release: Int? = nil, capturedAt: String = "2026-12-01T14:02:00Z", folder: String = "/records") -> CatalogueEntry {
        let bytes = record(n, artist: artist, title: title, catno: catno, barcode: barcode, release: release, capturedAt: capturedAt)
        return try! CatalogueEntry.parse(recordJSON: bytes, recordPath: "\(folder)/\(n).json").get()
    }

    /// Writes record `n` as `<folder>/<n>.json`; returns its path.
    @discardableResult
    static func write(_ n: Int, in folder: URL, release: Int? = nil, artist: String? = nil, catno: String? = nil,
                      barcode: String? = nil) throws -> String {
        let path = folder.appendingPathComponent("\(n).json").path
        try Data(record(n, artist: artist, catno: catno, barcode: barcode, release: release)).write(to: URL(fileURLWithPath: path))
        return path
    }
}
