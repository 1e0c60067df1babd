#if canImport(Glibc)
import Glibc
#endif
import Testing
import SleeveCore

/// The barcode budget is CPU time so that a loaded machine reads what an idle one does:
/// waiting (here, sleeping; on a busy machine, waiting for a core) must not count.
@Suite struct ThreadCPUClockTests {
    @Test func waitingDoesNotCountAndWorkDoes() {
        let before = ThreadCPUClock.milliseconds()
        usleep(300_000)
        let slept = ThreadCPUClock.milliseconds() - before
        #expect(slept < 100, "a 300 ms sleep counted \(slept) ms")
        var x: UInt64 = 1
        let start = ThreadCPUClock.milliseconds()
        for i in 0..<20_000_000 { x = x &* 6364136223846793005 &+ UInt64(i) }
        #expect(x != 0)
        #expect(ThreadCPUClock.milliseconds() > start)
    }
}
