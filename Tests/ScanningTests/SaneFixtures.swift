import Foundation
import Imaging
import SleeveCore

/// The project's SANE configuration and fixtures, found from this file's path so the
/// tests run from any working directory.
enum SaneFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// dll.conf lists `test` and `pnm`; test.conf keeps the test backend small and quick.
    static let configDir = root.appendingPathComponent("Fixtures/sane").path
    static let sleevePNG = root.appendingPathComponent("Fixtures/capture/sleeve-scan.png").path
    static let sleeveExpected = root.appendingPathComponent("Fixtures/capture/sleeve-scan.expected.json").path

    /// libsane reads SANE_CONFIG_DIR in sane_init: set it before each session.
    static func useProjectConfig() {
        setenv("SANE_CONFIG_DIR", configDir, 1)
    }

    /// The fixture sleeve as a P5 (gray PNM) file, the format the pnm backend reads,
    /// written to a fresh temporary folder; returns its path and pixels.
    static func sleevePNM() throws -> (path: String, image: GrayImage) {
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: sleevePNG)))
        let gray = try Leptonica().decodeGray(png)
        let dir = try temporaryFolder("pnm")
        let path = dir + "/sleeve.pgm"
        let pnm = Array("P5\n\(gray.width) \(gray.height)\n255\n".utf8) + gray.pixels
        try Data(pnm).write(to: URL(fileURLWithPath: path))
        return (path, gray)
    }

    static func temporaryFolder(_ tag: String) throws -> String {
        let path = NSTemporaryDirectory() + "sleevescan-capture-\(tag)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
