import Foundation
import Scanning
import SleeveCore
import Testing

/// The Scanning wrapper through the real libsane, with the project's own SANE
/// configuration (test and pnm backends). libsane state is process-wide: serialised.
@Suite(.serialized)
struct SaneLibraryTests {
    init() { SaneFixtures.useProjectConfig() }

    @Test func listsTheBackendsTheProjectConfigurationEnables() throws {
        let session = try SaneSession()
        let names = try session.devices().map(\.name)
        #expect(names.contains("test:0"))
        #expect(names.contains("pnm:0"))
        // The project's test.conf asks for one test device, Debian's default is two.
        #expect(!names.contains("test:1"))
    }

    @Test func opensTheFirstDeviceWhenNoneIsNamed() throws {
        let session = try SaneSession()
        let first = try #require(try session.devices().first)
        let scanner = try session.open(nil)
        #expect(scanner.name == first.name)
    }

    @Test func unknownDeviceIsRefusedWithAPointerToTheList() throws {
        let session = try SaneSession()
        let error = #expect(throws: ScannerError.self) { try session.open("nosuch:0") }
        #expect(error?.kind == .noSuchDevice)
        #expect(error?.reason.contains("sleevescan devices") == true)
    }

    @Test func readsEachOptionsTypeAndConstraint() throws {
        let session = try SaneSession()
        let test = try session.open("test:0")
        // The test backend's resolution is FIXED, pnm's is INT with a word list.
        let r = try #require(test.option(named: "resolution"))
        #expect(r.type == .fixed)
        #expect(r.unit == .dpi)
        guard case let .range(lo, hi, _) = r.constraint else { Issue.record("expected a range"); return }
        #expect(lo == 1 && hi == 1200)
        let pnm = try session.open("pnm:0")
        let pr = try #require(pnm.option(named: "resolution"))
        #expect(pr.type == .int)
        guard case let .list(values) = pr.constraint else { Issue.record("expected a word list"); return }
        #expect(values.contains(75) && values.contains(300))
    }

    @Test func fitsResolutionToWhatTheBackendOffers() throws {
        let session = try SaneSession()
        let pnm = try session.open("pnm:0")
        // pnm offers 75, 90, 100 … 300: 280 is not one of them.
        let got = try #require(try pnm.setResolution(280))
        #expect(got == 285)
        let test = try session.open("test:0")
        #expect(try test.setResolution(75) == 75)
    }

    @Test func setsModeAndAreaAndScansThatSize() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        #expect(try scanner.setMode(.color) == "Color")
        try scanner.setResolution(50)
        let area = try #require(try scanner.setArea(ScanArea(left: 10, top: 20, width: 50.8, height: 25.4)))
        #expect(area.left == 10 && area.top == 20)
        let image = try scanner.scan()
        scanner.endScanning()
        #expect(image.isColor)
        // 50 dpi over the area the backend kept (whole millimetres: quant 1).
        #expect(abs(image.width - Int((area.width / 25.4 * 50).rounded())) <= 1)
        #expect(abs(image.height - Int((area.height / 25.4 * 50).rounded())) <= 1)
        #expect(image.pixels.count == image.width * image.height * 3)
    }

    @Test func areaBeyondTheBedIsClampedToIt() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        let area = try #require(try scanner.setArea(ScanArea(left: 0, top: 0, width: 500, height: 500)))
        // test.conf's bed is 200 × 200 mm.
        #expect(area.width == 200 && area.height == 200)
    }

    @Test func pnmBackendReturnsTheFixtureSleeveByteForByte() throws {
        let fixture = try SaneFixtures.sleevePNM()
        let session = try SaneSession()
        let scanner = try session.open("pnm:0")
        try scanner.set("filename", to: fixture.path)
        let image = try scanner.scan()
        scanner.endScanning()
        #expect(!image.isColor)
        #expect(image.width == fixture.image.width && image.height == fixture.image.height)
        #expect(image.pixels == fixture.image.pixels)
    }

    @Test func theTestBackendsReaderThreadHasEndedBeforeThePagesLastByteIsRead() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        // 100 dpi over the 80 × 100 mm default: 124 KB, more than a pipe holds, so the
        // reader thread is still writing when it is first looked for.
        try scanner.setResolution(100)
        for _ in 0..<3 {
            let image = try scanner.scan()
            scanner.endScanning()
            #expect(image.pixels.count > 65_536)
            #expect(scanner.lastPageReaders == [.ended])
        }
        // A three-pass scanner starts a reader for each of its frames.
        try scanner.setMode(.color)
        try scanner.set("three-pass", to: "yes")
        _ = try scanner.scan()
        scanner.endScanning()
        #expect(scanner.lastPageReaders == [.ended, .ended, .ended])
    }

    @Test func thePnmBackendStartsNoReaderThread() throws {
        let fixture = try SaneFixtures.sleevePNM()
        let session = try SaneSession()
        let scanner = try session.open("pnm:0")
        try scanner.set("filename", to: fixture.path)
        _ = try scanner.scan()
        scanner.endScanning()
        #expect(scanner.lastPageReaders == [.noThread])
    }

    /// A write into a pipe whose read end is closed (a reader thread's, after a cancel)
    /// fails with EPIPE and the process goes on, also after scans whose reader threads
    /// sanei_thread started and joined (it sets SIGPIPE to ignored and back to default).
    @Test func aBrokenPipeAfterScansFailsTheWriteNotTheProcess() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        for _ in 0..<2 {
            _ = try scanner.scan()
            scanner.endScanning()
        }
        var current = sigaction()
        sigaction(SIGPIPE, nil, &current)
        let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
        // Neither the default (0: the write would end this test process) nor ignored (1).
        #expect(handler != 0 && handler != 1)
        guard handler != 0 else { return }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let byte: [UInt8] = [1]
        #expect(write(ends[1], byte, 1) == -1 && errno == EPIPE)
        close(ends[1])
    }

    @Test func badOptionValueSaysWhatIsAllowed() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        let error = #expect(throws: ScannerError.self) { try scanner.set("mode", to: "Infrared") }
        #expect(error?.kind == .badOption)
        #expect(error?.reason.contains("Gray") == true && error?.reason.contains("Color") == true)
        let unknown = #expect(throws: ScannerError.self) { try scanner.set("no-such-option", to: "1") }
        #expect(unknown?.reason.contains("no option 'no-such-option'") == true)
    }

    // Faults reported by the backend (jammed, no documents, cover open…) are tested
    // through `sleevescan scan` in a child process (ScanCommandTests): the test
    // backend's reader-thread cancel after a fault can hang the process it runs in.

    @Test func buttonsAreTheOptionsTheHardwareSetsAndSoftwareReads() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        #expect(scanner.buttons().isEmpty)
        // The test backend's test options include a bool with hard-select and
        // soft-detect capabilities: what a scanner's scan button looks like.
        try scanner.set("enable-test-options", to: "yes")
        #expect(scanner.buttons().map(\.name) == ["bool-hard-select-soft-detect"])
        // A button that is not pressed: the wait ends only when interrupted.
        scanner.interruption.interrupt()
        #expect(scanner.waitForButton(pollEvery: 0.01) == nil)
    }

    @Test func feederSourceScansUntilTheFeederIsEmpty() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        try scanner.setResolution(25)
        try scanner.setArea(ScanArea(left: 0, top: 0, width: 20, height: 20))
        #expect(try scanner.selectFeeder() == "Automatic Document Feeder")
        let source = ScannerSource(scanner: scanner, feeder: true)
        var sequences: [Int] = []
        while let frame = try source.nextFrame() { sequences.append(frame.sequence) }
        // The test backend's feeder holds 10 sheets.
        #expect(sequences == Array(0..<10))
    }

    @Test func flatbedSourceScansAgainOnEachCall() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        try scanner.setResolution(25)
        try scanner.setArea(ScanArea(left: 0, top: 0, width: 20, height: 20))
        let source = ScannerSource(scanner: scanner, feeder: false)
        let a = try #require(try source.nextFrame())
        let b = try #require(try source.nextFrame())
        #expect(a.sequence == 0 && b.sequence == 1)
        #expect(a.format == .gray8 && a.pixels == b.pixels)
    }

    @Test func interruptionCancelsAScanInProgress() throws {
        let session = try SaneSession()
        let scanner = try session.open("test:0")
        try scanner.setResolution(50)
        // Slow the transfer so the scan is still running when the interrupt comes.
        try scanner.set("read-limit", to: "yes")
        try scanner.set("read-limit-size", to: "256")
        try scanner.set("read-delay", to: "yes")
        try scanner.set("read-delay-duration", to: "100000")
        let interruption = scanner.interruption
        let thread = Thread {
            // Interrupt once the scan is under way; give up after 10 s.
            for _ in 0..<1000 where !interruption.isScanning { Thread.sleep(forTimeInterval: 0.01) }
            Thread.sleep(forTimeInterval: 0.2)
            interruption.interrupt()
        }
        thread.start()
        let error = #expect(throws: ScannerError.self) { _ = try scanner.scan() }
        #expect(error?.kind == .cancelled)
        #expect(error?.reason.contains("nothing was written") == true)
    }
}
