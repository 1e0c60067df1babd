#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The centre of a photo's rings found by how well circles round it explain the
/// photo: seen from the true centre every groove ring and the label's edge lie at
/// one radius, so the pixels at each whole radius are alike; from a point off it,
/// each circle crosses several rings and the pixels on it differ. The centre is
/// where the pixels' spread within their radii (the sum over radii of squared
/// differences from each radius's mean) is least. Every pixel of the photo counts
/// for every centre tried, so centres are compared on the same pixels.
///
/// Why beside `ArcCentreConsensus`: on a close-up whose arcs are short, the edges'
/// normals are nearly parallel and agree about as well with a centre a few hundred
/// pixels along the arcs' axis or across it (held-out close-ups were 130–310 px
/// off, and from there the label's edge was missed or a wrong circle fitted), while
/// the rings blur quickly away from the centre along both axes. A pattern search
/// from the arcs' centre descends to it.
public struct RingFocus: Sendable {
    /// First step of the pattern search, in pixels of the image searched; halved
    /// whenever no neighbour is better, down to one pixel. Default 16.
    public var firstStep = 16.0

    public init() {}

    /// The centre reached from `start` by the pattern search, kept inside `bounds`
    /// (far from the photo its rings are nearly straight and a brightness ramp
    /// across it can draw the search off without end).
    public func refine(_ image: GrayImage, from start: Point, within bounds: Rect? = nil) -> Point {
        var centre = start, best = spreadWithinRadii(image, centre: start)
        var step = firstStep
        let moves = [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
        while step >= 1 {
            var moved: Point?
            for (dx, dy) in moves {
                let p = Point(x: centre.x + dx * step, y: centre.y + dy * step)
                if let b = bounds, p.x < b.minX || p.x > b.maxX || p.y < b.minY || p.y > b.maxY { continue }
                let spread = spreadWithinRadii(image, centre: p)
                if spread < best { best = spread; moved = p }
            }
            if let moved { centre = moved } else { step /= 2 }
        }
        return centre
    }

    /// The sum, over whole radii from `centre` (each pixel at its distance rounded),
    /// of the pixels' squared differences from their radius's mean.
    public func spreadWithinRadii(_ image: GrayImage, centre: Point) -> Double {
        let w = image.width, h = image.height
        let far = [(0.0, 0.0), (Double(w), 0), (0, Double(h)), (Double(w), Double(h))]
            .map { hypot($0.0 - centre.x, $0.1 - centre.y) }.max()!
        let bins = Int(far) + 2
        var count = [Int](repeating: 0, count: bins)
        var sum = [Double](repeating: 0, count: bins), squares = [Double](repeating: 0, count: bins)
        image.pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                let dy = Double(y) - centre.y
                for x in 0..<w {
                    let dx = Double(x) - centre.x
                    let r = Int((dx * dx + dy * dy).squareRoot() + 0.5)
                    let v = Double(p[y * w + x])
                    count[r] += 1; sum[r] += v; squares[r] += v * v
                }
            }
        }
        var spread = 0.0
        for r in 0..<bins where count[r] > 0 { spread += squares[r] - sum[r] * sum[r] / Double(count[r]) }
        return spread
    }
}
