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
