import Foundation
import SleeveCore
import Reading
import Settings

/// Recorded frames played back as a camera would deliver them: a folder of images
/// (sorted by name) or an MJPEG stream file (concatenated JPEGs).
///
/// Every live path (stability, throttled OCR, output) runs on replays in tests and
/// when debugging a capture that went wrong, with no camera attached.
///
/// A frame that cannot be decoded (typically the last one of a recording that was
/// cut off) is thrown as a `FrameSourceError`; calling `nextFrame` again carries on
/// with the next frame, so the frames before it are kept.
public struct ReplaySource: FrameSource {
    public enum Pace: Sendable, Equatable {
        /// Wait between frames as the recording did.
        case recorded
        /// Deliver each frame as soon as it is decoded.
        case asFastAsPossible
    }

    public enum Recording: Sendable, Equatable {
        case folder(files: [String])
        case mjpegStream
    }

    public let deviceName: String
    public let path: String
    public let recording: Recording
    public var pace: Pace
    /// Frame rate assumed where the recording carries no times (an MJPEG stream has
    /// none; files in a folder whose modification times do not increase).
    public var framesPerSecond: Double
    let decoder: any ImageDecoding
    /// Largest frame decoded, in pixels, checked from each frame's header (`limits.maxPixels`).
    public var maxPixels = 100_000_000
    /// Waits for the given seconds; replaced in tests to observe the pacing.
    var sleep: (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }

    private var stream: Data = Data()
    private var offset = 0
    private var sequence = 0
    private var startedAt: ContinuousClock.Instant?
    private var folderTimes: [Double] = []

    /// Opens a folder of images or an MJPEG stream file.
    public init(path: String, decoder: any ImageDecoding, pace: Pace = .recorded, framesPerSecond: Double = 30) throws(FrameSourceError) {
        self.path = path
        self.deviceName = "replay"
        self.decoder = decoder
        self.pace = pace
        self.framesPerSecond = framesPerSecond
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw FrameSourceError(kind: .undecodable, reason: "\(path): no such file or folder (give a folder of frames or an MJPEG stream file)")
        }
        if isDir.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            let files = names.filter { Self.imageExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
                .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
                .map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
            guard !files.isEmpty else {
                throw FrameSourceError(kind: .undecodable, reason: "\(path): the folder holds no images (expected .jpg, .png, .pgm … frames)")
            }
            recording = .folder(files: files)
            folderTimes = Self.times(of: files, framesPerSecond: framesPerSecond)
        } else {
            do {
                // Mapped, not read: a recording can be larger than memory.
                stream = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            } catch {
                throw FrameSourceError(kind: .undecodable, reason: "\(path): cannot be read (check the path and permissions)")
            }
            guard stream.starts(with: [0xFF, 0xD8]) else {
                throw FrameSourceError(kind: .undecodable, reason: "\(path): not an MJPEG stream (it does not start with a JPEG)")
            }
            recording = .mjpegStream
        }
    }

    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "pgm", "ppm", "pnm", "tif", "tiff", "webp", "bmp"]

    /// Seconds since the first file, from modification times when they increase
    /// (frames saved as they came), else evenly at the assumed rate.
    static func times(of files: [String], framesPerSecond: Double) -> [Double] {
        let dates = files.map { (try? FileManager.default.attributesOfItem(atPath: $0))?[.modificationDate] as? Date }
        if let first = dates.first ?? nil, dates.allSatisfy({ $0 != nil }),
           zip(dates, dates.dropFirst()).allSatisfy({ $0! < $1! }) {
            return dates.map { $0!.timeIntervalSince(first) }
        }
        return files.indices.map { Double($0) / framesPerSecond }
    }

    public mutating func nextFrame() throws -> Frame? {
        guard let encoded = try nextEncoded() else { return nil }
        return try FrameDecoding.decode(encoded.bytes, with: decoder, sequence: encoded.sequence, timestamp: encoded.timestamp,
                                        name: encoded.name, maxPixels: maxPixels, markersWalked: encoded.markersWalked)
    }

    /// The luminance at the analysis's size straight from the JPEG's DCT, the whole
    /// frame decoded only when it is kept (see `FrameDecoding.decodeForAnalysis`).
    public mutating func nextLiveFrame(analysisSide: Int) throws -> LiveFrame? {
        guard let encoded = try nextEncoded() else { return nil }
        return try FrameDecoding.decodeForAnalysis(encoded.bytes, with: decoder, analysisSide: analysisSide, sequence: encoded.sequence,
                                                   timestamp: encoded.timestamp, name: encoded.name, maxPixels: maxPixels,
                                                   markersWalked: encoded.markersWalked)
    }

    /// The next frame's bytes, when it is due (at the recorded pace); `markersWalked`:
    /// the stream splitter already walked them to the end of the image (a complete JPEG).
    private mutating func nextEncoded() throws -> (bytes: [UInt8], sequence: Int, timestamp: Double, name: String, markersWalked: Bool)? {
        let seq = sequence
        let encoded: (bytes: [UInt8], timestamp: Double, name: String)
        switch recording {
        case let .folder(files):
            guard seq < files.count else { return nil }
            sequence += 1
            guard let data = FileManager.default.contents(atPath: files[seq]) else {
                throw FrameSourceError(kind: .undecodable, sequence: seq, reason: "\(files[seq]): cannot be read")
            }
            encoded = ([UInt8](data), folderTimes[seq], files[seq])
        case .mjpegStream:
            // Walked over the raw bytes: `Data`'s subscript costs a call per byte.
            let at = offset
            switch stream.withUnsafeBytes({ JPEGStreamSplitter.next(in: $0, from: at) }) {
            case .end:
                return nil
            case let .truncated(start):
                sequence += 1
                // Look for a later frame after the damaged one; at the end of the file
                // the next call finds none.
                offset = start + 2
                throw FrameSourceError(
                    kind: .truncated, sequence: seq,
                    reason: "\(path): frame \(seq) at byte \(start) is cut off (the recording ended or was damaged mid-frame); the \(seq) frame(s) before it were replayed")
            case let .frame(range):
                sequence += 1
                offset = range.upperBound
                encoded = ([UInt8](stream[range]), Double(seq) / framesPerSecond, "\(path) frame \(seq)")
            }
        }
        wait(until: encoded.timestamp)
        return (encoded.bytes, seq, encoded.timestamp, encoded.name, recording == .mjpegStream)
    }

    /// At the recorded pace, holds a frame back until its time since the first frame.
    private mutating func wait(until timestamp: Double) {
        guard pace == .recorded else { return }
        let now = ContinuousClock.now
        guard let startedAt else { startedAt = now; return }
        let due = startedAt + .milliseconds(Int64(timestamp * 1000))
        if due > now { sleep(StageTimer.ms(due - now) / 1000) }
    }
}
