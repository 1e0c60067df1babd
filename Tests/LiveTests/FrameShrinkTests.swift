import Testing
import SleeveCore
@testable import Station

/// The frame shrink (the status page's preview, a source that cannot reduce at decode)
/// walks rows through pointers for speed; it must give every cell's rounded mean.
@Suite struct FrameShrinkTests {
    @Test(arguments: [(1920, 1080, 2), (961, 541, 3), (640, 480, 4), (37, 5, 1), (2, 50, 3), (1, 1, 1)])
    func eachPixelIsTheRoundedMeanOfItsCell(size: (Int, Int, Int)) {
        let (width, height, factor) = size
        var state = UInt64(width * 31 + height)
        let pixels = (0..<(width * height)).map { _ -> UInt8 in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
        let shrunk = FrameAnalyser.shrink(GrayImage(width: width, height: height, pixels: pixels), by: factor)
        let w = width / factor, h = height / factor
        #expect(shrunk.width == w)
        #expect(shrunk.height == h)
        var wrong = 0
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                for dy in 0..<factor {
                    for dx in 0..<factor { sum += Int(pixels[(y * factor + dy) * width + x * factor + dx]) }
                }
                let n = factor * factor
                if Int(shrunk.pixels[y * w + x]) != (sum + n / 2) / n { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }
}
