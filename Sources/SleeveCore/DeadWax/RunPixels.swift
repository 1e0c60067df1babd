/// The photo's own pixels along a run, for the recogniser to read beside the
/// enhancements. An enhancement finds where the run lies, but on an etching a few
/// pixels tall it can break a stroke (a 4 read as 3, a K as a blob); the pixels it
/// was made from keep the strokes whole.
extension UnwrappedStrip {
    /// This strip's pixels in the run's line at `location` (found in an enhancement
    /// of this strip: same size and columns), label and off-photo pixels set to the
    /// line's median (the label never reaches the recogniser), levels stretched. Nil
    /// when the location has no span of letters: the enhanced band is read instead.
    public func runLine(at location: RunLineLocation) -> GrayImage? {
        guard let span = location.span else { return nil }
        let row = location.row
        precondition(row.top + row.height <= image.height && span.start + span.width <= image.width,
                     "a location in an enhancement of this strip")
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
