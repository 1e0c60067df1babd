import Application
import Foundation
import Synchronization
import Testing

/// Several readers at once, results in input order (what `read` of many images uses).
@Suite struct ReadAheadTests {
    @Test func resultsComeInInputOrderEachFromOneReaderMadeOnItsThread() {
        let made = Mutex<[Int]>([])
        let test = ObjectIdentifier(Thread.current)
        let ahead = ReadAhead<String>(count: 7, readers: 3) { k in
            made.withLock { $0.append(k) }
            let madeOn = ObjectIdentifier(Thread.current)
            return { index in "\(index) by \(k) " + (ObjectIdentifier(Thread.current) == madeOn && madeOn != test ? "on its thread" : "elsewhere") }
        }
        let results = (0..<7).map { ahead.result($0) }
        #expect(results.map { $0.split(separator: " ")[0] } == ["0", "1", "2", "3", "4", "5", "6"])
        for result in results {
            #expect(result.hasSuffix("on its thread"))
        }
        // Each reader made at most once, and every reader that read something was made.
        // A thread that starts once the others took every input makes none.
        let readers = Set(results.map { $0.split(separator: " ")[2] }.compactMap { Int($0) })
        let madeOnce = made.withLock { $0 }
        #expect(madeOnce.count == Set(madeOnce).count)
        #expect(Set(madeOnce) == readers)
    }

    /// A slow input holds up its reader only: the others take the inputs after it (with a
    /// fixed share, reader 0 would also have had inputs 2 and 4 waiting behind input 0).
    @Test func aFreeReaderTakesTheNextInput() {
        let ahead = ReadAhead<Int>(count: 6, readers: 2) { k in
            { index in
                if index == 0 { Thread.sleep(forTimeInterval: 0.4) }
                return k
            }
        }
        let readBy = (0..<6).map { ahead.result($0) }
        // Whichever reader took input 0 is asleep; the window (inputs started past the
        // first result not taken, four per reader) lets the other read all the rest
        // meanwhile, where one per reader stopped it after inputs 1 and 2.
        #expect(readBy[1...5].allSatisfy { $0 != readBy[0] })
    }

    @Test func readersWaitWhileResultsAreNotTaken() throws {
        let started = Atomic<Int>(0)
        let ahead = ReadAhead<Int>(count: 20, readers: 2) { _ in
            { index in started.add(1, ordering: .relaxed); return index }
        }
        // Nothing taken yet: the readers stop once the window's results wait.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(started.load(ordering: .relaxed) <= 2 * readAheadPerReader)
        #expect((0..<20).map { ahead.result($0) } == Array(0..<20))
        #expect(started.load(ordering: .relaxed) == 20)
    }

    @Test func moreReadersThanInputsStartOnlyAsManyAsInputs() {
        let made = Mutex(0)
        let ahead = ReadAhead<Int>(count: 2, readers: 4) { _ in
            made.withLock { $0 += 1 }
            return { $0 * 10 }
        }
        let results: [Int] = [ahead.result(0), ahead.result(1)]
        #expect(results == [0, 10])
        #expect((1...2).contains(made.withLock { $0 }))
    }

    /// One image, or one core: one reader with the rest of the cores. Several images on
    /// several cores: at least two readers, at most half the cores, none idle.
    func share(_ files: Int, _ cores: Int) -> [Int] {
        let s = Engines.readers(files: files, cores: cores)
        return [s.readers, s.spareCores]
    }

    @Test func theMachineIsSharedByImagesWhenThereAreSeveral() {
        #expect(share(1, 2) == [1, 1])
        #expect(share(5, 1) == [1, 0])
        #expect(share(5, 2) == [2, 0])
        #expect(share(5, 4) == [2, 1])
        #expect(share(5, 8) == [4, 1])
        #expect(share(3, 16) == [3, 4])
    }
}
