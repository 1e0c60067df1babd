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
}
