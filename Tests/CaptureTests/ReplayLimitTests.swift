import Foundation
import Imaging
@testable import Reading
@testable import Station
import SleeveCore
import Testing

/// A replay honours `limits.maxPixels` as `read` does: the header is checked first.
@Suite struct ReplayLimitTests {
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func crc32(_ data: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in data {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return ~c
        }
        let ihdr = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
        let idat = Array("IDAT".utf8) + [UInt8](repeating: 0, count: 64)
        let iend = Array("IEND".utf8)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + ihdr + be(crc32(ihdr))
            + be(64) + idat + be(crc32(idat)) + be(0) + iend + be(crc32(iend))
    }

    @Test func framesOverTheLimitAreRefusedFromTheirHeader() throws {
        var source = try ReplaySource(path: ReplaySourceTests.stream, decoder: Leptonica(), pace: .asFastAsPossible)
        source.maxPixels = 1000  // the fixture's frames are 64×48
        let (frames, errors) = ReplaySourceTests.drain(&source)
        #expect(frames.isEmpty)
        #expect(errors.count == 5)
        #expect(errors.allSatisfy { $0.reason.contains("64×48") && $0.reason.contains("limits.maxPixels") })
    }

    @Test func anAbsurdSizeClaimInAReplayFolderCostsNothing() throws {
        let folder = try ReplaySourceTests.temporaryFolder("huge")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.pngHeader(width: 40_000, height: 40_000)).write(to: URL(fileURLWithPath: folder + "/0001.png"))
        var source = try ReplaySource(path: folder, decoder: Leptonica(), pace: .asFastAsPossible)
        let (frames, errors) = ReplaySourceTests.drain(&source)
        #expect(frames.isEmpty)
        #expect(errors.first?.reason.contains("40000×40000") == true)
    }
}
