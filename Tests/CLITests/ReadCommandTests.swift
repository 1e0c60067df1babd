import Foundation
import Testing

/// `sleevescan read` as a user runs it: records, summaries, errors and exit codes.
@Suite struct ReadCommandTests {
    let sleeve = CLIRunner.fixtures.appendingPathComponent("sleeves/flatbed-side-by-side.png").path
    let photo = CLIRunner.fixtures.appendingPathComponent("sleeves/photo-inline.jpg").path

    @Test func writesOneRecordPerImageAndASummaryLine() throws {
        let out = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CLIRunner.run(["read", "--out", out.path, sleeve])
        #expect(r.status == 0, "\(r.stderr)")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("flatbed-side-by-side.json"))) as? [String: Any]
        #expect(record?["catalogNumber"] as? String == "MRW 4417")
        #expect(r.stderr.contains("MRW 4417") && r.stderr.contains("7 tracks"))
        #expect(r.stdout.isEmpty)
    }

    /// Images read together (several readers at once where the machine has the cores)
    /// give the records each gives read alone, and their summaries in input order.
    @Test func imagesReadTogetherGiveTheRecordsEachGivesAlone() throws {
        let out = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let missing = out.appendingPathComponent("nowhere.png").path
        let together = try CLIRunner.run(["read", "--out", out.appendingPathComponent("together").path, sleeve, photo, missing])
        #expect(together.status == 66, "the third input does not exist: \(together.stderr)")
        let lines = together.stderr.split(separator: "\n").map(String.init)
        let order = ["flatbed-side-by-side", "photo-inline", "nowhere"].map { name in lines.firstIndex { $0.contains(name) } ?? -1 }
        #expect(order == order.sorted() && !order.contains(-1), "\(together.stderr)")
        for image in [sleeve, photo] {
            let name = URL(fileURLWithPath: image).deletingPathExtension().lastPathComponent + ".json"
            let alone = try CLIRunner.run(["read", "--out", out.appendingPathComponent("alone").path, image])
            #expect(alone.status == 0, "\(alone.stderr)")
            let a = try Self.withoutTimings(out.appendingPathComponent("together/\(name)"))
            let b = try Self.withoutTimings(out.appendingPathComponent("alone/\(name)"))
            #expect(a == b, "\(name)")
            #expect((a["lines"] as? [Any])?.isEmpty == false)
        }
    }

    static func withoutTimings(_ url: URL) throws -> NSDictionary {
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        record["timingsMs"] = nil
        return record as NSDictionary
    }

    /// A run-out photo's summary speaks of its matrix; "no barcode" said nothing of it.
    @Test func aDeadWaxSummarySaysWhenNoMatrixIsLegible() throws {
        let out = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let blank = out.appendingPathComponent("blank.pgm").path
        FileManager.default.createFile(atPath: blank, contents: Data("P5\n64 48\n255\n".utf8) + Data(repeating: 128, count: 64 * 48))
        let r = try CLIRunner.run(["read", "--mode", "deadwax", "--out", out.path, blank])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("no matrix legible") && !r.stderr.contains("no barcode"), "\(r.stderr)")
    }

    @Test func jsonPrintsOneRecordPerLine() throws {
        let out = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CLIRunner.run(["read", "--only", "barcodes", "--json", "--out", out.path, sleeve, photo])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect((object?["barcodes"] as? [Any])?.count == 1)
        }
    }

    @Test func badInputsFailAloneAndTheRestAreStillRead() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.jpg").path
        let text = dir.appendingPathComponent("notes.png").path
        let truncated = dir.appendingPathComponent("cut.jpg").path
        FileManager.default.createFile(atPath: empty, contents: Data())
        try "not an image".write(toFile: text, atomically: true, encoding: .utf8)
        let photoBytes = try Data(contentsOf: URL(fileURLWithPath: photo))
        try photoBytes.prefix(photoBytes.count / 3).write(to: URL(fileURLWithPath: truncated))
        let missing = dir.appendingPathComponent("nowhere.jpg").path

        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["read", "--only", "barcodes", "--out", out.path, missing, empty, text, truncated, sleeve])
        #expect(r.status == 66, "first failure was a missing file: EX_NOINPUT")
        let errors = r.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 4)
        #expect(errors.contains { $0.contains(missing) && $0.contains("no such file") })
        #expect(errors.contains { $0.contains(empty) && $0.contains("empty") })
        #expect(errors.contains { $0.contains(text) && $0.contains("not an image") })
        #expect(errors.contains { $0.contains(truncated) && $0.contains("truncated") })
        // The record, and the catalogue it entered (catalogue.sqlite beside the records).
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == ["catalogue.sqlite", "flatbed-side-by-side.json"])
    }

    /// Without --out the records go beside their images, and so does the catalogue they
    /// enter: it used to land in whatever folder the command was started from (the test
    /// suite left a catalogue.sqlite in the source tree).
    @Test func withoutAnOutputFolderTheCatalogueSitsBesideTheRecords() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let images = dir.appendingPathComponent("images"), elsewhere = dir.appendingPathComponent("elsewhere")
        for d in [images, elsewhere] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let sleeve = images.appendingPathComponent("sleeve.png")
        try FileManager.default.copyItem(at: CLIRunner.fixtures.appendingPathComponent("sleeves/flatbed-side-by-side.png"), to: sleeve)
        let r = try CLIRunner.run(["read", "--only", "barcodes", sleeve.path], in: elsewhere.path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: images.path).sorted() == ["catalogue.sqlite", "sleeve.json", "sleeve.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func aFailedInputLeavesItsExistingRecordUntouched() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = dir.appendingPathComponent("X.jpg").path
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: image))
        let record = dir.appendingPathComponent("X.json")
        try Data("{\"kept\": true}\n".utf8).write(to: record)
        let r = try CLIRunner.run(["read", image])
        #expect(r.status == 65)
        #expect(String(decoding: try Data(contentsOf: record), as: UTF8.self) == "{\"kept\": true}\n")
    }

    @Test func anAbsurdHeaderIsRefusedBeforeDecoding() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("c.json").path
        try #"{"limits": {"maxPixels": 1000000}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["read", "--config", config, "--out", dir.path, sleeve])
        #expect(r.status == 65)
        #expect(r.stderr.contains("1600×1600") && r.stderr.contains("limits.maxPixels"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("flatbed-side-by-side.json").path))
    }

    @Test func twoInputsForOneRecordNameFailTheSecond() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let other = dir.appendingPathComponent("flatbed-side-by-side.jpg").path
        try FileManager.default.copyItem(atPath: photo, toPath: other)
        let out = dir.appendingPathComponent("out")
        let r = try CLIRunner.run(["read", "--only", "barcodes", "--out", out.path, sleeve, other])
        #expect(r.status == 65)
        #expect(r.stderr.contains("error: \(other)") && r.stderr.contains("would overwrite"))
        let kept = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("flatbed-side-by-side.json"))) as? [String: Any]
        #expect((kept?["source"] as? [String: Any])?["path"] as? String == sleeve)
    }

    @Test func usageErrorsHaveOneShape() throws {
        let r = try CLIRunner.run(["read", "--frobnicate", sleeve])
        #expect(r.status == 64)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == "error: unknown option '--frobnicate' for 'read'")
        #expect(lines[1].hasPrefix("usage: sleevescan read IMAGE…"))
        #expect(lines[2].contains("sleevescan help read"))

        let none = try CLIRunner.run(["read"])
        #expect(none.status == 64 && none.stderr.hasPrefix("error: no images given\nusage: "))
        let mode = try CLIRunner.run(["read", "--mode", "vinyl", sleeve])
        #expect(mode.status == 64 && mode.stderr.contains("'--mode' must be one of sleeve, deadwax"))
        let unknown = try CLIRunner.run(["scribble"])
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("error: unknown command 'scribble'\nusage: "))
    }

    @Test func aBadConfigurationStopsAtStartNamingTheKey() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("c.json").path
        try #"{"ocr": {"pageSegmentaton": "auto"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["read", sleeve], environment: ["SLEEVESCAN_CONFIG": config])
        #expect(r.status == 78)
        #expect(r.stderr.contains("'ocr.pageSegmentaton'") && r.stderr.contains(config))
    }

    @Test func tesseractRunsSingleThreadedWithoutTheUserSettingIt() throws {
        // OpenMP reads OMP_THREAD_LIMIT only at start: the tool re-executes itself with it.
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "OMP_THREAD_LIMIT")
        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["version"]
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(text.contains("OMP_THREAD_LIMIT=1\n"))
        #expect(text.contains("tesseract 5."))
    }
}
