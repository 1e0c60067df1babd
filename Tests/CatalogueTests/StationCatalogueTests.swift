import Catalogue
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// A live station whose PostgreSQL cannot be reached: it keeps capturing, says so on
/// the status page and in the log, and queues the records for when the server is back.
@Suite struct StationCatalogueTests {
    @Test func aStationWithoutItsServerKeepsCapturingAndSaysSo() throws {
        let dir = try TestDatabases.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.json")
        // Port 1: nothing listens there, the connection is refused at once.
        try #"{"station": {"statusPort": 0}, "catalogue": {"url": "postgresql://localhost:1/shop", "station": "fair-stand-2"}}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("records")
        let err = dir.appendingPathComponent("err")
        let replay = Tool.fixtures.appendingPathComponent("live/two-in-a-row.mjpeg").path
        let p = try Tool.start(["live", "--replay", replay, "--fps", "5", "--realtime", "--out", out.path, "--config", config.path, "--json"],
                               stdout: dir.appendingPathComponent("out"), stderr: err)
        var page: [String: Any] = [:]
        let deadline = Date().addingTimeInterval(60)
        while p.isRunning, Date() < deadline, page["catalogue"] as? String == nil {
            Thread.sleep(forTimeInterval: 0.3)
            let log = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            guard let line = log.split(separator: "\n").first(where: { $0.contains("status page: http") }),
                  let base = line.split(separator: " ").last else { continue }
            page = (try? Self.get(String(base).hasSuffix("/") ? "\(base)status.json" : "\(base)/status.json")) ?? [:]
        }
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect((page["catalogue"] as? String)?.contains("unreachable") == true, "\(page)")
        let log = try String(contentsOf: err, encoding: .utf8)
        #expect(log.contains("records are still written"), "\(log)")
        let sidecars = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(sidecars.count == 2, "\(log)")
        for name in sidecars {
            let record = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(name))) as? [String: Any]
            #expect(record?.keys.contains("duplicates") == true && record?["duplicates"] is NSNull, "the catalogue could not say: null")
        }
        let pending = try String(contentsOf: out.appendingPathComponent(".catalogue-pending"), encoding: .utf8)
        #expect(pending.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }.sorted() == sidecars)
        // The records can still be catalogued: a rebuild enters them (here into SQLite).
        let rebuilt = try Tool.run(["catalogue", "rebuild", out.path])
        #expect(rebuilt.stderr.contains("2 new"), "\(rebuilt.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(".catalogue-pending").path))
    }

    static func get(_ url: String) throws -> [String: Any] {
        final class Box: @unchecked Sendable { var data: Data? }
        let box = Box(), done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: URL(string: url)!) { data, _, _ in
            box.data = data
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 10)
        let data = try #require(box.data, "no answer from \(url)")
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
