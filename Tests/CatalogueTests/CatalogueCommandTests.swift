import Catalogue
import ChildProcesses
import Foundation
import Postgres
import Testing

/// Runs the built executable as a user would.
enum Tool {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let executable: URL = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [products, products.deletingLastPathComponent()]
        where FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("sleevescan").path) {
            return folder.appendingPathComponent("sleevescan")
        }
        return products.appendingPathComponent("sleevescan")
    }()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures").standardizedFileURL

    static func start(_ args: [String], stdout: URL, stderr: URL) throws -> Process {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SLEEVESCAN_CONFIG")
        p.environment = env
        FileManager.default.createFile(atPath: stdout.path, contents: nil)
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        p.standardOutput = try FileHandle(forWritingTo: stdout)
        p.standardError = try FileHandle(forWritingTo: stderr)
        try p.run()
        return p
    }

    static func run(_ args: [String]) throws -> Result {
        let folder = FileManager.default.temporaryDirectory
        let o = folder.appendingPathComponent("sleevescan-out-\(UUID().uuidString)")
        let e = folder.appendingPathComponent("sleevescan-err-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: o); try? FileManager.default.removeItem(at: e) }
        let p = try start(args, stdout: o, stderr: e)
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: (try? String(contentsOf: o, encoding: .utf8)) ?? "",
                      stderr: (try? String(contentsOf: e, encoding: .utf8)) ?? "")
    }

    /// Minimal RFC 4180 reader: quoted fields with doubled quotes, commas and line breaks.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var it = Array(text), i = 0
        while i < it.count {
            let c = it[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < it.count, it[i + 1] == "\"" { field.append("\""); i += 1 } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" { quoted = true
            } else if c == "," { row.append(field); field = ""
            } else if c == "\n" { row.append(field); rows.append(row); row = []; field = ""
            } else { field.append(c) }
            i += 1
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        it = []
        return rows
    }

    /// The distinct source SHA-256s of the sidecars in `folders`.
    static func sidecarSources(_ folders: [URL]) throws -> [String] {
        var shas: [String] = []
        for f in folders {
            for name in try FileManager.default.contentsOfDirectory(atPath: f.path) where name.hasSuffix(".json") {
                let object = try JSONSerialization.jsonObject(with: Data(contentsOf: f.appendingPathComponent(name))) as? [String: Any]
                if let sha = (object?["source"] as? [String: Any])?["sha256"] as? String { shas.append(sha) }
            }
        }
        return shas
    }
}

@Suite struct CatalogueCommandTests {
    @Test func rebuildListSetAndTheTwoExports() throws {
        let dir = try TestDatabases.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let records = dir.appendingPathComponent("records")
        try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
        try Sidecars.write(1, in: records, release: 249504, artist: "Rick Astley", catno: "PB 41447")
        try Sidecars.write(2, in: records, release: 1234, artist: "Someone")
        try Sidecars.write(3, in: records, artist: "Unknown, Band", catno: "XX 1")
        let rebuilt = try Tool.run(["catalogue", "rebuild", records.path])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(rebuilt.stderr.contains("3 new, 0 updated, 0 unchanged"), "\(rebuilt.stderr)")
        let url = "sqlite:" + records.appendingPathComponent("catalogue.sqlite").path
        let again = try Tool.run(["catalogue", "rebuild", records.path])
        #expect(again.stderr.contains("0 new, 0 updated, 3 unchanged"), "\(again.stderr)")

        let list = try Tool.run(["catalogue", "list", "--catalogue", url])
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 4 && lines[0].hasPrefix("id\tcapturedAt\tartist"))
        let search = try Tool.run(["catalogue", "search", "astley", "--catalogue", url])
        #expect(search.stdout.split(separator: "\n").count == 2 && search.stdout.contains("249504"))

        for (id, fields) in [("1", ["media=NM", "sleeve=VG+", "price=12.50", "location=A3", "notes=plays through, \"small\" seam split"]),
                             ("2", ["media=VG"]), ("3", ["media=G", "price=2"])] {
            let set = try Tool.run(["catalogue", "set", id] + fields + ["--catalogue", url])
            #expect(set.status == 0, "\(set.stderr)")
        }
        let bad = try Tool.run(["catalogue", "set", "1", "media=Excellent", "--catalogue", url])
        #expect(bad.status == 64 && bad.stderr.hasPrefix("error: media grade 'Excellent'") && bad.stderr.contains("usage: "))
        let missing = try Tool.run(["catalogue", "show", "99", "--catalogue", url])
        #expect(missing.status == 66 && missing.stderr.contains("no item '99'"))
        let show = try Tool.run(["catalogue", "show", "1", "--catalogue", url])
        #expect(show.stdout.contains("Near Mint (NM or M-)") && show.stdout.contains("12.50"))

        let inventory = try Tool.run(["catalogue", "export", "--format", "discogs-inventory", "--catalogue", url])
        #expect(inventory.status == 0)
        let rows = Tool.parseCSV(inventory.stdout)
        #expect(rows.first?.joined(separator: ",") == CatalogueExport.inventoryHeader)
        #expect(rows.count == 2, "only item 1 is identified, priced and graded: \(rows)")
        #expect(rows[1] == ["249504", "12.50", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "plays through, \"small\" seam split",
                            "", "A3", String(Sidecars.sha(1).prefix(16)), "", ""])
        #expect(inventory.stderr.contains("item 2 left out: no price"))
        #expect(inventory.stderr.contains("item 3 left out: not identified"))

        let csv = try Tool.run(["catalogue", "export", "--catalogue", url])
        let collection = Tool.parseCSV(csv.stdout)
        #expect(collection.first?.joined(separator: ",") == CatalogueExport.collectionHeader)
        #expect(collection.count == 4 && collection.allSatisfy { $0.count == 13 })
        #expect(collection.contains { $0[1] == "Unknown, Band" && $0[7] == "" })
    }

    @Test func aReadRecordCarriesWhatTheCatalogueAlreadyHolds() throws {
        let dir = try TestDatabases.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stock = dir.appendingPathComponent("stock")
        try FileManager.default.createDirectory(at: stock, withIntermediateDirectories: true)
        // A copy of the fixture sleeve already in stock (same barcode and catalogue number).
        try Sidecars.write(1, in: stock, catno: "MRW-4417", barcode: "5012345678900")
        let url = "sqlite:" + dir.appendingPathComponent("shop.sqlite").path
        #expect(try Tool.run(["catalogue", "rebuild", stock.path, "--catalogue", url]).status == 0)
        let out = dir.appendingPathComponent("out")
        let sleeve = Tool.fixtures.appendingPathComponent("sleeves/flatbed-side-by-side.png").path
        let read = try Tool.run(["read", "--out", out.path, "--catalogue", url, "--json", sleeve])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stderr.contains("already in stock: 1, last 14:02"), "\(read.stderr)")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("flatbed-side-by-side.json"))) as? [String: Any]
        let duplicates = record?["duplicates"] as? [String: Any]
        #expect(duplicates?["count"] as? Int == 1 && duplicates?["matchedBy"] as? String == "barcodeAndCatno")
        #expect(duplicates?["lastAt"] as? String == "2026-12-01T14:02:00Z")
        let streamed = try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any]
        #expect((streamed?["duplicates"] as? [String: Any])?["count"] as? Int == 1)
        let list = try Tool.run(["catalogue", "list", "--catalogue", url])
        #expect(list.stdout.split(separator: "\n").count == 3)
        // Read again: the same source is the same item, not a second copy.
        _ = try Tool.run(["read", "--out", dir.appendingPathComponent("out2").path, "--catalogue", url, sleeve])
        #expect(try Tool.run(["catalogue", "list", "--catalogue", url]).stdout.split(separator: "\n").count == 3)
        // No catalogue there: says so, names the file, exit 66.
        let none = try Tool.run(["catalogue", "list", "--catalogue", "sqlite:" + dir.appendingPathComponent("none.sqlite").path])
        #expect(none.status == 66 && none.stderr.contains("none.sqlite") && none.stderr.contains("rebuild"))
        let badURL = try Tool.run(["catalogue", "list", "--catalogue", "mysql://x"])
        #expect(badURL.status == 64 && badURL.stderr.contains("neither sqlite:PATH nor postgresql://"))
    }

    @Test func aStationKilledMidWriteLosesNothingAfterARebuild() throws {
        let dir = try TestDatabases.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("records")
        let replay = Tool.fixtures.appendingPathComponent("live/two-in-a-row.mjpeg").path
        let p = try Tool.start(["live", "--replay", replay, "--fps", "5", "--realtime", "--out", out.path],
                               stdout: dir.appendingPathComponent("o"), stderr: dir.appendingPathComponent("e"))
        let child = ChildSignals(p)
        // Killed as soon as the first record is on disk: its catalogue entry may or may not
        // have been made.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, p.isRunning,
              ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).allSatisfy({ !$0.hasSuffix(".json") }) {
            Thread.sleep(forTimeInterval: 0.01)
        }
        child.send(SIGKILL)
        p.waitUntilExit()
        let sources = try Tool.sidecarSources([out])
        #expect(!sources.isEmpty)
        let rebuilt = try Tool.run(["catalogue", "rebuild", out.path])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        let c = try Catalogue(url: .sqlite(path: out.appendingPathComponent("catalogue.sqlite").path), station: "t")
        #expect(try c.count() == Set(sources).count)
        for sha in sources { #expect(try c.contains(sha256: sha)) }
    }
}

extension CatalogueDatabaseTests {
    /// Two `live --replay` stations writing into one PostgreSQL database at once.
    @Test(.enabled(if: TestDatabases.postgresAvailable, TestDatabases.skipReason), arguments: [false, true])
    func twoLiveStationsIntoOnePostgres(serverStoppedForAWhile: Bool) throws {
        let pg = try TestDatabases.freshPostgres()
        defer { pg.drop() }
        let dir = try TestDatabases.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = TestServer.find()
        if serverStoppedForAWhile {
            guard let server else { Issue.record("the test server is not a pg_ctlcluster cluster on PGPORT"); return }
            try server.stop()
        }
        var stations: [(Process, URL)] = []
        for (name, replay) in [("A", "two-in-a-row"), ("B", "hand-over")] {
            let out = dir.appendingPathComponent(name)
            // 2 frames a second: on a loaded machine (2 cores, several test runs) 5 left a
            // station too little time per frame to see its sleeve at all (0 records);
            // the replays also last longer than the 4 s the server is stopped for.
            let p = try Tool.start(["live", "--replay", Tool.fixtures.appendingPathComponent("live/\(replay).mjpeg").path, "--fps", "2",
                                    "--realtime", "--out", out.path, "--catalogue", pg.url],
                                   stdout: dir.appendingPathComponent("\(name).out"), stderr: dir.appendingPathComponent("\(name).err"))
            stations.append((p, out))
        }
        if serverStoppedForAWhile, let server {
            Thread.sleep(forTimeInterval: 4)
            try server.start()
        }
        for (p, _) in stations { p.waitUntilExit() }
        for (p, _) in stations { #expect(p.terminationStatus == 0) }
        // How many records a paced replay gives depends on the machine's load (frames
        // drop); what is checked is that every record written is in the catalogue once.
        let sources = try Tool.sidecarSources(stations.map(\.1))
        for (_, out) in stations { #expect(try !Tool.sidecarSources([out]).isEmpty) }
        let conn = try PostgresConnection(url: pg.url)
        let counts = try conn.query("SELECT COUNT(*), COUNT(DISTINCT sha256), COUNT(DISTINCT station) FROM catalogue_items").rows
        #expect(counts == [[String(Set(sources).count), String(Set(sources).count), "1"]])
        for sha in sources {
            #expect(try conn.query("SELECT COUNT(*) FROM catalogue_items WHERE sha256 = $1", [.text(sha)]).rows == [["1"]])
        }
        let logs = stations.map { (try? String(contentsOf: dir.appendingPathComponent("\($0.1.lastPathComponent).err"), encoding: .utf8)) ?? "" }
        if serverStoppedForAWhile {
            #expect(logs.allSatisfy { $0.contains("records are still written") }, "\(logs)")
            #expect(logs.allSatisfy { $0.contains("is back") }, "\(logs)")
        }
    }
}
