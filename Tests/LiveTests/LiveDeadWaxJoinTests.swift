import Application
import Foundation
import Imaging
import Settings
import SleeveCore
import Station
import Testing

/// `live --mode deadwax` right after a sleeve: the dead-wax record joins the sleeve's
/// evidence, and the sleeve's record gets the release both tell together. Real
/// components throughout: the executable imports a dump into SQLite, replays the live
/// sequence of a sleeve (tesseract reads it), then a still disc (the dead-wax reader).
///
/// The dump holds the sleeve's release twice, pressed alike and told apart only by the
/// matrix: the sleeve alone cannot say which, the run-out `ZX-7731-B2 RL` can.
@Suite(.serialized) struct LiveDeadWaxJoinTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures").standardizedFileURL

    static let dump = """
        <releases>
        \(release(501, sideA: "ZX-7731-A2 RL", sideB: "ZX-7731-B2 RL"))
        \(release(502, sideA: "ZX-7731-A1", sideB: "ZX-7731-B1"))
        </releases>

        """

    static func release(_ id: Int, sideA: String, sideB: String) -> String {
        "<release id=\"\(id)\" status=\"Accepted\"><artists><artist><id>1</id><name>The Hollow Pines</name><anv/><join/></artist></artists>"
            + "<title>Evening Static</title><labels><label name=\"Hollow Pines Records\" catno=\"HPR 1042\" id=\"7\"/></labels>"
            + "<formats><format name=\"Vinyl\" qty=\"1\" text=\"\"/></formats><country>UK</country><released>1998</released>"
            + "<master_id>9501</master_id><tracklist><track><position>A1</position><title>Low Light</title><duration>3:10</duration></track></tracklist>"
            + "<identifiers><identifier type=\"Matrix / Runout\" description=\"Side A\" value=\"\(sideA)\"/>"
            + "<identifier type=\"Matrix / Runout\" description=\"Side B\" value=\"\(sideB)\"/></identifiers></release>"
    }

    struct Run {
        var status: Int32
        var log: String
    }

    static func run(_ args: [String]) throws -> Run {
        let (p, _, stderr) = LiveReplayTests.process(args)
        try p.run()
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return Run(status: p.terminationStatus, log: log)
    }

    /// An index of the dump, a folder with the sleeve's record (read live), and a replay
    /// folder of a still disc (40 frames at 5 per second: it holds still, then ends).
    static func setUp(_ work: URL) throws -> (index: String, out: URL, disc: URL) {
        let dumpFile = work.appendingPathComponent("dump.xml")
        try Data(dump.utf8).write(to: dumpFile)
        let index = work.appendingPathComponent("index.sqlite").path
        let imported = try run(["index", "import", dumpFile.path, "--index", index])
        #expect(imported.status == 0, "\(imported.log)")
        let out = work.appendingPathComponent("out"), disc = work.appendingPathComponent("disc")
        try FileManager.default.createDirectory(at: disc, withIntermediateDirectories: true)
        let frame = fixtures.appendingPathComponent("deadwax/deadwax-bottom.jpg")
        for i in 1...40 {
            try FileManager.default.copyItem(at: frame, to: disc.appendingPathComponent(String(format: "frame-%03d.jpg", i)))
        }
        let sleeve = try run(["live", "--replay", fixtures.appendingPathComponent("live/slide-in-hold-out.mjpeg").path,
                              "--fps", "5", "--out", out.path, "--index", index])
        #expect(sleeve.status == 0, "\(sleeve.log)")
        return (index, out, disc)
    }

    static func records(_ out: URL, prefix: String) throws -> [(name: String, json: [String: Any])] {
        try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .map { ($0, try #require(JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent($0))) as? [String: Any])) }
    }

    static func release(_ record: [String: Any]) -> [String: Any]? { record["release"] as? [String: Any] }

    /// A record's value as JSON with sorted keys (dictionaries compare in any order).
    static func canonical(_ value: Any?) throws -> Data {
        try JSONSerialization.data(withJSONObject: ["value": value ?? NSNull()], options: [.sortedKeys])
    }

    @Test func aDeadWaxCaptureRightAfterTheSleeveNamesTheSleevesPressing() throws {
        let work = try LiveReplayTests.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let (index, out, disc) = try Self.setUp(work)

        // The sleeve alone: both pressings, neither named.
        let before = try #require(try Self.records(out, prefix: "sleeve-").first)
        #expect(before.json["catalogNumber"] as? String == "HPR 1042")
        let alone = try #require(Self.release(before.json))
        #expect(alone["discogsId"] is NSNull, "\(alone)")
        let ids = (alone["candidates"] as? [[String: Any]] ?? []).compactMap { $0["discogsId"] as? Int }
        #expect(Set(ids) == [501, 502])

        let deadWax = try Self.run(["live", "--mode", "deadwax", "--replay", disc.path, "--fps", "5", "--out", out.path, "--index", index])
        #expect(deadWax.status == 0, "\(deadWax.log)")
        #expect(deadWax.log.contains("joins \(before.name)"), "\(deadWax.log)")

        // The sleeve's record now names the pressing its run-out tells; the rest is as read.
        let after = try #require(try Self.records(out, prefix: "sleeve-").first)
        let joined = try #require(Self.release(after.json))
        #expect(joined["discogsId"] as? Int == 501, "\(joined)")
        let matrixEvidence = (joined["evidence"] as? [[String: Any]] ?? []).first { $0["kind"] as? String == "matrix" }
        #expect(matrixEvidence?["value"] as? String == "ZX-7731-B2 RL", "\(joined)")
        for key in ["artist", "title", "catalogNumber", "source", "lines", "document"] {
            #expect(try Self.canonical(after.json[key]) == Self.canonical(before.json[key]), "\(key)")
        }
        // The dead-wax record is written as ever, with its matrix.
        let discRecord = try #require(try Self.records(out, prefix: "deadwax-").first)
        let matrix = try #require((discRecord.json["matrix"] as? [[String: Any]])?.first)
        #expect(matrix["text"] as? String == "ZX-7731-B2 RL")
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: out.path)).contains { $0.hasPrefix(".") })
    }

    @Test func withTheJoinTurnedOffTheSleeveRecordIsLeftAsItWas() throws {
        let work = try LiveReplayTests.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let (index, out, disc) = try Self.setUp(work)
        let config = work.appendingPathComponent("config.json")
        try Data(#"{"live": {"deadWaxJoinSeconds": 0}}"#.utf8).write(to: config)
        let sleeve = try #require(try Self.records(out, prefix: "sleeve-").first)
        let bytes = try Data(contentsOf: out.appendingPathComponent(sleeve.name))

        let deadWax = try Self.run(["live", "--mode", "deadwax", "--replay", disc.path, "--fps", "5", "--out", out.path,
                                    "--index", index, "--config", config.path])
        #expect(deadWax.status == 0, "\(deadWax.log)")
        #expect(!deadWax.log.contains("joins"), "\(deadWax.log)")
        #expect(try Data(contentsOf: out.appendingPathComponent(sleeve.name)) == bytes)
        #expect(try Self.records(out, prefix: "deadwax-").count == 1)
    }

    /// The status page of the running dead-wax station: the sleeve the capture joined is
    /// shown with its new release, below the dead-wax record (the sleeve was written by
    /// an earlier run, so the list held only this run's records before). The station is
    /// assembled in-process as `live` assembles it; the index, the sleeve's record, the
    /// reading and the join are the real ones.
    @Test func theJoinedSleeveShowsWithItsReleaseInTheRunningStationsRecentList() throws {
        let work = try LiveReplayTests.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        let (index, out, disc) = try Self.setUp(work)
        let sleeve = try #require(try Self.records(out, prefix: "sleeve-").first)

        let config = Configuration(), console = Console()
        let identifier = try #require(try RecordIdentifier.resolve(explicitPath: index, config, console))
        var assembly = StationAssembly(mode: "deadwax", config: config, folder: out.path, device: "replay", sourceName: "replay:disc")
        assembly.sink = RecordIdentifier.sink(identifier, catalogue: nil)
        assembly.afterWrite = RecordIdentifier.deadWaxJoin(identifier, folder: out.path, window: config[.deadWaxJoinSeconds],
                                                           catalogue: nil, console: console)
        let board = StatusBoard()
        let station = try assembly.station(status: board, events: { _ in })
        var source = try ReplaySource(path: disc.path, decoder: Leptonica(), pace: .asFastAsPossible, framesPerSecond: 5)
        let summary = station.run({ (try? source.nextFrame()).map { $0.map { .frame(LiveFrame($0)) } ?? .end } ?? .end },
                                  stop: StopFlag(), lockstep: true)
        let written = try #require(summary.written.first)
        #expect(summary.written.count == 1 && written.record.kind == .deadwax)

        let recent = board.current.recent
        #expect(recent.map(\.recordFile) == [written.recordFile, sleeve.name])
        let shown = try #require(recent.last)
        #expect(shown.record.kind == .sleeve && shown.record.catalogNumber == "HPR 1042")
        #expect(shown.record.release?.discogsId == 501, "\(String(describing: shown.record.release))")
        #expect(shown.record.release?.evidence.contains { $0.kind == "matrix" } == true)
        // What the page shows is the file as rewritten.
        let rewritten = try #require(try Self.records(out, prefix: "sleeve-").first)
        #expect(Self.release(rewritten.json)?["discogsId"] as? Int == 501)
    }
}
