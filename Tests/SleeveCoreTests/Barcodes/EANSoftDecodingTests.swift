@testable import SleeveCore
import Testing

/// Reading a symbol from the summed misfits of all its scanlines, under the symbology's rules.
@Suite struct EANSoftDecodingTests {
    /// Misfits that favour `classes` (0 for each, `other` elsewhere), per digit position.
    func costs(favouring classes: [Int], kind: EANScanlineDecoder.Kind, other: Double = 1) -> [[Double]] {
        classes.enumerated().map { p, cls in
            let count = kind == .ean8 || (kind == .ean13 && p >= 6) ? 10 : 20
            return (0..<count).map { $0 == cls ? 0 : other }
        }
    }

    @Test func theCheckDigitOverrulesTheCheapestDigit() throws {
        let (kind, truth) = try #require(EANScanlineDecoder.classes(of: "4006381333931", .ean13))
        var total = costs(favouring: truth, kind: kind)
        // Position 8 on its own prefers a neighbouring digit; only the check digit says otherwise.
        total[8][truth[8]] = 0.6
        total[8][(truth[8] + 1) % 10] = 0.5
        let best = EANScanlineDecoder.bestCodewords(kind, total)
        #expect(best.count == 2)
        #expect(best.first?.classes == truth)
        #expect(EANScanlineDecoder.assemble(kind, best[0].classes)?.1 == "4006381333931")
        // The runner-up differs in at least two digits: the cheaper neighbour (0.1 less) and one more (1 more).
        #expect(best[1].cost >= best[0].cost + 0.9 - 1e-9)
    }

    @Test func eachFirstDigitsParitiesAreHonoured() throws {
        // A UPC-A (first digit 0, all L codes) and an EAN-13 with G codes on the left.
        for value in ["036000291452", "9780201379624"] {
            let symbology: Barcode.Symbology = value.count == 12 ? .upcA : .ean13
            let (kind, truth) = try #require(EANScanlineDecoder.classes(of: value, symbology))
            let best = EANScanlineDecoder.bestCodewords(kind, costs(favouring: truth, kind: kind))
            #expect(best.first?.classes == truth)
            #expect(EANScanlineDecoder.assemble(kind, truth)?.1 == value)
        }
    }

    @Test func ean8AndUPCECodewordsObeyTheirCheckDigits() throws {
        let (k8, t8) = try #require(EANScanlineDecoder.classes(of: "96385074", .ean8))
        #expect(EANScanlineDecoder.bestCodewords(k8, costs(favouring: t8, kind: k8)).first?.classes == t8)
        // UPC-E of both number systems and of every expansion (last digit 0…2, 3, 4, 5…9).
        let values = ["01234565", "01234531", "04252614", "00123457"] + (0...9).map { "1123457\($0)" }.filter(CheckDigit.isValidUPCE)
        for value in values {
            #expect(CheckDigit.isValidUPCE(value))
            let (kind, truth) = try #require(EANScanlineDecoder.classes(of: value, .upcE))
            let best = EANScanlineDecoder.bestCodewords(kind, costs(favouring: truth, kind: kind))
            #expect(best.first?.classes == truth, "\(value)")
            #expect(best.first.flatMap { EANScanlineDecoder.assemble(kind, $0.classes)?.1 } == value)
        }
    }

    @Test func aCodewordWithoutAClearMarginIsNotRead() throws {
        // Two valid codewords fit equally well: neither may be reported.
        let (kind, a) = try #require(EANScanlineDecoder.classes(of: "4006381333931", .ean13))
        let (_, b) = try #require(EANScanlineDecoder.classes(of: "4006381333948", .ean13))
        #expect(CheckDigit.isValidGTIN("4006381333948"))
        var total = costs(favouring: a, kind: kind)
        for p in total.indices where a[p] != b[p] { total[p][b[p]] = 0 }
        let best = EANScanlineDecoder.bestCodewords(kind, total)
        #expect(best.count == 2 && best[0].cost == best[1].cost)
        let decoder = EANScanlineDecoder()
        let cluster = (0..<4).map { y in
            EANScanlineDecoder.Candidate(kind: kind, classes: a.map { _ in nil }, y: Double(y), x0: 10, x1: 200, costs: total)
        }
        #expect(decoder.softRead(cluster) == nil)
        // With the tie broken clearly on every scanline, the favoured value is read.
        for p in total.indices where a[p] != b[p] { total[p][b[p]] = 0.5 }
        let clear = cluster.map { var c = $0; c.costs = total; return c }
        #expect(decoder.softRead(clear)?.value == "4006381333931")
    }

    @Test func thinBarsAreReadWithThePrintGainModelled() {
        // Bars printed half a module narrower than nominal (an ink-starved print or an overexposed photo).
        let img = EANRenderer.image(EANRenderer.ean13("5012345678900"), modulePixels: 2.5, blur: 0.6, noise: 2, barGain: -0.5)
        #expect(EANScanlineDecoder().decode(img).map(\.value) == ["5012345678900"])
    }

    /// Harvested from the photo that motivated summed reading (zxing-cpp's blackbox sample
    /// upca-5/19, Apache-2.0; see Fixtures/README.md): the 16 scanline profiles (360 pixels, each
    /// the mean of 13 rows) the decoder took across the upright barcode region the reader handed
    /// it. zbar reads nothing on any variant of the photo.
    static let harvestedProfiles = [
        "959da4aaafb3b7b7b7b6b7b7b8b8b8b8b8b8b8b8b8b8b8b8b8b9bababababababbbbbbbbbbbcbcbcbdbdbebebebdbcbdbfbdbab9b8b4afa29189847f7a77797f807f7e7e7f7f7e7d7d7f654438373f49524e65778ca1aa9e938b888e99a4a8a0917f6455707f8f96917e5539496486acc4cccfc8bda080797f97abb4bfc2bebaaf9d6e43415b747f899093979b9b8e704e3a465d6774675d707b85836f6c7c95a5a0837f8da2b0afb0b0a89c926e616d7f75737c7c767e969c9e826c76757c76686266707a8c9a85523122357aaccbc7bbad96603134506c89a4aaa9acb3a98f5f708c9dab9f7368624d5f85a4b5b8b5aa96615a6a768689775c5560646472818fa4b3b5aca39c94929c9872547188a1b4bcab9a8170675646467194aabba0999897acaea79f959cb5c2c4bebbbbbab79d93a1bccdcda8687e91a0abc0d5dfe5e3d0bfb6b9bababbd0dfe5e3d2c2bcb8b8b8bec8d8e8ddcec4bcb8b7bac1cfe2efe6cebeb9b8b8b7",
        "b6bbbab8b6b5b4b4b5b5b6b6b7b6b6b7b9bbbec2c4c3c1bebbbabbbbbec1c6c8c6c2bdbbbabbbcbdbfc0c0c0c0bcbbbababab9b9afa397877b7b7d7e7f81858784827f828687847e736049454a433f46607b8c9da7ada5948183929eafad968674686870858e8e8b7b533e617488a0aeb9bcbcb4a88c7e8596a9b6bbbeb9b1a79072515d738c9ca38f7981878c8c7c706c727266545d64697c93a0937679919fa598808396adb4b4b4aea39180594a5e77818a896c6a7b87877d737c848b8063475666747e858e6c5243476e92adbab1a18d774a40474a566a879dabb4ab9c7b5d768b9b9f76424958557291a7ad9a8d7a68655e657e887c59393d54545160819baab0ac9e8991999ca189585d788fa3b0ac947c5a525649323d6c8ba4a27d748197aaa8968a727ea0babfbab9b4ada58e8dadd0dccd86456f86a0adc4ddeceee1cdbbb4b4b4b7bad2dee3d5c8bdb5b6b6b6bbc3d0d8cfc4bab6b4b4b7bfccd9e0dbc7b7b5b5b5b5",
        "bab9bab9b8b8b9b9b8b8b7b7b7b7b7b8bbbcc0c2c2c3c2c1bdbabcbdbec2c8cac8c6c5bfbcbcc1c4c6c7c3c4c6c5c2c0c0bcb3a6988a8282858a8e8585868a8484858e98aaa07f645e5c59514350667da1b7bfbdb7a38b8e97a4b4b4af9b8977737d808e9f93785d5163849ca8b1b6bcb9b2ada2968994a1acb1b8bbbab2a1815748537289989991969897938d856453516067707c807e7b8b918b818e99a3a69f8b8a9aa9b2b3b8bbbbbcae916b67717d8185838c989d9d9988798285887b5949657a898f8a6e4742557394a9bcc4a494734a4351605d5f7892abafa699876c7582898a7b5635384e708ba5a49786735c47445d6e8082724a42474b4b445e8295a2a8a086636e7f8b93714870899caab0a88e68423435362c547591a0957d899fb1b6a9907a7593acbec2bfbbb8b0a3847d93b6bfb58a768f9fabb3bcc0ccd0cac7beb9b9b6b6bbc1cacac9c7c1bbb7b4b4bbc1c9cdc7c2bebab3b0b3b7bdc3ccc9bdb4b2b2b3b4",
        "bab8babbbbbdc0c2c1bebdbcbcbcbcbec1c3c5c2c0bebebebdbdbebec0c1c4c3c0c1c1c1c2c4cacccfd0cdcfd2d1cfcccab59f8d817c7f8d93989da5a6a59e8183878d8a837a70655f593c324a607d9ab4bcb8ab9e887f95a3aeb1a5967a696c77838588877965667491adb6bec3c5c3baafa69e99a0aeb5b9b8b6b3a99882654f5a697b86888277889e9b8f7d64566a6f6a4e4b6e868f958d7e7483909092868594aaaeb3b5b4aa9e8d807b8184868986817161788d9e978d85817d796b4539547c9899978b4327263c648fb2c5c0a183522024242b4a6792adbbb39882664e6f869795865b3c495f7d95a19d958676665e5a6c79746d4f5269757a716f7fa2a9a9a5988783929d94855753718b9da7a6976e472d2625233f637c86866f6d80939ca2906f504e7996b2b0ada9a79e8d6a748fa7ac955a648795aaadb3b9bcbdbab4b4b4b4b2b4b8bfc4c2bebab6b4b6b4b3b5bbc0bebbb8b5b4b3b2b3b7babbbebdb3b0b0b0b1b0",
        "bbbbbcbcbdbdbebfbfbfbfbebebebebebebebfc0c0c1c1c1c1c0c0bfc7cacdd1d7dadee4e8edf0ede8e6d9d0cbc2b9aea38d817e8282828080848588888a8a8b8a8a876c4c3e3d3c3b3d43627c8d9fb1af9e91847f869eb0afa79781663d4965778687774f3b3d5a6f91aeb7b9bcbcaa938579808fa7b5b7b6b5ada185573a2c46647a847e767681929f886f5235282325281e2c597881837565667a837d745a6c99b0b5b7b7b39f826238232d6583898d735d62767979655b6c7e79623e2b213e6c7e827f60281d314c7194a8a8a07b55311b201f2149688eacb6a78c70545c7c8481715b403c5c728ca0a29782644f413d59757b79623c364346434a6584a1a5a39d8c6978898a85784b69859da7a59c7749362921212a50748c8e7e59758999a2a28c6441628098a7aaaaaba396835f7793a396744e73949da5acb4b6bab9b3b1b1b1b1afb3b9c1c6c2bab7b3b1b1b3b4b8bfc3bfb9b5b1b0b0afb4bcc3c4bfb6afaeaeaeaead",
        "bbbcc0c5cfd2d9dedbd6d3c3cbd3dcdfe3e4e1ded7cfcdc9c5c0bcbabec0c4c8ced3d8dce0e6eaedf1f3f7f9f8f3e9dbcbb8b3b1aaa49f9da1a4a7a8aaaeb2aea297857e736c696562687e9aaab2b6b6a3948a8d94a3b2afa28e735644567680838674472b39566f87a5bcc5c5c7c7b0998b8895a3afb4b4b1a8988051262f4c61748078677691acc8d5d4cdc2b897735f4f51627d8d8778696975827a66576b81a3b1b2b1b1a6865a341e223d697d7f7150556f7a7260505e737b633e1f1924516e7c785e371b23496486a4a5947f552e1d201d212f597691a8a6927952476a7f78603d1c1d446a829cae9b805e381c172759777e754c261c1c1c1d45648ca8a89d8b72446d868a7b61507c95a4a69e8a57281d1e1e1e3264808f816b568098a7ada280513d768ba2acacacb1a4917a5c7d8f957c5852879facadafb1b2b2b2b1b1b1b2b2b3b3b3b4b4b4b5b5b5b4b6b7b6b7b6b7b5b4b5b5b5b5b5b5b5b5b5b5b4b3b3b3b3b3b3",
        "d1dde8f1f5f7f9fafaf9faf0e7dfdfe0e0dfd7d0cac0bdbab8b8b8b7b7b6b7b6b6b7b7b8b9b9b9babdbfbebdbbb4bbc8d7e9f6f9f6f2ede3d8d1c9c4c7ccd0cdc5bebebcb8b3ada6a0a1acb7c1beb7af9b989eabafb0a7927a5a3e384868797b75653f223e58738aa0b1babebcbabaaba9aaacb0b1aeaba9a38e795e2e2c4b64747b74635e7986857e4f43403d3e33292434567280846f5e656e7a765e555f7b8fa3aba8a29f86602d191c365670776b4c4861706c57495966736c3d1e191d345d727863381c1c3e597794a6957a5f261c1a1d1a29426b879ba5977e5f4050727f6b4623172a5b7a91a1a88e6a4624162039697c7859341f1b1c1c2e517399a9a3957d5a4b798a866c4b5b859fa6a3947c421c1e1e1e1f3a70878e795c5c889ba9ab9d7441518095a6aeaeaeafa089705f85908f734e5c91a3acafb0b0b1b2b2b3b3b3b3b4b4b4b4b6b6b6b7b7b7b7b7b7b7b7b7b7b7b7b7b7b8b8b8b8b8b8b8b8b8b8b8b8b9b9b9",
        "f2fcfcfaf5f1e7dededfdfe2e2dfdde3e4dfdedad8d1cbc4bbb9b9b8b9b9b9b7b6b6b5b5b4b4b3b3b4b4b0a79f99959598919293979a9e9fa2a8adb1b5b0a09ea1a3a8aaa9b1bbc6cdd5d8d7c6af998778899ca8aaa18a6a48283a50687a7e6d54372339667e95a9aeaeaea3957e72667d94a1aaafada79d8b70502e264c627378736361707e7e764c1819161516191e2c4c6370735f515c6a7377614b5b778c9ba4a29c9386643712142e506570634b40566b6b4e3a5564696c481612123047656e5a3517112653748a9a9b7d533015151515193f627a909c938160364f60736a46271a193a6c8a9a9e9a784921191a305071715c3a1a19191c174565829e9c927f60365b7e826e443c698fa09d9582632b1a1b1a1e20507e867f65476d909fa7a3875f3e68879ea9ababab9e967a53678d927e633a6994a4abadaeaeafafb0b0b0b0b0b1b1b1b1b2b2b2b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b3b4",
        "e3e6e7e6e9eaeae5e4e1dfdddcdcdcdedfdededddcd9d6d0c3bfbdbbbbbbbcbec1c4c5c4c3c1c0beb8b1a6998d8a8886847a7e8892959897919193918873564b4a4b493f374d667f93abb0aea49a908991a2aba59e8e6b3f32405e727c84765b413a476c8c9ca8aeb3ada392816e657e98aab0b1b1ac9d8b73522e23486f777b7967677a8485795c30191a1919191b34586f7d8070536275807f7459688395a3acada89d8c7752211936536d7a73534a616e74663f586c72736534161b2e566671653b241719467791a0a2946d3d1b1919191929627e94a1a28b673f466974764e2b1a1d215a879ca39c90612f191a284a6d7a6442201a1a1c1b33628199a79e896c4737778981612c5081a0a89c8c734f1e1b1c1c1b286b8c86714d4c82a0a8a99e7f4b537a97a8afb0b0b09c8a7045779391734a3d7b9eaaafb0b0b1b0b0b1b1b1b1b1b3b3b3b3b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4b4",
        "acb0b5b9c0c4cdcccbcac8c2bcb8b6b5b5b4b3b4b3b1b0b0aeadadadaeaeaeb0b6bbbfc0c1c3b4aca2999697a1a7a49f99969b9e9e9c9ca1a5a3a2877a654f4a484a473d55778996a2a59a82726f747f98a29e9180683f3a53768c9eacb9bac1c7d1d5d9d8d4cac0b4a28c776c707e96abb4b1b0afa08366472a2c46687978716261788984705332211c1c1c1c1c2a59707c7d735761777b7c71595c8097a6a8abab9e8a6e532a1a375a717e7f5f5068747870565a757c7c6f4c1d1c3657717c724c1e1e1a326998a6a99d8657271a1b1b1b1d4a839dacafa584503c687b847336211b234179a0b1b0a1875321211c426f85835c321d1c1c1d23557b93a8b2a086613850868e7753396791adaea08a6b44211f221f18397b968b73465a8ea8b0afa3844563839fb1b8b6b6b4a08b7841819c9675413e83a6b1b7b8b8b8b8b8b8b8b8b8b8b9b9b9b9babababbbbbbbbbbbbbbbbbbbbbbbbbbbbbcbcbcbcbcbcbcbcbcbcbcbcbcbcbc",
        "8b8b8c8c94979ba0a1a2a1a0a1a3a4a5a6a5a39f9d9b9a999797979898989999999a9b9c9b97847a6d646b7b888a8c909293989994959ba1a59c8d7c7976736d645d575c7c95a5aea99e8d746c77899ca69c8c7e6237315a72838b908b776e7f91a5a9b0b5b3afac9f876d64677b90a3acaeaca79d8159371b27435f6e72695b566c7e7e6c4b2c1c1b1b1b1b1d1e4a6e7a7a6e5f5b737c7a6d5e4f7998a6aeb1b0a7907655331d2d5f737d7d705165757d756251687b7c705228182b4e6f78795e2b181629517ea4a9a38e713b1e1b1b1b1e2b6190a4ada9986f3c547b807f5d201e1f2b5585a5ada692783f1c1a265379857849221b1b1b1b305e8799aaaf957850346789896939447295adac99805d331e1e1e2216458196846742638eaaafaa9a7a406988a0aeb3b2b2aca0836d42809b95733f3e81a3aeb4b5b5b5b5b5b6b6b6b6b6b6b6b6b6b6b7b7b7b7b8b8b8b8b8b8b8b8b8b8b9b9b9b9bababababababababababababa",
        "9292929299989594969a9ca3a3a4a19c9998989898989695959697989899999a9b9b9c9b968b736b625c5e656563626265676463666b716f5739201d1d1e1e1d25324d63849ba098897a717283939fa598857053393057727d817767462333536f8697aaafaba6a18e7059737f91a2a9ababa195846030162748606e7364585d76828b7d67554f4c46423b333948738483775c5c74827c70595b7192a7adafaca996714d2d191e4671797a694f537077745b4a5c74766d502b191f476877746c3e181a1f426990a69e8f755223191a1d1623457698a6a39983524669807e7240191b1d446591aaa4977c5e2d1d1742637a7f64321e1c1b1b224a74929fa8a583643848738b7a58275d7d9da9a38c724f251e1e1e1f1b5188937855437293abaea4916f3e7091a6b0b1b1b1ab9b815b44869a8c6b334686a5acafb3b3b3b4b4b4b4b6b6b6b6b6b7b7b7b8b8b8b8b8b8b8b8b8b8b8b8b8b8b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9",
        "878788888a8a89898b8f929496969796979797989898989999999b9b9b9b9c9c9d9d9d9b93846f68615c5e6261615f5f62615e60666c6f562d1a171919191a1c3150677b979c9586736666768a9599957c5a3c20204866777a7158402d38627c90a2adb3afa89d8e77687b8e9daab2b0b0ad9c896f3f1f30556a777b6e5c657a868c79492a1e201d1d1d1d243f5b7777684f4864777666525566829ba6a8a6a1977c4a2b191730607a796c51416575755e405170796c54301819316175776e55251b243f637e9aa08e7857301c1b1b1c1b3f5f88a1a79c896a425f7c7d755e2b1b1b325b7b9ca7998667451e1a285a74807d4c201c1c1b1b2a5c8099a5a899764d345e818869442c6d869fa69c7f63421f1e1e1e1a2d5f8a8e6b434e799badaa9b84643d7b94a9b3b4b1b1ab9a7d4f4b8aa287662f4c8eabaeafb5b5b5b5b5b5b5b7b7b7b7b7b8b8b8b9b9b9b9bababababababababababababababababababababababababababa",
        "8b8b8c8c8c8c8f9192959697989999999a9a9a9b9b9b9b9b9b9b9a9a9b9b9a9a9b9b9b9b907a6c655e5c5e615f5f5e5e605e5d62686b65391b16171818181933516a7e8c9a9287776765728b9b9d9484663c1f2c45616f7369512c2128517b8d9ca8aaa89c91826f66718fa0a9adaeaca498836643223356737c7c7462677985887d53251d1c1d1d1d1d273e60757a6b554c61767a6950546b7f94a2a5a5a29787602e1d1f2c51737d7054435e737363414d69787154331b1a1c4d727b765a391c203f647f95a0987e63401d1d1d1d19345a7a99a6a28f784f4673827e644420192b4e748ca3a18f744f2b1d21476d808170371b1c1f1f1f39708ea5a7a68f6337486e8983582e4a7c91a3a39273512d1f1e1e1e164476948a61396281a5aea99b835540829aacb3b3b2b2ac9b79424f8da286632d4d90adb1b2b6b6b6b7b7b7b7b8b8b8b8b8b9b9b9babababababababababababababababababababababababababababababab9",
        "949495959595979797999897969695928e8c898b8c919497999a9a9a9b9b9b9b9b9b9b948a766b645f5e5f605f5f5f5f5f5f606468604825191818181818274e6a7e8a8f8f837f7c7b7a78767777767a82898993979a98908477645e5f6a737678797f8a9595959294989c9c938c8a827f7a71685b546275879093918e949a9c8f805e4848484947494a5b6b7d8990867c8b909491827986929a9f9fa1a4a39d90735b5a6371808174573f587376654947677b83765f4a4546527387837757463c45667e919fa0907b5d43373738373e5b7b8ea3a59d886c42638686765a422c2d5073889ca69c8567452a263b60818b7e6130202121261f52889ca9a7a18546366487997d482d6d8a9daca48d6c43221c1f1f1f1251839780503c6987a8aba4957a4446869babafafb0b0a99271405492a282622c4c90afb2b3b4b4b6b6b6b7b7b7b7b8b8b8b9b9b9b9b9b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b7",
        "8e8e8f8f90919394949594928a7e736b635c646a6c767d8592999a9a9a9a9a9a9b9b9b99968f8b89888887878686858585858688847e73686564636363646f80899093908a817d7c7d7f7b767474737889989c9f9f9e9c90847a6a63667071706c6e7384969ca0a19d8d79625862738899a09e988d75574d637a8c9da8a9a9a7a29a8c7b7063584a4145546d8290a2a8abababaaa1948a82847c767e8b96a1acaeaeaeaeaeaea78c675460778176554e6e879ba8aaa7a59c968e87888886807a7168788d9da5aeaeaca4998975797d8085888a8980796f6a7e98aaada9a7a29f98979490908b796c5c697a8f9ca5aaada9a2908074656c71849093949489776c7c95a3aba396949d9c988a8781776e6762626a6e7490a0a07f41427792aab1a59575364f909fb0b4b4b3b3ac956a395896a383622c4c8fadb0b2b5b5b5b6b6b6b6b6b6b7b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b8b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9b9"
    ]

    @Test func aPhotographedSymbolIsReadFromTheSummedMisfitsOfItsScanlines() {
        let rows = Self.harvestedProfiles.map { hex in
            stride(from: 0, to: hex.count, by: 2).map { i -> UInt8 in
                let s = hex.index(hex.startIndex, offsetBy: i)
                return UInt8(hex[s...hex.index(after: s)], radix: 16)!
            }
        }
        // Each profile as a band of 16 rows, with two bands of margin above and below, so the
        // decoder's 16 scanlines fall on the band centres (10% to 90% of the height).
        let band = 16
        var img = GrayImage(width: rows[0].count, height: (rows.count + 4) * band)
        for y in 0..<img.height {
            let row = rows[min(rows.count - 1, max(0, y / band - 2))]
            for (x, v) in row.enumerated() { img[x, y] = v }
        }
        let decoder = EANScanlineDecoder()
        let soft = decoder.softVote(decoder.candidates(img, kinds: [.ean13]), skipping: [])
        #expect(soft.map(\.value) == ["625034201058"])
        #expect(decoder.decode(img).map(\.value) == ["625034201058"])
    }
}
