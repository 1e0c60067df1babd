import Application
import Catalogue
import Foundation
import Reading
import Settings
import Station

/// `sleevescan catalogue list|search|show|set|export|rebuild`: the catalogue every
/// written record enters.
enum CatalogueCommand {
    static let command = Command(
        name: "catalogue",
        usage: "sleevescan catalogue list [--limit N] [--offset N] | search TEXT [--limit N] | show ID [--json] | "
            + "set ID media=VG+ sleeve=VG price=12.50 location=A3 notes=… quantity=N | "
            + "export [--format csv|discogs-inventory] | rebuild DIR   [--catalogue URL] [--config PATH]",
        summary: "The catalogue of captures: list, search, show, set dealer fields, export CSV for Discogs, rebuild from records.",
        options: [
            Option("--limit", "N", "list, search: at most N items (default 100)."),
            Option("--offset", "N", "list: skip the first N items."),
            Option("--json", nil, "show: the item as JSON."),
            Option("--format", "csv|discogs-inventory", "export: every column (default), or Discogs' inventory upload CSV."),
            .catalogue, .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard let action = args.positionals.first else {
            throw UsageError(message: "say what to do: list, search, show, set, export or rebuild", command: command)
        }
        let rest = Array(args.positionals.dropFirst())
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        // `rebuild DIR` defaults to the catalogue beside DIR's records; the others to the
        // output folder's, as the capturing commands do.
        var folder = config[.outputFolder]
        switch action {
        case "list", "export":
            guard rest.isEmpty else { throw UsageError(message: "\(action) takes no further words", command: command) }
        case "search":
            guard rest.count == 1 else { throw UsageError(message: "search takes one TEXT (quote it when it has spaces)", command: command) }
        case "show":
            guard rest.count == 1 else { throw UsageError(message: "show takes one item id", command: command) }
        case "set":
            guard rest.count >= 2 else { throw UsageError(message: "set takes an item id and FIELD=VALUE…", command: command) }
        case "rebuild":
            guard rest.count == 1 else { throw UsageError(message: "rebuild takes the folder of the records", command: command) }
            folder = rest[0]
        default:
            throw UsageError(message: "unknown catalogue action '\(action)' (list, search, show, set, export, rebuild)", command: command)
        }
        let limit = try args.int("--limit", in: 1...1_000_000, command: command) ?? 100
        let offset = try args.int("--offset", in: 0...Int(Int32.max), command: command) ?? 0
        let format = try args.choice("--format", ["csv", "discogs-inventory"], command: command) ?? "csv"
        var changes = DealerChanges()
        if action == "set" {
            switch DealerChanges.parse(Array(rest.dropFirst())) {
            case let .success(c): changes = c
            case let .failure(e): throw UsageError(message: e.description, command: command)
            }
        }
        let url = try CatalogueSetup.url(explicit: args.value("--catalogue"), config: config, folder: folder)
        if case let .sqlite(path) = url, action != "rebuild", !FileManager.default.fileExists(atPath: path) {
            console.error("\(url): no catalogue there yet (records enter it as they are written; "
                + "'sleevescan catalogue rebuild DIR' makes one from a folder of records, or give --catalogue URL)")
            return .noInput
        }
        let catalogue: Catalogue
        do {
            catalogue = try Catalogue(url: url, station: CatalogueSetup.station(config))
        } catch let e as CatalogueError {
            console.error("\(e.description)" + (e.kind == .unreachable ? " (check the server is running and the URL, or PG* variables)" : ""))
            return e.kind == .unreachable ? .unavailable : .ioError
        }
        do {
            switch action {
            case "list": printItems(try catalogue.list(limit: limit, offset: offset), console)
            case "search": printItems(try catalogue.search(rest[0], limit: limit), console)
            case "show": try show(catalogue.item(rest[0]), catalogue: catalogue, json: args.has("--json"), console)
            case "set":
                let item = try catalogue.set(rest[0], changes)
                try show(item, catalogue: catalogue, json: false, console)
            case "export": try export(catalogue, format: format, console)
            default: try rebuild(rest[0], catalogue, console)
            }
        } catch let e as CatalogueError {
            console.error(e.description)
            switch e.kind {
            case .unreachable: return .unavailable
            case .usage: return .usage
            case .notFound: return .noInput
            case .database: return .ioError
            }
        }
        return .ok
    }

    static let listHeader = "id\tcapturedAt\tartist\ttitle\tcatno\tbarcode\treleaseId\tmedia\tsleeve\tprice\tlocation\tquantity"

    /// Tab-separated, one item a line, the header first: readable, and `cut`/`awk` work.
    static func printItems(_ items: [CatalogueItem], _ console: Console) {
        console.out(listHeader)
        for i in items {
            let fields = [String(i.id), i.capturedAt, i.displayArtist ?? "", i.displayTitle ?? "", i.displayCatno ?? "",
                          i.barcode ?? "", i.releaseID.map(String.init) ?? "", i.mediaCondition ?? "", i.sleeveCondition ?? "",
                          i.priceCents.map(Price.text) ?? "", i.location ?? "", String(i.quantity)]
            console.out(fields.map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
                .joined(separator: "\t"))
        }
    }

    static func show(_ i: CatalogueItem, catalogue: Catalogue, json: Bool, _ console: Console) throws {
        if json {
            console.out(try catalogue.recordJSON(id: i.id) ?? "null")
            return
        }
        let lines: [(String, String?)] = [
            ("id", String(i.id)), ("sha256", i.sha256), ("captured", i.capturedAt), ("entered", i.enteredAt),
            ("station", i.station), ("kind", i.kind), ("record", i.recordPath), ("images", i.images.joined(separator: ", ")),
            ("artist", i.artist), ("title", i.title), ("label", i.label), ("catno", i.catno), ("barcode", i.barcode),
            ("release", i.releaseID.map { "\($0) https://www.discogs.com/release/\($0)" }),
            ("release artist", i.releaseArtist), ("release title", i.releaseTitle), ("release label", i.releaseLabel),
            ("release catno", i.releaseCatno), ("release country", i.releaseCountry), ("release year", i.releaseYear.map(String.init)),
            ("media", i.mediaCondition), ("sleeve", i.sleeveCondition), ("price", i.priceCents.map(Price.text)),
            ("location", i.location), ("notes", i.notes), ("quantity", String(i.quantity)),
        ]
        for (k, v) in lines { console.out(k.padding(toLength: 16, withPad: " ", startingAt: 0) + (v ?? "-")) }
    }

    static func export(_ catalogue: Catalogue, format: String, _ console: Console) throws {
        var skipped: [CatalogueExport.Skipped] = []
        var out = ""
        func flush(force: Bool = false) {
            if force || out.utf8.count > 64 * 1024 { FileOutput.stdout(out); out = "" }
        }
        if format == "discogs-inventory" {
            out += CatalogueExport.inventoryHeader + "\n"
            try catalogue.forEach { item in
                switch CatalogueExport.inventoryRows(item) {
                case let .success(rows): for r in rows { out += r + "\n" }
                case let .failure(s): skipped.append(s)
                }
                flush()
            }
        } else {
            out += CatalogueExport.collectionHeader + "\n"
            try catalogue.forEach { item in
                out += CatalogueExport.collectionRow(item) + "\n"
                flush()
            }
        }
        flush(force: true)
        for s in skipped { console.info("catalogue export: item \(s.id) left out: \(s.reason)") }
        if !skipped.isEmpty { console.info("catalogue export: \(skipped.count) item(s) left out of the inventory (set them with 'sleevescan catalogue set ID …')") }
    }

    static func rebuild(_ folder: String, _ catalogue: Catalogue, _ console: Console) throws {
        let started = ContinuousClock.now
        let tally = try CatalogueRebuild.run(folder: folder, into: catalogue)
        for s in tally.skipped { console.warning(s + " (skipped)") }
        let seconds = Double((ContinuousClock.now - started).components.attoseconds) / 1e18 + Double((ContinuousClock.now - started).components.seconds)
        console.info(String(format: "catalogue rebuild %@: %d new, %d updated, %d unchanged, %d skipped (%.1f s) → %@",
                            folder, tally.inserted, tally.updated, tally.unchanged, tally.skipped.count, seconds, catalogue.url.description))
    }
}
