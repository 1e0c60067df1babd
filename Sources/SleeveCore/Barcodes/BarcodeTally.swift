/// Collects what a decoder reported on several variants of one image and decides
/// which reads are trustworthy enough to report.
///
/// - A read whose check digit fails is dropped.
/// - EAN/UPC with a valid check digit is accepted from the plain image, and from a
///   derived variant when zbar saw it on at least `minQualityAlone` scanlines or a
///   second variant agrees (resampling and binarising can manufacture a valid-looking
///   read from noise more easily than a camera can). EAN-8 and UPC-E from a derived
///   variant always need the second variant: part of a longer symbol can pass as one.
/// - Code 128 and QR are accepted only when two variants agree on the value: QR has
///   no check digit the caller can verify, and one misdecode should not reach a record.
public struct BarcodeTally: Sendable {
    /// One decoded symbol on one variant, corners already in source pixels.
    public struct Read: Sendable, Equatable {
        public var barcode: Barcode
        /// zbar's quality: for linear codes, how many scanlines decoded it.
        public var quality: Int
        public var fromPlainImage: Bool
        /// Read by `EANScanlineDecoder` (quality = scanlines that agreed on every digit)
        /// rather than by zbar.
        public var fromScanlineDecoder: Bool
        /// A zbar read whose every digit the template reading of the same scanlines confirmed.
        public var confirmedByTemplate: Bool

        public init(barcode: Barcode, quality: Int, fromPlainImage: Bool, fromScanlineDecoder: Bool = false,
                    confirmedByTemplate: Bool = false) {
            self.barcode = barcode
            self.quality = quality
            self.fromPlainImage = fromPlainImage
            self.fromScanlineDecoder = fromScanlineDecoder
            self.confirmedByTemplate = confirmedByTemplate
        }
    }

    struct Key: Hashable { var symbology: Barcode.Symbology; var value: String }

    struct Entry {
        var first: Barcode
        var variants = 0
        var bestQuality = 0
        var totalQuality = 0
        var plain = false
        var addon: String?
        /// Most scanlines of `EANScanlineDecoder` that agreed on it in one variant.
        var scanlineAgreement = 0
        var confirmedByTemplate = false
    }

    public var minQualityAlone: Int
    /// Agreeing scanlines of the pure-Swift decoder at which its read stands alone
    /// (its quiet-zone and guard checks keep a fragment of a longer symbol out, so this
    /// holds for the short symbols too).
    public var minScanlineAgreement = 3
    /// Total zbar quality (over variants) at which a trusted read settles the image.
    /// Below it, more variants are worth their time: misdecodes are mostly weak.
    public var settleQuality: Int
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []

    public init(minQualityAlone: Int = 2, settleQuality: Int = 0) {
        self.minQualityAlone = minQualityAlone
        self.settleQuality = settleQuality
    }

    /// Adds the reads of one variant (a value counted once per variant).
    public mutating func add(_ reads: [Read]) {
        var seen = Set<Key>()
        for read in reads where read.barcode.checksumValid {
            let key = Key(symbology: read.barcode.symbology, value: read.barcode.value)
            if entries[key] == nil {
                entries[key] = Entry(first: read.barcode)
                order.append(key)
            }
            if seen.insert(key).inserted { entries[key]!.variants += 1 }
            if !read.fromScanlineDecoder { entries[key]!.bestQuality = max(entries[key]!.bestQuality, read.quality) }
            entries[key]!.totalQuality += read.quality
            entries[key]!.plain = entries[key]!.plain || read.fromPlainImage
            if read.fromScanlineDecoder { entries[key]!.scanlineAgreement = max(entries[key]!.scanlineAgreement, read.quality) }
            if entries[key]!.addon == nil, let addon = read.barcode.addon { entries[key]!.addon = addon }
            if read.confirmedByTemplate { entries[key]!.confirmedByTemplate = true }
        }
    }

    /// The reads trusted so far, in the order they were first seen, without the weak
    /// rivals of a strong read: a misdecode of a blurred EAN/UPC usually passes its check
    /// digit on a few scanlines of one or two variants, while the right value gathers
    /// quality on many. A GTIN whose total quality is under a third of the strongest
    /// GTIN's is dropped, and so is a short symbol (EAN-8, UPC-E: possibly half of a
    /// longer one) that is weaker than a long one.
    public var accepted: [Barcode] {
        let trusted = order.compactMap { key -> (Key, Entry)? in
            guard let e = entries[key], isTrusted(key.symbology, e) else { return nil }
            return (key, e)
        }
        let gtins = trusted.filter { $0.0.symbology.isGTIN }
        let strongest = gtins.map(\.1.totalQuality).max() ?? 0
        let strongestLong = gtins.filter { !$0.0.symbology.isShort }.map(\.1.totalQuality).max() ?? 0
        return trusted.compactMap { key, e in
            if key.symbology.isGTIN {
                if 3 * e.totalQuality < strongest { return nil }
                if key.symbology.isShort, e.totalQuality < strongestLong { return nil }
            }
            var b = e.first
            b.addon = e.addon
            return b
        }
    }

    /// True once some read passes its check digit, is trusted and is strong enough
    /// (`settleQuality`, or confirmed by the template reading): the point to stop.
    public var isSettled: Bool {
        order.contains { key in
            guard let e = entries[key], isTrusted(key.symbology, e) else { return false }
            // zbar's quality counts scanlines for linear codes only (QR reports 1). A read the
            // template reading confirmed digit by digit needs no more variants.
            return !key.symbology.isGTIN || e.totalQuality >= settleQuality || e.confirmedByTemplate
        }
    }

    private func isTrusted(_ symbology: Barcode.Symbology, _ e: Entry) -> Bool {
        switch symbology {
        case .code128, .qr: e.variants >= 2
        case .ean13, .upcA: e.plain || e.variants >= 2 || e.bestQuality >= minQualityAlone
            || e.scanlineAgreement >= minScanlineAgreement
        // Half of a longer symbol can decode as a short one with a valid check digit:
        // short symbols from derived zbar variants need a second variant, whatever the quality.
        case .ean8, .upcE: e.plain || e.variants >= 2 || e.scanlineAgreement >= minScanlineAgreement
        }
    }
}

extension Barcode.Symbology {
    /// EAN/UPC: a GS1 number with a check digit.
    var isGTIN: Bool { self == .ean13 || self == .ean8 || self == .upcA || self == .upcE }
    /// The short forms, which a fragment of a long symbol can imitate.
    var isShort: Bool { self == .ean8 || self == .upcE }
}
