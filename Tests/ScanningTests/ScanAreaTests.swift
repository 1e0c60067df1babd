import Foundation
import Testing

/// Scan areas a user can get wrong: each is refused before anything is scanned, and
/// the summary line says the area the scanner will really scan.
@Suite(.serialized) struct ScanAreaTests {
    @Test func anAreaOutsideTheBedIsRefused() throws {
        let out = try SaneFixtures.temporaryFolder("area-outside")
        let run = try ScanCommandTests.run(["scan", "--device", "test:0", "--gray", "--resolution", "25",
                                            "--area", "1e9,1e9,10,10", "--out", out])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("starts outside the scan bed"))
        #expect(SaneFixtures.files(in: out).isEmpty)
    }

    @Test func aBackendOptionThatEmptiesTheAreaIsRefused() throws {
        let out = try SaneFixtures.temporaryFolder("area-option")
        // The test backend's bed is about 200×200 mm: tl-x=500 leaves nothing to scan.
        let run = try ScanCommandTests.run(["scan", "--device", "test:0", "--gray", "--resolution", "25",
                                            "--option", "tl-x=500", "--out", out])
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("the scan area is empty"))
        #expect(!run.stderr.contains("200×200 mm"))
        #expect(SaneFixtures.files(in: out).isEmpty)
    }

    @Test func theSummarySaysTheAreaAfterBackendOptions() throws {
        let out = try SaneFixtures.temporaryFolder("area-summary")
        let run = try ScanCommandTests.run(ScanCommandTests.smallTestScan + ["--option", "br-x=10", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("area 0,0 10×20 mm"), "\(run.stderr)")
    }

    @Test func anEmptyDeviceNameIsAUsageError() throws {
        let run = try ScanCommandTests.run(["scan", "--device", "", "--out", try SaneFixtures.temporaryFolder("nodev")])
        #expect(run.status == 64)
        #expect(run.stderr.contains("usage: sleevescan scan"))
    }
}
