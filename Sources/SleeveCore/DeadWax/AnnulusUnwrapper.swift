/// The dead-wax ring resampled into a straight strip: columns run clockwise around
/// the disc, row 0 is the outer edge. Etchings read clockwise with their tops to the
/// rim, so they come out upright; text stamped the other way round comes out upside
/// down (`rotated180`).
public struct UnwrappedStrip: Sendable, Equatable {
    public var image: GrayImage
    /// Pixels that were not sampled from the dead wax: inside the label's outline
    /// (with a margin) or outside the photo. They never reach OCR as anything but
    /// blank.
    public var excluded: [Bool]
    /// Angle (radians, disc frame) of column 0's left edge.
    public var startAngle: Double
    /// Angle covered by one column.
    public var radiansPerColumn: Double
    /// Columns that make one full turn; columns beyond repeat the start (overlap).
    public var columnsPerTurn: Int

    public init(image: GrayImage, excluded: [Bool], startAngle: Double, radiansPerColumn: Double, columnsPerTurn: Int) {
        precondition(excluded.count == image.pixels.count, "one exclusion flag per pixel")
        self.image = image
        self.excluded = excluded
        self.startAngle = startAngle
        self.radiansPerColumn = radiansPerColumn
        self.columnsPerTurn = columnsPerTurn
    }

    /// The angle at column `x` (may be fractional), wrapped into 0..<2π.
    public func angle(atColumn x: Double) -> Double {
        let a = (startAngle + x * radiansPerColumn).truncatingRemainder(dividingBy: 2 * Double.pi)
        return a < 0 ? a + 2 * Double.pi : a
    }

    /// The same turn starting `shift` columns later, with the first `overlap` columns
    /// repeated at the end so text that crosses the seam appears whole once.
    public func rolled(by shift: Int, overlap: Int) -> UnwrappedStrip {
        let w = columnsPerTurn, h = image.height
        let newWidth = w + overlap
        var pixels = [UInt8](repeating: 255, count: newWidth * h)
        var mask = [Bool](repeating: true, count: newWidth * h)
        for y in 0..<h {
            for x in 0..<newWidth {
                let src = y * image.width + ((x + shift) % w + w) % w
                pixels[y * newWidth + x] = image.pixels[src]
                mask[y * newWidth + x] = excluded[src]
            }
        }
        return UnwrappedStrip(image: GrayImage(width: newWidth, height: h, pixels: pixels), excluded: mask,
                              startAngle: startAngle + Double(shift) * radiansPerColumn,
                              radiansPerColumn: radiansPerColumn, columnsPerTurn: w)
    }
}

/// Polar resampling of the dead-wax ring (bilinear, in the disc's circular frame).
public struct AnnulusUnwrapper: Sendable {
    /// Strip rows wanted across the band; the sampling scale follows from it, within
    /// 1...3 strip pixels per source pixel. Default 100: etchings then come out
    /// 30-50 px tall, where tesseract reads best.
    public var targetRows = 160
    /// The label outline grown by this factor is excluded. Default 1.03.
    public var labelMargin = 1.03
    /// Fraction of the band trimmed at the groove side (the first groove's edge is
    /// not text). Default 0.02.
    public var outerTrim = 0.02

    public init() {}

    /// One full turn from angle 0.
    public func unwrap(_ image: GrayImage, ring: DeadWaxAnnulus) -> UnwrappedStrip {
        let inner = ring.inner * labelMargin
        let outer = ring.outer - outerTrim * (ring.outer - ring.inner)
        let bandPixels = max(1, (outer - inner) * ring.disc.semiMajor)
        let scale = min(3, max(1, Double(targetRows) / bandPixels))
        let rows = max(8, Int((bandPixels * scale).rounded()))
        let meanRadius = (inner + outer) / 2 * ring.disc.semiMajor
        let columns = max(64, Int((2 * Double.pi * meanRadius * scale).rounded()))
        let perColumn = 2 * Double.pi / Double(columns)
        var pixels = [UInt8](repeating: 255, count: rows * columns)
        var excluded = [Bool](repeating: false, count: rows * columns)
        for x in 0..<columns {
            let a = (Double(x) + 0.5) * perColumn
            for y in 0..<rows {
                let r = outer - (Double(y) + 0.5) / Double(rows) * (outer - inner)
                let p = ring.sourcePoint(angle: a, radius: r)
                let i = y * columns + x
                // The geometric guarantee: a sample inside the label's outline (or off
                // the photo) is never taken.
                if ring.label.contains(p, scale: labelMargin) || p.x < 0 || p.y < 0
                    || p.x > Double(image.width - 1) || p.y > Double(image.height - 1) {
                    excluded[i] = true
                    continue
                }
                pixels[i] = UInt8(max(0, min(255, image.sample(p.x, p.y).rounded())))
            }
        }
        return UnwrappedStrip(image: GrayImage(width: columns, height: rows, pixels: pixels), excluded: excluded,
                              startAngle: 0, radiansPerColumn: perColumn, columnsPerTurn: columns)
    }
}

extension GrayImage {
    /// The image turned half a turn: the strip as text stamped the other way reads.
    public func rotated180() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.reversed())
    }
}
