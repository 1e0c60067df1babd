@testable import SleeveCore
import Testing

/// The tone operations computed the fast way give the pixels of their definitions.
@Suite struct ToneOperationTests {
    /// A deterministic speckled image with edges, flats and both extremes.
    static func speckled(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var state = seed
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let noise = Int(state >> 58)  // 0...63
                let base = (x / 7 + y / 5) % 2 == 0 ? 20 : 210
                pixels.append(UInt8(max(0, min(255, base + noise - 32 + (x == y ? 200 : 0)))))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// `p + amount·(p − mean of its 3×3 neighbourhood)`, nine reads per pixel.
    static func sharpenedByDefinition(_ g: GrayImage, amount: Double) -> GrayImage {
        var out = g
        let k = Int(amount * 256)
        for y in 1..<(g.height - 1) {
            for x in 1..<(g.width - 1) {
                var sum = 0
                for dy in -1...1 { for dx in -1...1 { sum += Int(g[x + dx, y + dy]) } }
                let p = Int(g[x, y])
                out[x, y] = UInt8(max(0, min(255, p + (k * (9 * p - sum)) / (9 * 256))))
            }
        }
        return out
    }

    @Test func sharpeningGivesTheDefinitionsPixels() {
        for (w, h, amount) in [(3, 3, 1.0), (4, 7, 1.5), (37, 23, 1.0), (64, 5, 2.5)] {
            let g = Self.speckled(width: w, height: h, seed: UInt64(w * 31 + h))
            #expect(g.sharpened(amount: amount).pixels == Self.sharpenedByDefinition(g, amount: amount).pixels, "\(w)×\(h)")
        }
    }

    @Test func stretchingAndPercentilesCountEveryPixel() {
        let g = Self.speckled(width: 41, height: 29, seed: 7)
        var histogram = [Int](repeating: 0, count: 256)
        for p in g.pixels { histogram[Int(p)] += 1 }
        #expect(g.levelHistogram() == histogram)
        let sorted = g.pixels.sorted()
        #expect(g.percentile(0.5) == sorted[g.pixels.count / 2])
        let stretched = g.contrastStretched(clip: 0.01)
        #expect(stretched.pixels.min() == 0 && stretched.pixels.max() == 255)
    }

    @Test func theInkMaskIsEveryPixelThatDepthUnderItsTilesPaper() {
        let rows = UnreadRows()
        let g = Self.speckled(width: 5 * rows.tile + 3, height: 4 * rows.tile + 9, seed: 11)
        let ink = rows.inkMask(g)
        // The paper of each tile by its definition: the light end of the tile's levels,
        // then the lightest of the tile and its neighbours.
        let tw = (g.width + rows.tile - 1) / rows.tile, th = (g.height + rows.tile - 1) / rows.tile
        var light = [Int](repeating: 0, count: tw * th)
        for ty in 0..<th {
            for tx in 0..<tw {
                var levels: [Int] = []
                for y in (ty * rows.tile)..<min(g.height, (ty + 1) * rows.tile) {
                    for x in (tx * rows.tile)..<min(g.width, (tx + 1) * rows.tile) { levels.append(Int(g[x, y])) }
                }
                levels.sort()
                light[ty * tw + tx] = levels[Int(rows.paperPercentile * Double(levels.count - 1))]
            }
        }
        var expected: [Bool] = []
        for y in 0..<g.height {
            for x in 0..<g.width {
                let tx = x / rows.tile, ty = y / rows.tile
                var paper = 0
                for ny in max(0, ty - 1)...min(th - 1, ty + 1) { for nx in max(0, tx - 1)...min(tw - 1, tx + 1) { paper = max(paper, light[ny * tw + nx]) } }
                expected.append(paper - Int(g[x, y]) >= rows.inkDepth)
            }
        }
        #expect(ink == expected)
        #expect(ink.contains(true) && ink.contains(false))
    }
}
