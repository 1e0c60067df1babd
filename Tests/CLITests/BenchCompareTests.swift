import Foundation
import Testing

/// A benchmark never reports a ratio against a comparison command that did not run.
@Suite struct BenchCompareTests {
    let sleeve = CLIRunner.fixtures.appendingPathComponent("sleeves/flatbed-side-by-side.png").path

    @Test func aMissingTesseractCommandStopsTheComparison() throws {
        // A PATH without the tesseract command, as on a machine with only the library.
        let r = try CLIRunner.run(["bench", "read", sleeve, "--runs", "1", "--only", "barcodes", "--compare-tesseract"],
                                  environment: ["PATH": "/nonexistent-\(UUID().uuidString)"])
        #expect(r.status == 69, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("tesseract command is not installed"))
        #expect(!r.stdout.contains("read/tesseract"))
    }

    @Test func aFailingTesseractCommandStopsTheComparison() throws {
        let dir = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fake = dir.appendingPathComponent("tesseract").path
        try "#!/bin/sh\necho 'Error opening data file' >&2\nexit 1\n".write(toFile: fake, atomically: true, encoding: .utf8)
        chmod(fake, 0o755)
        let r = try CLIRunner.run(["bench", "read", sleeve, "--runs", "1", "--only", "barcodes", "--compare-tesseract"],
                                  environment: ["PATH": dir.path + ":/usr/bin:/bin"])
        #expect(r.status == 69)
        #expect(r.stderr.contains("tesseract exited 1") && r.stderr.contains("Error opening data file"))
        #expect(!r.stdout.contains("read/tesseract"))
    }
}
