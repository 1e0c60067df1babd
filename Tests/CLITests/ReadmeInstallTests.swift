import Foundation
import Testing

/// The README's install steps keep the status token private.
@Suite struct ReadmeInstallTests {
    static let readme = CLIRunner.fixtures.deletingLastPathComponent().appendingPathComponent("README.md")

    @Test func theConfigurationIsNotInstalledWorldReadable() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let installs = text.split(separator: "\n").filter { $0.contains("install ") && $0.contains("/etc/sleevescan/config.json") }
        #expect(!installs.isEmpty)
        #expect(installs.allSatisfy { $0.contains("-m 640") || $0.contains("-m 600") }, "\(installs)")
        #expect(!text.contains("[--token T]"))
    }
}
