import ChildProcesses
import Foundation
import Testing

@Suite struct ChildSignalsTests {
    @Test func aRunningChildIsSignalledAndAnEndedOneIsNot() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sleep")
        p.arguments = ["30"]
        try p.run()
        let child = ChildSignals(p)
        #expect(child.send(SIGKILL))
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGKILL)
        // Reaped: its pid may name another process or thread now, the pidfd names nobody.
        #expect(!child.send(SIGKILL))
    }
}
