/// Where a run lies in an enhanced strip (dark ink on white): the row band its
/// strokes pile up in (`TextRowBand`), and in that band the span of its letters
/// (`TextColumnSpan`). The whole-disc and close-up readers both cut their one-line
/// readings here, and the photo's own pixels (`UnwrappedStrip.runLine`) are cut to
/// the same place.
public struct RunLineLocation: Sendable, Equatable {
    public var row: TextRowBand
    /// Nil when the letters fill the band: nothing beside them to cut off.
    public var span: TextColumnSpan?

    public init(row: TextRowBand, span: TextColumnSpan?) {
        self.row = row
        self.span = span
    }

    /// The run in `strip`; `rowStrokes` when the caller has counted them already;
    /// `outerEdge`, the side of the strip that is the band's outer edge.
    /// Nil when no row band stands out.
    public static func find(in strip: GrayImage, rowStrokes: [Double]? = nil,
                            outerEdge: TextRowBand.OuterEdge = .top) -> RunLineLocation? {
        guard let row = TextRowBand.find(rowStrokes: rowStrokes ?? TextRowBand.rowStrokes(strip), outerEdge: outerEdge)
        else { return nil }
        let band = strip.cropped(x: 0, y: row.top, width: strip.width, height: row.height).image
        return RunLineLocation(row: row, span: TextColumnSpan.find(columnEdges: TextColumnSpan.columnEdges(band),
                                                                    bandHeight: band.height))
    }

    /// The row band of `image` (the strip or a strip of the same size), all its columns.
    public func band(of image: GrayImage) -> GrayImage {
        image.cropped(x: 0, y: row.top, width: image.width, height: row.height).image
    }

    /// The run's line in `image`: its row band cut to the span of letters, or the
    /// whole band when there is no span.
    public func line(of image: GrayImage) -> GrayImage {
        guard let span else { return band(of: image) }
        return image.cropped(x: span.start, y: row.top, width: span.width, height: row.height).image
    }
}
