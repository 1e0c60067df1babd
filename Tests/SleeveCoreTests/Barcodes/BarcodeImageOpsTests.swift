import SleeveCore
import Testing

/// Small synthetic images: a bar pattern whose geometry is known exactly.
enum Synthetic {
    /// Vertical bars `barWidth` wide alternating dark/light inside a light margin.
    static func bars(width: Int = 120, height: Int = 60, barWidth: Int = 3, margin: Int = 20,
                     dark: UInt8 = 20, light: UInt8 = 230) -> GrayImage {
        var img = GrayImage(width: width, height: height, fill: light)
        for y in margin / 2..<(height - margin / 2) {
            for x in margin..<(width - margin) where ((x - margin) / barWidth) % 2 == 0 { img[x, y] = dark }
        }
        return img
    }
}

@Suite struct BarcodeImageOpsTests {
    @Test func quarterTurnMovesTopLeftToTopRightAndMapsBack() {
        let img = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])
        let (turned, map) = img.rotatedQuarterClockwise()
        #expect(turned.width == 2 && turned.height == 3)
        #expect(turned.pixels == [4, 1, 5, 2, 6, 3])
        // The centre of output pixel (1, 0) holds source pixel (0, 0): its centre maps there.
        let p = map.apply(Point(x: 1.5, y: 0.5))
        #expect(abs(p.x - 0.5) < 1e-9 && abs(p.y - 0.5) < 1e-9)
    }

    @Test func rotationMapSendsOutputCentreToSourceCentre() {
        let img = Synthetic.bars()
        let (turned, map) = img.rotated(radians: 0.3)
        #expect(turned.width > img.width && turned.height > img.height)
        let c = map.apply(Point(x: Double(turned.width) / 2, y: Double(turned.height) / 2))
        #expect(abs(c.x - 60) < 1e-6 && abs(c.y - 30) < 1e-6)
        // Undoing the rotation about the same centre lands on the identity map.
        let back = map.after(map.inverse)
        #expect(abs(back.a - 1) < 1e-9 && abs(back.b) < 1e-9 && abs(back.tx) < 1e-9)
    }

    @Test func cropAndScaleCompose() {
        let img = Synthetic.bars()
        let crop = img.cropped(x: 10, y: 5, width: 50, height: 40)
        #expect(crop.image.width == 50 && crop.image.height == 40)
        #expect(crop.image[0, 0] == img[10, 5] && crop.image[49, 39] == img[59, 44])
        let big = crop.image.scaled(by: 2)
        #expect(big.image.width == 100 && big.image.height == 80)
        let p = crop.toSource.after(big.toSource).apply(Point(x: 20, y: 20))
        #expect(p == Point(x: 20, y: 15))
    }

    @Test func cropIsClippedToTheImage() {
        let crop = Synthetic.bars().cropped(x: 100, y: -10, width: 50, height: 30)
        #expect(crop.image.width == 20 && crop.image.height == 20)
    }

    @Test func halvingAveragesPairsOfPixels() {
        let img = GrayImage(width: 4, height: 2, pixels: [0, 100, 200, 255, 0, 100, 200, 255])
        let half = img.scaled(by: 0.5).image
        #expect(half.pixels == [50, 227])
    }

    @Test func stretchSpreadsALowContrastImageToFullRange() {
        let dull = GrayImage(width: 4, height: 1, pixels: [100, 110, 120, 130])
        let s = dull.contrastStretched(clip: 0)
        #expect(s.pixels.first == 0 && s.pixels.last == 255)
        #expect(s.pixels == s.pixels.sorted())
    }

    @Test func flatImageIsLeftAloneByStretchAndBinarisation() {
        let flat = GrayImage(width: 20, height: 20, fill: 128)
        #expect(flat.contrastStretched() == flat)
        #expect(flat.binarisedLocally(window: 7).pixels.allSatisfy { $0 == 255 })
    }

    @Test func localBinarisationSeparatesBarsUnderAGradientOfLight() {
        // Bars whose light and dark levels both rise from left to right (a shadow).
        var img = Synthetic.bars(width: 100, height: 20, barWidth: 4, margin: 10)
        for y in 0..<20 { for x in 0..<100 { img[x, y] = UInt8(min(255, Int(img[x, y]) / 3 + x)) } }
        let b = img.binarisedLocally(window: 15)
        for x in stride(from: 12, to: 88, by: 4) {
            let expectDark = ((x - 10) / 4) % 2 == 0
            #expect((b[x, 10] == 0) == expectDark, "column \(x)")
        }
    }

    @Test func sharpeningSteepensAnEdgeAndKeepsFlatAreas() {
        let edge = GrayImage(width: 6, height: 3, pixels: [UInt8](repeating: 0, count: 0)
            + [100, 100, 100, 160, 160, 160, 100, 100, 100, 160, 160, 160, 100, 100, 100, 160, 160, 160])
        let s = edge.sharpened()
        #expect(s[2, 1] < 100 && s[3, 1] > 160)
        #expect(s[0, 1] == 100)
    }

    @Test func verticalSmoothingKeepsBarsAndRemovesASpeck() {
        var img = Synthetic.bars(width: 60, height: 40, barWidth: 4, margin: 10)
        img[30, 20] = img[30, 20] == 20 ? 230 : 20
        let s = img.smoothedVertically(radius: 5)
        #expect(abs(Int(s[30, 20]) - Int(Synthetic.bars(width: 60, height: 40, barWidth: 4, margin: 10)[30, 20])) < 50)
        #expect(s[12, 20] < 60 && s[16, 20] > 190)
    }

    @Test func paddingAddsAQuietZoneAndMapsBack() {
        let (p, map) = GrayImage(width: 2, height: 2, fill: 0).padded(by: 3, value: 200)
        #expect(p.width == 8 && p[0, 0] == 200 && p[3, 3] == 0)
        #expect(map.apply(Point(x: 3, y: 3)) == Point(x: 0, y: 0))
    }
}

@Suite struct BarcodeRegionFinderTests {
    /// Bars placed on a noisy-free light page with some unrelated blobs.
    func page(barsAt x0: Int, _ y0: Int, angle: Double = 0) -> GrayImage {
        var page = GrayImage(width: 320, height: 240, fill: 220)
        let bars = Synthetic.bars(width: 110, height: 70, barWidth: 3, margin: 10)
        let placed = angle == 0 ? bars : bars.rotated(radians: angle).image
        for y in 0..<placed.height { for x in 0..<placed.width where x0 + x < 320 && y0 + y < 240 {
            page[x0 + x, y0 + y] = placed[x, y]
        } }
        // A dark square: strong edges in two directions, not a barcode.
        for y in 20..<60 { for x in 20..<60 { page[x, y] = 30 } }
        return page
    }

    @Test func findsUprightBarsAndReportsTheirDirection() throws {
        let regions = BarcodeRegionFinder().regions(in: page(barsAt: 180, 140))
        let r = try #require(regions.first)
        #expect(r.rect.minX <= 190 && r.rect.maxX >= 280 && r.rect.minY <= 150 && r.rect.maxY >= 200)
        #expect(abs(r.gradientAngle) < 0.1)
        // The square is not a region (or at least not the best one).
        #expect(!(r.rect.minX < 60 && r.rect.minY < 60))
    }

    @Test func reportsTheAngleOfTiltedBars() throws {
        let r = try #require(BarcodeRegionFinder().regions(in: page(barsAt: 150, 100, angle: 0.35)).first)
        #expect(abs(r.gradientAngle - 0.35) < 0.12)
    }

    @Test func barsLyingFlatHaveAGradientNearAQuarterTurn() throws {
        let img = Synthetic.bars(width: 110, height: 70, barWidth: 3, margin: 10).rotatedQuarterClockwise().image
        var page = GrayImage(width: 200, height: 200, fill: 220)
        for y in 0..<img.height { for x in 0..<img.width { page[40 + x, 30 + y] = img[x, y] } }
        let r = try #require(BarcodeRegionFinder().regions(in: page).first)
        #expect(abs(abs(r.gradientAngle) - .pi / 2) < 0.1)
        let upright = ImageVariant.upright(r, of: page, name: "r")
        #expect(upright.image.width > upright.image.height)
    }

    @Test func aBlankOrSmoothImageHasNoRegions() {
        var ramp = GrayImage(width: 200, height: 100)
        for y in 0..<100 { for x in 0..<200 { ramp[x, y] = UInt8(x) } }
        #expect(BarcodeRegionFinder().regions(in: ramp).isEmpty)
        #expect(BarcodeRegionFinder().regions(in: GrayImage(width: 5, height: 5)).isEmpty)
    }
}

@Suite struct BarcodeTallyTests {
    func read(_ s: Barcode.Symbology, _ v: String, valid: Bool = true, q: Int = 1, plain: Bool = false) -> BarcodeTally.Read {
        .init(barcode: Barcode(symbology: s, value: v, checksumValid: valid, corners: []), quality: q, fromPlainImage: plain)
    }

    @Test func failedCheckDigitIsDropped() {
        var t = BarcodeTally()
        t.add([read(.ean13, "4006381333932", valid: false, q: 50, plain: true)])
        #expect(t.accepted.isEmpty && !t.isSettled)
    }

    @Test func plainImageEANIsTrustedAtOnce() {
        var t = BarcodeTally()
        t.add([read(.ean13, "4006381333931", plain: true)])
        #expect(t.accepted.map(\.value) == ["4006381333931"])
    }

    @Test func variantEANNeedsQualityOrASecondVariant() {
        var t = BarcodeTally(minQualityAlone: 3)
        t.add([read(.upcA, "036000291452", q: 1)])
        #expect(!t.isSettled)
        t.add([read(.upcA, "036000291452", q: 1)])
        #expect(t.accepted.map(\.value) == ["036000291452"])
        var u = BarcodeTally(minQualityAlone: 3)
        u.add([read(.upcA, "036000291452", q: 3)])
        #expect(u.isSettled)
    }

    @Test func qrAndCode128NeedTwoAgreeingVariants() {
        var t = BarcodeTally()
        t.add([read(.qr, "LOT-17", q: 9, plain: true), read(.code128, "A-1234", q: 9, plain: true)])
        #expect(t.accepted.isEmpty)
        t.add([read(.qr, "LOT-18", q: 9)])
        #expect(t.accepted.isEmpty)
        t.add([read(.qr, "LOT-17"), read(.code128, "A-1234")])
        #expect(Set(t.accepted.map(\.value)) == ["LOT-17", "A-1234"])
    }

    @Test func sameValueTwiceInOneVariantCountsOnce() {
        var t = BarcodeTally()
        t.add([read(.qr, "LOT-17"), read(.qr, "LOT-17")])
        #expect(t.accepted.isEmpty)
    }

    @Test func addOnFromAnyVariantIsKept() {
        var t = BarcodeTally()
        var withAddon = read(.ean13, "9780393058673", q: 5)
        withAddon.barcode.addon = "52595"
        t.add([read(.ean13, "9780393058673", q: 5)])
        t.add([withAddon])
        #expect(t.accepted.first?.addon == "52595")
    }
}

extension BarcodeTallyTests {
    @Test func shortSymbolFromAVariantNeedsASecondVariantWhateverItsQuality() {
        var t = BarcodeTally(minQualityAlone: 2)
        t.add([read(.upcE, "01234565", q: 40)])
        #expect(!t.isSettled)
        t.add([read(.upcE, "01234565", q: 1)])
        #expect(t.accepted.map(\.value) == ["01234565"])
    }
}

extension BarcodeRegionFinderTests {
    @Test func withAlternationRequiredALongStraightEdgeIsNotABarcode() {
        // A sleeve's border against a darker table: one strong, perfectly coherent edge.
        var img = GrayImage(width: 320, height: 240, fill: 90)
        for y in 0..<240 { for x in 100..<320 { img[x, y] = 230 } }
        var finder = BarcodeRegionFinder()
        #expect(!finder.regions(in: img).isEmpty)
        finder.minAlternation = 0.5
        #expect(finder.regions(in: img).isEmpty)
        // Bars still pass.
        var page = GrayImage(width: 200, height: 120, fill: 220)
        let bars = Synthetic.bars(width: 110, height: 70, barWidth: 3, margin: 10)
        for y in 0..<70 { for x in 0..<110 { page[40 + x, 20 + y] = bars[x, y] } }
        #expect(!finder.regions(in: page).isEmpty)
    }
}

extension BarcodeTallyTests {
    @Test func aWeakRivalOfAStrongGTINIsDropped() {
        var t = BarcodeTally()
        t.add([read(.ean13, "4006178017785", q: 12, plain: true)])
        t.add([read(.upcA, "066721017185", q: 185), read(.ean13, "4006178017785", q: 3)])
        #expect(t.accepted.map(\.value) == ["066721017185"])
    }

    @Test func twoComparablyStrongCodesAreBothKept() {
        var t = BarcodeTally()
        t.add([read(.ean13, "8882412014989", q: 37, plain: true), read(.ean13, "9780441014989", q: 19, plain: true)])
        #expect(t.accepted.count == 2)
    }

    @Test func aShortSymbolWeakerThanALongOneIsAFragment() {
        var t = BarcodeTally()
        t.add([read(.upcE, "00870340", q: 15, plain: true), read(.upcA, "625034201058", q: 21, plain: true)])
        #expect(t.accepted.map(\.value) == ["625034201058"])
    }

    @Test func aWeakReadDoesNotSettleTheSearch() {
        var t = BarcodeTally(settleQuality: 20)
        t.add([read(.ean13, "4006381333931", q: 6, plain: true)])
        #expect(!t.isSettled && t.accepted.count == 1)
        t.add([read(.ean13, "4006381333931", q: 15)])
        #expect(t.isSettled)
    }
}
