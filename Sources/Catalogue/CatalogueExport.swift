import Foundation

/// The catalogue as CSV for Discogs and the tools that read its files.
public enum CatalogueExport {
    /// Discogs' marketplace inventory upload header, exactly.
    public static let inventoryHeader =
        "release_id,price,media_condition,sleeve_condition,comments,accept_offer,location,external_id,weight,format_quantity"
    /// The columns of Discogs' collection export.
    public static let collectionHeader = "Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,"
        + "Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes"

    /// An item left out of the inventory file, and why.
    public struct Skipped: Error, Sendable, Equatable {
        public var id: Int64
        public var reason: String
    }

    /// Inventory rows: one per copy (`quantity`) of every identified item with a price
    /// and a media grade; `skipped` gets the others with the reason. `external_id` is the
    /// start of the source's SHA-256, the same whichever station or rebuild made the item.
    public static func inventoryRows(_ item: CatalogueItem) -> Result<[String], Skipped> {
        var missing: [String] = []
        if item.releaseID == nil { missing.append("not identified (no Discogs release id)") }
        if item.priceCents == nil { missing.append("no price") }
        if item.mediaCondition == nil { missing.append("no media grade") }
        guard missing.isEmpty, let release = item.releaseID, let cents = item.priceCents, let media = item.mediaCondition else {
            return .failure(Skipped(id: item.id, reason: missing.joined(separator: ", ")))
        }
        let row = csvLine([String(release), Price.text(cents), media, item.sleeveCondition ?? "", item.notes ?? "", "",
                           item.location ?? "", String(item.sha256.prefix(16)), "", ""])
        return .success(Array(repeating: row, count: max(1, item.quantity)))
    }

    /// One collection row per item: the release's text where identified, else what was read.
    public static func collectionRow(_ item: CatalogueItem) -> String {
        csvLine([item.displayCatno ?? "", item.displayArtist ?? "", item.displayTitle ?? "", item.displayLabel ?? "",
                 "", "", item.releaseYear.map(String.init) ?? "", item.releaseID.map(String.init) ?? "", "Uncategorized",
                 discogsDate(item.capturedAt), item.mediaCondition ?? "", item.sleeveCondition ?? "", item.notes ?? ""])
    }

    /// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
    public static func csvLine(_ fields: [String]) -> String {
        fields.map { f in
            f.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + f.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : f
        }.joined(separator: ",")
    }

    /// `2026-12-01T14:02:09Z` → `2026-12-01 14:02:09`, as Discogs' exports write dates.
    static func discogsDate(_ iso: String) -> String {
        var s = iso.replacingOccurrences(of: "T", with: " ")
        if s.hasSuffix("Z") { s.removeLast() }
        return s
    }
}
