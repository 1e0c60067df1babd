import Foundation
import Imaging
import Reading
import Settings
import Station
import Application
import SleeveCore
import Testing

/// The station publishes what the status page shows: state, the records written, a preview.
@Suite struct StatusSeamTests {
    @Test func theBoardHoldsTheWrittenRecordsNewestFirstAndAPreview() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/live").standardizedFileURL
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-live-status-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let config = Configuration()
        let settings = LiveSettings(config)
        let board = StatusBoard()
        var states: [StationStatus.State] = []
        let writer = LiveRecordWriter(folder: out.path, kind: .sleeve, device: "replay", encoder: LeptonicaJPEG(),
                                      hashing: LibcryptoHashing(), date: { Date(timeIntervalSince1970: $0) })
        let worker = ReadWorker(reader: try Engines.frameReader(mode: "sleeve", config: config, device: "replay"),
                                keepsRectified: true, device: "replay")
        let station = LiveStation(logic: StationLogic(settings: settings), analyser: Engines.frameAnalyser(mode: "sleeve", settings: settings),
                                  worker: worker, writer: writer, status: board, sourceName: "replay:two-in-a-row",
                                  events: { if case let .state(s) = $0 { states.append(s) } })
        station.previewEncoder = LeptonicaJPEG()
        var source = try ReplaySource(path: fixtures.appendingPathComponent("two-in-a-row.mjpeg").path, decoder: Leptonica(),
                                      pace: .asFastAsPossible, framesPerSecond: 5)
        let summary = station.run({ (try? source.nextFrame()).map { $0.map { .frame(LiveFrame($0)) } ?? .end } ?? .end },
                                  stop: StopFlag(), lockstep: true)
        #expect(summary.written.count == 2)
        let status = board.current
        #expect(status.source == "replay:two-in-a-row")
        #expect(status.recent.map(\.record.catalogNumber) == ["MSR 2207", "HPR 1042"])
        #expect(status.recent.first?.rectifiedFile?.hasSuffix(".rectified.jpg") == true)
        #expect(states.contains(.reading) && states.contains(.written))
        // A second of wall time may not pass in a fast replay: the preview is there once it does.
        if let preview = status.previewJPEG { #expect(preview.starts(with: [0xFF, 0xD8])) }
    }
}
