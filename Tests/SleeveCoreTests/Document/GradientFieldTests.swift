import Testing
@testable import SleeveCore

/// The gradient field's loops are written for speed (row pointers, wrapping indices);
/// these pin them to the plain per-pixel formulas, value for value, on sizes that give
/// each shrink factor and odd remainders.
@Suite struct GradientFieldTests {
    /// The plain formulas, one pixel at a time.
    struct Plain {
        var gray: [Float], gx: [Float], gy: [Float], magnitude: [Float]
        var width: Int, height: Int, factor: Int

        init(_ image: GrayImage, workingSide: Int) {
            let f = max(1, Int((Double(max(image.width, image.height)) / Double(workingSide)).rounded()))
            let w = image.width / f, h = image.height / f
            factor = f; width = w; height = h
            var shrunk = [Float](repeating: 0, count: w * h)
            for by in 0..<h {
                for bx in 0..<w {
                    var s: UInt32 = 0
                    for y in (by * f)..<(by * f + f) {
                        for x in (bx * f)..<(bx * f + f) { s += UInt32(image.pixels[y * image.width + x]) as UInt32 }
                    }
                    shrunk[by * w + bx] = Float(s) * (1 / Float(f * f))
                }
            }
            var smoothed = shrunk
            if w >= 3, h >= 3 {
                var across = shrunk
                for y in 0..<h {
                    for x in 1..<(w - 1) {
                        let i: Int = y * w + x
                        let sum: Float = shrunk[i - 1] + 2 * shrunk[i] + shrunk[i + 1]
                        across[i] = sum * 0.25
                    }
                }
                for y in 1..<(h - 1) {
                    for x in 0..<w {
                        let i: Int = y * w + x
                        let sum: Float = across[i - w] + 2 * across[i] + across[i + w]
                        smoothed[i] = sum * 0.25
                    }
                }
            }
            gray = smoothed
            gx = [Float](repeating: 0, count: w * h); gy = gx; magnitude = gx
            guard w >= 3, h >= 3 else { return }
            let g = smoothed
            for y in 1..<(h - 1) {
                for x in 1..<(w - 1) {
                    let i: Int = y * w + x
                    let a: Float = g[i - w - 1], b: Float = g[i - w], c: Float = g[i - w + 1]
                    let d: Float = g[i - 1], e: Float = g[i + 1]
                    let f: Float = g[i + w - 1], gg: Float = g[i + w], hh: Float = g[i + w + 1]
                    let right: Float = c + 2 * e + hh, left: Float = a + 2 * d + f
                    let down: Float = f + 2 * gg + hh, up: Float = a + 2 * b + c
                    let sx: Float = right - left, sy: Float = down - up
                    gx[i] = sx / 8
                    gy[i] = sy / 8
                    magnitude[i] = (sx * sx + sy * sy).squareRoot() / 8
                }
            }
        }
    }

    /// Reproducible texture with edges: a sleeve-like block over noise.
    static func image(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var state = seed
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let noise = Int(state >> 59)
                let inside = x > width / 4 && x < width * 3 / 4 && y > height / 5 + x / 7 && y < height * 4 / 5
                pixels[y * width + x] = UInt8(clamping: (inside ? 200 : 60) + noise * 3)
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    @Test(arguments: [(960, 540), (961, 543), (1920, 1080), (640, 480), (320, 200), (7, 5), (3, 3), (2, 9), (1, 1)])
    func matchesThePlainFormulasValueForValue(size: (Int, Int)) {
        let image = Self.image(width: size.0, height: size.1, seed: UInt64(size.0 * 7919 + size.1))
        let field = GradientField(image, workingSide: 320)
        let plain = Plain(image, workingSide: 320)
        #expect(field.width == plain.width)
        #expect(field.height == plain.height)
        #expect(field.factor == plain.factor)
        #expect(field.gray == plain.gray)
        #expect(field.gx == plain.gx)
        #expect(field.gy == plain.gy)
        #expect(field.magnitude == plain.magnitude)
    }

    @Test func aStepOfOneGrayLevelReadsOne() {
        // Left half 100, right half 108 at factor 1: smoothed, the 8-level step spreads
        // over four columns as 1 3 3 1 (Sobel divided by 8 keeps its total).
        var pixels = [UInt8](repeating: 100, count: 40 * 20)
        for y in 0..<20 { for x in 20..<40 { pixels[y * 40 + x] = 108 } }
        let field = GradientField(GrayImage(width: 40, height: 20, pixels: pixels), workingSide: 320)
        let across: [Float] = (17...22).map { field.gx[400 + $0] }
        #expect(across == [0, 1, 3, 3, 1, 0])
        let row: Int = 10 * 40
        #expect(field.gy[row + 19] == 0)
        #expect(field.magnitude[row + 5] == 0)
    }
}
