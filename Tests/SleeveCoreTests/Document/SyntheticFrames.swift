@testable import SleeveCore

/// Small frames drawn in code: a filled convex quad on a flat or striped background.
enum SyntheticFrames {
    /// `inside` where the point is inside `quad` (counter-/clockwise either way), else
    /// the background, 4× supersampled along x and y for soft, realistic edges.
    static func quad(_ q: Quad, width: Int, height: Int, inside: UInt8, outside: (Int, Int) -> UInt8) -> GrayImage {
        var img = GrayImage(width: width, height: height)
        let c = q.corners
        func isInside(_ x: Double, _ y: Double) -> Bool {
            var pos = 0, neg = 0
            for i in 0..<4 {
                let a = c[i], b = c[(i + 1) % 4]
                let cross = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
                if cross >= 0 { pos += 1 } else { neg += 1 }
            }
            return pos == 4 || neg == 4
        }
        for y in 0..<height {
            for x in 0..<width {
                var hits = 0
                for sy in 0..<4 {
                    for sx in 0..<4 where isInside(Double(x) + (Double(sx) - 1.5) / 4, Double(y) + (Double(sy) - 1.5) / 4) {
                        hits += 1
                    }
                }
                let bg = Double(outside(x, y))
                img[x, y] = UInt8((Double(inside) * Double(hits) + bg * Double(16 - hits)) / 16 + 0.5)
            }
        }
        return img
    }
}
