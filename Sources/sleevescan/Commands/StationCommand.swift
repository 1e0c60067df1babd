import Application
import Catalogue
import Foundation
import Reading
import Settings
import Station
import StatusServer

/// `sleevescan station`: the status page on its own, over an output folder's records.
/// Useful to look at what a station wrote, to check the page from a phone before a
/// fair, and for tests; the live command starts the same server beside its loop.
enum StationCommand {
    static let command = Command(
        name: "station",
        usage: "sleevescan station [--out DIR] [--address IPV4] [--port N] [--token-file PATH | --token TOKEN] [--catalogue URL] [--config PATH]",
        summary: "Serve the status page (state, last records with thumbnails, their JSON, the catalogue) for an output folder until stopped.",
        options: [
            Option("--out", "DIR", "The output folder whose records the page shows (else output.folder, else the current folder)."),
            Option("--address", "IPV4", "Address to listen on (else station.statusAddress); off loopback a token is required."),
            Option("--port", "N", "TCP port (else station.statusPort); 0 picks a free one."),
            Option("--token", "TOKEN", "The page's token (visible to `ps`: prefer --token-file or $SLEEVESCAN_STATUS_TOKEN)."),
            Option("--token-file", "PATH", "A file holding the page's token."),
            .catalogue, .config,
        ],
        run: run)

    /// How often the records listed on the page are re-read from the folder.
    static let refreshSeconds = 2

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard args.positionals.isEmpty else { throw UsageError(message: "station takes no arguments", command: command) }
        var config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        if let a = args.value("--address") { try config.set(.statusAddress, json: a, origin: "--address") }
        if let p = try args.int("--port", in: 0...65535, command: command) { try config.set(.statusPort, json: p, origin: "--port") }
        if let t = args.value("--token") {
            // Still accepted, but every user of the machine can read it in `ps`.
            console.warning("--token is visible to every user in ps; use --token-file PATH or SLEEVESCAN_STATUS_TOKEN instead")
            try config.set(.statusToken, json: t, origin: "--token")
        }
        if let file = args.value("--token-file") {
            try config.set(.statusToken, json: try TokenFile.read(file), origin: "--token-file \(file)")
        }
        guard let out = args.value("--out") ?? config[.outputFolder] else {
            throw UsageError(message: "station needs an output folder: --out DIR or output.folder in the configuration", command: command)
        }
        // Signals are taken synchronously below; block them before the server's threads
        // start so that every thread inherits the mask and none is interrupted.
        var signals = sigset_t()
        sigemptyset(&signals)
        for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, s) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let board = StatusBoard()
        let floor = DiskSpaceFloor(folder: out, floorMB: config[.diskFloorMB])
        // The first snapshot is on the board before the first client can connect.
        var lastReason = publish(to: board, folder: out, floor: floor, lastReason: nil, console)
        let server: StatusServer
        do {
            // The catalogue the records of `out` enter (the same rule as read, scan and live).
            let desk = CatalogueDesk(url: try CatalogueSetup.url(explicit: args.value("--catalogue"), config: config, folder: out),
                                     station: CatalogueSetup.station(config))
            server = try StatusServer(board: board, settings: StatusServerSettings(configuration: config), outputFolder: out,
                                      catalogue: desk)
        } catch let e as StatusServer.StartError {
            console.error(e.description)
            return .unavailable
        }
        console.info("status page: \(server.url)\(server.settings.token == nil ? "" : " (add ?token=… from station.statusToken)")")
        while true {
            var timeout = timespec(tv_sec: refreshSeconds, tv_nsec: 0)
            let signal = sigtimedwait(&signals, nil, &timeout)
            if signal > 0 {
                server.stop()
                console.info("stopped")
                return signal == SIGINT ? .interrupted : .ok
            }
            lastReason = publish(to: board, folder: out, floor: floor, lastReason: lastReason, console)
        }
    }

    /// Reads the folder's records and free space onto the board; logs a change of the
    /// free-space verdict once, when it happens. Returns the verdict's reason.
    static func publish(to board: StatusBoard, folder: String, floor: DiskSpaceFloor, lastReason: String?, _ console: Console) -> String? {
        var status = StationStatus()
        status.source = "folder \(folder)"
        status.message = "status page only: no camera or scanner is being read (`sleevescan live` runs one)"
        status.recent = RecordFolderIndex.recent(in: folder, limit: 12)
        let reason = floor.floorBytes > 0 ? floor.check().reason : nil
        if let reason {
            status.state = .paused
            status.message = reason
        }
        if reason != lastReason {
            console.info(reason.map { "paused: \($0)" } ?? "free space back above the floor: writing allowed")
        }
        board.publish(status)
        return reason
    }
}

/// A token kept in a file only its owner can read, so it never appears on a command line.
enum TokenFile {
    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(description: "--token-file \(path): cannot be read (check the path and its permissions)")
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else { throw ConfigError(description: "--token-file \(path): the file is empty (put the token in it)") }
        return token
    }
}
