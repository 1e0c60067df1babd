import Foundation
import Imaging
@testable import Reading
@testable import Station
import SleeveCore
import Testing

/// Replays through the real leptonica decoder: the committed MJPEG stream (five
/// 64×48 frames with a dark bar 12 px further right in each) and folders made from it.
struct ReplaySourceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let stream = root.appendingPathComponent("Fixtures/capture/stream.mjpeg").path
    static let sleeve = root.appendingPathComponent("Fixtures/capture/sleeve-scan.png").path

    static func temporaryFolder(_ tag: String) throws -> String {
        let path = NSTemporaryDirectory() + "sleevescan-replay-\(tag)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func streamBytes() throws -> [UInt8] { try [UInt8](Data(contentsOf: URL(fileURLWithPath: stream))) }

    /// Which frame of the fixture this is: where its dark bar is.
    static func barIndex(_ f: Frame) -> Int? {
        let g = f.gray()
        return (0..<5).first { i in g[i * 12 + 3, g.height / 2] < 100 }
    }

    /// Drains a source, keeping frames and the errors it reported between them.
    static func drain(_ source: inout some FrameSource) -> (frames: [Frame], errors: [FrameSourceError]) {
        var frames: [Frame] = [], errors: [FrameSourceError] = []
        for _ in 0..<100 {
            do {
                guard let f = try source.nextFrame() else { break }
                frames.append(f)
            } catch let e as FrameSourceError {
                errors.append(e)
            } catch {
                Issue.record("unexpected error \(error)")
                break
            }
        }
        return (frames, errors)
    }

    @Test func replaysAnMJPEGStreamFrameByFrameInOrder() throws {
        var source = try ReplaySource(path: Self.stream, decoder: Leptonica(), pace: .asFastAsPossible, framesPerSecond: 25)
        let (frames, errors) = Self.drain(&source)
        #expect(errors.isEmpty)
        #expect(frames.map(\.sequence) == [0, 1, 2, 3, 4])
        #expect(frames.map(Self.barIndex) == [0, 1, 2, 3, 4])
        #expect(frames.allSatisfy { $0.width == 64 && $0.height == 48 && $0.format == .gray8 })
        // No times in an MJPEG stream: frames are spaced at the assumed rate.
        #expect(frames.map(\.timestamp) == [0, 0.04, 0.08, 0.12, 0.16])
    }

    @Test func truncatedLastFrameOfAStreamIsReportedAndEarlierFramesKept() throws {
        let bytes = try Self.streamBytes()
        let path = try Self.temporaryFolder("cut") + "/cut.mjpeg"
        // Cut the fifth frame in half.
        let starts = JPEGStreamSplitter.chunks(in: bytes).compactMap { if case let .frame(r) = $0 { r.lowerBound } else { nil } }
        let cut = starts[4] + (bytes.count - starts[4]) / 2
        try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: path))
        var source = try ReplaySource(path: path, decoder: Leptonica(), pace: .asFastAsPossible)
        let (frames, errors) = Self.drain(&source)
        #expect(frames.map(Self.barIndex) == [0, 1, 2, 3])
        #expect(errors.count == 1)
        #expect(errors.first?.kind == .truncated)
        #expect(errors.first?.sequence == 4)
        #expect(errors.first?.reason.contains("frame 4 at byte \(starts[4]) is cut off") == true)
        #expect(errors.first?.reason.contains("the 4 frame(s) before it were replayed") == true)
    }

    @Test func replaysAFolderOfFramesInNameOrder() throws {
        let folder = try Self.temporaryFolder("folder")
        let bytes = try Self.streamBytes()
        // Names that sort wrongly as plain strings: frame-10 must come after frame-9.
        let names = ["frame-8.jpg", "frame-9.jpg", "frame-10.jpg", "frame-11.jpg", "frame-12.jpg"]
        for (chunk, name) in zip(JPEGStreamSplitter.chunks(in: bytes), names) {
            guard case let .frame(r) = chunk else { continue }
            try Data(bytes[r]).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try Data("not a frame".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        var source = try ReplaySource(path: folder, decoder: Leptonica(), pace: .asFastAsPossible)
        let (frames, errors) = Self.drain(&source)
        #expect(errors.isEmpty)
        #expect(frames.map(Self.barIndex) == [0, 1, 2, 3, 4])
        #expect(frames.map(\.sequence) == [0, 1, 2, 3, 4])
    }

    @Test func truncatedLastFileOfAFolderIsReportedAndEarlierFramesKept() throws {
        let folder = try Self.temporaryFolder("folder-cut")
        let bytes = try Self.streamBytes()
        let frames = JPEGStreamSplitter.chunks(in: bytes).compactMap { if case let .frame(r) = $0 { Array(bytes[r]) } else { nil } }
        for (i, f) in frames.enumerated() {
            let data = i == 4 ? Array(f.prefix(f.count / 2)) : f
            try Data(data).write(to: URL(fileURLWithPath: folder + "/f\(i).jpg"))
        }
        var source = try ReplaySource(path: folder, decoder: Leptonica(), pace: .asFastAsPossible)
        let (decoded, errors) = Self.drain(&source)
        #expect(decoded.map(Self.barIndex) == [0, 1, 2, 3])
        #expect(errors.map(\.kind) == [.truncated])
        #expect(errors.first?.reason.hasSuffix("f4.jpg: the image data is cut off") == true)
    }

    @Test func recordedPaceWaitsForEachFramesTimeAndFastPaceNever() throws {
        // One frame a second: far longer than decoding a 64×48 JPEG takes.
        var paced = try ReplaySource(path: Self.stream, decoder: Leptonica(), pace: .recorded, framesPerSecond: 1)
        var waits: [Double] = []
        paced.sleep = { waits.append($0) }
        _ = Self.drain(&paced)
        #expect(waits.count == 4)  // none before the first frame
        #expect(waits.allSatisfy { $0 > 0 && $0 <= 4 })
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $0 < $1 })  // the sleeper does not really wait

        var fast = try ReplaySource(path: Self.stream, decoder: Leptonica(), pace: .asFastAsPossible, framesPerSecond: 1)
        var fastWaits: [Double] = []
        fast.sleep = { fastWaits.append($0) }
        #expect(Self.drain(&fast).frames.count == 5)
        #expect(fastWaits.isEmpty)
    }

    @Test func refusesWhatIsNotARecording() throws {
        let empty = try Self.temporaryFolder("empty")
        #expect(throws: FrameSourceError.self) { _ = try ReplaySource(path: empty, decoder: Leptonica()) }
        let error = #expect(throws: FrameSourceError.self) { _ = try ReplaySource(path: Self.sleeve, decoder: Leptonica()) }
        #expect(error?.reason.contains("not an MJPEG stream") == true)
        let missing = #expect(throws: FrameSourceError.self) { _ = try ReplaySource(path: empty + "/nope.mjpeg", decoder: Leptonica()) }
        #expect(missing?.reason.contains("no such file or folder") == true)
    }
}
