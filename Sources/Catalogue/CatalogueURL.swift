import Foundation

/// Where a catalogue lives: `sqlite:PATH` (a file, created on first use) or a libpq URI
/// (`postgresql://…` or `postgres://…`; `postgresql://` alone takes libpq's environment).
public enum CatalogueURL: Equatable, Sendable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(url: String)

    /// The file every command uses when neither `--catalogue` nor `catalogue.url` names
    /// one: `catalogue.sqlite` in `folder` (the output folder, else the current folder).
    public static func defaultURL(folder: String?) -> CatalogueURL {
        let base = URL(fileURLWithPath: folder ?? FileManager.default.currentDirectoryPath)
        return .sqlite(path: base.appendingPathComponent("catalogue.sqlite").path)
    }

    /// Parses `sqlite:PATH` (also `sqlite://PATH`) or a libpq URI; nil with a reason otherwise.
    public static func parse(_ text: String) -> Result<CatalogueURL, CatalogueError> {
        if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") { return .success(.postgres(url: text)) }
        if text.hasPrefix("sqlite:") {
            var path = String(text.dropFirst("sqlite:".count))
            if path.hasPrefix("//") { path = String(path.dropFirst(2)) }
            guard !path.isEmpty else { return .failure(CatalogueError.usage("catalogue URL '\(text)' names no file (write sqlite:PATH)")) }
            return .success(.sqlite(path: path))
        }
        return .failure(CatalogueError.usage(
            "catalogue URL '\(text)' is neither sqlite:PATH nor postgresql://… (see config/README.md, catalogue.url)"))
    }

    /// For messages: the path, or the URL without its password.
    public var description: String {
        switch self {
        case let .sqlite(path): "sqlite:\(path)"
        case let .postgres(url): Self.withoutPassword(url)
        }
    }

    public var isShared: Bool { if case .postgres = self { true } else { false } }

    static func withoutPassword(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else { return url }
        let userinfo = url[scheme.upperBound..<at]
        guard let colon = userinfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + String(url[at...])
    }
}

/// A catalogue failure: what went wrong and whether it is the database being away
/// (try again later; nothing is lost) or something a person must fix.
public struct CatalogueError: Error, CustomStringConvertible, Sendable {
    public enum Kind: Sendable { case unreachable, usage, notFound, database }
    public var kind: Kind
    public var description: String

    public init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    public static func usage(_ d: String) -> CatalogueError { CatalogueError(.usage, d) }
}
