import Camera
import Foundation
import Imaging
import Reading
import Settings
import SleeveCore
import Station

/// Where the live loop's frames come from, opened with the station's policies: a
/// camera is reopened with backoff when it is unplugged and plugged back; frames reach
/// the loop through a small dropping queue on their own thread (a camera, a replay paced
/// as recorded); an unpaced replay is read in the loop itself, in lockstep, so it gives
/// the same records on any machine.
package struct LiveSource {
    /// The next frame, the end, or a failure, waiting at most a short while.
    package let next: () -> FramePump.Item?
    /// The queue frames arrive through (nil: read in lockstep).
    package let pump: FramePump?
    /// For the log and the status page: the device path or `replay:PATH`.
    package let name: String
    /// `source.device` in the records.
    package let device: String

    /// What to open.
    package enum Choice: Sendable {
        case camera(path: String)
        /// `realtime`: paced at its recorded rate (`fps` when it carries no times).
        case replay(path: String, realtime: Bool, fps: Int)
    }

    /// Opens the source; `stop` cuts a camera's reconnect backoff short.
    package static func open(_ choice: Choice, config: Configuration, stop: StopFlag) throws(SetupFailure) -> LiveSource {
        let settings = LiveSettings(config)
        switch choice {
        case let .camera(path):
            let open = { () throws(CameraError) -> CameraSource in
                try CameraSource(path: path, maxWidth: config[.cameraWidth], maxHeight: config[.cameraHeight], gray: true,
                                 native: true, jpeg: true)
            }
            let camera: CameraSource
            do {
                camera = try open()
            } catch {
                throw SetupFailure(description: "\(path): \(error) (check the device with 'sleevescan devices')", exitCode: .unavailable)
            }
            // Reopened on the pump's thread, which waits in short slices so Ctrl-C is
            // never held up.
            let decoded = { (camera: CameraSource) in CameraFrames(camera: camera, decoder: Leptonica(), maxPixels: config[.maxPixels]) }
            let frames = ReconnectingFrames(source: decoded(camera), name: path, reopen: { decoded(try open()) }, wait: { seconds in
                let until = Date(timeIntervalSinceNow: seconds)
                while Date() < until {
                    if stop.isRaised { return false }
                    Thread.sleep(forTimeInterval: min(0.1, max(0, until.timeIntervalSinceNow)))
                }
                return !stop.isRaised
            })
            frames.analysisSide = settings.barcodeWorkingSide
            let pump = FramePump(capacity: settings.queueFrames) { frames.next() }
            return LiveSource(next: { pump.next(waiting: 0.1) }, pump: pump, name: path, device: path)
        case let .replay(path, realtime, fps):
            var source: ReplaySource
            do {
                source = try ReplaySource(path: path, decoder: Leptonica(), pace: realtime ? .recorded : .asFastAsPossible,
                                          framesPerSecond: Double(fps))
                source.maxPixels = config[.maxPixels]
            } catch {
                throw SetupFailure(description: error.reason, exitCode: .noInput)
            }
            if realtime {
                let pump = FramePump(source: source, capacity: settings.queueFrames, analysisSide: settings.barcodeWorkingSide)
                return LiveSource(next: { pump.next(waiting: 0.1) }, pump: pump, name: "replay:\(path)", device: "replay")
            }
            nonisolated(unsafe) var s = source
            let side = settings.barcodeWorkingSide
            let next = { () -> FramePump.Item? in
                do {
                    return try s.nextLiveFrame(analysisSide: side).map { .frame($0) } ?? .end
                } catch let e as FrameSourceError {
                    return .failure(e.reason)
                } catch {
                    return .failure("\(error)")
                }
            }
            return LiveSource(next: next, pump: nil, name: "replay:\(path)", device: source.deviceName)
        }
    }
}

/// A camera for the live loop. Its own JPEGs (MJPEG) are decoded as a replay's are:
/// the luminance at the analysis's size, the whole frame only when it is kept; a
/// camera that gives pixels (YUYV's Y bytes, libv4l2's gray) gives them as they came.
package struct CameraFrames: FrameSource {
    package let camera: CameraSource
    let decoder: any ImageDecoding
    /// Largest frame decoded, in pixels (`limits.maxPixels`), checked from each JPEG's header.
    let maxPixels: Int

    package init(camera: CameraSource, decoder: any ImageDecoding, maxPixels: Int) {
        self.camera = camera
        self.decoder = decoder
        self.maxPixels = maxPixels
    }

    package var deviceName: String { camera.deviceName }

    package mutating func nextFrame() throws -> Frame? {
        switch try camera.nextCapture() {
        case let .pixels(frame):
            return frame
        case let .jpeg(bytes, sequence, timestamp):
            return try FrameDecoding.decode(bytes, with: decoder, sequence: sequence, timestamp: timestamp,
                                            name: "frame \(sequence)", maxPixels: maxPixels)
        }
    }

    package mutating func nextLiveFrame(analysisSide: Int) throws -> LiveFrame? {
        switch try camera.nextCapture() {
        case let .pixels(frame):
            return LiveFrame(frame)
        case let .jpeg(bytes, sequence, timestamp):
            return try FrameDecoding.decodeForAnalysis(bytes, with: decoder, analysisSide: analysisSide, sequence: sequence,
                                                       timestamp: timestamp, name: "frame \(sequence)", maxPixels: maxPixels)
        }
    }
}
