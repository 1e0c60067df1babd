import ChildProcesses
import Foundation
import Testing

/// `sleevescan scan` and `devices` run as a user runs them: the built executable,
/// the project's SANE configuration, real libsane, then stdout, stderr, exit status
/// and the files left in the output folder.
@Suite(.serialized)
struct ScanCommandTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Killed after the `timeout` given to `run`.
        var timedOut = false
    }

    static var executable: String {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("sleevescan").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return SaneFixtures.root.appendingPathComponent(".build/debug/sleevescan").path
    }

    static func environment() -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["SANE_CONFIG_DIR"] = SaneFixtures.configDir
        env["OMP_THREAD_LIMIT"] = "1"
        env.removeValue(forKey: "SLEEVESCAN_CONFIG")
        return env
    }

    /// Runs the executable; `whileRunning` gets the way to signal it once stderr shows `waitFor`.
    static func run(_ args: [String], stdin: String? = nil, waitFor: String? = nil,
                    whileRunning: ((ChildSignals) -> Void)? = nil, timeout: Double? = nil) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = args
        p.environment = environment()
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        let collected = Collector()
        err.fileHandleForReading.readabilityHandler = { h in collected.append(h.availableData) }
        // Written before the child starts, while this process holds the pipe's read end:
        // a write after a child that died at once had closed it would raise SIGPIPE,
        // which ends the test process without a word.
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try p.run()
        let child = ChildSignals(p)
        try input.fileHandleForWriting.close()
        if let waitFor, let whileRunning {
            for _ in 0..<2000 where !collected.text.contains(waitFor) && p.isRunning { Thread.sleep(forTimeInterval: 0.01) }
            whileRunning(child)
        }
        if let timeout {
            // Bounded: the child is killed if it has not finished by then.
            let until = Date(timeIntervalSinceNow: timeout)
            while p.isRunning && Date() < until { Thread.sleep(forTimeInterval: 0.05) }
            if p.isRunning {
                child.send(SIGKILL)
                p.waitUntilExit()
                err.fileHandleForReading.readabilityHandler = nil
                return Run(status: -1, stdout: "", stderr: collected.text, timedOut: true)
            }
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        err.fileHandleForReading.readabilityHandler = nil
        collected.append(err.fileHandleForReading.readDataToEndOfFile())
        return Run(status: p.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: collected.text)
    }

    final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    /// The quick test-backend scan every fault test starts from.
    static let smallTestScan = ["scan", "--device", "test:0", "--gray", "--resolution", "25", "--area", "20x20"]

    @Test func scanOfThePnmFixtureWritesAnImageAndARecordMatchingTheExpectedOne() throws {
        let fixture = try SaneFixtures.sleevePNM()
        let out = try SaneFixtures.temporaryFolder("scan-pnm")
        let run = try Self.run(["scan", "--device", "pnm:0", "--option", "filename=\(fixture.path)", "--out", out, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        // The scan, its record, and the catalogue the record entered.
        let files = SaneFixtures.files(in: out).filter { $0 != "catalogue.sqlite" }
        #expect(files.count == 2)
        let image = try #require(files.first { $0.hasSuffix(".png") })
        let recordName = try #require(files.first { $0.hasSuffix(".json") })
        #expect(image.dropLast(4) == recordName.dropLast(5))

        let record = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: out + "/" + recordName))) as? [String: Any])
        let expected = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: SaneFixtures.sleeveExpected))) as? [String: Any])
        let source = try #require(record["source"] as? [String: Any])
        let expectedSource = try #require(expected["source"] as? [String: Any])
        #expect(source["device"] as? String == "pnm:0")
        #expect(source["path"] as? String == out + "/" + image)
        #expect(source["width"] as? Int == expectedSource["width"] as? Int)
        #expect(source["height"] as? Int == expectedSource["height"] as? Int)
        for field in ["artist", "title", "label", "catalogNumber"] {
            #expect(record[field] as? String == expected[field] as? String, "\(field)")
        }
        let barcodes = (record["barcodes"] as? [[String: Any]] ?? []).map { $0["value"] as? String }
        let expectedBarcodes = (expected["barcodes"] as? [[String: Any]] ?? []).map { $0["value"] as? String }
        #expect(barcodes == expectedBarcodes)
        // Track titles and durations; positions ("A1") sit in their own column, which
        // the tracklist reading pairs up elsewhere, so they are not pinned here.
        let tracks = (record["tracks"] as? [[String: Any]] ?? []).map { "\($0["title"] ?? "") \($0["duration"] ?? "")" }
        let expectedTracks = (expected["tracks"] as? [[String: Any]] ?? []).map { "\($0["title"] ?? "") \($0["duration"] ?? "")" }
        #expect(tracks == expectedTracks)
        // --json: the same record, one line on stdout.
        let line = try #require(run.stdout.split(separator: "\n").first)
        let streamed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(streamed?["artist"] as? String == expected["artist"] as? String)
    }

    @Test(arguments: [
        ("SANE_STATUS_JAMMED", "the document feeder is jammed", Int32(69)),
        ("SANE_STATUS_NO_DOCS", "no document in the feeder", 69),
        ("SANE_STATUS_COVER_OPEN", "the scanner's cover is open", 69),
        ("SANE_STATUS_DEVICE_BUSY", "the scanner is busy", 69),
        ("SANE_STATUS_IO_ERROR", "I/O error talking to the scanner", 74),
        ("SANE_STATUS_ACCESS_DENIED", "permission denied opening the scanner", 69),
    ])
    func faultIsReportedInOneLineAndNothingIsWritten(status: String, message: String, exit: Int32) throws {
        let out = try SaneFixtures.temporaryFolder("fault")
        let args = Self.smallTestScan + ["--option", "read-return-value=\(status)", "--out", out]
        // In a child process, bounded: the test backend answers the fault while its
        // reader thread is starting, and its asynchronous cancel of that thread inside
        // malloc hung the process now and then, until the scan waited for the thread to
        // settle before cancelling (`BackendReaderThread.settle`). A hang fails here.
        let run = try Self.run(args, timeout: 60)
        #expect(!run.timedOut, "the scan hung")
        #expect(run.status == exit)
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("error: test:0: ") == true)
        #expect(errors.first?.contains(message) == true, "\(run.stderr)")
        #expect(SaneFixtures.files(in: out).isEmpty)
        #expect(run.stdout.isEmpty)
    }

    /// A jam on a page larger than the backend's pipe: the cancel closes the pipe while
    /// the reader thread is blocked writing, which wakes it into its exit as the cancel
    /// lands. Before the process loaded glibc's exit unwinder up front, that exit's
    /// first load of libgcc_s was cut off holding the loader's locks, and 24 of 200 such
    /// scans hung at `sane_exit`; twenty in a row would show it nine times in ten.
    @Test func aJamMidPageEndsEveryScanWithItsError() throws {
        for attempt in 1...20 {
            let out = try SaneFixtures.temporaryFolder("jam-\(attempt)")
            let run = try Self.run(["scan", "--device", "test:0", "--gray", "--resolution", "200",
                                    "--option", "read-return-value=SANE_STATUS_JAMMED", "--out", out], timeout: 20)
            #expect(!run.timedOut, "scan \(attempt) hung")
            #expect(run.status == 69, "scan \(attempt): \(run.stderr)")
            #expect(SaneFixtures.files(in: out).isEmpty)
            if run.timedOut || run.status != 69 { break }
        }
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalDuringAScanCancelsItWritesNothingAndExitsWithIt(signal: Int32, status: Int32) throws {
        let out = try SaneFixtures.temporaryFolder("ctrl-c")
        // A slow transfer (256-byte reads, 0.1 s apart) so the scan is under way when Ctrl-C comes.
        let run = try Self.run(
            ["scan", "--device", "test:0", "--gray", "--resolution", "50", "--out", out,
             "--option", "read-limit=yes", "--option", "read-limit-size=256",
             "--option", "read-delay=yes", "--option", "read-delay-duration=100000"],
            waitFor: "scanning…", whileRunning: { child in
                Thread.sleep(forTimeInterval: 0.3)
                child.send(signal)
            })
        #expect(run.status == status)
        #expect(run.stderr.contains("error: test:0: the scan was cancelled; nothing was written"), "\(run.stderr)")
        #expect(SaneFixtures.files(in: out).isEmpty)
    }

    @Test func unknownDeviceSaysHowToListThem() throws {
        let out = try SaneFixtures.temporaryFolder("nodevice")
        let run = try Self.run(["scan", "--device", "nosuch:0", "--out", out])
        #expect(run.status == 69)
        #expect(run.stderr.contains("error: nosuch:0: no scanner of that name (run `sleevescan devices`"))
        #expect(SaneFixtures.files(in: out).isEmpty)
    }

    @Test func badBackendOptionValueIsRefusedBeforeScanning() throws {
        let out = try SaneFixtures.temporaryFolder("badoption")
        let run = try Self.run(Self.smallTestScan + ["--option", "read-return-value=SANE_STATUS_SOMETHING", "--out", out])
        #expect(run.status == 64)
        #expect(run.stderr.contains("option 'read-return-value' must be"))
        #expect(!run.stderr.contains("scanning…"))
        #expect(SaneFixtures.files(in: out).isEmpty)
    }

    @Test func batchScansTheFeederUntilItIsEmpty() throws {
        let out = try SaneFixtures.temporaryFolder("batch")
        let run = try Self.run(Self.smallTestScan + ["--batch", "--json", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        // The test backend's feeder holds 10 sheets: 10 images, 10 records, 10 JSON lines.
        let files = SaneFixtures.files(in: out)
        #expect(files.filter { $0.hasSuffix(".png") }.count == 10)
        #expect(files.filter { $0.hasSuffix(".json") }.count == 10)
        #expect(run.stdout.split(separator: "\n").count == 10)
        #expect(run.stderr.contains("feeder empty after 10 page(s)"))
    }

    @Test func waitButtonWithoutScannerButtonsScansOnEachEnter() throws {
        let out = try SaneFixtures.temporaryFolder("enter")
        // test:0 has no hardware buttons: Enter starts each scan, end of input stops.
        let run = try Self.run(Self.smallTestScan + ["--wait-button", "--out", out], stdin: "\n\n\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("press Enter to scan"))
        #expect(SaneFixtures.files(in: out).filter { $0.hasSuffix(".png") }.count == 3)
    }

    @Test func devicesListsScannersWithTheDeviceNameFirst() throws {
        let run = try Self.run(["devices"])
        #expect(run.status == 0)
        let first = run.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(first.contains("test:0") && first.contains("pnm:0"))
        let test = run.stdout.split(separator: "\n").first { $0.hasPrefix("test:0\t") }
        #expect(test?.contains("Noname frontend-tester") == true)
    }
}

/// `scan` at its exit: records that waited for an unreachable catalogue are entered
/// when it is back by then (`CatalogueRecorder.finish`), not left for the next run.
@Suite(.serialized)
struct ScanCatalogueExitTests {
    @Test func recordsWaitingForTheCatalogueAreEnteredWhenItIsBackBeforeExit() throws {
        let out = try SaneFixtures.temporaryFolder("finish")
        // A catalogue in a folder that does not exist yet: unreachable until it is made.
        let later = URL(fileURLWithPath: out).appendingPathComponent("later")
        let url = "sqlite:" + later.appendingPathComponent("catalogue.sqlite").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ScanCommandTests.executable)
        p.arguments = ScanCommandTests.smallTestScan + ["--wait-button", "--out", out, "--catalogue", url]
        p.environment = ScanCommandTests.environment()
        let err = Pipe(), input = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        p.standardInput = input
        let collected = ScanCommandTests.Collector()
        err.fileHandleForReading.readabilityHandler = { h in collected.append(h.availableData) }
        // Before the start, as in `ScanCommandTests.run`: no write can meet a closed pipe.
        input.fileHandleForWriting.write(Data("\n".utf8))
        try p.run()
        let pending = URL(fileURLWithPath: out).appendingPathComponent(".catalogue-pending").path
        for _ in 0..<3000 where !FileManager.default.fileExists(atPath: pending) && p.isRunning {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(FileManager.default.fileExists(atPath: pending), "\(collected.text)")
        // The catalogue comes back, and the scan ends (end of input) at once.
        try FileManager.default.createDirectory(at: later, withIntermediateDirectories: false)
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        err.fileHandleForReading.readabilityHandler = nil
        collected.append(err.fileHandleForReading.readDataToEndOfFile())
        let stderr = collected.text
        #expect(p.terminationStatus == 0, "\(stderr)")
        #expect(stderr.contains("records are still written"))
        #expect(stderr.contains("is back; entered 1 record(s)"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: pending))

        let list = Process()
        list.executableURL = URL(fileURLWithPath: ScanCommandTests.executable)
        list.arguments = ["catalogue", "list", "--catalogue", url]
        list.environment = ScanCommandTests.environment()
        let listed = Pipe()
        list.standardOutput = listed
        list.standardError = FileHandle.nullDevice
        try list.run()
        let text = String(decoding: listed.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        list.waitUntilExit()
        // The header and the one scan's item.
        #expect(list.terminationStatus == 0)
        #expect(text.split(separator: "\n").count == 2, "\(text)")
        #expect(SaneFixtures.files(in: out).filter { $0.hasSuffix(".json") }.count == 1)
    }
}
