import Catalogue
import Foundation
import Reading
import Settings
import Station
import Postgres
import Testing

/// The catalogue's behaviour on real databases, the same tests on SQLite and on
/// PostgreSQL. Serialized: one test stops the PostgreSQL server mid-run.
@Suite(.serialized) struct CatalogueDatabaseTests {
    @Test func postgresRunsInCI() {
        // CI must exercise the server; on a developer's machine these tests may skip.
        if TestDatabases.inCI { #expect(TestDatabases.postgresAvailable, TestDatabases.skipReason) }
    }

    @Test(arguments: TestDatabases.backends)
    func enteringTwiceIsOneItemAndARefreshKeepsDealerFields(backend: String) throws {
        let db = try TestDatabases.fresh(backend)
        defer { db.cleanUp() }
        let c = try Catalogue(url: db.url, station: "A")
        let first = try c.enter(Sidecars.entry(1, artist: "Metallica", catno: "60439-1", barcode: "0075596043918"))
        guard case .inserted = first else { Issue.record("\(first)"); return }
        #expect(try c.enter(Sidecars.entry(1, artist: "Metallica", catno: "60439-1", barcode: "0075596043918")) == .unchanged(id: first.id))
        try c.set(String(first.id), DealerChanges.parse(["media=VG+", "price=12.50", "location=A3"]).get())
        // The sidecar identified since: the item's record fields follow, dealer fields stay.
        let identified = try c.enter(Sidecars.entry(1, artist: "Metallica", catno: "60439-1", barcode: "0075596043918", release: 42))
        #expect(identified == .updated(id: first.id))
        #expect(try c.count() == 1)
        let item = try c.item(String(first.id))
        #expect(item.releaseID == 42 && item.releaseArtist == "Canon Metallica" && item.releaseYear == 1986)
        #expect(item.mediaCondition == "Very Good Plus (VG+)" && item.priceCents == 1250 && item.location == "A3")
        #expect(item.station == "A")
        // A second connection (another station) entering the same source: still one item.
        let other = try Catalogue(url: db.url, station: "B")
        _ = try other.enter(Sidecars.entry(1, artist: "Metallica", catno: "60439-1", barcode: "0075596043918", release: 42))
        #expect(try other.count() == 1)
        #expect(try c.item(String(first.id)).station == "A")
    }

    @Test(arguments: TestDatabases.backends)
    func duplicatesAreTheSameReleaseElseTheSameBarcodeAndCatno(backend: String) throws {
        let db = try TestDatabases.fresh(backend)
        defer { db.cleanUp() }
        let c = try Catalogue(url: db.url, station: "A")
        try c.enter(Sidecars.entry(1, catno: "MRW 4417", barcode: "5012345678900", release: 7, capturedAt: "2026-12-01T10:00:00Z"))
        try c.enter(Sidecars.entry(2, catno: "MRW 4417", barcode: "5012345678900", release: 7, capturedAt: "2026-12-01T14:02:00Z"))
        try c.enter(Sidecars.entry(3, catno: "MRW-4417", barcode: "5012345678900", capturedAt: "2026-12-01T12:00:00Z"))
        try c.enter(Sidecars.entry(4, catno: "OTHER 1", barcode: "5012345678900", release: 8))
        let same = try c.duplicates(of: Sidecars.entry(10, catno: "X", release: 7))
        #expect(same.count == 2 && same.lastAt == "2026-12-01T14:02:00Z" && same.matchedBy == "release")
        // Unidentified: barcode and catalogue number (spelling of the number aside).
        let byCode = try c.duplicates(of: Sidecars.entry(11, catno: "mrw4417", barcode: "5012345678900"))
        #expect(byCode.count == 3 && byCode.matchedBy == "barcodeAndCatno")
        #expect(try c.duplicates(of: Sidecars.entry(12, catno: "MRW 9999", barcode: "5012345678900")).count == 0)
        #expect(try c.duplicates(of: Sidecars.entry(13, barcode: "5012345678900")).count == 0, "no catno: not enough to call it the same")
        // An item is not its own duplicate, and quantity counts copies.
        #expect(try c.duplicates(of: Sidecars.entry(1, release: 7)).count == 1)
        try c.set("2", DealerChanges.parse(["quantity=3"]).get())
        #expect(try c.duplicates(of: Sidecars.entry(10, release: 7)).count == 4)
    }

    @Test(arguments: TestDatabases.backends)
    func listSearchShowAndSet(backend: String) throws {
        let db = try TestDatabases.fresh(backend)
        defer { db.cleanUp() }
        let c = try Catalogue(url: db.url, station: "A")
        try c.enter(Sidecars.entry(1, artist: "Metallica", title: "Master of Puppets", capturedAt: "2026-12-01T10:00:00Z"))
        try c.enter(Sidecars.entry(2, artist: "Kate Bush", title: "Hounds of Love", catno: "EMC 2403", capturedAt: "2026-12-01T11:00:00Z"))
        try c.enter(Sidecars.entry(3, artist: "100% Pure", title: "under_score", capturedAt: "2026-12-01T12:00:00Z"))
        #expect(try c.list().map(\.id) == [3, 2, 1])
        #expect(try c.list(limit: 1, offset: 1).map(\.id) == [2])
        #expect(try c.search("HOUNDS").map(\.id) == [2])
        #expect(try c.search("emc 24").map(\.id) == [2])
        // LIKE's wildcards in the text are literal.
        #expect(try c.search("100%").map(\.id) == [3])
        #expect(try c.search("_").map(\.id) == [3])
        #expect(try c.search("%").map(\.id) == [3])
        try c.set("1", DealerChanges.parse(["location=Crate B7", "notes=ring wear"]).get())
        #expect(try c.search("crate b7").map(\.id) == [1])
        #expect(try c.search("ring wear").map(\.id) == [1])
        try c.set("1", DealerChanges.parse(["notes="]).get())
        #expect(try c.search("ring wear").isEmpty)
        #expect(try c.item(Sidecars.sha(2)).id == 2)
        #expect(throws: CatalogueError.self) { try c.item(String(Sidecars.sha(2).prefix(62))) } // three items start so
        #expect(throws: CatalogueError.self) { try c.item("999") }
        #expect(throws: CatalogueError.self) { try c.item("zz") }
    }

    @Test(arguments: TestDatabases.backends)
    func rebuildEntersEveryRecordOnceHoweverOftenItRuns(backend: String) throws {
        let db = try TestDatabases.fresh(backend)
        defer { db.cleanUp() }
        let records = db.folder.appendingPathComponent("records")
        try FileManager.default.createDirectory(at: records.appendingPathComponent("day2"), withIntermediateDirectories: true)
        for n in 1...5 { try Sidecars.write(n, in: records) }
        for n in 6...8 { try Sidecars.write(n, in: records.appendingPathComponent("day2")) }
        try Data("{\"not\": \"a record\"}".utf8).write(to: records.appendingPathComponent("notes.json"))
        let c = try Catalogue(url: db.url, station: "A")
        let first = try CatalogueRebuild.run(folder: records.path, into: c)
        #expect(first.inserted == 8 && first.skipped.count == 1)
        let again = try CatalogueRebuild.run(folder: records.path, into: c)
        #expect(again.inserted == 0 && again.unchanged == 8)
        #expect(try c.count() == 8)
    }

    @Test(arguments: TestDatabases.backends)
    func theInventoryCarriesExactlyTheIdentifiedPricedGradedItems(backend: String) throws {
        let db = try TestDatabases.fresh(backend)
        defer { db.cleanUp() }
        let c = try Catalogue(url: db.url, station: "A")
        try c.enter(Sidecars.entry(1, artist: "A, B", catno: "X1", release: 101))     // identified, priced, graded
        try c.enter(Sidecars.entry(2, catno: "X2", release: 102))                     // no price
        try c.enter(Sidecars.entry(3, catno: "X3"))                                   // not identified
        try c.enter(Sidecars.entry(4, catno: "X4", release: 104))                     // two copies
        try c.set("1", DealerChanges.parse(["media=NM", "sleeve=VG", "price=12.50", "notes=say \"hi\", twice", "location=A3"]).get())
        try c.set("2", DealerChanges.parse(["media=VG"]).get())
        try c.set("3", DealerChanges.parse(["media=VG", "price=3"]).get())
        try c.set("4", DealerChanges.parse(["media=G+", "price=5", "quantity=2"]).get())
        var rows: [String] = [], skipped: [CatalogueExport.Skipped] = []
        try c.forEach { item in
            switch CatalogueExport.inventoryRows(item) {
            case let .success(r): rows += r
            case let .failure(s): skipped.append(s)
            }
        }
        #expect(rows.count == 3)
        #expect(rows[0] == "101,12.50,Near Mint (NM or M-),Very Good (VG),\"say \"\"hi\"\", twice\",,A3,\(Sidecars.sha(1).prefix(16)),,")
        #expect(rows[1].hasPrefix("104,5.00,Good Plus (G+),,") && rows[1] == rows[2])
        #expect(skipped.map(\.id) == [2, 3])
        #expect(skipped[0].reason == "no price" && skipped[1].reason.contains("not identified"))
        let collection = CatalogueExport.collectionRow(try c.item("1"))
        #expect(collection.hasPrefix("X1,\"Canon A, B\",Canon,Elektra,,,1986,101,Uncategorized,2026-12-01 14:02:00,Near Mint (NM or M-),Very Good (VG),"))
    }

    // MARK: PostgreSQL only

    @Test(.enabled(if: TestDatabases.postgresAvailable, TestDatabases.skipReason))
    func postgresErrorsKeepTheirSQLState() throws {
        let pg = try TestDatabases.freshPostgres()
        defer { pg.drop() }
        let conn = try PostgresConnection(url: pg.url)
        do {
            try conn.execute("SELEC 1")
            Issue.record("a syntax error passed")
        } catch {
            #expect(error.sqlState == "42601" && !error.connectionLost)
        }
        try conn.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        try conn.query("INSERT INTO t VALUES ($1)", [.text("a'; DROP TABLE t; --")])
        do {
            try conn.query("INSERT INTO t VALUES ($1)", [.text("a'; DROP TABLE t; --")])
            Issue.record("a duplicate key passed")
        } catch {
            #expect(error.sqlState == "23505")
        }
        #expect(try conn.query("SELECT k FROM t WHERE k = $1", [.text("a'; DROP TABLE t; --")]).rows == [["a'; DROP TABLE t; --"]])
        do {
            _ = try PostgresConnection(url: "postgresql://localhost:1/nowhere", connectTimeoutSeconds: 2)
            Issue.record("connected to port 1")
        } catch {
            #expect(error.connectionLost && error.sqlState == nil && error.operation.contains("localhost:1"))
        }
        #expect(PostgresConnection.withoutPassword("postgresql://u:secret@h/db") == "postgresql://u@h/db")
    }

    @Test(.enabled(if: TestDatabases.postgresAvailable, TestDatabases.skipReason))
    func twoStationsWritingAtOnceEnterEachSourceOnce() async throws {
        let pg = try TestDatabases.freshPostgres()
        defer { pg.drop() }
        let url = CatalogueURL.postgres(url: pg.url)
        // Two stations, each its own connection, 300 records each, 100 of them the same
        // sources (the same file entered by both): 500 items, each once.
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for (station, range) in [("A", 1...300), ("B", 201...500)] {
                group.addTask {
                    let c = try Catalogue(url: url, station: station)
                    var n = 0
                    for i in range {
                        _ = try c.enter(Sidecars.entry(i, artist: "artist \(i)", release: i % 37))
                        n += 1
                    }
                    return n
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(results == 600)
        let conn = try PostgresConnection(url: pg.url)
        #expect(try conn.query("SELECT COUNT(*), COUNT(DISTINCT sha256) FROM catalogue_items").rows == [["500", "500"]])
        #expect(try conn.query("SELECT COUNT(*) FROM catalogue_items WHERE station NOT IN ('A', 'B')").rows == [["0"]])
    }

    @Test(.enabled(if: TestDatabases.postgresAvailable, TestDatabases.skipReason))
    func aServerStoppedMidRunLosesNothingAndDoublesNothing() throws {
        guard let server = TestServer.find() else {
            Issue.record("the test server is not a pg_ctlcluster cluster on PGPORT (run under pg_virtualenv)")
            return
        }
        let pg = try TestDatabases.freshPostgres()
        defer { pg.drop() }
        let folder = try TestDatabases.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = LogLines()
        let recorder = CatalogueRecorder(url: .postgres(url: pg.url), station: "A", log: { log.append($0) })
        recorder.retrySeconds = 0.2
        recorder.retryMaxSeconds = 0.5
        #expect(recorder.open(pendingIn: folder.path))
        var duplicatesWhileDown: [CatalogueDuplicates?] = []
        for n in 1...30 {
            if n == 11 { try server.stop() }
            let bytes = Sidecars.record(n, catno: "C\(n % 3)", barcode: "5012345678900")
            let asked = recorder.duplicates(ofRecordJSON: bytes)
            if n > 10 { duplicatesWhileDown.append(asked) }
            let path = folder.appendingPathComponent("\(n).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            recorder.enter(recordPath: path, recordJSON: bytes)
        }
        #expect(!recorder.isOnline && recorder.waitingCount == 20)
        #expect(duplicatesWhileDown.allSatisfy { $0 == nil }, "an unreachable catalogue cannot say: null, never 0")
        #expect(recorder.problem?.contains("unreachable") == true)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(CatalogueRecorder.pendingName).path))
        try server.start()
        let deadline = Date().addingTimeInterval(30)
        while !recorder.isOnline, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(recorder.isOnline)
        recorder.enter(recordPath: folder.appendingPathComponent("31.json").path, recordJSON: Sidecars.record(31))
        let conn = try PostgresConnection(url: pg.url)
        #expect(try conn.query("SELECT COUNT(*), COUNT(DISTINCT sha256) FROM catalogue_items").rows == [["31", "31"]])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(CatalogueRecorder.pendingName).path))
        #expect(log.lines.contains { $0.contains("unreachable") || $0.contains("records are still written") }, "\(log.lines)")
        #expect(log.lines.contains { $0.contains("is back") && $0.contains("entered 20") }, "\(log.lines)")
        recorder.stop()
    }
}

final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ s: String) { lock.lock(); stored.append(s); lock.unlock() }
    var lines: [String] { lock.lock(); defer { lock.unlock() }; return stored }
}
