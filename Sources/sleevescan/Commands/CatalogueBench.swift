import Catalogue
import Foundation
import Pipeline

/// `sleevescan bench catalogue [--items N] [--catalogue URL]`: fills an empty catalogue
/// with N synthetic captures the way stations do (one record at a time, a duplicate
/// check before each), then times what the station and the status page ask of it.
/// Without `--catalogue`, a fresh SQLite file in a temporary folder.
enum CatalogueBench {
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
        console.out("catalogue\t\(url)\titems\t\(items)")
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
        var searchMs: [Double] = [], searchHits: [Double] = []
        for _ in 0..<queries {
            let word = generator.searchWord()
            let t0 = ContinuousClock.now
            let found = try catalogue.search(word, limit: 50)
            searchMs.append(StageTimer.ms(ContinuousClock.now - t0))
            searchHits.append(Double(found.count))
        }
        report("search (50 results max)", searchMs, console)
        console.out("search hits\tmedian \(BenchCommand.fmt(BenchCommand.percentile(searchHits, 0.5)))")
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
        if scratch == nil {
            let removed = try catalogue.remove(station: benchStation)
            console.info("bench catalogue: removed the \(removed) synthetic items again")
        }
        return .ok
    }

    static func report(_ what: String, _ ms: [Double], _ console: Console) {
        console.out("\(what)\tmedian_ms \(BenchCommand.fmt(BenchCommand.percentile(ms, 0.5)))\tp95_ms \(BenchCommand.fmt(BenchCommand.percentile(ms, 0.95)))")
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
