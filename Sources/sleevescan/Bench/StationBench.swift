import Application
import Foundation
import Imaging
import Reading
import Settings
import Station
import StatusServer

/// `sleevescan bench station FOLDER [--seconds N]`: the status page under steady load
/// for a while, with resident memory sampled every second. A producer thread publishes
/// snapshots with a fresh preview JPEG five times a second (as the live loop would) and
/// two clients fetch the page, the status, the preview and thumbnails without pause.
/// Prints RSS over time, then start/end/peak, growth per hour and requests per second.
/// (The soak of the whole station replays frames through the live loop; this measures
/// the page's share and is the sampling part that soak reuses.)
enum StationBench {
    static let command = Command(
        name: "bench station",
        usage: "sleevescan bench station FOLDER [--seconds N] [--config PATH]",
        summary: "The status page under load over a folder of records: requests per second and latency.",
        options: [
            Option("--seconds", "N", "How long to load the page (default 60)."),
            .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        try run(args, console, command: command)
    }

    static func run(_ args: Arguments, _ console: Console, command: Command) throws -> ExitCode {
        guard let folder = args.positionals.dropFirst().first else {
            throw UsageError(message: "bench station needs an output folder with records and images (make one with `read --out`)", command: command)
        }
        let seconds = try args.int("--seconds", in: 1...86_400, command: command) ?? 60
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let recent = RecordFolderIndex.recent(in: folder, limit: 12)
        let images: [[UInt8]] = recent.compactMap { FileManager.default.contents(atPath: folder + "/" + $0.imageFile).map { [UInt8]($0) } }
        guard !images.isEmpty else {
            console.error("\(folder): no records with their images here (run `sleevescan read --out \(folder) IMAGE…` first)")
            return .noInput
        }

        let board = StatusBoard()
        guard let server = try serverOnFreePort(board: board, config: config, folder: folder, console: console) else {
            return .unavailable
        }
        let stop = StopFlag()
        let counters = Counters()
        let lep = Leptonica()
        let maxPixels = config[.maxPixels]
        let producer = Thread {
            var n = 0
            while !stop.isRaised {
                var s = StationStatus()
                s.state = n % 50 < 40 ? .searching : .written
                s.framesPerSecond = 5
                s.source = "bench"
                s.recent = recent
                s.previewJPEG = try? lep.thumbnail(of: images[n % images.count], maxSide: 640, maxPixels: maxPixels, quality: 70)
                board.publish(s)
                n += 1
                usleep(200_000)
            }
        }
        producer.start()
        let targets = ["/", "/status.json", "/preview.jpg"] + recent.map { "/thumbs/" + StationBenchHTTP.escaped($0.rectifiedFile ?? $0.imageFile) }
        let port = server.port
        var clients: [Thread] = []
        for c in 0..<2 {
            let t = Thread {
                var i = c
                while !stop.isRaised {
                    counters.add(ok: StationBenchHTTP.get(port: port, targets[i % targets.count]) == 200)
                    i += 1
                }
            }
            t.start()
            clients.append(t)
        }

        var sampler = ResidentMemorySampler()
        console.out("seconds\trss_kib\trequests")
        for second in 0...seconds {
            sampler.sample()
            if let last = sampler.samples.last, second % max(1, seconds / 20) == 0 || second == seconds {
                console.out("\(Int(last.seconds.rounded()))\t\(last.residentKiB)\t\(counters.total)")
            }
            if second < seconds { sleep(1) }
        }
        stop.raise()
        server.stop()
        guard let s = sampler.summary, let steady = sampler.summary(afterWarmUp: Double(seconds) / 10) else { return .software }
        console.out("rss_start_kib\t\(s.startKiB)")
        console.out("rss_after_warmup_kib\t\(steady.startKiB)")
        console.out("rss_end_kib\t\(s.endKiB)")
        console.out("rss_peak_kib\t\(s.peakKiB)")
        console.out("rss_growth_after_warmup_kib_per_hour\t\(Int(steady.growthKiBPerHour.rounded()))")
        console.out("cpu_share\t\(String(format: "%.2f", s.cpuShare))")
        console.out("requests_per_second\t\(String(format: "%.1f", Double(counters.total) / max(s.seconds, 1)))")
        console.out("failed_requests\t\(counters.failed)")
        return .ok
    }

    /// The status page for `folder` on a port the system picks (benchmarks must not
    /// collide with a running station); nil after saying why it could not start.
    static func serverOnFreePort(board: StatusBoard, config: Configuration, folder: String,
                                 console: Console) throws -> StatusServer? {
        var settings = try StatusServerSettings(configuration: config)
        settings.port = 0
        do {
            return try StatusServer(board: board, settings: settings, outputFolder: folder)
        } catch let e as StatusServer.StartError {
            console.error(e.description)
            return nil
        }
    }

    final class Counters: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var total = 0
        private(set) var failed = 0
        func add(ok: Bool) { lock.withLock { total += 1; if !ok { failed += 1 } } }
    }
}

/// A minimal HTTP/1.1 GET over a socket, returning the status code (0 on failure).
enum StationBenchHTTP {
    static func get(port: UInt16, _ path: String) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 else { return 0 }
        let req = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = req.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var head: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            if head.count < 16 { head += buf[0..<min(n, 16)] }
        }
        let line = String(decoding: head, as: UTF8.self).split(separator: " ")
        return line.count > 1 ? Int(line[1]) ?? 0 : 0
    }

    static func escaped(_ s: String) -> String {
        s.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? s
    }
}
