/// Checking another decoder's EAN/UPC read against the image, digit by digit.
///
/// zbar measures bar widths from its own edge positions; on a blurred or unevenly lit
/// symbol some come out a module off, and a misdecode of several digits passes the check
/// digit about one time in ten (it is a single mod-10 sum). Such a read then comes back the
/// same on every variant, so agreement between variants cannot expose it. The template
/// reading can: it models the blur, and on the scanlines where it is sure of a digit it
/// says which digit it saw. A read that confident scanlines contradict is dropped, and
/// the search goes on to the variants that read the symbol right.
extension EANScanlineDecoder {
    /// Scanlines a verdict samples: fewer than a search needs, as the symbol's place is known.
    var verifyScanlines: Int { max(4, scanlines / 4) }

    /// What the scanlines say of a value, digit position by digit position.
    public struct Verdict: Sendable, Equatable {
        /// Scanlines that read the value's digit (with its parity) at each position.
        public var agreeing: [Int]
        /// Scanlines that confidently read another digit or parity there.
        public var opposing: [Int]

        public init(agreeing: [Int], opposing: [Int]) {
            self.agreeing = agreeing
            self.opposing = opposing
        }

        /// Some digit is read otherwise by at least two scanlines, and by more of them
        /// than read it as the value has it.
        public var contradicts: Bool {
            zip(agreeing, opposing).contains { agree, oppose in oppose >= 2 && oppose > agree }
        }

        /// Every digit read as the value has it on at least two scanlines, and none read otherwise.
        public var confirms: Bool {
            !agreeing.isEmpty && agreeing.allSatisfy { $0 >= 2 } && opposing.allSatisfy { $0 == 0 }
        }
    }

    /// The scanlines' verdict on `value` for a symbol standing upright in `image`, or nil when
    /// the symbology is not EAN/UPC or the value is malformed. Scanlines read the symbol both
    /// ways round; the direction that agrees with the value more is the one judged (read the
    /// other way, a symbol's digits are different ones).
    /// With `span`, only scanlines that found the symbol's ends near the span's count: a
    /// symbol's guard pattern can recur inside a longer one, and what such a fragment reads
    /// says nothing of the value.
    /// `reversed`, when known, says which way round the symbol stands (true: upside down).
    public func verdict(on value: String, symbology: Barcode.Symbology, in image: GrayImage,
                        span: (x0: Double, x1: Double)? = nil, reversed known: Bool? = nil) -> Verdict? {
        guard let (kind, expected) = Self.classes(of: value, symbology) else { return nil }
        // Three modules either way: zbar places a symbol's ends to within a module or two.
        let near = span.map { ($0.x0, $0.x1, max(2, 3 * ($0.x1 - $0.x0) / kind.modules)) }
        var sampler = self
        sampler.scanlines = verifyScanlines
        let directions = known.map { [$0] } ?? [false, true]
        let found = sampler.candidates(image, kinds: [kind], near: near, directions: directions).filter(\.isPlausible)
        let zeros = [Int](repeating: 0, count: expected.count)
        var best: Verdict?
        for reversed in directions {
            var v = Verdict(agreeing: zeros, opposing: zeros)
            for c in found where c.reversed == reversed {
                for (p, cls) in c.classes.enumerated() {
                    guard let cls else { continue }
                    if cls == expected[p] { v.agreeing[p] += 1 } else { v.opposing[p] += 1 }
                }
            }
            if best == nil || v.agreeing.reduce(0, +) > best!.agreeing.reduce(0, +) { best = v }
        }
        return best
    }

    /// The verdict on a read whose decoder placed it in the box `corners` (axis-aligned, in
    /// `image`'s pixels, spanning the symbol's length and the scanlines that read it), with
    /// bars upright or, when `barsUpright` is false, lying flat; `reversed` as above, for
    /// bars upright.
    public func verdict(on value: String, symbology: Barcode.Symbology, in image: GrayImage,
                        box corners: [Point], barsUpright: Bool, reversed: Bool? = nil) -> Verdict? {
        guard symbology.isGTIN, let first = corners.first else { return nil }
        var x0 = first.x, x1 = first.x, y0 = first.y, y1 = first.y
        for p in corners { x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y) }
        // Along the symbol: its length and a quiet zone either side. Across: the scanlines that
        // read it, widened so a single scanline still leaves a band to sample.
        let (along0, along1, across0, across1) = barsUpright ? (x0, x1, y0, y1) : (y0, y1, x0, x1)
        let length = along1 - along0
        guard length >= 20 else { return nil }
        let margin = 0.12 * length, band = max(6, 0.08 * length)
        let a0 = Int((along0 - margin).rounded(.down)), a1 = Int((along1 + margin).rounded(.up))
        let c0 = Int((across0 - band).rounded(.down)), c1 = Int((across1 + band).rounded(.up))
        var crop = barsUpright
            ? image.cropped(x: a0, y: c0, width: a1 - a0, height: c1 - c0).image
            : image.cropped(x: c0, y: a0, width: c1 - c0, height: a1 - a0).image.rotatedQuarterClockwise().image
        // Where the read's ends fall in the crop. The crop starts at a0 unless the image edge cut
        // the margin short; a clockwise quarter turn runs the along axis right to left.
        let start = Double(max(0, a0)), last = Double(crop.width - 1)
        var span = barsUpright ? (along0 - start, along1 - start) : (last - (along1 - start), last - (along0 - start))
        if crop.width > Self.maxImageWidth {
            let scale = Double(Self.maxImageWidth) / Double(crop.width)
            crop = crop.scaled(by: scale).image
            span = (span.0 * scale, span.1 * scale)
        }
        return verdict(on: value, symbology: symbology, in: crop, span: span, reversed: barsUpright ? reversed : nil)
    }

    /// The decoder's kind for a symbology, and the class of each digit position a value
    /// has (left digits `digit + 10 × even parity`, right digits the digit).
    static func classes(of value: String, _ symbology: Barcode.Symbology) -> (Kind, [Int])? {
        let d = value.compactMap(\.wholeNumberValue)
        guard d.count == value.count else { return nil }
        switch symbology {
        case .ean13, .upcA:
            let digits = symbology == .upcA && d.count == 12 ? [0] + d : d
            guard digits.count == 13 else { return nil }
            let parity = ean13Parity[digits[0]]
            return (.ean13, (0..<6).map { digits[1 + $0] + (parity[$0] ? 10 : 0) } + Array(digits[7...12]))
        case .ean8:
            guard d.count == 8 else { return nil }
            return (.ean8, d)
        case .upcE:
            guard d.count == 8, d[0] <= 1 else { return nil }
            let parity = upcEParity[d[7]].map { d[0] == 0 ? $0 : !$0 }
            return (.upcE, (0..<6).map { d[1 + $0] + (parity[$0] ? 10 : 0) })
        case .code128, .qr:
            return nil
        }
    }
}
