/// The photo's own pixels along a run, for the recogniser to read beside the
/// enhancements. An enhancement finds where the run lies, but on an etching a few
/// pixels tall it can break a stroke (a 4 read as 3, a K as a blob); the pixels it
/// was made from keep the strokes whole.
extension UnwrappedStrip {
    /// This strip's pixels in the run's line: the row band and span of letters that
    /// `located` (an enhancement of this strip, same size and columns: dark ink on
    /// white) shows, label and off-photo pixels set to the line's median (the label
    /// never reaches the recogniser), levels stretched. Nil when `located` shows no
    /// row band or no span of letters in it.
    public func runLine(locatedIn located: GrayImage) -> GrayImage? {
        precondition(located.width == image.width && located.height == image.height, "an enhancement of this strip")
        guard let row = TextRowBand.find(rowStrokes: TextRowBand.rowStrokes(located)) else { return nil }
        let band = located.cropped(x: 0, y: row.top, width: located.width, height: row.height).image
        guard let span = TextColumnSpan.find(columnEdges: TextColumnSpan.columnEdges(band), bandHeight: band.height)
        else { return nil }
        var line = GrayImage(width: span.width, height: row.height)
        var sampled: [UInt8] = []
        sampled.reserveCapacity(line.pixels.count)
        for y in 0..<row.height {
            for x in 0..<span.width {
                let i = (row.top + y) * image.width + span.start + x
                if !excluded[i] { sampled.append(image.pixels[i]) }
            }
        }
        guard sampled.count > line.pixels.count / 2 else { return nil }
        let median = sampled.sorted()[sampled.count / 2]
        for y in 0..<row.height {
            for x in 0..<span.width {
                let i = (row.top + y) * image.width + span.start + x
                line[x, y] = excluded[i] ? median : image.pixels[i]
            }
        }
        return line.contrastStretched(clip: 0.01)
    }

    /// The line both ways up and in both polarities (an etching shows light or dark
    /// as the light falls), for the readings to choose from.
    public static func runLineForms(_ line: GrayImage) -> [GrayImage] {
        [line, line.rotated180(), line.inverted(), line.inverted().rotated180()]
    }
}
