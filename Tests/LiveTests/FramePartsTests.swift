import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore
import Testing

/// The loop's parts that handle frames: measures, the dropping queue, dead-wax mode.
@Suite struct FramePartsTests {
    /// A gray ramp with a sharp-edged square whose position and edge blur are given.
    static func image(squareAt x0: Int, blurred: Bool = false, width: Int = 320, height: Int = 240) -> GrayImage {
        var px = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let inside = x >= x0 && x < x0 + 80 && y >= 60 && y < 140
                var v = inside ? 220 : 40 + x / 8
                if blurred {
                    // A soft edge: distance to the square's border, ramped over 6 px.
                    let dx = max(x0 - x, x - (x0 + 79), 0), dy = max(60 - y, y - 139, 0)
                    let d = Double(max(dx, dy))
                    let inner = min(x - x0, x0 + 79 - x, y - 60, 139 - y)
                    let t = inside ? min(1, 0.5 + Double(inner) / 12) : max(0, 0.5 - d / 12)
                    v = Int(t * 220 + (1 - t) * Double(40 + x / 8))
                }
                px[y * width + x] = UInt8(v)
            }
        }
        return GrayImage(width: width, height: height, pixels: px)
    }

    @Test func theThumbnailAveragesAndTheDifferenceSeesAMovedSquareButNotAStillOne() throws {
        let a = FrameMeasures(Self.image(squareAt: 50))
        #expect(a.thumbnail.width == FrameMeasures.thumbWidth && a.thumbnail.height == 48)
        let still = try #require(a.difference(from: FrameMeasures(Self.image(squareAt: 50))))
        let moved = try #require(a.difference(from: FrameMeasures(Self.image(squareAt: 150))))
        #expect(still == 0)
        #expect(moved > 10)
    }

    /// The thumbnail sums whole runs of columns and rows; every pixel must still land in
    /// cell x·64/width, y·rows/height, as the plain per-pixel definition has it.
    @Test(arguments: [(960, 540), (131, 77), (70, 33), (64, 10), (1000, 7), (65, 130)])
    func theThumbnailIsTheMeanOfEachCellsPixels(size: (Int, Int)) {
        let (w, h) = size
        var seed: UInt32 = 12345
        let px = (0..<(w * h)).map { _ -> UInt8 in
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let thumb = FrameMeasures(GrayImage(width: w, height: h, pixels: px)).thumbnail
        let tw = min(FrameMeasures.thumbWidth, w)
        let th = max(1, Int((Double(h) * Double(tw) / Double(w)).rounded()))
        var sums = [Int](repeating: 0, count: tw * th), counts = [Int](repeating: 0, count: tw * th)
        for y in 0..<h {
            for x in 0..<w {
                let cell = min(th - 1, y * th / h) * tw + min(tw - 1, x * tw / w)
                sums[cell] += Int(px[y * w + x])
                counts[cell] += 1
            }
        }
        let expected = zip(sums, counts).map { UInt8($1 > 0 ? ($0 + $1 / 2) / $1 : 0) }
        #expect(thumb.width == tw && thumb.height == th)
        #expect(thumb.pixels == expected)
    }

    @Test func sharpnessIsHigherForSharpEdges() {
        let sharp = FrameMeasures(Self.image(squareAt: 50)).sharpness
        let soft = FrameMeasures(Self.image(squareAt: 50, blurred: true)).sharpness
        #expect(sharp > 2 * soft, "sharp \(sharp), soft \(soft)")
    }

    /// Frames as fast as asked, numbered: the loop's consumer is what is slow here.
    struct CountingSource: FrameSource {
        let deviceName = "counting"
        var next = 0
        let count: Int
        mutating func nextFrame() throws -> Frame? {
            guard next < count else { return nil }
            defer { next += 1 }
            return Frame(GrayImage(width: 4, height: 4, fill: UInt8(next)), sequence: next, timestamp: Double(next) / 30)
        }
    }

    @Test func whenTheLoopFallsBehindTheOldestFramesAreDroppedAndTheQueueStaysBounded() {
        let pump = FramePump(source: CountingSource(count: 200), capacity: 2)
        // A slow consumer: the source has long finished before the first frame is taken.
        Thread.sleep(forTimeInterval: 0.3)
        var seen: [Int] = []
        while let item = pump.next(waiting: 1) {
            if case let .frame(f) = item { seen.append(f.sequence) } else { break }
        }
        #expect(seen.count <= 2)
        #expect(seen.last == 199, "the newest frames are kept")
        #expect(pump.droppedFrames == 200 - seen.count)
        #expect(seen == seen.sorted())
    }

    @Test func deadWaxModeWritesOneRecordWithTheMatrixOfTheDiscInView() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures/deadwax").standardizedFileURL
        let expected = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: fixtures.appendingPathComponent("deadwax-seam.expected.json"))) as? [String: Any])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-live-dw-\(UUID().uuidString)")
        let frames = folder.appendingPathComponent("frames"), out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The same photo as six frames 0.2 s apart (times from the files' modification times).
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for i in 0..<6 {
            let f = frames.appendingPathComponent("f\(i).jpg")
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent("deadwax-seam.jpg"), to: f)
            try FileManager.default.setAttributes([.modificationDate: start.addingTimeInterval(Double(i) * 0.2)], ofItemAtPath: f.path)
        }
        let p = Process()
        p.executableURL = LiveReplayTests.executable
        p.arguments = ["live", "--replay", frames.path, "--mode", "deadwax", "--out", out.path, "--json"]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1)
        let record = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(record["kind"] as? String == "deadwax")
        let run = try #require(expected["matrix"] as? String)
        let matrix = (record["matrix"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(matrix == [run])
        #expect(record["disc"] is [String: Any])
    }
}
