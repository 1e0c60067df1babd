import Foundation
@testable import sleevescan
import Testing

/// `help COMMAND` explains every option, each command's usage line names exactly the
/// options it accepts, and a benchmark refuses another benchmark's options.
@Suite struct HelpTests {
    static let everyCommand: [Command] = CommandLineTool.commands + CommandLineTool.commands.flatMap(\.subcommands)

    @Test func theUsageLineNamesExactlyTheOptionsACommandAccepts() {
        for c in Self.everyCommand where c.subcommands.isEmpty {
            let named = Set(c.usage.split(whereSeparator: { " []|…()".contains($0) })
                .filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 != "=" }) })
            #expect(named == Set(c.options.map(\.name)), "\(c.name): usage names \(named.sorted()), options are \(c.options.map(\.name))")
        }
    }

    @Test func helpExplainsEachOption() throws {
        let r = try CLIRunner.run(["help", "scan"])
        #expect(r.status == 0)
        let scan = try #require(CommandLineTool.commands.first { $0.name == "scan" })
        for o in scan.options {
            #expect(r.stdout.contains(o.help), "help scan lacks \(o.name)")
        }
        let live = try CLIRunner.run(["help", "bench", "live"])
        #expect(live.status == 0 && live.stdout.contains("--no-ocr") && !live.stdout.contains("--minutes"))
    }

    @Test func aBenchmarkRefusesAnotherBenchmarksOption() throws {
        let r = try CLIRunner.run(["bench", "read", "x.png", "--minutes", "3"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("error: unknown option '--minutes' for 'bench read'\n"))
        #expect(r.stderr.contains("see 'sleevescan help bench read'"))
        let unknown = try CLIRunner.run(["bench", "nosuch"])
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("error: unknown benchmark 'nosuch'"))
    }
}
