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
        let board = StatusBoard()
        var states: [StationStatus.State] = []
        var assembly = StationAssembly(mode: "sleeve", config: config, folder: out.path, device: "replay", sourceName: "replay:two-in-a-row")
        assembly.startedAt = Date(timeIntervalSince1970: 0)
        let station = try assembly.station(status: board, events: { if case let .state(s) = $0 { states.append(s) } })
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
