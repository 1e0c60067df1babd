import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore
import Testing

/// Webcams send MJPEG frames without Huffman tables (DHT segments), relying on the
/// standard ones of ITU-T T.81 Annex K.3. libjpeg-turbo, under leptonica, supplies
/// them itself; this pins that a recorded webcam stream replays as it should.
struct WebcamFrameTests {
    static let stream = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/capture/stream.mjpeg").path

    /// The frame with every DHT segment removed, as a webcam sends it.
    static func withoutTables(_ jpeg: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        var i = 2
        while jpeg[i + 1] != 0xDA {
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if jpeg[i + 1] != 0xC4 { out += jpeg[i..<(i + 2 + length)] }
            i += 2 + length
        }
        return out + jpeg[i...]
    }

    @Test func streamOfFramesWithoutHuffmanTablesReplaysLikeTheOriginal() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.stream)))
        let frames = JPEGStreamSplitter.chunks(in: bytes).compactMap { c -> [UInt8]? in
            if case let .frame(r) = c { Array(bytes[r]) } else { nil }
        }
        let stripped = frames.map(Self.withoutTables)
        #expect(zip(stripped, frames).allSatisfy { $0.count < $1.count })
        let path = NSTemporaryDirectory() + "sleevescan-webcam-\(UUID().uuidString).mjpeg"
        try Data(stripped.flatMap { $0 }).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        var original = try ReplaySource(path: Self.stream, decoder: Leptonica(), pace: .asFastAsPossible)
        var webcam = try ReplaySource(path: path, decoder: Leptonica(), pace: .asFastAsPossible)
        var count = 0
        while let a = try original.nextFrame() {
            let b = try #require(try webcam.nextFrame())
            #expect(a.pixels == b.pixels)
            count += 1
        }
        #expect(count == 5)
        #expect(try webcam.nextFrame() == nil)
    }
}
