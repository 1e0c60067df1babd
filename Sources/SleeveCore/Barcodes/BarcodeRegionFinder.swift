#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A patch of an image that looks like a linear barcode: many strong edges that all
/// run the same way.
public struct BarcodeRegion: Sendable, Equatable {
    /// Where it is, in the pixels of the image given to the finder (padded for the quiet zone).
    public var rect: Rect
    /// Direction of the intensity gradient across the bars, radians in (−π/2, π/2]:
    /// 0 for upright bars (gradient along x), ±π/2 for bars lying flat.
    public var gradientAngle: Double
    /// Bar-like cells it holds, weighted by how well all their edges agree; larger is likelier.
    public var score: Double
}

/// Finds barcode candidates cheaply by gradient structure: the image is cut into
/// cells, each cell's structure tensor says how strong its edges are and how well
/// they agree in direction, and neighbouring cells that are strong, coherent and
/// aligned are joined into regions. Costs one Sobel pass over a downscaled copy.
public struct BarcodeRegionFinder: Sendable {
    /// Side of the analysed copy's longer edge; larger images are box-downscaled first.
    public var analysisSide = 640
    /// Cell side in analysed pixels.
    public var cell = 8
    /// Least mean Sobel magnitude per pixel for a cell to count (0…1020 scale).
    public var minEdgeStrength = 40.0
    /// Least coherence (0 = edges in every direction, 1 = all parallel).
    public var minCoherence = 0.55
    /// Least alternation: how much the edges in a cell cancel out in sign (1 − |Σg| / Σ|g|).
    /// Bars give dark-to-light and light-to-dark edges in turn (near 1); a single edge,
    /// such as a sleeve's border against the table, goes one way only (near 0).
    /// Off (0) by default: on the project's perspective fixtures it cost reads, and
    /// zbar rejects a border at no cost beyond its one pass.
    public var minAlternation = 0.0
    /// Largest angle between neighbouring cells' gradients for them to join.
    public var maxAngleStep = 0.35
    /// Fewest cells in a region.
    public var minCells = 3
    /// Most regions returned, best first.
    public var maxRegions = 4

    public init() {}

    public func regions(in image: GrayImage) -> [BarcodeRegion] {
        guard image.width >= cell * 2, image.height >= cell * 2 else { return [] }
        let longer = max(image.width, image.height)
        let (small, toSource) = longer > analysisSide
            ? image.scaled(by: Double(analysisSide) / Double(longer)) : (image, AffineMap.identity)
        // A strip (1366×16) shrinks to an analysis copy under two cells high: nothing to find.
        guard small.width >= cell * 2, small.height >= cell * 2 else { return [] }
        let cells = cellTensors(small)
        let cw = small.width / cell, ch = small.height / cell
        var good = [Bool](repeating: false, count: cw * ch)
        var angle = [Double](repeating: 0, count: cw * ch)
        for i in 0..<(cw * ch) {
            let t = cells[i]
            let energy = t.xx + t.yy
            guard energy > 0 else { continue }
            let coherence = ((t.xx - t.yy) * (t.xx - t.yy) + 4 * t.xy * t.xy).squareRoot() / energy
            let strength = (energy / Double(cell * cell)).squareRoot()
            // Over the cell and its 8 neighbours: a wide bar can leave one cell a single edge.
            var sx = 0.0, sy = 0.0, absolute = 0.0
            let cx = i % cw, cy = i / cw
            for ny in max(0, cy - 1)...min(ch - 1, cy + 1) {
                for nx in max(0, cx - 1)...min(cw - 1, cx + 1) {
                    let n = cells[ny * cw + nx]
                    sx += n.sx; sy += n.sy; absolute += n.ax + n.ay
                }
            }
            let alternation = absolute > 0 ? 1 - (abs(sx) + abs(sy)) / absolute : 0
            good[i] = coherence >= minCoherence && strength >= minEdgeStrength && alternation >= minAlternation
            angle[i] = 0.5 * atan2(2 * t.xy, t.xx - t.yy)
        }
        // Connected components over 4-neighbours whose gradient directions agree
        // (angles are axial: θ and θ ± π are the same direction).
        var label = [Int](repeating: -1, count: cw * ch)
        var found: [BarcodeRegion] = []
        for start in 0..<(cw * ch) where good[start] && label[start] < 0 {
            var stack = [start], members: [Int] = []
            label[start] = start
            while let i = stack.popLast() {
                members.append(i)
                let x = i % cw, y = i / cw
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < cw && ny < ch {
                    let j = ny * cw + nx
                    guard good[j], label[j] < 0, Self.axialDifference(angle[i], angle[j]) <= maxAngleStep else { continue }
                    label[j] = start
                    stack.append(j)
                }
            }
            guard members.count >= minCells else { continue }
            var xx = 0.0, yy = 0.0, xy = 0.0
            var x0 = cw, y0 = ch, x1 = 0, y1 = 0
            for i in members {
                xx += cells[i].xx; yy += cells[i].yy; xy += cells[i].xy
                x0 = min(x0, i % cw); x1 = max(x1, i % cw); y0 = min(y0, i / cw); y1 = max(y1, i / cw)
            }
            let coherence = ((xx - yy) * (xx - yy) + 4 * xy * xy).squareRoot() / max(1e-9, xx + yy)
            let theta = 0.5 * atan2(2 * xy, xx - yy)
            // Pad by a cell each way, and by a fifth of the extent across the bars for the quiet zone
            // (and for bars whose ends fall in weak cells).
            let pad = Double(cell)
            let w = Double(x1 - x0 + 1) * Double(cell), h = Double(y1 - y0 + 1) * Double(cell)
            let across = 0.2 * max(w, h)
            let padX = pad + across * abs(cos(theta)), padY = pad + across * abs(sin(theta))
            let r0 = toSource.apply(Point(x: Double(x0 * cell) - padX, y: Double(y0 * cell) - padY))
            let r1 = toSource.apply(Point(x: Double((x1 + 1) * cell) + padX, y: Double((y1 + 1) * cell) + padY))
            let rx0 = max(0, r0.x), ry0 = max(0, r0.y)
            let rx1 = min(Double(image.width), r1.x), ry1 = min(Double(image.height), r1.y)
            found.append(BarcodeRegion(rect: Rect(x: rx0, y: ry0, width: rx1 - rx0, height: ry1 - ry0),
                                       gradientAngle: theta, score: Double(members.count) * coherence))
        }
        return Array(found.sorted { $0.score > $1.score }.prefix(maxRegions))
    }

    struct Tensor { var xx = 0.0, yy = 0.0, xy = 0.0, sx = 0.0, sy = 0.0, ax = 0.0, ay = 0.0 }

    /// Per-cell sums of gx², gy², gx·gy, and of the signed and absolute gradients, from a 3×3 Sobel.
    func cellTensors(_ img: GrayImage) -> [Tensor] {
        let cw = img.width / cell, ch = img.height / cell, w = img.width
        // The Sobel kernel needs a pixel either side: an image under one cell (or 3 px) has no cell.
        guard cw > 0, ch > 0, img.width >= 3, img.height >= 3 else { return [] }
        var out = [Tensor](repeating: Tensor(), count: cw * ch)
        img.pixels.withUnsafeBufferPointer { p in
            for y in 1..<min(img.height - 1, ch * cell) {
                let cy = y / cell
                for x in 1..<min(w - 1, cw * cell) {
                    let i = y * w + x
                    let a = Int(p[i - w - 1]), b = Int(p[i - w]), c = Int(p[i - w + 1])
                    let d = Int(p[i - 1]), f = Int(p[i + 1])
                    let g = Int(p[i + w - 1]), h = Int(p[i + w]), k = Int(p[i + w + 1])
                    let gx = Double((c + 2 * f + k) - (a + 2 * d + g))
                    let gy = Double((g + 2 * h + k) - (a + 2 * b + c))
                    let j = cy * cw + x / cell
                    out[j].xx += gx * gx; out[j].yy += gy * gy; out[j].xy += gx * gy
                    out[j].sx += gx; out[j].sy += gy; out[j].ax += abs(gx); out[j].ay += abs(gy)
                }
            }
        }
        return out
    }

    /// Smallest difference between two axial angles (period π).
    static func axialDifference(_ a: Double, _ b: Double) -> Double {
        var d = abs(a - b).truncatingRemainder(dividingBy: .pi)
        if d > .pi / 2 { d = .pi - d }
        return d
    }
}
