import Foundation
@testable import Reading
import Testing

/// The page passed from the OCR side to the barcode thread mid-read.
@Suite struct HandoffTests {
    @Test func theTakerWaitsForTheValueGivenOnAnotherThread() {
        let handoff = Handoff<Int?>()
        let giver = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            handoff.give(7)
        }
        giver.start()
        #expect(handoff.take() == 7)
    }

    @Test func theFirstGiftCounts() {
        // The reader gives the page, then nil in case finding it failed: the page stands.
        let handoff = Handoff<Int?>()
        handoff.give(3)
        handoff.give(nil)
        #expect(handoff.take() == 3)
    }

    @Test func aSecondTakeHasTheValueAtOnce() {
        let handoff = Handoff<Int?>()
        handoff.give(5)
        #expect(handoff.take() == 5)
        let second = OnItsOwnThread(name: "second take") { handoff.take() }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(second.valueIfDone() == .some(5))
    }
}

/// The barcode thread as the reading thread sees it: waited for, or only looked at.
@Suite struct OnItsOwnThreadTests {
    @Test func aLookBeforeTheEndGivesNothingAndTheWaitStillGivesTheResult() {
        let release = DispatchSemaphore(value: 0)
        let work = OnItsOwnThread(name: "test") { () -> Int in
            release.wait()
            return 42
        }
        #expect(work.valueIfDone() == nil)
        release.signal()
        #expect(work.value() == 42)
        // Done: a look gives it, and so does another wait.
        #expect(work.valueIfDone() == 42)
        #expect(work.value() == 42)
    }
}
