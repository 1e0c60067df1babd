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

        public init(barcode: Barcode, quality: Int, fromPlainImage: Bool) {
            self.barcode = barcode
            self.quality = quality
            self.fromPlainImage = fromPlainImage
        }
    }

    struct Key: Hashable { var symbology: Barcode.Symbology; var value: String }

    struct Entry {
        var first: Barcode
        var variants = 0
        var bestQuality = 0
        var plain = false
        var addon: String?
    }

    public var minQualityAlone: Int
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []

    public init(minQualityAlone: Int = 2) {
        self.minQualityAlone = minQualityAlone
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
            entries[key]!.bestQuality = max(entries[key]!.bestQuality, read.quality)
            entries[key]!.plain = entries[key]!.plain || read.fromPlainImage
            if entries[key]!.addon == nil, let addon = read.barcode.addon { entries[key]!.addon = addon }
        }
    }

    /// The reads trusted so far, in the order they were first seen.
    public var accepted: [Barcode] {
        order.compactMap { key in
            guard let e = entries[key], isTrusted(key.symbology, e) else { return nil }
            var b = e.first
            b.addon = e.addon
            return b
        }
    }

    /// True once some read passes its check digit and is trusted: the point to stop.
    public var isSettled: Bool { !accepted.isEmpty }

    private func isTrusted(_ symbology: Barcode.Symbology, _ e: Entry) -> Bool {
        switch symbology {
        case .code128, .qr: e.variants >= 2
        case .ean13, .upcA: e.plain || e.variants >= 2 || e.bestQuality >= minQualityAlone
        // Half of a longer symbol can decode as a short one with a valid check digit:
        // short symbols from derived variants need a second variant, whatever the quality.
        case .ean8, .upcE: e.plain || e.variants >= 2
        }
    }
}
