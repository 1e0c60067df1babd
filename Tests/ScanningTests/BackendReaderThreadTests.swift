import Foundation
@testable import Scanning
import Testing

/// What the scanner's hold-back of a page's last byte rests on: a thread started
/// while the starter carries a name is found by that name until it ends.
struct BackendReaderThreadTests {
    @Test func aThreadStartedUnderTheTagIsFoundUntilItEnds() throws {
        let tag = BackendReaderThread.freshTag()
        let release = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        let before = try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        BackendReaderThread.starting(tag: tag) {
            Thread.detachNewThread { release.wait(); ended.signal() }
        }
        // The starter has its own name back; the thread it started keeps the tag.
        #expect(try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) == before)
        #expect(BackendReaderThread.running(tag: tag) == 1)
        var reader = BackendReaderThread(tag: tag)
        reader.look()
        release.signal()
        ended.wait()
        reader.finish()
        #expect(reader.end == .ended)
        #expect(BackendReaderThread.running(tag: tag) == 0)
    }

    @Test func aThreadThatOutlivesTheLimitIsReportedStillRunning() {
        let tag = BackendReaderThread.freshTag()
        let release = DispatchSemaphore(value: 0)
        BackendReaderThread.starting(tag: tag) { Thread.detachNewThread { release.wait() } }
        var reader = BackendReaderThread(tag: tag)
        reader.finish(limit: .milliseconds(20))
        #expect(reader.end == .stillRunning)
        release.signal()
    }

    @Test func withNoThreadStartedThereIsNothingToWaitFor() {
        let tag = BackendReaderThread.freshTag()
        BackendReaderThread.starting(tag: tag) {}
        var reader = BackendReaderThread(tag: tag)
        reader.look()
        #expect(reader.end == .noThread)
        reader.finish()
        #expect(reader.end == .noThread)
    }

    @Test func settlingWaitsForABusyThreadButNotForASleepingOne() {
        let tag = BackendReaderThread.freshTag()
        let release = DispatchSemaphore(value: 0)
        let spin = SaneStressTests.Flag()
        BackendReaderThread.starting(tag: tag) {
            Thread.detachNewThread { release.wait() }           // asleep in the kernel
            Thread.detachNewThread { while !spin.isSet {} }     // running
        }
        let reader = BackendReaderThread(tag: tag)
        let clock = ContinuousClock()
        let started = clock.now
        while BackendReaderThread.states(tag: tag).sorted() != ["R", "S"], clock.now - started < .seconds(5) { usleep(1000) }
        #expect(BackendReaderThread.states(tag: tag).sorted() == ["R", "S"])
        let busy = clock.measure { reader.settle(limit: .milliseconds(200)) }
        #expect(busy >= .milliseconds(200))
        spin.set()
        while BackendReaderThread.running(tag: tag) > 1 { usleep(1000) }
        let asleep = clock.measure { reader.settle(limit: .seconds(5)) }
        #expect(asleep < .seconds(1))
        release.signal()
    }
}
