import Foundation

/// Discogs' grading names, exactly as its marketplace and inventory upload spell them.
public enum Grade {
    /// Media (the disc): Mint to Poor.
    public static let media = [
        "Mint (M)", "Near Mint (NM or M-)", "Very Good Plus (VG+)", "Very Good (VG)",
        "Good Plus (G+)", "Good (G)", "Fair (F)", "Poor (P)",
    ]
    /// Sleeves: the media grades plus the three a sleeve alone can have.
    public static let sleeve = media + ["Generic", "Not Graded", "No Cover"]

    /// The grade a person typed: the full name, or its short form (`VG+`, `NM`, `M-`,
    /// `generic`), case-insensitive. Nil when it is none of `allowed`.
    public static func parse(_ text: String, allowed: [String]) -> String? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !t.isEmpty else { return nil }
        for name in allowed {
            if name.lowercased() == t { return name }
            // "Very Good Plus (VG+)" → "vg+"; "Near Mint (NM or M-)" → "nm", "m-".
            if let open = name.firstIndex(of: "("), let close = name.lastIndex(of: ")") {
                let inner = name[name.index(after: open)..<close].lowercased()
                let shorts = inner.components(separatedBy: " or ")
                if shorts.contains(t) { return name }
            }
        }
        return nil
    }
}

/// The fields a dealer sets on an item; nil leaves a field as it is.
public struct DealerChanges: Sendable, Equatable {
    public var media: String??
    public var sleeve: String??
    public var priceCents: Int??
    public var location: String??
    public var notes: String??
    public var quantity: Int?

    public init() {}

    public var isEmpty: Bool { media == nil && sleeve == nil && priceCents == nil && location == nil && notes == nil && quantity == nil }

    /// Parses `media=VG+ sleeve=VG price=12.50 location=A3 notes=… quantity=2`; an empty
    /// value (`notes=`) clears a field. Unknown fields and bad values are errors that
    /// say what is allowed.
    public static func parse(_ assignments: [String]) -> Result<DealerChanges, CatalogueError> {
        var c = DealerChanges()
        for a in assignments {
            guard let eq = a.firstIndex(of: "=") else {
                return .failure(.usage("'\(a)' is not FIELD=VALUE (fields: media, sleeve, price, location, notes, quantity)"))
            }
            let key = a[..<eq].lowercased(), value = String(a[a.index(after: eq)...])
            switch key {
            case "media":
                if value.isEmpty { c.media = .some(nil); continue }
                guard let g = Grade.parse(value, allowed: Grade.media) else {
                    return .failure(.usage("media grade '\(value)' is not one of Discogs' grades: \(Grade.media.joined(separator: ", "))"))
                }
                c.media = .some(g)
            case "sleeve":
                if value.isEmpty { c.sleeve = .some(nil); continue }
                guard let g = Grade.parse(value, allowed: Grade.sleeve) else {
                    return .failure(.usage("sleeve grade '\(value)' is not one of Discogs' grades: \(Grade.sleeve.joined(separator: ", "))"))
                }
                c.sleeve = .some(g)
            case "price":
                if value.isEmpty { c.priceCents = .some(nil); continue }
                guard let cents = Price.cents(value) else {
                    return .failure(.usage("price '\(value)' is not an amount like 12.50 (0 to 1000000, at most two decimals)"))
                }
                c.priceCents = .some(cents)
            case "location":
                guard value.count <= 200 else { return .failure(.usage("location is longer than 200 characters")) }
                c.location = .some(value.isEmpty ? nil : value)
            case "notes", "comments":
                guard value.count <= 2000 else { return .failure(.usage("notes are longer than 2000 characters")) }
                c.notes = .some(value.isEmpty ? nil : value)
            case "quantity":
                guard let q = Int(value), (1...10_000).contains(q) else {
                    return .failure(.usage("quantity '\(value)' is not a whole number from 1 to 10000"))
                }
                c.quantity = q
            default:
                return .failure(.usage("unknown field '\(key)' (fields: media, sleeve, price, location, notes, quantity)"))
            }
        }
        return .success(c)
    }
}

/// Prices are kept as whole cents: the same on SQLite and PostgreSQL, no float rounding.
public enum Price {
    /// "12.50", "12.5", "12" → 1250, 1250, 1200; nil for anything else.
    public static func cents(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = Int(parts[0]), !parts[0].hasPrefix("-"), !parts[0].hasPrefix("+"),
              parts[0].allSatisfy(\.isASCII), whole <= 1_000_000 else { return nil }
        var cents = whole * 100
        if parts.count == 2 {
            let frac = parts[1]
            guard (1...2).contains(frac.count), frac.allSatisfy({ $0.isASCII && $0.isNumber }), let f = Int(frac) else { return nil }
            cents += frac.count == 1 ? f * 10 : f
        }
        return cents
    }

    /// 1250 → "12.50".
    public static func text(_ cents: Int) -> String {
        let frac = cents % 100
        return "\(cents / 100)." + (frac < 10 ? "0\(frac)" : "\(frac)")
    }
}
