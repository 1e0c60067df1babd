import Catalogue
import Foundation
import Reading
import Settings
import Station

/// The headless station's status page: an HTTP server reading `StatusBoard`
/// snapshots and the output folder. Start it beside the live loop (which publishes to
/// the board) or on its own (`sleevescan station`). Stops when stopped or released.
public final class StatusServer: Sendable {
    private let daemon: HTTPDaemon
    public let settings: StatusServerSettings
    /// The port it listens on (the system's choice when the settings said 0).
    public var port: UInt16 { daemon.port }
    /// The page's address as a person would type it (token not included).
    public var url: String {
        let host = settings.address == "0.0.0.0" ? (ProcessInfo.processInfo.hostName) : settings.address
        return "http://\(host):\(port)/"
    }

    public struct StartError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// `catalogue`: the catalogue the page searches and edits (see `CatalogueRoutes`).
    public init(board: StatusBoard, settings: StatusServerSettings, outputFolder: String, catalogue: CatalogueDesk? = nil) throws {
        try settings.validate()
        guard let files = OutputFolderFiles(folder: outputFolder) else {
            throw StartError(description: "\(outputFolder): the output folder does not exist (create it, or change --out / output.folder)")
        }
        self.settings = settings
        var routes = StatusRoutes(
            board: board, files: files, token: settings.token,
            disk: settings.diskFloorMB > 0 ? DiskSpaceFloor(folder: files.root, floorMB: settings.diskFloorMB) : nil,
            thumbnails: ThumbnailCache(maxPixels: settings.maxPixels))
        if let catalogue {
            routes.catalogue = CatalogueRoutes(desk: catalogue, token: settings.token, csrf: Self.randomHex(bytes: 32))
        }
        do {
            daemon = try HTTPDaemon(routes: routes, settings: settings)
        } catch let e as HTTPDaemon.StartError {
            throw StartError(description: e.description)
        }
    }

    /// Starts the page as the configuration says (`station.*`), or returns nil when
    /// `station.statusPage` is false. For the live command:
    /// `let page = try StatusServer.start(board: board, config: config, outputFolder: out)`.
    public static func start(board: StatusBoard, config: Configuration, outputFolder: String,
                             catalogue: CatalogueDesk? = nil) throws -> StatusServer? {
        guard config[.statusPage] else { return nil }
        return try StatusServer(board: board, settings: StatusServerSettings(configuration: config), outputFolder: outputFolder,
                                catalogue: catalogue)
    }

    /// A CSRF token: from the system's random source, new at every start.
    static func randomHex(bytes: Int) -> String {
        var g = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &g)) }.joined()
    }

    /// The largest catalogue edit form read (beyond it: 413).
    public static var maxFormBytes: Int { CatalogueRoutes.maxBodyBytes }

    /// Stops listening and closes connections; waits for the request threads.
    public func stop() { daemon.stop() }
}
