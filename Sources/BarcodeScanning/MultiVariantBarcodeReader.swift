import SleeveCore
import Synchronization

/// What the multi-variant reader may spend and try.
public struct MultiVariantOptions: Sendable {
    /// Budget per image in milliseconds of the reading thread's CPU time; variants stop
    /// once it is spent (the one running finishes). CPU time, not wall time: on a loaded
    /// machine (OCR on the other core, another process) a wall-clock budget ran out after
    /// fewer variants, and the same photo read a barcode or not depending on the load.
    /// The plain pass always runs. Config `barcodes.timeBudgetMs` (its default is the
    /// configuration's, so it is not repeated here).
    public var timeBudgetMs: Double
    /// Scanlines a derived variant's EAN/UPC read needs when no second variant agrees.
    public var minQualityAlone = 2
    /// Total zbar quality at which a read stops the search (see `BarcodeTally.settleQuality`).
    public var settleQuality = 15
    /// Crops are enlarged until the longer side is at least this many pixels.
    public var minRegionSide = 480.0
    /// Drop zbar's EAN/UPC reads that the template reading of the same scanlines contradicts.
    public var verifyReads = true
    /// Images of more pixels than this try their plain pass on every other row and
    /// column first (see `MultiVariantBarcodeReader.sparsePlainPass`).
    public var sparsePlainPassAbovePixels = 3_000_000

    public init(timeBudgetMs: Double) {
        self.timeBudgetMs = timeBudgetMs
    }
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
    /// The pure-Swift EAN/UPC decoder tried on each region once zbar's first variants fail.
    public var scanlineDecoder = EANScanlineDecoder()
    /// Names of the variants tried on the last image, in order (for the bench and tests).
    public private(set) var lastTried: [String] = []

    public init(options: MultiVariantOptions) {
        self.options = options
    }

    public func read(_ image: GrayImage) -> [Barcode] {
        read(image, shouldStop: { false })
    }

    /// The plain pass always runs; the variants stop once the budget is spent or
    /// `shouldStop` says so.
    public func read(_ image: GrayImage, shouldStop: () -> Bool) -> [Barcode] {
        read(image, shouldStop: shouldStop, searchFurther: { true })
    }

    /// As above; `searchFurther` is asked once the plain pass has settled nothing, and
    /// false skips the variants.
    public func read(_ image: GrayImage, shouldStop: () -> Bool, searchFurther: () -> Bool) -> [Barcode] {
        var tally = BarcodeTally(minQualityAlone: options.minQualityAlone, settleQuality: options.settleQuality)
        lastTried = []
        if let settled = sparsePlainPass(image, into: tally) { return settled.accepted }
        // A sparse pass that settled nothing is not charged to the budget: what follows
        // runs exactly as it does on an image too small for one.
        let start = ThreadCPUClock.milliseconds()
        let budget = options.timeBudgetMs
        func spent() -> Bool { ThreadCPUClock.milliseconds() - start > budget || shouldStop() }
        var verdicts = VerdictCache()
        func attempt(_ v: ImageVariant, plain: Bool = false) -> Bool {
            lastTried.append(v.name)
            tally.add(zbarReads(v, plain: plain, verdicts: &verdicts).reads)
            return tally.isSettled
        }
        func attemptScanlines(_ v: ImageVariant) -> Bool {
            lastTried.append(v.name + ", scanlines")
            tally.add(scanlineReads(v) { spent() })
            return tally.isSettled
        }
        if attempt(ImageVariant(image), plain: true) { return tally.accepted }
        guard searchFurther() else { return tally.accepted }
        for variant in variants(of: image) {
            if spent() { break }
            switch variant {
            case .zbar(let make): if attempt(make()) { return tally.accepted }
            case .scanlines(let make): if attemptScanlines(make()) { return tally.accepted }
            }
        }
        return tally.accepted
    }

    /// The plain pass of a large image on every other row and column, at half the cost
    /// (zbar's pass over a 5–12 MP photo or a 300 dpi flatbed takes 100–280 ms): the
    /// tally with its reads when they settle the image and tell one story: nothing the
    /// template reading contradicts, no failed check digit, no add-on, no two values
    /// where one symbol could be. Rows further apart let zbar pair one row's half of a
    /// symbol with another row's into a valid-looking misread beside the right read (2
    /// of the shared set's 225 barcode photos padded to 3 MP). Otherwise nil: the full
    /// pass runs, as on a smaller image.
    func sparsePlainPass(_ image: GrayImage, into tally: BarcodeTally) -> BarcodeTally? {
        guard image.width * image.height > options.sparsePlainPassAbovePixels else { return nil }
        lastTried.append("plain, every other line")
        // A cache of its own: the full pass judges its reads as it always has.
        var verdicts = VerdictCache()
        let (reads, contradicted) = zbarReads(ImageVariant(image), plain: true, density: 2, verdicts: &verdicts)
        // An add-on has no check digit the template reading confirms, and on every other
        // line zbar read some wrong ("04" for a printed 01, "5259?"): left to the full pass.
        guard contradicted == 0, reads.allSatisfy({ $0.barcode.checksumValid && $0.barcode.addon == nil }) else { return nil }
        for (i, a) in reads.enumerated() {
            for b in reads[(i + 1)...] where a.barcode.value != b.barcode.value {
                if Self.couldBeOneSymbol(a.barcode.corners, b.barcode.corners) { return nil }
            }
        }
        var trial = tally
        trial.add(reads)
        return trial.isSettled ? trial : nil
    }

    /// Whether two reads could be of one symbol: their boxes (the scanlines that decoded
    /// them, so a misread from other rows of the same symbol lies beside, not over, the
    /// right read) touch once each is grown by half its longer side. Two symbols side by
    /// side may count too: that costs the full pass, never a read.
    static func couldBeOneSymbol(_ a: [[Double]], _ b: [[Double]]) -> Bool {
        func span(_ c: [[Double]], _ k: Int) -> ClosedRange<Double>? {
            guard let lo = c.map({ $0[k] }).min(), let hi = c.map({ $0[k] }).max() else { return nil }
            return lo...hi
        }
        guard let ax = span(a, 0), let ay = span(a, 1), let bx = span(b, 0), let by = span(b, 1) else { return false }
        func grown(_ x: ClosedRange<Double>, _ y: ClosedRange<Double>) -> (ClosedRange<Double>, ClosedRange<Double>) {
            let m = max(x.upperBound - x.lowerBound, y.upperBound - y.lowerBound) / 2
            return ((x.lowerBound - m)...(x.upperBound + m), (y.lowerBound - m)...(y.upperBound + m))
        }
        let (gax, gay) = grown(ax, ay), (gbx, gby) = grown(bx, by)
        return gax.overlaps(gbx) && gay.overlaps(gby)
    }

    /// zbar's reads of a variant with corners in source pixels, less those the template
    /// reading contradicts (and how many those were). `density`: every `density`th row
    /// and column scanned, each read's quality scaled back by it (the rows a symbol
    /// spans, either way).
    func zbarReads(_ v: ImageVariant, plain: Bool, density: Int = 1,
                   verdicts: inout VerdictCache) -> (reads: [BarcodeTally.Read], contradicted: Int) {
        var confirmed = Set<String>()
        var contradicted = 0
        let raws = zbar.scanRaw(v.image, density: density).filter { raw in
            switch judge(raw, in: v.image, cache: &verdicts) {
            case .contradicted: contradicted += 1; return false
            case .confirmed(let value): confirmed.insert(value); return true
            case .unjudged: return true
            }
        }
        let reads = ZbarScanner.assembleWithQuality(raws).map { r -> BarcodeTally.Read in
            var b = r.barcode
            b.corners = Self.enclosingQuad(v.sourcePoints(b.corners.map { Point(x: $0[0], y: $0[1]) })).map { [$0.x, $0.y] }
            return BarcodeTally.Read(barcode: b, quality: r.quality * density, fromPlainImage: plain,
                                     confirmedByTemplate: confirmed.contains(b.value))
        }
        return (reads, contradicted)
    }

    /// What the template reading says of one zbar read.
    enum Judgement: Equatable {
        /// Confident scanlines read other digits: a misread, dropped.
        case contradicted
        /// Every digit read the same on several scanlines: two decoders agree (the normalised value).
        case confirmed(String)
        /// No scanline to judge by, or not an EAN/UPC.
        case unjudged
    }

    /// Verdicts already reached on this image, by value: a misread comes back the same on
    /// many variants, and judging it once saves the time for the variants that read it right.
    struct VerdictCache {
        var judged: [String: Judgement] = [:]
        /// Looks that found no scanline to judge by, per value; a later variant may find some.
        var unjudged: [String: Int] = [:]
    }

    /// The template reading's judgement of a zbar EAN/UPC read (see `EANScanlineDecoder.verdict`).
    func judge(_ raw: ZbarScanner.Raw, in image: GrayImage, cache: inout VerdictCache) -> Judgement {
        guard options.verifyReads, !raw.isAddon, let symbology = raw.symbology, symbology.hasCheckDigit,
              symbology != .code128 else { return .unjudged }
        let (value, valid) = GS1.normalised(raw.data, symbology)
        guard valid else { return .unjudged }
        if let known = cache.judged[value] { return known }
        if cache.unjudged[value, default: 0] >= 3 { return .unjudged }
        let v = scanlineDecoder.verdict(on: value, symbology: symbology, in: image,
                                       box: ZbarScanner.enclosingQuad(raw.points), barsUpright: raw.barsUpright,
                                       reversed: raw.upsideDown)
        guard let v, v.agreeing.reduce(0, +) + v.opposing.reduce(0, +) > 0 else {
            cache.unjudged[value, default: 0] += 1
            return .unjudged
        }
        let judgement: Judgement = v.contradicts ? .contradicted : v.confirms ? .confirmed(value) : .unjudged
        cache.judged[value] = judgement
        return judgement
    }

    /// The scanline decoder's reads of a variant, with corners in source pixels.
    func scanlineReads(_ region: ImageVariant, shouldStop: () -> Bool = { false }) -> [BarcodeTally.Read] {
        let maxWidth = EANScanlineDecoder.maxImageWidth
        let v = region.image.width > maxWidth
            ? region.then(region.image.scaled(by: Double(maxWidth) / Double(region.image.width)), "reduced") : region
        return scanlineDecoder.decode(v.image, shouldStop: shouldStop).map { r in
            let b = Barcode(symbology: r.symbology, value: r.value, checksumValid: true,
                            corners: Self.enclosingQuad(v.sourcePoints(r.corners)))
            return BarcodeTally.Read(barcode: b, quality: r.agreeingScanlines, fromPlainImage: false, fromScanlineDecoder: true)
        }
    }

    /// One thing to try: zbar on an image variant, or the scanline decoder on an upright region.
    enum Attempt {
        case zbar(() -> ImageVariant)
        case scanlines(() -> ImageVariant)

        var make: () -> ImageVariant {
            switch self { case .zbar(let m), .scanlines(let m): m }
        }
    }

    /// Every variant's own reads (check digit valid), ignoring budget and stopping rule:
    /// for seeing which variants earn their time.
    public func readsPerVariant(_ image: GrayImage) -> [(variant: String, reads: [Barcode])] {
        ([.zbar { ImageVariant(image) }] + variants(of: image)).map { attempt in
            let v = attempt.make()
            if case .scanlines = attempt {
                return (v.name + ", scanlines", scanlineReads(v).map { var b = $0.barcode; b.value += "/s\($0.quality)"; return b })
            }
            return (v.name, ZbarScanner.assembleWithQuality(zbar.scanRaw(v.image)).filter(\.barcode.checksumValid)
                .map { var b = $0.barcode; b.value += "/q\($0.quality)"; return b })
        }
    }

    /// The variants to try, cheapest and likeliest first; each is built only when reached.
    func variants(of image: GrayImage) -> [Attempt] {
        var out: [Attempt] = []
        let longer = Double(max(image.width, image.height))
        let whole = ImageVariant(image, name: "whole")
        // Cheap whole-image passes first: on small photos they read most of what a plain pass misses.
        out.append(.zbar { whole.then(image.contrastStretched().sharpened(), "stretched, sharpened") })
        if longer < 1000 { out.append(.zbar { whole.then(image.scaled(by: 2), "×2") }) }
        // Region variants kind by kind across the regions, so a later region's plain crop
        // comes before an earlier region's fifth variant.
        let bases = finder.regions(in: image).enumerated().map { n, region in
            Self.lazyBase(region, of: image, name: "region \(n + 1)")
        }
        // Tone operations run at the crop's own resolution (where a 3×3 kernel spans the
        // blur of a bar edge), then the result is enlarged for zbar.
        let minSide = options.minRegionSide
        func big(_ v: ImageVariant) -> ImageVariant { Self.enlarged(v, minSide: minSide) }
        let kinds: [(ImageVariant) -> ImageVariant] = [
            { big($0) },
            { big($0.then($0.image.smoothedVertically(radius: max(2, $0.image.height / 10)).contrastStretched(), "smoothed along bars")) },
            { big($0.then($0.image.contrastStretched().sharpened(), "stretched, sharpened")) },
            { let s = $0.then($0.image.sharpened(amount: 2), "sharpened ×2"); return big(s.then(s.image.smoothedVertically(radius: max(2, s.image.height / 8)).contrastStretched(), "smoothed")) },
            { let e = big($0.then($0.image.smoothedVertically(radius: max(2, $0.image.height / 10)), "smoothed")); return e.then(e.image.binarisedLocally(window: Self.window(e.image)), "binarised") },
            { $0.then($0.image.scaled(by: 0.5), "halved") },
            { let e = big($0); return e.then(e.image.contrastStretched().sharpened(), "stretched, sharpened") },
            { let e = big($0); return e.then(e.image.binarisedLocally(window: Self.window(e.image)), "binarised") },
            { let s = $0.then($0.image.smoothedVertically(radius: max(2, $0.image.height / 8)), "smoothed"); return big(s.then(s.image.deblurredHorizontally(sigma: 1.0).contrastStretched(), "deblurred")) },
            // Strips across the bars: under perspective or a curved sleeve each strip is
            // closer to straight, and smoothing within it does not mix differently tilted bars.
            { big(Self.smoothedStrip($0, 0)) }, { big(Self.smoothedStrip($0, 1)) }, { big(Self.smoothedStrip($0, 2)) },
            { big($0.then($0.image.inverted(), "inverted")) },
        ]
        for (n, kind) in kinds.enumerated() {
            for base in bases { out.append(.zbar { kind(base()) }) }
            // Once zbar has had the likeliest variants of every region, the pure-Swift decoder
            // reads the upright regions at their own resolution (it models the blur itself).
            if n + 1 == Self.scanlineDecoderAfterKinds {
                for base in bases { out.append(.scanlines { base() }) }
            }
        }
        // Whole-image fallbacks: for symbols the finder missed (QR, low contrast).
        out.append(.zbar { whole.then(image.padded(by: Self.quietZoneMargin(width: image.width, height: image.height),
                                                   value: image.percentile(0.9)), "quiet zone added") })
        if longer < 1000 {
            out.append(.zbar { whole.then(image.scaled(by: 0.75), "×0.75") })
            out.append(.zbar { whole.then(image.scaled(by: 3), "×3") })
        } else {
            out.append(.zbar { whole.then(image.scaled(by: 0.5), "halved") })
        }
        out.append(.zbar { whole.then(image.binarisedLocally(window: Self.window(image)), "binarised") })
        out.append(.zbar { whole.then(image.inverted(), "inverted") })
        return out
    }

    /// The margin of the "quiet zone added" variant: an eighth of the width, but never so
    /// much that the padded copy holds more than twice the image's pixels (plus a 64 px
    /// square). A strip 65535×4 padded by width/8 on every side was 1.3 gigapixels.
    static func quietZoneMargin(width: Int, height: Int) -> Int {
        let wanted = max(8, width / 8)
        let w = Double(width), h = Double(height), limit = 2 * w * h + 64 * 64
        // (w + 2m)(h + 2m) ≤ limit  ⇔  4m² + 2(w + h)m + wh − limit ≤ 0.
        let root = (-(w + h) + ((w + h) * (w + h) - 4 * (w * h - limit)).squareRoot()) / 4
        return max(0, min(wanted, Int(root.rounded(.down))))
    }

    /// Region variant kinds zbar tries before the scanline decoder runs.
    static let scanlineDecoderAfterKinds = 2

    /// The region turned upright, built on first use and shared by its variants.
    static func lazyBase(_ region: BarcodeRegion, of image: GrayImage, name: String) -> () -> ImageVariant {
        final class Cache: Sendable { let value = Mutex<ImageVariant?>(nil) }
        let cache = Cache()
        return {
            if let v = cache.value.withLock({ $0 }) { return v }
            let v = ImageVariant.upright(region, of: image, name: name)
            cache.value.withLock { $0 = v }
            return v
        }
    }

    /// Enlarged by a whole factor (at most 4) until its longer side reaches `minSide`.
    static func enlarged(_ v: ImageVariant, minSide: Double) -> ImageVariant {
        let side = Double(max(v.image.width, v.image.height))
        guard side > 0, side < minSide else { return v }
        return v.then(v.image.scaled(by: min(4, (minSide / side).rounded(.up))), "enlarged")
    }

    /// The `k`th of three overlapping half-height strips, smoothed along the bars.
    static func smoothedStrip(_ b: ImageVariant, _ k: Int) -> ImageVariant {
        let h = b.image.height / 2, y = k * b.image.height / 4
        let strip = b.then(b.image.cropped(x: 0, y: y, width: b.image.width, height: h), "strip \(k + 1)")
        return strip.then(strip.image.smoothedVertically(radius: max(2, h / 6)).contrastStretched(), "smoothed")
    }

    /// A binarisation window of several bar widths but well under the symbol's height.
    static func window(_ image: GrayImage) -> Int {
        max(15, min(image.width, image.height) / 6) | 1
    }

    static func enclosingQuad(_ points: [Point]) -> [Point] { ZbarScanner.enclosingQuad(points) }
}
