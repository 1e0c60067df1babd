#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Polar resampling of a close-up's run-out band around a centre that may lie
/// outside the photo: only the arc in view is unwrapped. Columns run clockwise,
/// row 0 is the outer radius, so a run read clockwise with its tops to the rim
/// comes out upright (as `AnnulusUnwrapper` does for whole discs).
public struct RunoutUnwrapper: Sendable {
    /// Strip rows wanted across the band; the scale stays within 0.4...2 strip pixels
    /// per source pixel. Default 150 (etchings then come out about 30–45 px tall).
    public var targetRows = 150
    /// The label's edge grown by this factor is never sampled. Default 1.025.
    public var labelMargin = 1.025

    public init() {}

    /// The strip of the band's visible arc, and nil when less than a sliver is in view.
    public func unwrap(_ image: GrayImage, band: RunoutBand) -> UnwrappedStrip? {
        // Radii in the label's frame (1 = the label's edge): every sample lies
        // outside the label grown by the margin, by construction.
        let inner = labelMargin, outer = band.outerRatio
        guard outer > inner + 0.01 else { return nil }
        let size = band.label.semiMajor
        let scale = min(2, max(0.4, Double(targetRows) / ((outer - inner) * size)))
        let rows = max(16, Int(((outer - inner) * size * scale).rounded()))
        guard let arc = visibleArc(image, label: band.label, radii: inner...outer) else { return nil }
        let mid = (inner + outer) / 2
        let columns = max(32, Int((arc.span * mid * size * scale).rounded()))
        guard columns <= 20000 else { return nil }
        let perColumn = arc.span / Double(columns)
        var pixels = [UInt8](repeating: 255, count: rows * columns)
        var excluded = [Bool](repeating: false, count: rows * columns)
        for x in 0..<columns {
            let a = arc.start + (Double(x) + 0.5) * perColumn
            let ca = cos(a), sa = sin(a)
            for y in 0..<rows {
                let r = outer - (Double(y) + 0.5) / Double(rows) * (outer - inner)
                let p = band.label.denormalized(Point(x: r * ca, y: r * sa))
                let i = y * columns + x
                if p.x < 0 || p.y < 0 || p.x > Double(image.width - 1) || p.y > Double(image.height - 1) {
                    excluded[i] = true
                    continue
                }
                pixels[i] = UInt8(max(0, min(255, image.sample(p.x, p.y).rounded())))
            }
        }
        return UnwrappedStrip(image: GrayImage(width: columns, height: rows, pixels: pixels), excluded: excluded,
                              startAngle: arc.start, radiansPerColumn: perColumn, columnsPerTurn: columns)
    }

    /// The run of angles (clockwise, in the label's frame) at which some radius of
    /// the band is in the photo, its start angle and span in radians. Where the photo
    /// shows two separate arcs (a centre in frame, the band leaving the photo at two
    /// sides), the arc with more of the band in view: the run lies where the
    /// photographer framed the dead wax, and an arc seen only at its inner radii is
    /// mostly label rim.
    func visibleArc(_ image: GrayImage, label: Ellipse, radii: ClosedRange<Double>) -> (start: Double, span: Double)? {
        let n = 1440
        var inView = [Int](repeating: 0, count: n)
        for k in 0..<n {
            let a = Double(k) / Double(n) * 2 * Double.pi
            for f in [0.0, 0.25, 0.5, 0.75, 1.0] {
                let r = radii.lowerBound + f * (radii.upperBound - radii.lowerBound)
                let p = label.denormalized(Point(x: r * cos(a), y: r * sin(a)))
                if p.x >= 0, p.y >= 0, p.x <= Double(image.width - 1), p.y <= Double(image.height - 1) { inView[k] += 1 }
            }
        }
        guard inView.contains(where: { $0 > 0 }) else { return nil }
        if inView.allSatisfy({ $0 > 0 }) { return (0, 2 * Double.pi) }
        guard let best = Self.mostInView(inView) else { return nil }
        let perStep = 2 * Double.pi / Double(n)
        return (Double(best.start) * perStep, Double(best.length) * perStep)
    }

    /// Of the runs of angles with some radius in view (`inView[k]` > 0, going round),
    /// the one with the most radii in view in all, at least 8 angles long: its first
    /// angle and length. Nil when every angle is in view or none is.
    static func mostInView(_ inView: [Int]) -> (start: Int, length: Int)? {
        let n = inView.count
        guard let firstGap = inView.firstIndex(of: 0), inView.contains(where: { $0 > 0 }) else { return nil }
        // Start right after an unseen angle so a run does not wrap.
        var best = (start: 0, length: 0, weight: 0), runStart = -1, weight = 0
        for j in 1...n {
            let k = (firstGap + j) % n
            if inView[k] > 0 {
                if runStart < 0 { runStart = j; weight = 0 }
                weight += inView[k]
                if weight > best.weight { best = ((firstGap + runStart) % n, j - runStart + 1, weight) }
            } else {
                runStart = -1
            }
        }
        return best.length >= 8 ? (best.start, best.length) : nil
    }
}

/// Makes stamped and etched relief legible: what is the same all round the disc
/// (grooves, rings, the wax's shade at each radius) is taken out row by row, then
/// the local background (glare ramps). What catches the light stands out: the
/// lit edge of a stamped or cut stroke, an etched scratch; it becomes dark ink on
/// white, scaled so the brightest percent is full black and left in gray for the
/// recogniser to binarise (a hard threshold here breaks thin strokes). Specular
/// groove highlights are circular and leave with the rows.
public struct ReliefEnhancer: Sendable {
    /// Half-size of the local-background window in strip pixels. Default 20.
    public var radius = 20
    /// The share of pixels at or above which the residual maps to full black. Default 0.99.
    public var inkPercentile = 0.99
    /// What counts as ink: what is brighter than its surroundings (lit edges, etched
    /// scratches; the default) or darker (engraving on a CD's silver hub).
    public var litEdges = true

    public init() {}

    public func enhance(_ strip: UnwrappedStrip) -> EtchingEnhancer.Result {
        let w = strip.image.width, h = strip.image.height
        guard w > 4, h > 4 else { return .init(image: strip.image, columnInk: [Double](repeating: 0, count: w)) }
        var residual = Self.residual(strip, radius: radius)
        if !litEdges { residual = residual.map { -$0 } }
        return Self.inked(residual, strip, percentile: inkPercentile, floor: 1)
    }

    /// What stands out of the strip: brighter than the rest of its row (grooves,
    /// rings and the wax's shade leave) and than its surroundings within `radius`
    /// (glare ramps leave), smoothed over 3×3; 0 at excluded pixels.
    static func residual(_ strip: UnwrappedStrip, radius: Int) -> [Double] {
        let w = strip.image.width, h = strip.image.height
        var v = [Double](repeating: 0, count: w * h)
        var row: [Double] = []
        for y in 0..<h {
            row.removeAll(keepingCapacity: true)
            for x in 0..<w where !strip.excluded[y * w + x] { row.append(Double(strip.image.pixels[y * w + x])) }
            let m = row.isEmpty ? 0 : median(row)
            for x in 0..<w {
                let i = y * w + x
                v[i] = strip.excluded[i] ? 0 : Double(strip.image.pixels[i]) - m
            }
        }
        let background = EtchingEnhancer.boxMean(v, width: w, height: h, rx: radius, ry: radius)
        var residual = [Double](repeating: 0, count: w * h)
        for i in 0..<(w * h) where !strip.excluded[i] { residual[i] = v[i] - background[i] }
        residual = EtchingEnhancer.boxMean(residual, width: w, height: h, rx: 1, ry: 1)
        for i in 0..<(w * h) where strip.excluded[i] { residual[i] = 0 }
        return residual
    }

    /// Dark ink on white: the residual scaled so the strip's `percentile` (at least
    /// `floor`) is full black.
    static func inked(_ residual: [Double], _ strip: UnwrappedStrip, percentile: Double, floor: Double) -> EtchingEnhancer.Result {
        let w = strip.image.width, h = strip.image.height
        var kept: [Double] = []
        kept.reserveCapacity(w * h)
        for i in 0..<(w * h) where !strip.excluded[i] { kept.append(residual[i]) }
        guard !kept.isEmpty else { return .init(image: strip.image, columnInk: [Double](repeating: 0, count: w)) }
        kept.sort()
        let top = max(floor, kept[min(kept.count - 1, Int(Double(kept.count) * percentile))])
        var out = [UInt8](repeating: 255, count: w * h)
        var columnInk = [Double](repeating: 0, count: w)
        for i in 0..<(w * h) where !strip.excluded[i] {
            let t = max(0, min(1, residual[i] / top))
            out[i] = UInt8((255 * (1 - t)).rounded())
            columnInk[i % w] += t
        }
        return .init(image: GrayImage(width: w, height: h, pixels: out), columnInk: columnInk)
    }
}
