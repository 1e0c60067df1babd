import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore

/// A test double of the project's own `FrameSource`: the frames of a recorded replay,
/// then, after `unplugAfter` frames, the V4L2 unplug error (as `CameraSource` reports
/// ENODEV) on every call, as a camera pulled out of its socket does.
struct ScriptedFrameSource: FrameSource {
    let deviceName = "/dev/video-scripted"
    var frames: [Frame]
    var unplugAfter: Int?
    private var index = 0

    init(frames: [Frame], unplugAfter: Int? = nil) {
        self.frames = frames
        self.unplugAfter = unplugAfter
    }

    /// The decoded frames of a fixture sequence, timestamps `offset` seconds later.
    static func frames(of sequence: String, framesPerSecond: Double = 5, offset: Double = 0) throws -> [Frame] {
        let path = LiveReplayTests.fixtures.appendingPathComponent("\(sequence).mjpeg").path
        var replay = try ReplaySource(path: path, decoder: Leptonica(), pace: .asFastAsPossible, framesPerSecond: framesPerSecond)
        var out: [Frame] = []
        while var f = try replay.nextFrame() {
            f.timestamp += offset
            out.append(f)
        }
        return out
    }

    mutating func nextFrame() throws -> Frame? {
        if let unplugAfter, index >= unplugAfter {
            throw FrameSourceError(kind: .disconnected, reason: "the camera went away (unplugged?): plug it back in")
        }
        guard index < frames.count else { return nil }
        defer { index += 1 }
        return frames[index]
    }
}

/// Keeps every snapshot the station publishes.
final class SnapshotLog: StatusSink, @unchecked Sendable {
    private let lock = NSLock()
    private var all: [StationStatus] = []

    func publish(_ status: StationStatus) {
        lock.lock()
        all.append(status)
        lock.unlock()
    }

    var snapshots: [StationStatus] {
        lock.lock()
        defer { lock.unlock() }
        return all
    }
}
