import SleeveCore
import Testing

@Suite struct BarcodeConfirmationTests {
    static let ean = Barcode(symbology: .ean13, value: "4006381333931", checksumValid: true, corners: [])
    static let qr = Barcode(symbology: .qr, value: "https://example.org/lot/17", checksumValid: true, corners: [])
    static let broken = Barcode(symbology: .ean13, value: "4006381333932", checksumValid: false, corners: [])

    /// Runs frames `(time, [(barcode, quality)])` and lists what was reported at each time.
    func run(_ frames: [(Double, [(Barcode, Int)])], _ c: BarcodeConfirmation = BarcodeConfirmation()) -> [(Double, [String])] {
        var c = c
        return frames.map { t, seen in
            (t, c.observe(seen.map { .init($0.0, quality: $0.1) }, at: t).map(\.value))
        }
    }

    @Test func lowQualityCodeWaitsForASecondFrame() {
        let r = run([(0.0, [(Self.ean, 2)]), (0.1, [(Self.ean, 2)]), (0.2, [(Self.ean, 3)])])
        #expect(r.map(\.1) == [[], ["4006381333931"], []])
    }

    @Test func highQualityCodeWithValidCheckDigitIsReportedAtOnce() {
        let r = run([(0.0, [(Self.ean, 40)]), (0.1, [(Self.ean, 40)])])
        #expect(r.map(\.1) == [["4006381333931"], []])
    }

    @Test func qrNeedsTwoFramesWhateverItsQuality() {
        let r = run([(0.0, [(Self.qr, 99)]), (0.5, [(Self.qr, 1)])])
        #expect(r.map(\.1) == [[], ["https://example.org/lot/17"]])
    }

    @Test func failedCheckDigitIsNeverReported() {
        let r = run([(0.0, [(Self.broken, 50)]), (0.1, [(Self.broken, 50)]), (0.2, [(Self.broken, 50)])])
        #expect(r.allSatisfy { $0.1.isEmpty })
    }

    @Test func notReportedAgainWhileInViewEvenWithGaps() {
        // Gaps of 1.5 s stay under the 2 s default: the code never left.
        let r = run([(0.0, [(Self.ean, 40)]), (1.5, [(Self.ean, 40)]), (3.0, [(Self.ean, 40)]), (4.5, [(Self.ean, 40)])])
        #expect(r.map(\.1) == [["4006381333931"], [], [], []])
    }

    @Test func reportedAgainAfterBeingOutOfViewLongerThanTheForgetTime() {
        let r = run([(0.0, [(Self.ean, 40)]), (1.0, []), (2.5, [(Self.ean, 40)]), (2.6, [(Self.ean, 40)])])
        #expect(r.map(\.1) == [["4006381333931"], [], ["4006381333931"], []])
    }

    @Test func forgetTimeIsConfigurable() {
        let c = BarcodeConfirmation(forgetAfter: 0.5)
        let r = run([(0.0, [(Self.ean, 40)]), (0.4, [(Self.ean, 40)]), (1.0, [(Self.ean, 40)])], c)
        #expect(r.map(\.1) == [["4006381333931"], [], ["4006381333931"]])
    }

    @Test func aLoneLowQualitySightingIsForgottenBeforeItCounts() {
        // Two sightings 3 s apart are two separate single frames, not two frames of one view.
        let r = run([(0.0, [(Self.ean, 2)]), (3.0, [(Self.ean, 2)]), (3.1, [(Self.ean, 2)])])
        #expect(r.map(\.1) == [[], [], ["4006381333931"]])
    }

    @Test func theSameCodeTwiceInOneFrameIsOneSighting() {
        let r = run([(0.0, [(Self.ean, 2), (Self.ean, 2)])])
        #expect(r.map(\.1) == [[]])
    }
}
