internal import CZbar
import SleeveCore

/// One pass of zbar's image scanner over an 8-bit gray image.
///
/// Values are normalised as the record wants them (`GS1.normalised`: EAN/UPC as
/// digits, UPC-A as 12, UPC-E as 8, the check digit computed rather than trusted), and
/// EAN-2/EAN-5 add-ons attached to the symbol they sit beside.
///
/// Each pass scans with a zbar image scanner of its own, so what a pass reads depends on
/// its image alone, not on the images (or the variants of this one) scanned before it.
/// zbar's EAN/UPC decoder keeps the halves of a symbol it has read (`ean->left`/`right`
/// and their digits) to join them with the other half from a later scanline, and
/// `zbar_scan_image` only soft-resets it (`zbar_scanner_new_scan`, which leaves those
/// halves alone); the image scanner has no call that clears them. A reused scanner joined
/// the left half of one image's symbol to the right half of the next image's: a photo read
/// 4000539769443 beside its real 4000539017100 when read after another, and only the real
/// one alone. Making and destroying a scanner costs about 4 µs.
public final class ZbarScanner: BarcodeReading {
    private static let y800 = zbar_fourcc_parse("Y800")

    public struct Raw: Sendable, Equatable {
        public var symbology: Barcode.Symbology?
        public var isAddon: Bool
        public var data: String
        public var quality: Int
        public var points: [Point]
        /// Read along rows (bars standing upright) rather than along columns.
        public var barsUpright = true
        /// Read right to left (the symbol upside down), when zbar knows.
        public var upsideDown: Bool?
    }

    public init() {}

    /// A zbar image scanner for the symbologies sleeves and dealer stickers carry (fewer
    /// decoders, fewer false reads); `ZbarVideoScanner` adds its line density to it.
    static func makeImageScanner() -> OpaquePointer {
        let scanner = zbar_image_scanner_create()!
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for symbology in [ZBAR_EAN13, ZBAR_EAN8, ZBAR_UPCA, ZBAR_UPCE, ZBAR_EAN2, ZBAR_EAN5, ZBAR_CODE128, ZBAR_QRCODE] {
            zbar_image_scanner_set_config(scanner, symbology, ZBAR_CFG_ENABLE, 1)
        }
        return scanner
    }

    public func read(_ image: GrayImage) -> [Barcode] {
        Self.assemble(scanRaw(image))
    }

    /// Every symbol zbar reports, unfiltered, from a scanner made for this pass.
    /// `density`: zbar scans every `density`th row and column (its cost falls in
    /// proportion; a read's quality counts the scanlines it was seen on).
    public func scanRaw(_ image: GrayImage, density: Int = 1) -> [Raw] {
        let scanner = Self.makeImageScanner()
        defer { zbar_image_scanner_destroy(scanner) }
        if density > 1 {
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(density))
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(density))
        }
        return Self.scanRaw(image, with: scanner)
    }

    /// Every symbol `scanner` reports on `image`, unfiltered.
    /// `crop` limits the scan to a rectangle (x, y, width, height) of the image.
    static func scanRaw(_ image: GrayImage, with scanner: OpaquePointer,
                        crop: (x: Int, y: Int, width: Int, height: Int)? = nil) -> [Raw] {
        guard image.width > 0, image.height > 0, let zimg = zbar_image_create() else { return [] }
        defer { zbar_image_destroy(zimg) }
        zbar_image_set_format(zimg, Self.y800)
        zbar_image_set_size(zimg, UInt32(image.width), UInt32(image.height))
        if let crop {
            zbar_image_set_crop(zimg, UInt32(crop.x), UInt32(crop.y), UInt32(crop.width), UInt32(crop.height))
        }
        return image.pixels.withUnsafeBufferPointer { buf -> [Raw] in
            zbar_image_set_data(zimg, buf.baseAddress, UInt(buf.count), nil)
            guard zbar_scan_image(scanner, zimg) > 0 else { return [] }
            var out: [Raw] = []
            var symbol = zbar_image_first_symbol(zimg)
            while let s = symbol {
                let type = zbar_symbol_get_type(s)
                let data = String(cString: zbar_symbol_get_data(s))
                let points = (0..<zbar_symbol_get_loc_size(s)).map {
                    Point(x: Double(zbar_symbol_get_loc_x(s, $0)), y: Double(zbar_symbol_get_loc_y(s, $0)))
                }
                let orientation = zbar_symbol_get_orientation(s)
                out.append(Raw(symbology: Self.symbology(type), isAddon: type == ZBAR_EAN2 || type == ZBAR_EAN5,
                               data: data, quality: Int(zbar_symbol_get_quality(s)), points: points,
                               barsUpright: Self.barsUpright(orientation), upsideDown: Self.upsideDown(orientation)))
                symbol = zbar_symbol_next(s)
            }
            return out
        }
    }

    /// zbar reports which way up it read a symbol; a quarter turn either way means bars lying flat.
    static func barsUpright(_ o: zbar_orientation_t) -> Bool {
        o != ZBAR_ORIENT_RIGHT && o != ZBAR_ORIENT_LEFT
    }

    static func upsideDown(_ o: zbar_orientation_t) -> Bool? {
        o == ZBAR_ORIENT_UP ? false : o == ZBAR_ORIENT_DOWN ? true : nil
    }

    static func symbology(_ t: zbar_symbol_type_t) -> Barcode.Symbology? {
        switch t {
        case ZBAR_EAN13: .ean13
        case ZBAR_EAN8: .ean8
        case ZBAR_UPCA: .upcA
        case ZBAR_UPCE: .upcE
        case ZBAR_CODE128: .code128
        case ZBAR_QRCODE: .qr
        default: nil
        }
    }

    /// Normalises raw symbols into barcodes and attaches add-ons to their neighbours.
    public static func assemble(_ raws: [Raw]) -> [Barcode] {
        assembleWithQuality(raws).map(\.barcode)
    }

    /// As `assemble`, keeping zbar's quality of each main symbol.
    public static func assembleWithQuality(_ raws: [Raw]) -> [(barcode: Barcode, quality: Int)] {
        var out: [(barcode: Barcode, quality: Int)] = []
        let addons = raws.filter(\.isAddon)
        for raw in raws where !raw.isAddon {
            guard let symbology = raw.symbology else { continue }
            let (value, valid) = GS1.normalised(raw.data, symbology)
            let box = enclosingQuad(raw.points)
            // The add-on nearest to this symbol's right side, if any.
            let addon = addons.min {
                distance($0.points, to: box) < distance($1.points, to: box)
            }.map(\.data)
            out.append((Barcode(symbology: symbology, value: value, checksumValid: valid,
                                addon: symbology.hasCheckDigit && symbology != .code128 ? addon : nil,
                                corners: box), raw.quality))
        }
        return out
    }

    /// The axis-aligned box around zbar's location points, clockwise from top-left.
    /// For 1-D codes the points are scanline hits, so a polygon through them would
    /// not enclose the symbol; the box does.
    static func enclosingQuad(_ points: [Point]) -> [Point] {
        guard let f = points.first else { return [] }
        var x0 = f.x, x1 = f.x, y0 = f.y, y1 = f.y
        for p in points {
            x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y)
        }
        return [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
    }

    private static func distance(_ points: [Point], to quad: [Point]) -> Double {
        guard let p = points.first, quad.count == 4 else { return .infinity }
        return p.distance(to: Point(x: quad[1].x, y: (quad[1].y + quad[2].y) / 2))
    }
}

extension ZbarScanner {
    /// The linked libzbar's version ("0.23").
    public static var libraryVersion: String {
        var major: UInt32 = 0, minor: UInt32 = 0, patch: UInt32 = 0
        zbar_version(&major, &minor, &patch)
        return "\(major).\(minor)"
    }
}
