/// An enhanced run-out strip that is speckle all over: a run too small or blurred
/// for the enhancement to lift it above noisy black wax (identify's whole-disc photo
/// of `YVKC411-A5 RL`, a 10 px run, read as a close-up) comes out as thousands of
/// specks with no row band standing out. Read as sparse text, such a strip costs
/// tesseract seconds per variant (30 s for that photo) and gives letter soup, never
/// a matrix; it is left to the person the unreadable strip is saved for.
public enum SpeckledStrip {
    /// Ink/paper crossings per pixel above which a strip without a text row band is
    /// speckle. Legible close-up strips (shared, held-out and identify's, every
    /// enhancement) stay at or below 0.018; the speckled ones measure 0.04–0.09.
    public static let crossingsPerPixel = 0.03

    /// True when no row of the strip stands out (`TextRowBand.find` is nil) and its
    /// rows cross between ink and paper more than `crossingsPerPixel` on average.
    /// A strip with a text row band is never speckle, however dense its letters.
    public static func isSpeckle(rowStrokes counts: [Double], width: Int) -> Bool {
        guard !counts.isEmpty, width > 0, TextRowBand.find(rowStrokes: counts) == nil else { return false }
        return counts.reduce(0, +) / Double(counts.count * width) > crossingsPerPixel
    }
}
