import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The live loop and the status page together: while a replay runs at its recorded
/// pace, the page's JSON shows the loop's state; below the disk-space floor nothing is
/// written and the page and log say why.
@Suite(.serialized) struct LiveStatusPageTests {
    /// Runs `live` on a paced replay with `config`, calling `during` with the status
    /// page's address once the loop has announced it. Returns stderr and the exit status.
    func runLive(config: String, out: URL, during: (String) throws -> Void) throws -> (stderr: String, status: Int32) {
        let configPath = out.appendingPathComponent("config.json").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let replay = LiveReplayTests.fixtures.appendingPathComponent("slide-in-hold-out.mjpeg").path
        let (p, _, err) = LiveReplayTests.process(["live", "--replay", replay, "--fps", "5", "--realtime",
                                                   "--out", out.appendingPathComponent("records").path, "--config", configPath])
        try FileManager.default.createDirectory(at: out.appendingPathComponent("records"), withIntermediateDirectories: true)
        try p.run()
        var text = ""
        let handle = err.fileHandleForReading
        // Read stderr until the loop names its status page.
        while !text.contains("status page: http"), p.isRunning || !text.isEmpty {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        if let line = text.split(separator: "\n").first(where: { $0.contains("status page: http") }),
           let url = line.split(separator: " ").last {
            try during(String(url))
        }
        text += String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return (text, p.terminationStatus)
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

    @Test func thePageShowsTheRunningLoop() throws {
        let out = try LiveReplayTests.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        var seen: [String: Any] = [:]
        let run = try runLive(config: #"{"station": {"statusPort": 0}}"#, out: out) { base in
            let root = base.hasSuffix("/") ? base : base + "/"
            seen = try Self.get(root + "status.json")
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(["searching", "steady", "reading", "written"].contains(seen["state"] as? String ?? ""), "\(seen)")
        #expect((seen["source"] as? String)?.contains("slide-in-hold-out") == true, "\(seen)")
    }

    @Test func belowTheDiskFloorNothingIsWrittenAndTheLogSaysWhy() throws {
        let out = try LiveReplayTests.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        // A floor no disk here can meet.
        let run = try runLive(config: #"{"station": {"statusPort": 0, "diskFloorMB": 100000000}}"#, out: out) { _ in }
        #expect(run.status == 0, "\(run.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("records").path)
        #expect(written.isEmpty, "\(written)")
        #expect(run.stderr.contains("station.diskFloorMB"), "\(run.stderr)")
    }
}
