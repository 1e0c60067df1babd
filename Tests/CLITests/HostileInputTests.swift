import Foundation
import Testing

/// `read` against inputs and outputs a hostile (or unlucky) user gives it.
@Suite struct HostileInputTests {
    let sleeve = CLIRunner.fixtures.appendingPathComponent("sleeves/flatbed-side-by-side.png").path

    @Test func anInputNamedLikeItsRecordIsNeverOverwritten() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let x = dir.appendingPathComponent("x.json").path
        try FileManager.default.copyItem(atPath: sleeve, toPath: x)
        let before = try Data(contentsOf: URL(fileURLWithPath: x))
        let r = try CLIRunner.run(["read", "--only", "barcodes", x])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("would replace the input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: x)) == before)
    }

    @Test func anotherInputIsNotOverwrittenByARecordEither() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.png").path, aJSON = dir.appendingPathComponent("a.json").path
        try FileManager.default.copyItem(atPath: sleeve, toPath: a)
        try FileManager.default.copyItem(atPath: sleeve, toPath: aJSON)
        let before = try Data(contentsOf: URL(fileURLWithPath: aJSON))
        let r = try CLIRunner.run(["read", "--only", "barcodes", a, aJSON])
        #expect(r.status == 73)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aJSON)) == before)
    }

    @Test func anUnusableOutputFolderIsCantCreateNotABug() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("plain-file").path
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let asFile = try CLIRunner.run(["read", "--only", "barcodes", "--out", file, sleeve])
        #expect(asFile.status == 73, "\(asFile.stderr)")
        #expect(asFile.stderr.hasPrefix("error: ") && asFile.stderr.contains("is a file"))
        let under = try CLIRunner.run(["read", "--only", "barcodes", "--out", file + "/sub", sleeve])
        #expect(under.status == 73, "\(under.stderr)")
        #expect(under.stderr.contains("cannot create output folder"))
    }

    @Test func aSymlinkLoopIsNotCalledMissing() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.jpg").path, b = dir.appendingPathComponent("b.jpg").path
        try FileManager.default.createSymbolicLink(atPath: a, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: b, withDestinationPath: a)
        let dangling = dir.appendingPathComponent("gone.jpg").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: dir.appendingPathComponent("nothing.jpg").path)
        let r = try CLIRunner.run(["read", "--only", "barcodes", a, dangling])
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.contains { $0.contains("a.jpg") && $0.contains("link loop") && !$0.contains("no such file") })
        #expect(lines.contains { $0.contains("gone.jpg") && $0.contains("symbolic link to a file that does not exist") })
        #expect(r.status == 66)
    }

    @Test func aNonUTF8NameIsSaidToBeOne() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Foundation cannot pass such a name: the shell makes it and passes it on.
        let r = try CLIRunner.run(["/bin/sh", "-c", "cp \"$1\" \"$(printf 'caf\\351.png')\" && exec \"$0\" read --only barcodes \"$(printf 'caf\\351.png')\"",
                                   CLIRunner.executable.path, sleeve], through: "/bin/sh", in: dir.path)
        #expect(r.status == 66, "\(r.stderr)")
        #expect(r.stderr.contains("not valid UTF-8"))
        #expect(!r.stderr.contains("no such file"))
    }

    @Test func aNewlineInAFileNameCannotSplitTheSummaryLine() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = dir.appendingPathComponent("evil\nerror: faked line.png").path
        try FileManager.default.copyItem(atPath: sleeve, toPath: name)
        let r = try CLIRunner.run(["read", "--only", "barcodes", name, dir.appendingPathComponent("missing\n.png").path])
        let lines = r.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(lines.count == 2, "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("error: faked") })
        #expect(r.stderr.contains("evil\\nerror: faked line.png"))
    }
}

extension HostileInputTests {
    /// A damaged PNG (a chunk type flipped after the header): libpng's complaint is in
    /// the one error line, not printed beside it.
    @Test func libraryChatterIsPartOfTheOneErrorLine() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sleeve)))
        png[40] ^= 0xFF  // inside the chunk after IHDR
        let bad = dir.appendingPathComponent("bad.png").path
        try Data(png).write(to: URL(fileURLWithPath: bad))
        let r = try CLIRunner.run(["read", "--only", "barcodes", bad])
        #expect(r.status == 65)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("error: \(bad): ") == true)
        #expect(lines.first?.contains("libpng") == true)

        // A damaged header: what the library said while reading it is the reason.
        let pgm = dir.appendingPathComponent("bad.pgm").path
        try Data("P5\n36 36\n256\n".utf8 + [UInt8](repeating: 7, count: 36 * 36)).write(to: URL(fileURLWithPath: pgm))
        let header = try CLIRunner.run(["read", "--only", "barcodes", pgm])
        #expect(header.status == 65)
        #expect(header.stderr.split(separator: "\n").count == 1, "\(header.stderr)")
        #expect(header.stderr.contains("maxval"))
    }
}

extension HostileInputTests {
    /// A PNG whose comment chunk fails its CRC decodes with libpng's warning: the
    /// warning goes into the record, and stderr has only the summary line.
    @Test func aDecoderWarningGoesIntoTheRecord() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sleeve)))
        let afterIHDR = 8 + 8 + 13 + 4
        png.insert(contentsOf: [0, 0, 0, 9] + Array("tEXtComment".utf8) + [0, 0x78] + [0, 0, 0, 0], at: afterIHDR)
        let input = dir.appendingPathComponent("stray.png").path
        try Data(png).write(to: URL(fileURLWithPath: input))
        let r = try CLIRunner.run(["read", "--only", "barcodes", input])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("stray.json"))) as? [String: Any]
        let warnings = record?["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("libpng warning") && $0.contains("CRC") }, "\(warnings)")
    }
}

extension HostileInputTests {
    @Test func aBadOCRDataPathNamesThePathNotTheLanguage() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("c.json").path
        try #"{"ocr": {"dataPath": "/nowhere/tessdata"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let r = try CLIRunner.run(["read", "--config", config, "--out", dir.path, sleeve])
        #expect(r.status == 78, "\(r.stderr)")
        #expect(r.stderr.contains("/nowhere/tessdata") && r.stderr.contains("ocr.dataPath"))
        #expect(!r.stderr.contains("could not load language"))
        // A folder without the language's model.
        try #"{"ocr": {"dataPath": "\#(dir.path)"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let empty = try CLIRunner.run(["read", "--config", config, "--out", dir.path, sleeve])
        #expect(empty.status == 78)
        #expect(empty.stderr.contains("no eng.traineddata"))
    }

    /// The OCR engine starts beside the first image's decoding; a model that does not
    /// load (a damaged file) still stops the run before any record is written, as
    /// when the engine started first: its records would hold no text.
    @Test func aModelThatDoesNotLoadWritesNoRecord() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let models = dir.appendingPathComponent("tessdata"), out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })
            .write(to: models.appendingPathComponent("eng.traineddata"))
        let config = dir.appendingPathComponent("c.json").path
        try #"{"ocr": {"dataPath": "\#(models.path)"}}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let photo = CLIRunner.fixtures.appendingPathComponent("sleeves/photo-inline.jpg").path
        let r = try CLIRunner.run(["read", "--config", config, "--out", out.path, sleeve, photo])
        #expect(r.status == 69, "\(r.stderr)")
        // Said once: the run stops at the first image, whose record is not written.
        #expect(r.stderr.components(separatedBy: "could not load language 'eng'").count == 2, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}
