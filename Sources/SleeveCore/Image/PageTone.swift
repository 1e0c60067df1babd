/// Puts a page's print dark on light, the polarity OCR reads best.
public enum PageTone {
    /// Below this median gray the background is dark and the print is light.
    public static let darkBackground: UInt8 = 96

    /// A page whose background (its median gray) is dark comes back inverted, its
    /// levels stretched and its edges sharpened (dim light print on a dark sleeve is
    /// also soft); any other page comes back as it is.
    public static func darkOnLight(_ page: GrayImage) -> GrayImage {
        guard !page.pixels.isEmpty, page.percentile(0.5) < darkBackground else { return page }
        return page.inverted().contrastStretched(clip: 0.01).sharpened(amount: 1.5)
    }
}
