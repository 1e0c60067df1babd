import SleeveCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders EAN/UPC symbols module by module, as the standard lays them out, so the
/// decoder is checked against the encoding rules rather than against itself.
enum EANRenderer {
    static let l = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
    static func g(_ d: Int) -> String { String(r(d).reversed()) }
    static func r(_ d: Int) -> String { String(l[d].map { $0 == "0" ? "1" : "0" }) }
    static let firstDigitParity = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]
    static let upcEParity = ["EEEOOO", "EEOEOO", "EEOOEO", "EEOOOE", "EOEEOO", "EOOEEO", "EOOOEE", "EOEOEO", "EOEOOE", "EOOEOE"]

    /// Modules ("1" = bar) of an EAN-13 (13 digits) or a UPC-A (12 digits, EAN-13 with a leading 0).
    static func ean13(_ value: String) -> String {
        let d = (value.count == 12 ? "0" + value : value).compactMap(\.wholeNumberValue)
        let parity = Array(firstDigitParity[d[0]])
        var m = "101"
        for i in 1...6 { m += parity[i - 1] == "L" ? l[d[i]] : g(d[i]) }
        m += "01010"
        for i in 7...12 { m += r(d[i]) }
        return m + "101"
    }

    static func ean8(_ value: String) -> String {
        let d = value.compactMap(\.wholeNumberValue)
        return "101" + d[0..<4].map { l[$0] }.joined() + "01010" + d[4..<8].map { r($0) }.joined() + "101"
    }

    /// UPC-E (8 digits: number system, six digits, check digit).
    static func upcE(_ value: String) -> String {
        let d = value.compactMap(\.wholeNumberValue)
        var parity = Array(upcEParity[d[7]])
        if d[0] == 1 { parity = parity.map { $0 == "E" ? "O" : "E" } }
        var m = "101"
        for i in 1...6 { m += parity[i - 1] == "O" ? l[d[i]] : g(d[i]) }
        return m + "010101"
    }

    /// The modules drawn `modulePixels` wide (area-sampled, so fractional widths blend),
    /// with a 10-module quiet zone, blurred by a Gaussian of `blur` pixels, and noise.
    /// `barGain` widens every bar by that many modules (negative: thinner bars), half each side.
    static func image(_ modules: String, modulePixels: Double, height: Int = 40, blur: Double = 0,
                      noise: Double = 0, contrast: (dark: Double, light: Double) = (30, 220), seed: UInt64 = 1,
                      barGain: Double = 0) -> GrayImage {
        let quiet = 10.0 * modulePixels
        let width = Int((Double(modules.count) * modulePixels + 2 * quiet).rounded(.up))
        let bits = modules.map { $0 == "1" }
        // Bars as runs of modules [start, end), widened by the gain.
        var bars: [(Double, Double)] = []
        var k = 0
        while k < bits.count {
            guard bits[k] else { k += 1; continue }
            let start = k
            while k < bits.count, bits[k] { k += 1 }
            bars.append((Double(start) - barGain / 2, Double(k) + barGain / 2))
        }
        var row = [Double](repeating: 0, count: width)
        for x in 0..<width {
            // Fraction of pixel x covered by bars, from 8 sub-samples.
            var dark = 0.0
            for s in 0..<8 {
                let u = (Double(x) + (Double(s) + 0.5) / 8 - quiet) / modulePixels
                if bars.contains(where: { u >= $0.0 && u < $0.1 }) { dark += 1 / 8 }
            }
            row[x] = contrast.light - dark * (contrast.light - contrast.dark)
        }
        if blur > 0 {
            let r = Int((3 * blur).rounded(.up))
            let kernel = (-r...r).map { exp(-Double($0 * $0) / (2 * blur * blur)) }
            let total = kernel.reduce(0, +)
            row = (0..<width).map { x in
                (-r...r).reduce(0.0) { $0 + kernel[$1 + r] * row[min(width - 1, max(0, x + $1))] } / total
            }
        }
        var rng = SplitMix(seed)
        var img = GrayImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                img[x, y] = UInt8(max(0, min(255, row[x] + noise * rng.gaussian())))
            }
        }
        return img
    }
}

/// A small seeded generator, so the noisy images are the same on every run.
struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func gaussian() -> Double {
        let u = max(1e-12, uniform()), v = uniform()
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }
}

@Suite struct EANScanlineDecoderTests {
    let decoder = EANScanlineDecoder()

    func values(_ image: GrayImage) -> [String] { decoder.decode(image).map(\.value) }

    @Test(arguments: ["4006381333931", "5012345678900", "9780201379624"])
    func readsASharpEAN13(value: String) {
        let results = decoder.decode(EANRenderer.image(EANRenderer.ean13(value), modulePixels: 3))
        #expect(results.map(\.value) == [value])
        #expect(results.first?.symbology == .ean13)
    }

    @Test func readsAUPCAAsTwelveDigits() {
        let results = decoder.decode(EANRenderer.image(EANRenderer.ean13("036000291452"), modulePixels: 2.5))
        #expect(results.map(\.value) == ["036000291452"])
        #expect(results.first?.symbology == .upcA)
    }

    @Test func readsABlurredLowResolutionEAN13() {
        // About 1.6 pixels per module, blurred over most of a module, with sensor noise.
        let img = EANRenderer.image(EANRenderer.ean13("5901234123457"), modulePixels: 1.6, blur: 0.9, noise: 4)
        #expect(values(img) == ["5901234123457"])
    }

    @Test func readsAnEAN13UpsideDown() {
        let img = EANRenderer.image(String(EANRenderer.ean13("4006381333931").reversed()), modulePixels: 2.2, blur: 0.6)
        #expect(values(img) == ["4006381333931"])
    }

    @Test func readsEAN8AndUPCE() {
        let ean8 = decoder.decode(EANRenderer.image(EANRenderer.ean8("96385074"), modulePixels: 2, blur: 0.7, noise: 3))
        #expect(ean8.map(\.value) == ["96385074"])
        #expect(ean8.first?.symbology == .ean8)
        let upcE = decoder.decode(EANRenderer.image(EANRenderer.upcE("01234565"), modulePixels: 2, blur: 0.7, noise: 3))
        #expect(upcE.map(\.value) == ["01234565"])
        #expect(upcE.first?.symbology == .upcE)
    }

    @Test func aWrongCheckDigitIsNotReported() {
        // Modules of a valid symbol with one right-half digit swapped for another.
        var m = Array(EANRenderer.ean13("4006381333931"))
        let wrong = Array(EANRenderer.r(4))
        for k in 0..<7 { m[3 + 42 + 5 + 7 * 5 + k] = wrong[k] }
        #expect(values(EANRenderer.image(String(m), modulePixels: 3)).isEmpty)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func randomTextureDecodesNothing(seed: UInt64) {
        var rng = SplitMix(seed)
        // Vertical stripes of random widths and tones (the worst case for a bar decoder), and plain noise.
        var stripes = GrayImage(width: 400, height: 40)
        var x = 0
        while x < 400 {
            let w = 1 + Int(rng.uniform() * 6), tone = UInt8(rng.uniform() * 255)
            for xx in x..<min(400, x + w) { for y in 0..<40 { stripes[xx, y] = tone } }
            x += w
        }
        #expect(values(stripes).isEmpty)
        let noise = GrayImage(width: 300, height: 40, pixels: (0..<12000).map { _ in UInt8(rng.uniform() * 255) })
        #expect(values(noise).isEmpty)
    }
}

@Suite struct ScanlineDecoderTallyTests {
    func decoded(_ s: Barcode.Symbology, _ v: String, scanlines: Int) -> BarcodeTally.Read {
        .init(barcode: Barcode(symbology: s, value: v, checksumValid: true, corners: []), quality: scanlines,
              fromPlainImage: false, fromScanlineDecoder: true)
    }

    @Test func aDecoderReadNeedsEnoughAgreeingScanlines() {
        // zbar's rule (quality 2 stands alone) does not apply to the decoder's scanline count.
        var t = BarcodeTally(minQualityAlone: 2)
        t.add([decoded(.ean13, "4006381333931", scanlines: 2)])
        #expect(t.accepted.isEmpty)
        var u = BarcodeTally(minQualityAlone: 2)
        u.add([decoded(.ean13, "4006381333931", scanlines: u.minScanlineAgreement)])
        #expect(u.accepted.map(\.value) == ["4006381333931"])
    }

    @Test func aZbarReadTheTemplateConfirmedSettlesTheSearch() {
        // Quality 3 is short of the settling total; confirmed digit by digit by the template
        // reading, the read needs no more variants.
        let read = { (confirmed: Bool) in
            BarcodeTally.Read(barcode: Barcode(symbology: .ean13, value: "4006381333931", checksumValid: true, corners: []),
                              quality: 3, fromPlainImage: true, confirmedByTemplate: confirmed)
        }
        var plain = BarcodeTally(minQualityAlone: 2, settleQuality: 15)
        plain.add([read(false)])
        #expect(!plain.isSettled)
        var confirmed = BarcodeTally(minQualityAlone: 2, settleQuality: 15)
        confirmed.add([read(true)])
        #expect(confirmed.isSettled)
    }

    @Test func aWeakDecoderReadIsTrustedWhenZbarAgreesOnAnotherVariant() {
        var t = BarcodeTally()
        t.add([decoded(.upcE, "01234565", scanlines: 1)])
        #expect(t.accepted.isEmpty)
        t.add([.init(barcode: Barcode(symbology: .upcE, value: "01234565", checksumValid: true, corners: []),
                     quality: 1, fromPlainImage: false)])
        #expect(t.accepted.map(\.value) == ["01234565"])
    }
}
