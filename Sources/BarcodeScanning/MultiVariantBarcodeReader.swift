import SleeveCore

/// What the multi-variant reader may spend and try.
public struct MultiVariantOptions: Sendable {
    /// Wall-clock budget per image in milliseconds; variants stop once it is spent
    /// (the one running finishes). The plain pass always runs. Config `barcodes.timeBudgetMs`.
    public var timeBudgetMs: Double = 150
    /// Scanlines a derived variant's EAN/UPC read needs when no second variant agrees.
    public var minQualityAlone = 2
    /// Crops are enlarged until the longer side is at least this many pixels.
    public var minRegionSide = 480.0

    public init() {}
}

/// Reads barcodes that one zbar pass misses: a plain pass first, then variants of
/// the candidate regions a gradient analysis finds (upright-turned crops, enlarged,
/// contrast-stretched, sharpened, locally binarised, inverted), then whole-image
/// variants, until a trusted read with a valid check digit turns up or the time
/// budget is spent. `BarcodeTally` decides which reads are trusted.
public final class MultiVariantBarcodeReader: BarcodeReading {
    let zbar = ZbarScanner()
    public var options: MultiVariantOptions
    public var finder = BarcodeRegionFinder()
    /// Names of the variants tried on the last image, in order (for the bench and tests).
    public private(set) var lastTried: [String] = []

    public init(options: MultiVariantOptions = MultiVariantOptions()) {
        self.options = options
    }

    public func read(_ image: GrayImage) -> [Barcode] {
        let start = ContinuousClock.now
        let budget = Swift.Duration.milliseconds(Int64(options.timeBudgetMs))
        var tally = BarcodeTally(minQualityAlone: options.minQualityAlone)
        lastTried = []
        func attempt(_ v: ImageVariant, plain: Bool = false) -> Bool {
            lastTried.append(v.name)
            let reads = ZbarScanner.assembleWithQuality(zbar.scanRaw(v.image)).map { r -> BarcodeTally.Read in
                var b = r.barcode
                b.corners = Self.enclosingQuad(v.sourcePoints(b.corners.map { Point(x: $0[0], y: $0[1]) })).map { [$0.x, $0.y] }
                return BarcodeTally.Read(barcode: b, quality: r.quality, fromPlainImage: plain)
            }
            tally.add(reads)
            return tally.isSettled
        }
        if attempt(ImageVariant(image), plain: true) { return tally.accepted }
        for variant in variants(of: image) {
            if ContinuousClock.now - start > budget { break }
            if attempt(variant()) { break }
        }
        return tally.accepted
    }

    /// Every variant's own reads (check digit valid), ignoring budget and stopping rule:
    /// for seeing which variants earn their time.
    public func readsPerVariant(_ image: GrayImage) -> [(variant: String, reads: [Barcode])] {
        ([{ ImageVariant(image) }] + variants(of: image)).map { make in
            let v = make()
            return (v.name, ZbarScanner.assembleWithQuality(zbar.scanRaw(v.image)).filter(\.barcode.checksumValid)
                .map { var b = $0.barcode; b.value += "/q\($0.quality)"; return b })
        }
    }

    /// The variants to try, cheapest and likeliest first; each is built only when reached.
    func variants(of image: GrayImage) -> [() -> ImageVariant] {
        var out: [() -> ImageVariant] = []
        let longer = Double(max(image.width, image.height))
        let whole = ImageVariant(image, name: "whole")
        // Cheap whole-image passes first: on small photos they read most of what a plain pass misses.
        out.append { whole.then(image.contrastStretched().sharpened(), "stretched, sharpened") }
        if longer < 1000 { out.append { whole.then(image.scaled(by: 2), "×2") } }
        let regions = finder.regions(in: image)
        for (n, region) in regions.enumerated() {
            // Built once per region, shared by that region's variants.
            var cached: ImageVariant?
            let minSide = options.minRegionSide
            let base: () -> ImageVariant = {
                if let c = cached { return c }
                var v = ImageVariant.upright(region, of: image, name: "region \(n + 1)")
                let side = Double(max(v.image.width, v.image.height))
                if side < minSide { v = v.then(v.image.scaled(by: min(4, (minSide / side).rounded(.up))), "enlarged") }
                cached = v
                return v
            }
            out.append(base)
            out.append { let b = base(); return b.then(b.image.smoothedVertically(radius: max(2, b.image.height / 10)).contrastStretched(), "smoothed along bars") }
            out.append { let b = base(); return b.then(b.image.contrastStretched().sharpened(), "stretched, sharpened") }
            out.append { let b = base(); return b.then(b.image.binarisedLocally(window: Self.window(b.image)), "binarised") }
            out.append { let b = base(); return b.then(b.image.scaled(by: 0.5), "halved") }
            out.append { let b = base(); return b.then(b.image.sharpened(amount: 2), "sharpened ×2") }
            out.append { let b = base(); return b.then(b.image.inverted(), "inverted") }
            // Strips across the bars: under perspective or a curved sleeve each strip is
            // closer to straight, and smoothing within it does not mix differently tilted bars.
            for k in 0..<3 {
                out.append {
                    let b = base()
                    let h = b.image.height / 2, y = k * b.image.height / 4
                    let strip = b.then(b.image.cropped(x: 0, y: y, width: b.image.width, height: h), "strip \(k + 1)")
                    return strip.then(strip.image.smoothedVertically(radius: max(2, h / 6)).contrastStretched(), "smoothed")
                }
            }
        }
        // Whole-image fallbacks: for symbols the finder missed (QR, low contrast).
        out.append { whole.then(image.padded(by: max(8, image.width / 8), value: image.percentile(0.9)), "quiet zone added") }
        if longer < 1000 {
            out.append { whole.then(image.scaled(by: 0.75), "×0.75") }
            out.append { whole.then(image.scaled(by: 3), "×3") }
        } else {
            out.append { whole.then(image.scaled(by: 0.5), "halved") }
        }
        out.append { whole.then(image.binarisedLocally(window: Self.window(image)), "binarised") }
        out.append { whole.then(image.inverted(), "inverted") }
        return out
    }

    /// A binarisation window of several bar widths but well under the symbol's height.
    static func window(_ image: GrayImage) -> Int {
        max(15, min(image.width, image.height) / 6) | 1
    }

    static func enclosingQuad(_ points: [Point]) -> [Point] { ZbarScanner.enclosingQuad(points) }
}
