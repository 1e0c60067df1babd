import SleeveCore

/// A second, constrained look at one small field the page-wide reading garbled or
/// missed: the field alone, enlarged to a few line heights in turn (the line
/// recogniser does best with glyphs a few tens of pixels high and nothing else in
/// view, and a face it misreads at one size often reads at another), with only the
/// field's characters allowed. The first reading `accept` takes wins.
struct FieldRereader {
    let fields: any FieldReading
    let resampler: any Resampling

    /// `worthAnotherSize`: given a size's reading that `accept` refused (nil: nothing
    /// read), whether the next size is tried.
    func read(_ region: Rect, in page: GrayImage, margin: Double, characters: String, heights: [Double],
              worthAnotherSize: (String?) -> Bool = { _ in true }, accept: (String) -> Bool) -> String? {
        let crop = page.cropped(normalized: region, margin: margin)
        guard crop.width > 0, crop.height > 0 else { return nil }
        let whole = Rect(x: 0, y: 0, width: 1, height: 1)
        for height in heights {
            let sized = resampler.scale(crop, by: height / Double(crop.height))
            let text = (try? fields.readField(sized, region: whole, characters: characters)) ?? nil
            if let text, accept(text) { return text }
            if !worthAnotherSize(text) { break }
        }
        return nil
    }

    /// A duration cell read again: digits and a colon.
    func duration(_ cell: TextBox, in page: GrayImage) -> String? {
        read(cell.rect, in: page, margin: 0.5, characters: "0123456789:", heights: [48, 32, 64]) { Duration.parse($0) != nil }
            ?? ((try? fields.readField(page, region: cell.rect, characters: "0123456789:")) ?? nil)
    }

    /// Fewest digits a strip's reading at one size must show for the next size to be
    /// tried: half of an EAN-13's.
    static let leastDigitsForAnotherSize = 6

    /// The digits printed under a barcode whose bars did not decode: the strip below the
    /// bars of each likely barcode region, read as digits only, taken only with a
    /// valid EAN/UPC check digit. The region is in the page's normalised space.
    /// `shouldStop`: asked before each strip; true gives up (nil) with the rest unread.
    func printedBarcodeDigits(in page: GrayImage, shouldStop: () -> Bool = { false }) -> (digits: String, region: Rect)? {
        let finder = BarcodeRegionFinder()
        let regions = finder.regions(in: page)
            .filter { abs($0.gradientAngle) < 0.35 }  // upright bars: digits below them
            .sorted { $0.score > $1.score }
            .prefix(2)
        for region in regions {
            let r = region.rect
            let w = Double(page.width), h = Double(page.height)
            // The digits sit under the bars, inside the region's quiet-zone padding or
            // just below it: a few bands, from high to low.
            for band in [(0.70, 0.55), (0.70, 0.25), (0.80, 0.30), (0.62, 0.25), (0.90, 0.30)] {
                if shouldStop() { return nil }
                let strip = Rect(x: max(0, r.minX - 0.1 * r.width) / w, y: (r.minY + band.0 * r.height) / h,
                                 width: min(w, r.width * 1.2) / w, height: band.1 * r.height / h)
                // The strip is several digit-heights tall: sizes that put the digits
                // at a few tens of pixels. A size that reads fewer than half a code's
                // digits ends the strip: the strip below bars that carry no digits (a
                // picture's stripes, a pattern) reads as a digit or two at every size, and
                // its other sizes cost most of this search on a sleeve without a code.
                let found = read(strip, in: page, margin: 0.05, characters: "0123456789",
                                 heights: [480, 640, 360].map { $0 * band.1 },
                                 worthAnotherSize: { ($0?.filter(\.isNumber).count ?? 0) >= Self.leastDigitsForAnotherSize }) { text in
                    let digits = text.filter(\.isNumber)
                    return [12, 13].contains(digits.count) && CheckDigit.isValidGTIN(digits)
                }
                if let found {
                    return (found.filter(\.isNumber), Rect(x: r.minX / w, y: r.minY / h, width: r.width / w, height: r.height / h))
                }
            }
        }
        return nil
    }
}
