internal import CZbar
import SleeveCore

/// zbar for video frames: the same symbologies as `ZbarScanner`, scanning every
/// `density`-th row and column (zbar's `x-density`/`y-density`, as zbarcam offers).
/// Bars are tall, so skipping lines loses little, and a frame costs a fraction.
public final class ZbarVideoScanner {
    private let scanner: OpaquePointer
    private static let y800 = zbar_fourcc_parse("Y800")

    public init(density: Int = 2) {
        scanner = zbar_image_scanner_create()
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for symbology in [ZBAR_EAN13, ZBAR_EAN8, ZBAR_UPCA, ZBAR_UPCE, ZBAR_EAN2, ZBAR_EAN5, ZBAR_CODE128, ZBAR_QRCODE] {
            zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 1)
        }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(density))
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(density))
        // Each frame stands alone: cross-frame confirmation is the caller's.
        zbar_image_scanner_enable_cache(scanner, 0)
    }

    deinit { zbar_image_scanner_destroy(scanner) }

    /// Codes in `image` with zbar's quality, normalised as `ZbarScanner` does.
    public func scan(_ image: GrayImage) -> [(barcode: Barcode, quality: Int)] {
        guard image.width > 0, image.height > 0, let zimg = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimg) }
        zbar_image_set_format(zimg, Self.y800)
        zbar_image_set_size(zimg, UInt32(image.width), UInt32(image.height))
        let raws = image.pixels.withUnsafeBufferPointer { buf -> [ZbarScanner.Raw] in
            zbar_image_set_data(zimg, buf.baseAddress, UInt(buf.count), nil)
            guard zbar_scan_image(scanner, zimg) > 0 else { return [] }
            var out: [ZbarScanner.Raw] = []
            var symbol = zbar_image_first_symbol(zimg)
            while let s = symbol {
                let type = zbar_symbol_get_type(s)
                let points = (0..<zbar_symbol_get_loc_size(s)).map {
                    Point(x: Double(zbar_symbol_get_loc_x(s, $0)), y: Double(zbar_symbol_get_loc_y(s, $0)))
                }
                out.append(ZbarScanner.Raw(symbology: ZbarScanner.symbology(type), isAddon: type == ZBAR_EAN2 || type == ZBAR_EAN5,
                                           data: String(cString: zbar_symbol_get_data(s)),
                                           quality: Int(zbar_symbol_get_quality(s)), points: points))
                symbol = zbar_symbol_next(s)
            }
            return out
        }
        return ZbarScanner.assembleWithQuality(raws)
    }
}
