import ChildProcesses
import Foundation
import Testing

/// `sleevescan live --replay` on the sequences Fixtures/scripts/make_live_sequences.py
/// renders, through the built executable: real zbar, real tesseract, real files.
@Suite(.serialized) struct LiveReplayTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures/live").standardizedFileURL

    static let executable: URL = {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [products, products.deletingLastPathComponent()]
        where FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("sleevescan").path) {
            return folder.appendingPathComponent("sleevescan")
        }
        return products.appendingPathComponent("sleevescan")
    }()

    struct Expected: Decodable {
        struct Record: Decodable { var artist: String; var title: String; var catalogNumber: String; var barcode: String? }
        var framesPerSecond: Int
        var records: [Record]
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func process(_ args: [String]) -> (Process, Pipe, Pipe) {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SLEEVESCAN_CONFIG")
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        return (p, out, err)
    }

    @Test(arguments: ["slide-in-hold-out", "two-in-a-row", "barcode-closeup", "hand-over", "empty-table"])
    func oneRecordPerSleeveInOrderWithItsFields(sequence: String) throws {
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: Self.fixtures.appendingPathComponent("\(sequence).expected.json")))
        let out = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let (p, stdout, stderr) = Self.process(["live", "--replay", Self.fixtures.appendingPathComponent("\(sequence).mjpeg").path,
                                                "--fps", "\(expected.framesPerSecond)", "--out", out.path, "--json"])
        try p.run()
        let o = stdout.fileHandleForReading.readDataToEndOfFile()
        let e = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(e)")

        // stdout: one JSON record per line, in capture order.
        let lines = String(decoding: o, as: UTF8.self).split(separator: "\n")
        let records = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(records.count == expected.records.count, "\(e)")
        for (got, want) in zip(records, expected.records) {
            #expect(got["artist"] as? String == want.artist)
            #expect(got["title"] as? String == want.title)
            #expect(got["catalogNumber"] as? String == want.catalogNumber)
            let codes = (got["barcodes"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? String }
            #expect(codes == (want.barcode.map { [$0] } ?? []))
            #expect(got["kind"] as? String == "sleeve")
            #expect((got["document"] as? [String: Any])?["corners"] != nil)
        }

        // The folder: picture, rectified sleeve and record per sleeve; sorted names are
        // capture order; nothing half-written left behind.
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(!files.contains { $0.hasPrefix(".") }, "\(files)")
        let jsons = files.filter { $0.hasSuffix(".json") }
        #expect(jsons.count == expected.records.count)
        for (json, want) in zip(jsons, expected.records) {
            let base = String(json.dropLast(5))
            #expect(files.contains(base + ".jpg") && files.contains(base + ".rectified.jpg"))
            let record = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(json))) as? [String: Any])
            #expect(record["catalogNumber"] as? String == want.catalogNumber)
            let source = try #require(record["source"] as? [String: Any])
            #expect(source["path"] as? String == out.appendingPathComponent(base + ".jpg").path)
            #expect(source["width"] as? Int == 640 && source["height"] as? Int == 480)
            #expect((source["sha256"] as? String)?.count == 64)
        }
    }

    /// Ctrl-C exits 130 as the README promises, SIGTERM (`systemctl stop`) 143: 128 + the signal.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func stoppedItStopsWithinTwoSecondsWritesTheSleeveInViewAndExitsWithTheSignal(signal: Int32, status: Int32) throws {
        let out = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        // Paced as recorded: the sleeve of slide-in-hold-out is in view 1 s to 4 s.
        let (p, _, stderr) = Self.process(["live", "--replay", Self.fixtures.appendingPathComponent("slide-in-hold-out.mjpeg").path,
                                           "--fps", "5", "--realtime", "--out", out.path])
        try p.run()
        let child = ChildSignals(p)
        // Wait until the sleeve is being read, then interrupt.
        var log = ""
        let handle = stderr.fileHandleForReading
        while !log.contains("reading sleeve 1") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            log += String(decoding: chunk, as: UTF8.self)
        }
        #expect(log.contains("reading sleeve 1"), "\(log)")
        let sent = Date()
        child.send(signal)
        log += String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        #expect(p.terminationReason == .exit)
        #expect(p.terminationStatus == status, "\(log)")
        #expect(took < 2.5, "took \(took) s")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(files.filter { $0.hasSuffix(".json") }.count == 1, "\(files) \(log)")
        #expect(!files.contains { $0.hasPrefix(".") }, "\(files)")
    }

    @Test func badInputIsOneErrorLineAndASysexitsCode() throws {
        let (p, _, stderr) = Self.process(["live", "--replay", "/nonexistent/frames", "--out", NSTemporaryDirectory()])
        try p.run()
        let e = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 66)
        #expect(e.hasPrefix("error: /nonexistent/frames: "))
        let (q, _, qerr) = Self.process(["live", "--device", "/dev/video0", "--replay", "x"])
        try q.run()
        let qe = String(decoding: qerr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        q.waitUntilExit()
        #expect(q.terminationStatus == 64)
        #expect(qe.contains("usage: sleevescan live"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func onATerminalItKeepsOneStatusLine() throws {
        let out = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        // script(1) gives the command a pseudo-terminal and copies what it writes.
        let command = [Self.executable.path, "live", "--replay", Self.fixtures.appendingPathComponent("two-in-a-row.mjpeg").path,
                       "--fps", "5", "--out", out.path].map { "'\($0)'" }.joined(separator: " ")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", command, "/dev/null"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        // Redrawn in place (carriage return, erase line), never one log line per event.
        #expect(text.contains("\r\u{1B}[K"))
        #expect(text.contains("fps") && text.contains("last: MARINE SIGNALS – Harbour Lights, [MSR 2207]"))
        #expect(!text.contains("live: reading sleeve"))
        #expect(text.contains("live: done: 43 frames, 2 record(s)"))
    }
}
