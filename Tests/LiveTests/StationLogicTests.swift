import Reading
import Settings
import Station
import SleeveCore
import Testing

/// The live loop's decisions, fed frame observations by hand: no threads, no clock.
@Suite struct StationLogicTests {
    static let quad = Quad([[100, 100], [500, 110], [490, 500], [95, 490]])
    static let ean = Barcode(symbology: .ean13, value: "5012345678900", checksumValid: true, corners: [])
    static let otherEan = Barcode(symbology: .ean13, value: "4006381333931", checksumValid: true, corners: [])

    var settings: LiveSettings = {
        var s = LiveSettings()
        s.stableSeconds = 0.5
        s.leaveSeconds = 1.0
        s.ocrIntervalSeconds = 2.0
        s.readsPerSleeve = 2
        s.barcodeHoldSeconds = 10
        return s
    }()

    /// Frame `n` at 10 fps; the image's one pixel carries `n` so kept frames can be told apart.
    static func frame(_ n: Int, outline: Quad? = quad, motion: Double? = 0, difference: Double? = 0,
                      sharpness: Double = 10, codes: [Barcode] = []) -> FrameObservation {
        FrameObservation(sequence: n, time: Double(n) / 10, image: GrayImage(width: 1, height: 1, pixels: [UInt8(n % 256)]),
                         outline: outline, motion: outline == nil ? nil : motion, difference: difference,
                         sharpness: sharpness, confirmedBarcodes: codes)
    }

    static func read(_ r: ReadRequest, catalog: String?, artist: String? = "ARTIST") -> SleeveRead {
        var rec = SleeveRecord(source: .init(path: "", width: 1, height: 1, sha256: "", size: 0, device: "", capturedAt: ""))
        rec.catalogNumber = catalog
        rec.artist = artist
        rec.lines = [SleeveRecord.Line(text: [artist, catalog].compactMap { $0 }.joined(separator: " "),
                                       rect: Rect(x: 0, y: 0, width: 1, height: 0.1), confidence: 90)]
        return SleeveRead(record: rec, frame: r.frame, rectified: nil)
    }

    static func reads(_ a: [StationAction]) -> [ReadRequest] {
        a.compactMap { if case let .read(r) = $0 { r } else { nil } }
    }

    static func writes(_ a: [StationAction]) -> [SleeveEvidence] {
        a.compactMap { if case let .write(e) = $0 { e } else { nil } }
    }

    @Test func stabilityNeedsStillCornersAndStillFramesForTheHoldTime() {
        var m = StabilityMeter(maxMotion: 0.01, maxDifference: 3, holdSeconds: 0.5)
        func step(_ t: Double, _ motion: Double?, _ d: Double) -> Bool { m.update(time: t, motion: motion, difference: d) }
        #expect(!step(0, 0.001, 1))
        #expect(!step(0.4, 0.001, 1))
        #expect(step(0.5, 0.001, 1))
        // A hand over the sleeve: the corners hold but the frame changes.
        #expect(!step(0.6, 0.001, 12))
        #expect(!step(0.7, 0.001, 1))
        #expect(!step(1.0, 0.05, 1))
        #expect(!step(1.1, nil, 1))
        #expect(m.stillSince == nil)
    }

    @Test func aSleeveThatHoldsStillIsReadOnceOnItsSharpestFrameAndWrittenOnceWhenItLeaves() {
        var logic = StationLogic(settings: settings)
        var requests: [ReadRequest] = []
        // Sliding in (moving), then still from frame 5; frame 7 is the sharpest of the run.
        for n in 0..<5 { requests += Self.reads(logic.observe(Self.frame(n, motion: 0.05))) }
        #expect(requests.isEmpty)
        for n in 5...10 { requests += Self.reads(logic.observe(Self.frame(n, sharpness: n == 7 ? 50 : 10))) }
        #expect(requests.count == 1)
        #expect(requests.first?.frame.sequence == 7)
        #expect(logic.state == .reading)
        // Nothing else starts while the read runs, however long the sleeve stays.
        for n in 11...60 { let a = logic.observe(Self.frame(n)); #expect(Self.reads(a).isEmpty) }
        var actions = logic.readFinished(sleeve: requests[0].sleeve, read: Self.read(requests[0], catalog: "HPR 1042"))
        // The interval has passed long ago: the second read of this sleeve starts now.
        #expect(Self.reads(actions).count == 1)
        actions = logic.readFinished(sleeve: 1, read: Self.read(Self.reads(actions)[0], catalog: "HPR 1042"))
        // Still in view for another minute: no more reads, nothing written.
        for n in 61...660 {
            let a = logic.observe(Self.frame(n))
            #expect(Self.reads(a).isEmpty && Self.writes(a).isEmpty)
        }
        // Gone: written once, after leaveSeconds and not before.
        var written: [SleeveEvidence] = []
        for n in 661...671 { written += Self.writes(logic.observe(Self.frame(n, outline: nil))) }
        #expect(written.count == 1)
        #expect(written.first?.reads.count == 2)
        #expect(written.first?.agreedCatalog == "HPR 1042")
        for n in 672...700 { let a = logic.observe(Self.frame(n, outline: nil)); #expect(Self.writes(a).isEmpty) }
        #expect(logic.state == .searching)
    }

    @Test func aHandPassingOverIsNotALeavingAndTheSleeveIsReadAgainNotWrittenTwice() {
        var s = settings
        s.readsPerSleeve = 1
        var logic = StationLogic(settings: s)
        var requests: [ReadRequest] = []
        for n in 0...10 { requests += Self.reads(logic.observe(Self.frame(n))) }
        _ = logic.readFinished(sleeve: 1, read: Self.read(requests[0], catalog: "GOR 4471"))
        for n in 11...29 { let a = logic.observe(Self.frame(n)); #expect(Self.reads(a).isEmpty) }
        // The hand: outline lost for 0.5 s (under leaveSeconds), then back.
        var all: [StationAction] = []
        for n in 30...34 { all += logic.observe(Self.frame(n, outline: nil, difference: 40)) }
        for n in 35...60 { all += logic.observe(Self.frame(n)) }
        #expect(Self.writes(all).isEmpty)
        #expect(Self.reads(all).count == 1, "put back: read again")
        _ = logic.readFinished(sleeve: 1, read: Self.read(Self.reads(all)[0], catalog: "GOR 4471"))
        var written: [SleeveEvidence] = []
        for n in 61...80 { written += Self.writes(logic.observe(Self.frame(n, outline: nil))) }
        #expect(written.map(\.number) == [1])
    }

    @Test func aBarcodeHeldUpBeforeTheSleeveIsLaidDownBelongsToIt() {
        var logic = StationLogic(settings: settings)
        _ = logic.observe(Self.frame(0, outline: nil))
        _ = logic.observe(Self.frame(1, outline: nil, codes: [Self.ean]))
        for n in 2...9 { _ = logic.observe(Self.frame(n, outline: nil)) }
        var requests: [ReadRequest] = []
        for n in 10...20 { requests += Self.reads(logic.observe(Self.frame(n))) }
        #expect(requests.first?.sleeve == 1)
        _ = logic.readFinished(sleeve: 1, read: Self.read(requests[0], catalog: "NFD 3318"))
        var written: [SleeveEvidence] = []
        for n in 21...40 { written += Self.writes(logic.observe(Self.frame(n, outline: nil))) }
        #expect(written.count == 1)
        #expect(written.first?.barcodes.map(\.value) == [Self.ean.value])
        #expect(written.first?.barcodeFrame?.sequence == 1)
    }

    @Test func aDifferentProductCodeFinishesTheSleeveBefore() {
        var logic = StationLogic(settings: settings)
        var requests: [ReadRequest] = []
        for n in 0...10 { requests += Self.reads(logic.observe(Self.frame(n, codes: n == 2 ? [Self.ean] : []))) }
        _ = logic.readFinished(sleeve: 1, read: Self.read(requests[0], catalog: "A 1"))
        let actions = logic.observe(Self.frame(11, outline: nil, codes: [Self.otherEan]))
        #expect(Self.writes(actions).map(\.number) == [1])
        #expect(logic.current?.barcodes.map(\.value) == [Self.otherEan.value])
    }

    @Test func aReadWithAnotherCatalogNumberSplitsOffANewSleeve() {
        var logic = StationLogic(settings: settings)
        var requests: [ReadRequest] = []
        for n in 0...10 { requests += Self.reads(logic.observe(Self.frame(n))) }
        var actions = logic.readFinished(sleeve: 1, read: Self.read(requests[0], catalog: "HPR 1042"))
        requests = Self.reads(actions)
        for n in 11...40 where requests.isEmpty { requests += Self.reads(logic.observe(Self.frame(n))) }
        // Swapped quickly for another sleeve: the second read disagrees.
        actions = logic.readFinished(sleeve: 1, read: Self.read(requests[0], catalog: "MSR 2207", artist: "OTHER"))
        #expect(Self.writes(actions).map(\.number) == [1])
        #expect(Self.writes(actions).first?.agreedCatalog == "HPR 1042")
        #expect(logic.current?.number == 2)
        #expect(logic.current?.agreedCatalog == "MSR 2207")
    }

    @Test func aSleeveThatLeavesDuringItsReadIsWrittenAfterTheReadInCaptureOrder() {
        var logic = StationLogic(settings: settings)
        var requests: [ReadRequest] = []
        for n in 0...10 { requests += Self.reads(logic.observe(Self.frame(n))) }
        // Leaves while the read runs; the next sleeve comes and holds still.
        var all: [StationAction] = []
        for n in 11...25 { all += logic.observe(Self.frame(n, outline: nil)) }
        for n in 26...40 { all += logic.observe(Self.frame(n)) }
        #expect(Self.writes(all).isEmpty, "waits for its read")
        #expect(Self.reads(all).isEmpty, "one read at a time")
        all = logic.readFinished(sleeve: 1, read: Self.read(requests[0], catalog: "A 1"))
        #expect(Self.writes(all).map(\.number) == [1])
        #expect(Self.reads(all).map(\.sleeve) == [2])
    }

    @Test func aSleeveThatNeverHeldStillIsNotWritten() {
        var logic = StationLogic(settings: settings)
        var all: [StationAction] = []
        for n in 0...10 { all += logic.observe(Self.frame(n, motion: 0.2)) }
        for n in 11...30 { all += logic.observe(Self.frame(n, outline: nil)) }
        #expect(Self.writes(all).isEmpty && Self.reads(all).isEmpty)
        #expect(logic.current == nil)
    }

    @Test func atShutdownTheSleeveInViewIsWrittenWithWhatIsKnown() {
        var logic = StationLogic(settings: settings)
        var requests: [ReadRequest] = []
        for n in 0...10 { requests += Self.reads(logic.observe(Self.frame(n, codes: n == 1 ? [Self.ean] : []))) }
        #expect(requests.count == 1)
        // Stopped by a signal while the read runs: nothing until the read ends or is abandoned.
        let a = logic.finishAll(reading: false); #expect(Self.writes(a).isEmpty)
        let written = Self.writes(logic.abandonRead())
        #expect(written.map(\.number) == [1])
        #expect(written.first?.reads.isEmpty == true)
        #expect(logic.isIdle)
    }

    @Test func atEndOfInputASleeveNeverReadGetsItsRead() {
        var s = settings
        s.ocrIntervalSeconds = 100
        var logic = StationLogic(settings: s)
        var requests: [ReadRequest] = []
        for n in 0...10 { requests += Self.reads(logic.observe(Self.frame(n))) }
        _ = logic.readFinished(sleeve: 1, read: Self.read(requests[0], catalog: "A 1"))
        for n in 11...25 { _ = logic.observe(Self.frame(n, outline: nil)) }
        // The next sleeve holds still but the interval holds its read back.
        for n in 26...40 { let a = logic.observe(Self.frame(n)); #expect(Self.reads(a).isEmpty) }
        let end = logic.finishAll(reading: true)
        #expect(Self.reads(end).map(\.sleeve) == [2])
        let done = logic.readFinished(sleeve: 2, read: Self.read(Self.reads(end)[0], catalog: "B 2"))
        #expect(Self.writes(done).map(\.number) == [2])
        #expect(logic.isIdle)
    }

    @Test func mergingVotesEachFieldAndKeepsTheAgreeingRead() throws {
        var e = SleeveEvidence(number: 1, firstSeen: 0)
        let r = ReadRequest(sleeve: 1, frame: KeptFrame(image: GrayImage(width: 1, height: 1), sequence: 3, time: 0.3,
                                                        sharpness: 1, outline: Self.quad))
        e.reads = [Self.read(r, catalog: "HPR 1042"), Self.read(r, catalog: "HPR 1O42"), Self.read(r, catalog: "hpr 1042")]
        _ = e.add(Self.ean, frame: r.frame)
        let source = SleeveRecord.Source(path: "x.jpg", width: 1, height: 1, sha256: "", size: 0, device: "", capturedAt: "")
        let merged = try #require(EvidenceMerger.merge(e, source: source))
        #expect(merged.record.catalogNumber.map { EvidenceMerger.normalised($0) } == "hpr1042")
        #expect(merged.record.artist == "ARTIST")
        #expect(merged.record.barcodes.map(\.value) == [Self.ean.value])
        #expect(merged.record.warnings.contains("merged from 3 reads"))
    }
}
