import Application
import Catalogue
import Foundation
import Reading
import Settings
import Station
import StatusServer

/// `sleevescan bench catalogue [--items N] [--catalogue URL]`: fills an empty catalogue
/// with N synthetic captures the way stations do (one record at a time, a duplicate
/// check before each), then times what the station and the status page ask of it.
/// Without `--catalogue`, a fresh SQLite file in a temporary folder.
enum CatalogueBench {
    static let command = Command(
        name: "bench catalogue",
        usage: "sleevescan bench catalogue [--items N] [--runs N] [--catalogue URL]",
        summary: "Catalogue entry rate and search latency on generated items.",
        options: [
            Option("--items", "N", "Items entered (default 20000)."),
            Option("--runs", "N", "Search queries timed (default 200)."),
            Option("--catalogue", "URL", "The catalogue to fill (default a temporary SQLite file)."),
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        try run(args, console, command: command)
    }

    static let benchStation = "sleevescan-bench"

    static func run(_ args: Arguments, _ console: Console, command: Command) throws -> ExitCode {
        let items = try args.int("--items", in: 1...10_000_000, command: command) ?? 20_000
        let queries = try args.int("--runs", in: 1...100_000, command: command) ?? 200
        var scratch: String?
        let url: CatalogueURL
        if let text = args.value("--catalogue") {
            switch CatalogueURL.parse(text) {
            case let .success(u): url = u
            case let .failure(e): throw UsageError(message: e.description, command: command)
            }
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-bench-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            scratch = folder
            url = .sqlite(path: folder + "/catalogue.sqlite")
        }
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }
        let catalogue: Catalogue
        do {
            catalogue = try Catalogue(url: url, station: benchStation)
        } catch {
            console.error("\(error)")
            return .unavailable
        }
        guard try catalogue.count() == 0 else {
            console.error("\(url): the benchmark needs an empty catalogue (it enters \(items) synthetic items): give a fresh database")
            return .usage
        }
        var generator = Synthetic(seed: 20261201)
        console.out("catalogue\t\(url)\titems\t\(items)\tsearch index\t\(catalogue.searchIndex)")
        var enterMs: [Double] = [], checkMs: [Double] = []
        let started = ContinuousClock.now
        for n in 0..<items {
            let entry = generator.entry(n)
            let t0 = ContinuousClock.now
            _ = try catalogue.duplicates(of: entry)
            let t1 = ContinuousClock.now
            try catalogue.enter(entry)
            let t2 = ContinuousClock.now
            checkMs.append(StageTimer.ms(t1 - t0))
            enterMs.append(StageTimer.ms(t2 - t1))
        }
        let seconds = StageTimer.ms(ContinuousClock.now - started) / 1000
        // The rate over the database calls alone (the duplicate check and entering), and
        // the wall time with making the synthetic records, which is not the database's.
        let databaseSeconds = (enterMs.reduce(0, +) + checkMs.reduce(0, +)) / 1000
        console.out(String(format: "insert\t%.0f items/s (duplicate check + enter, %.1f s)\twall %.1f s with generating the records",
                           Double(items) / databaseSeconds, databaseSeconds, seconds))
        report("enter", enterMs, console)
        report("duplicate check", checkMs, console)
        // Two kinds of search, each through the index and as the scan it replaced, on
        // the same texts in the same run: common words (many hits: a scan in capture
        // order stops at the 50th) and eight barcode digits (a hit or two, or none: a
        // scan reads every row).
        for (kind, texts) in [("word", (0..<queries).map { _ in generator.searchWord() }),
                              ("rare", (0..<queries).map { _ in generator.rareText() })] {
            for indexed in [true, false] {
                var ms: [Double] = [], hits: [Double] = []
                for text in texts {
                    let t0 = ContinuousClock.now
                    let found = try catalogue.search(text, limit: 50, usingIndex: indexed)
                    ms.append(StageTimer.ms(ContinuousClock.now - t0))
                    hits.append(Double(found.count))
                }
                report("search \(kind) (50 results max, \(indexed ? catalogue.searchIndex : "scan"), median hits "
                    + "\(BenchFigures.fmt(BenchFigures.percentile(hits, 0.5))))", ms, console)
            }
        }
        var listMs: [Double] = [], deepMs: [Double] = []
        for i in 0..<queries {
            let t0 = ContinuousClock.now
            _ = try catalogue.list(limit: 50)
            listMs.append(StageTimer.ms(ContinuousClock.now - t0))
            let t1 = ContinuousClock.now
            _ = try catalogue.list(limit: 50, offset: (i * 997) % max(1, items - 50))
            deepMs.append(StageTimer.ms(ContinuousClock.now - t1))
        }
        report("list first page (status page)", listMs, console)
        report("list a page further in", deepMs, console)
        var showMs: [Double] = []
        for i in 0..<queries {
            let t0 = ContinuousClock.now
            _ = try catalogue.item(String(1 + (i * 7919) % items))
            showMs.append(StageTimer.ms(ContinuousClock.now - t0))
        }
        report("show one item", showMs, console)
        try statusPage(url: url, queries: queries, generator: &generator, console)
        if scratch == nil {
            let removed = try catalogue.remove(station: benchStation)
            console.info("bench catalogue: removed the \(removed) synthetic items again")
        }
        return .ok
    }

    /// The status page's catalogue pages as a phone gets them: HTTP on a real socket
    /// to a status server on 127.0.0.1 (its own connection to the catalogue), the
    /// first page of the list (50 items) and a search, rendered as HTML.
    static func statusPage(url: CatalogueURL, queries: Int, generator: inout Synthetic, _ console: Console) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-bench-page-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var settings = StatusServerSettings()
        settings.port = 0
        let server = try StatusServer(board: StatusBoard(), settings: settings, outputFolder: folder,
                                      catalogue: CatalogueDesk(url: url, station: benchStation))
        defer { server.stop() }
        var listMs: [Double] = [], searchMs: [Double] = []
        var failed = 0
        for _ in 0..<queries {
            let t0 = ContinuousClock.now
            if StationBenchHTTP.get(port: server.port, "/catalogue") != 200 { failed += 1 }
            let t1 = ContinuousClock.now
            let q = generator.searchWord().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            if StationBenchHTTP.get(port: server.port, "/catalogue?q=\(q)") != 200 { failed += 1 }
            listMs.append(StageTimer.ms(t1 - t0))
            searchMs.append(StageTimer.ms(ContinuousClock.now - t1))
        }
        report("status page: catalogue list (GET /catalogue, 50 items, HTTP)", listMs, console)
        report("status page: catalogue search (GET /catalogue?q=, HTTP)", searchMs, console)
        if failed > 0 { console.warning("bench catalogue: \(failed) status page request(s) did not answer 200") }
    }

    static func report(_ what: String, _ ms: [Double], _ console: Console) {
        console.out("\(what)\tmedian_ms \(BenchFigures.fmt(BenchFigures.percentile(ms, 0.5)))\tp95_ms \(BenchFigures.fmt(BenchFigures.percentile(ms, 0.95)))")
    }

    /// Deterministic synthetic captures: artists, titles, labels from a vocabulary, a
    /// record of the size OCR gives (about 3 KB of lines), 60 % identified.
    struct Synthetic {
        var state: UInt64
        init(seed: UInt64) { state = seed }

        static let words = ["harbour", "lantern", "velvet", "quay", "signal", "marine", "static", "evening", "hollow", "pines",
                            "copper", "meadow", "thunder", "silver", "echo", "river", "paper", "garden", "neon", "winter",
                            "summer", "orchid", "ember", "falcon", "glass", "motor", "island", "desert", "violet", "canyon"]

        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }

        mutating func word() -> String { Self.words[Int(next() % UInt64(Self.words.count))] }

        /// Eight digits, as a barcode's middle: rarely in the catalogue.
        mutating func rareText() -> String { String(format: "%08llu", next() % 100_000_000) }

        mutating func searchWord() -> String {
            next() % 4 == 0 ? "\(word()) \(word())" : word()
        }

        mutating func entry(_ n: Int) -> CatalogueEntry {
            let artist = "The \(word().capitalized) \(word().capitalized)s"
            let title = "\(word().capitalized) \(word().capitalized)"
            let catno = "\(word().prefix(3).uppercased()) \(1000 + next() % 9000)"
            let barcode = String(format: "50%011llu", next() % 100_000_000_000)
            let release: Int? = next() % 10 < 6 ? Int(next() % 2_000_000) : nil
            var sha = ""
            for _ in 0..<4 { sha += String(format: "%016llx", next() &* 0x9E3779B97F4A7C15 ^ UInt64(n)) }
            let lines = (0..<30).map { _ in ["text": "\(word().uppercased()) \(word()) \(word()) \(next() % 10):\(10 + next() % 50)",
                                             "box": [0.1, 0.2, 0.5, 0.03], "confidence": 90.0] as [String: Any] }
            var object: [String: Any] = [
                "schemaVersion": 1, "kind": "sleeve",
                "source": ["path": "/records/sleeve-\(n).jpg", "sha256": sha, "capturedAt": String(format: "2026-%02d-%02dT%02d:%02d:00Z",
                           1 + n / 28 / 24 / 60 % 12, 1 + n / 24 / 60 % 28, n / 60 % 24, n % 60)],
                "artist": artist, "title": title, "label": "\(word().capitalized) Records", "catalogNumber": catno,
                "barcodes": [["symbology": "EAN-13", "value": barcode]], "lines": lines, "tracks": [], "warnings": [],
            ]
            if let release {
                object["release"] = ["discogsId": release, "canonical": ["artist": artist, "title": title, "catno": catno, "year": 1970 + Int(next() % 50)]]
            }
            let bytes = [UInt8]((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
            return try! CatalogueEntry.parse(recordJSON: bytes, recordPath: "/records/sleeve-\(n).json").get()
        }
    }
}
