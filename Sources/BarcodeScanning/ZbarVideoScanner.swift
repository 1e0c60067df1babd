internal import CZbar
import SleeveCore

/// zbar for video frames: the same symbologies as `ZbarScanner`, scanning every
/// `density`-th row and column (zbar's `x-density`/`y-density`, as zbarcam offers).
/// Bars are tall, so skipping lines loses little, and a frame costs a fraction.
public final class ZbarVideoScanner {
    private let scanner: OpaquePointer

    public init(density: Int = 2) {
        scanner = ZbarScanner.makeImageScanner()
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(density))
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(density))
        // Each frame stands alone: cross-frame confirmation is the caller's.
        zbar_image_scanner_enable_cache(scanner, 0)
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// Codes in `image` with zbar's quality, normalised as `ZbarScanner` does.
    public func scan(_ image: GrayImage) -> [(barcode: Barcode, quality: Int)] {
        ZbarScanner.assembleWithQuality(ZbarScanner.scanRaw(image, with: scanner))
    }
}
