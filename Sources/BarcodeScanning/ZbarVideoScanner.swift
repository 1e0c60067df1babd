internal import CZbar
import SleeveCore

/// zbar for video frames: the same symbologies as `ZbarScanner`, scanning every
/// `density`-th row and column (zbar's `x-density`/`y-density`, as zbarcam offers).
/// Bars are tall, so skipping lines loses little, and a frame costs a fraction.
///
/// `scan(_:lineOffset:)` moves the lines: a caller alternating offsets 0 and
/// `density / 2` over consecutive frames covers every `density / 2`-th line in two
/// frames at half the cost per frame of scanning them all in each.
///
/// Like `ZbarScanner`, each scan has a zbar image scanner of its own: a reused one keeps
/// symbol halves from earlier frames and joins them to this frame's (see `ZbarScanner`).
public final class ZbarVideoScanner {
    public let density: Int

    public init(density: Int = 2) {
        precondition(density >= 1, "zbar scans every density-th line, at least every line")
        self.density = density
    }

    /// A scanner for one scan, reading every `density`-th line.
    private func makeScanner() -> OpaquePointer {
        let scanner = ZbarScanner.makeImageScanner()
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(density))
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(density))
        // Each frame stands alone: cross-frame confirmation is the caller's.
        zbar_image_scanner_enable_cache(scanner, 0)
        return scanner
    }

    /// Codes in `image` with zbar's quality, normalised as `ZbarScanner` does, read along
    /// the rows and columns `lineOffset`, `lineOffset + density`, … (0 ≤ offset < density).
    public func scan(_ image: GrayImage, lineOffset: Int = 0) -> [(barcode: Barcode, quality: Int)] {
        ZbarScanner.assembleWithQuality(scanRaw(image, lineOffset: lineOffset))
    }

    /// Every symbol zbar reports on the rows and columns `lineOffset`, `lineOffset +
    /// density`, …, unfiltered, with zbar's own quality (scanlines of this density).
    public func scanRaw(_ image: GrayImage, lineOffset: Int = 0) -> [ZbarScanner.Raw] {
        let scanner = makeScanner()
        defer { zbar_image_scanner_destroy(scanner) }
        return ZbarScanner.scanRaw(image, with: scanner, crop: Self.crop(image, density: density, offset: lineOffset))
    }

    /// The crop that puts zbar's first scan line at `offset` in both directions.
    /// zbar centres its lines in the crop, starting ((side − 1) mod density + 1) / 2 in:
    /// a side of k·density + 1 starts it at the crop's first line (BarcodeScanningTests
    /// checks the lines land where asked, through zbar).
    static func crop(_ image: GrayImage, density: Int, offset: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard density > 1, offset >= 0, offset < density, image.width > offset, image.height > offset else { return nil }
        func side(_ length: Int) -> Int { (length - offset - 1) / density * density + 1 }
        return (offset, offset, side(image.width), side(image.height))
    }
}
