/// Where to cut a band seen all round. A close-up's arc starts where the photo cuts
/// it, but a band wholly in the photo (a whole disc read as a close-up) starts at an
/// arbitrary angle, which can cut a run in two: its pieces then sit at opposite ends
/// of the strip and read as two runs, or one is lost. Such a strip is cut where its
/// enhancement has least ink, as the whole-disc path cuts its ring.
extension UnwrappedStrip {
    /// True when the columns go exactly once round the centre.
    public var isWholeTurn: Bool {
        image.width == columnsPerTurn && abs(Double(columnsPerTurn) * radiansPerColumn - 2 * Double.pi) < 1e-6
    }

    /// The column to start at, given the ink per column of an enhancement of this
    /// strip: the middle of its emptiest stretch half the strip's height wide; nil
    /// for a partial arc (its ends are the photo's edges) or ink of another size.
    public func quietSeam(columnInk: [Double]) -> Int? {
        guard isWholeTurn, columnInk.count == image.width else { return nil }
        return EtchingEnhancer.quietestColumn(columnInk, window: max(8, image.height / 2))
    }

    /// `enhanced` (an image of this strip's size, such as its enhancement) started
    /// at column `seam`, the columns before it moved to the end.
    public func cut(_ enhanced: GrayImage, at seam: Int) -> GrayImage {
        precondition(enhanced.width == image.width && enhanced.height == image.height, "an image of the strip's size")
        return UnwrappedStrip(image: enhanced, excluded: excluded, startAngle: startAngle,
                              radiansPerColumn: radiansPerColumn, columnsPerTurn: columnsPerTurn)
            .rolled(by: seam, overlap: 0).image
    }
}
