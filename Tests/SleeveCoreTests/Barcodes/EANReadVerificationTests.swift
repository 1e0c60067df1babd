import SleeveCore
import Testing

/// The template reading as a check on another decoder's EAN/UPC read.
@Suite struct EANReadVerificationTests {
    let decoder = EANScanlineDecoder()

    /// `body` (all digits but the check digit) with the check digit that makes it valid.
    func valid(_ body: String) -> String {
        (0...9).map { body + String($0) }.first(where: CheckDigit.isValidGTIN)!
    }

    /// The symbol's outer edges in an `EANRenderer` image (quiet zone of 10 modules).
    func span(modules: Int, modulePixels m: Double) -> (x0: Double, x1: Double) {
        (10 * m, (10 + Double(modules)) * m)
    }

    @Test func theValueASymbolEncodesIsConfirmedOnEveryDigit() throws {
        let value = "4006381333931"
        let img = EANRenderer.image(EANRenderer.ean13(value), modulePixels: 2, blur: 0.6, noise: 3)
        let v = try #require(decoder.verdict(on: value, symbology: .ean13, in: img, span: span(modules: 95, modulePixels: 2)))
        #expect(!v.contradicts)
        #expect(v.agreeing.allSatisfy { $0 >= 2 })
        #expect(v.opposing.allSatisfy { $0 == 0 })
    }

    @Test func aValidValueWithOtherDigitsIsContradicted() throws {
        // Passes its check digit, as a misdecode often does, but two digits differ from the bars.
        let misread = valid("400638733393")
        #expect(misread != "4006381333931")
        let img = EANRenderer.image(EANRenderer.ean13("4006381333931"), modulePixels: 2, blur: 0.6, noise: 3)
        let v = try #require(decoder.verdict(on: misread, symbology: .ean13, in: img, span: span(modules: 95, modulePixels: 2)))
        #expect(v.contradicts)
    }

    @Test func aDifferentParityIsAContradictionToo() throws {
        // Same twelve digits after the first: only the left half's parities (the first digit) differ.
        let img = EANRenderer.image(EANRenderer.ean13("036000291452"), modulePixels: 2.5, blur: 0.5)
        let right = try #require(decoder.verdict(on: "036000291452", symbology: .upcA, in: img, span: span(modules: 95, modulePixels: 2.5)))
        #expect(!right.contradicts)
        let otherFirst = valid("503600029145")
        let wrong = try #require(decoder.verdict(on: otherFirst, symbology: .ean13, in: img, span: span(modules: 95, modulePixels: 2.5)))
        #expect(wrong.contradicts)
    }

    @Test func shortSymbolsAreJudgedByTheirOwnLayout() throws {
        let ean8 = EANRenderer.image(EANRenderer.ean8("96385074"), modulePixels: 2, blur: 0.5)
        let v8 = try #require(decoder.verdict(on: "96385074", symbology: .ean8, in: ean8, span: span(modules: 67, modulePixels: 2)))
        #expect(!v8.contradicts && v8.agreeing.allSatisfy { $0 >= 2 })
        let upcE = EANRenderer.image(EANRenderer.upcE("01234565"), modulePixels: 2, blur: 0.5)
        let vE = try #require(decoder.verdict(on: "01234565", symbology: .upcE, in: upcE, span: span(modules: 51, modulePixels: 2)))
        #expect(!vE.contradicts && vE.agreeing.allSatisfy { $0 >= 2 })
        // Another UPC-E whose check digit (carried by the parities) and a digit differ.
        let otherValue = try #require((0...9).map { "0123457\($0)" }.first(where: CheckDigit.isValidUPCE))
        let other = try #require(decoder.verdict(on: otherValue, symbology: .upcE, in: upcE, span: span(modules: 51, modulePixels: 2)))
        #expect(other.contradicts)
    }

    @Test func scanlinesAwayFromTheReadSayNothing() throws {
        // The span given is not where the symbol is: no scanline is judged, so no contradiction.
        let img = EANRenderer.image(EANRenderer.ean13("4006381333931"), modulePixels: 2, blur: 0.6)
        let v = try #require(decoder.verdict(on: valid("400638733393"), symbology: .ean13, in: img, span: (60, 150)))
        #expect(v.agreeing.allSatisfy { $0 == 0 } && v.opposing.allSatisfy { $0 == 0 })
        #expect(!v.contradicts)
    }

    @Test func aReadOfBarsLyingFlatIsJudgedAfterAQuarterTurn() throws {
        let upright = EANRenderer.image(EANRenderer.ean13("5012345678900"), modulePixels: 2, height: 60, blur: 0.5)
        let flat = upright.rotatedQuarterClockwise().image
        // After a clockwise quarter turn the symbol runs down the image, from y = 20 to y = 210.
        let box = [Point(x: 20, y: 20), Point(x: 40, y: 20), Point(x: 40, y: 210), Point(x: 20, y: 210)]
        let right = try #require(decoder.verdict(on: "5012345678900", symbology: .ean13, in: flat, box: box, barsUpright: false))
        #expect(!right.contradicts && right.agreeing.reduce(0, +) >= 12)
        let wrong = try #require(decoder.verdict(on: valid("501234597890"), symbology: .ean13, in: flat, box: box, barsUpright: false))
        #expect(wrong.contradicts)
    }

    @Test func codesWithoutCheckDigitsAreNotJudged() {
        let img = EANRenderer.image(EANRenderer.ean13("4006381333931"), modulePixels: 2)
        #expect(decoder.verdict(on: "HELLO", symbology: .code128, in: img) == nil)
        #expect(decoder.verdict(on: "4006381333931", symbology: .qr, in: img) == nil)
    }

    /// Harvested from the photo that motivated the check (zxing-cpp's blackbox sample
    /// ean13-1/37, Apache-2.0; see Fixtures/README.md): the symbol's crop as the reader
    /// judged it, 326 pixels wide, averaged into 8 bands of rows. zbar read it as
    /// 1040183002834 on several variants, check digit valid; the bars say 5000213002834.
    static let harvestedBands = [
        "dde1e6e5e5e5e6e6e6e6e7e7e7e7e8e8e8e8e7e7e8e8e8e8e9e9e9e9eaebe6d6beafb5c2c1b8b6b3bdcfdce6eceeece7d8c0a98a879cbdcccabfb9b7c6d1ccb8b5c0d0e2eaf7d9ccb091897e7c81a6bdd3d7bfbbbcd2e1eceff0d5c3a282827f8597c1d9e8f3edebd8c2c1cdddedf4eee3cea68d8db0d5e6eff3f7e6cdaf9190aacfe6f0f1f3e4c4b6c0cccdbfa5a8c8e7f1f1f1f1f2f3f3ede6c2acaaccdad0b9a7bcdddecab1b6cdf1dcb6918981808893bed9edfaeff1dcbab0cfebf1caaa8b88878798c1e4f2f6f7fcedcfa9c4eef4d9a9958c97bce3f3dfb4968796bcdef4f6f3efd6b4b9d7f0f9f4f2dcb9b2d0eafdf4f5f5f7f2e0bd99badff2f2f6f5f5f6f6f5eee2b0a6bbe4e8c5aaacdeeadaad90817a847d96bee2eef2ece2cca4a0c3d1c6a598bbd8efedeeeeeeededecececededececebecebebebebecebeae8e6dbc19a776c",
        "d8dfe0e0e0e0e2e2e2e2e3e3e3e3e4e4e5e4e5e5e5e5e5e5e5e5e5e5e5e7dfcfb8acaebbbab3acaabdcfdde0e5e3e7ded0b59e817d96b7c6c3b2b0b8c5c3beafafbcccdde2eccdbfa286736e727c9ebacdc5afafb7cedce7e7e0c6aa90776d6e788fb4cfe0eae5dec5acb1c2d4e9ebe1cfb590797da1cfdce5e7e6d1b18e7a7fa0cbd9e5e9e9d0b3a5aec8c4ae97a3c3dfe7ebeaeaebeae9e2d5ac9ca2c5d2bca795bfd2cfae9eafcae1c5a6827170707c89b2d5eaedece0c6a5a9cae3dac097797c797b8db7d7e7edefeedab9a2c5e0dfc29585808eb6d6ddc79a837b89bad7e9f0f0dfc2a6a9d5eee9eee5c99ea6cde8ededededf0e7caa690bad8edf4edeeeeeee9efe4cca09ab5dfd3ad9cb1d7e0ca977e716e797791b8d7e4e8e0d9b59598c1c6b88b94b2d1e6e6e5e5e5e5e5e5e5e5e6e6e5e5e5e5e4e3e3e2e2e2e2e0ddcda8876a61",
        "d2d8dcdcdcdcddddddddddddddddddddddddddddddddddddddddddddddded1c2aa9fa2b0afa7a19eb1c6d5dadcdadaceba9c866b638dafb8b1a2a0a9b6b3aa9da1b1c2d1d6dab9a886635752575e93b1c0afa1a0a9c0cfdadad2ae91735854565e75b0c3d8e0dbcdb198a7b8cfe1e2d0b99c7966719dbbd4dae0d3be9c77626d93c3d0dee1ddb8a199acb3b6a0879ebcd7dfe2e2e1e3e3ded1be9a8c97bcbfa2948ebbc8bfa08cacc8caad8a665c555a677db1d1dee1dccab093a2c3d6c79877646361677dabcfe1e4e3d6bfa396c4d1c69f765f6685b3c9caaf7b6a697cb1cee1e7dacaa988a3cce5dfded1b2859dc4dee1e3e2e2e8d1ac8c89bbd4e2e6e6e6e6e6e6ebd9b2879ebbd5bf9c8fafced2b47e6e65646f6692bcd3e2e2d8cb9d8796c3bea87c90bad0dee0dfdfdfdfe0e0e0dfe0dfdedfdfdfdededededededad8d1be97755c53",
        "cbd4d6d6d6d6d6d6d6d6d6d6d6d7d5d5d5d5d6d6d6d6d6d6d6d6d6d5d6d7c9b39d949ba6a29b9696a8bdced6d8d8cfc4b19476595c89acb2a69897a1afaea2959cadc2cfd4d3b4a3805d55464d6491aebdaf9e9da6bfcfd9d2c2aa896a5352505b7dabc2d5ddd5c7ac91a7b7ccdcdac7b2956e6170a0bbced9dacbb692695a6f97bdd4d9d8cfb89490aab0ae9881a1bad2dddededededed8cbb8967da2bdbf9c8f8fbbc4b69092a9c3bfa6835e5258546487b1cfdce2d8c1a790a3c5d1b58a6b5a56586481b0cce0e3dfd2b59c95c6d3c59e7268728eb9d6ce9c7a6a6d83b6d3e0e0dbbf9c88adcee2dcdebea084a0c2dbe0dfdfe0e2cca0838fc2d6dfdfdedededfdddec494809fbdcdac8885bfcbc19b6d5853535a6391bccedddbcdb186829dbeb3986f93b8cdd8d8dbdadadad9d9d9d8d8d7d7d7d7d7d7d6d6d5d5d6d7cfc3a97957413f",
        "c2cad0cfcfcfd0d0d0d0d1d1d1d1d0d0d0d0d1d1d2d2d3d2d3d2d2d1d1d3c4ae96909ca29e959393a5b9c8d1d4d2cbc2ad9073585b8ba7ada69b999faaa7a1949aacc0cfd2ccae9d7a584d4248608da7b2ad9b9aa3bacdd7cfbda381644c4846557ea4c0d1d8d2bea38e9fb5cbd4dac3a78960566ba0b8c9d4d7c0ac89624b6e9abaced3d1c9a7888bacb0a88f7fa2b9d0dadadadad9ddd4c1aa8a819db7b5908197b2bcac858fa6bebe9a724e474f445a8cb0c8d8dbd3b29788a4c1c8a474594c494c5c81b5c8d8dacfca97829dbcc3ac7d5a4a6090b4c6b2885a525e7cadccd9d8cbac887cb0c9d8dad3ac8b7aa7c1d6ded6d6d6d4b0837292bcd1d8d7d7d7d7d8d7cfb080739ebfc0887a8eb8c0ac7d50404342405f94becadad2bd9c6c7fa0b8a17f6597bbccd2cfd0d0d0d0d1d1d1d1d2d2d0d0cfcfcececfcfcfd0d1c5b09052382a30",
        "bfc5cacacacacbcbcccccdcdcdcdcdcdcdcdcdcdcececdcdcececececed0c2ad968f929e9e95908ea1b7c4cfd0ceccc1ad9074565784a4a9a297969ba6a39d8f96a6bccacdc6a9987553473d425991a7aea89896a3bac9d2cbba9c7c5e483a3e527ba5bbcbd2d0b69a8b9eb0c6d4d4bca080574f68a1b3c7d1d3bea67f5a496b98b7ccd0cec5a08a8da3afa4887ea1b9cad6d5d4d4d6d4cebba5818099b3ad897e99b0b7a57b8dabbfb18d6446424145618bb2c6d3d4c9ac9185a8bebb986950444540567fb9c6d7d7ceba8d7ea2b7bb9f6854445c94b7bda6785240578cb1cbd4d0c3987b88b3cad3cfc59f817fb0c5d2d4d5d9d2bea374719ebed1d5d2d2d2d2d4ccba9a6c82a5bdad797895bcb49a673b3c3c3b416b9ac2cdd1c9af8a6387a7b0916a6badbbcdcecbcdcdcecececdcecdcecdcdcdcdcdcdcccccbcbccccb99b70442c262b",
        "b7c1c7c9c8c9cbcac9c8cbcbcbcbcacacacac9c9c9c9cacacbcbcccbccccc3ac948f919d9c948f8c9fb5c3cdcecdcabfab8e7452507a9fa39d929196a29f9a8d92a4b6c5c7c1a493704d42393e548ba1aba796929cb4c4cfc7b7987759423b3c5079a0bac9d1ccb196879eadc3d4ceb89b7b534e669eb2c3ccc9b99e7758456896b4c6cfc7b896878ea1a499837f9db7c8cfcfcececfcec7b49d7483a0b0a3837a9ab0b2957f89a9b4aa835a3e383b3d5e93b5c8d0ccc0a08686aebdb08d5c463d40435c87b6c7d4d1c4ac857da7b6b692554b4264a2b7b99862433d5f96b7cbcec9b48a7792b6cacfc9b78e7687b3c6cececed4cab3926b74aec0d1d3cfcecfcfcccaad8a688dabb696727d9cbead81523538373a4281a6c3cbccc0a1706a94b0a3786379b3c1cacbc9cacacac9c9c9c9c9cacac9c9c9c9c8c8c7c8c8c8cbaf895336242029",
        "adb8c0c3c4c4c5c4c4c4c5c5c5c5c6c6c6c6c6c6c6c6c7c7c7c7c6c6c6c7bbac968a8996968e888498acbac3c8c8c7baa8896e4d497298a09c90898f9da09c8c8d96b5c2c4bca593704e41383c55839ca6a2938f99b0c2cbc3b295765742383c4e75a2b8c4c7c5b0958595acc3cdc8b296764d48649fafc2c8c5b1977250416a98afc6cbc3ae9580869fa295827b9db3c6cecbcbcbcbd0c1ab8e76829ca7a1827899aaac907a86a4aca370523b373a3d5f93b2c4cbc9b5998287afb8a77e573f3c3e3f628fb8c4cecabd9d7c7cadb4aa7d4c3e476ca0b1ae864a3f406798b7c9cbc29e7c749cb9c9cbc3af7b6d8fb3c5cac9cccfc0aa6f657dbbc1cccdcbcbcacac7c497716399b1ac806588a7b29a613a353632384c95b0c2c6c0ad8b607b9dae90696b91bac3c6c5c4c5c5c6c6c5c5c6c5c6c6c5c5c5c5c4c4c5c3c2c6b89b713733252123"
    ]

    @Test func zbarsMisreadOfAPhotographedSymbolIsContradicted() throws {
        let rows = Self.harvestedBands.map { hex in
            stride(from: 0, to: hex.count, by: 2).map { i -> UInt8 in
                let s = hex.index(hex.startIndex, offsetBy: i)
                return UInt8(hex[s...hex.index(after: s)], radix: 16)!
            }
        }
        var img = GrayImage(width: rows[0].count, height: rows.count)
        for (y, row) in rows.enumerated() { for (x, v) in row.enumerated() { img[x, y] = v } }
        // zbar placed the symbol 32…294 pixels into the crop.
        let misread = try #require(decoder.verdict(on: "1040183002834", symbology: .ean13, in: img, span: (32, 294)))
        #expect(misread.contradicts)
        let right = try #require(decoder.verdict(on: "5000213002834", symbology: .ean13, in: img, span: (32, 294)))
        #expect(!right.contradicts)
        #expect(right.agreeing.allSatisfy { $0 >= 2 })
    }
}
