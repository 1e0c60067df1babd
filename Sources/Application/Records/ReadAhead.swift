import Foundation

/// Inputs each reader of a `ReadAhead` may start ahead of the next result taken.
package let readAheadPerReader = 4

/// Reads a list of inputs with several readers at once, each on a thread of its own,
/// and hands the results over in input order: `read` of a stack of sleeves uses every
/// core while each image is read exactly as one reader reads it (a reader holds its
/// own engines; nothing is shared between them).
///
/// A reader that is free takes the next input not yet started, so a slow image holds up
/// one reader while the others go on (a fixed share, reader k taking inputs k, k + n, …,
/// left one reader with the four slowest of the 16 shared sleeves while the other
/// finished early). No input is started more than `readAheadPerReader` × readers places
/// ahead of the next result to be taken, so a slow consumer (a full disk, a catalogue
/// on the network) does not let the readers fill memory with records; a record is a
/// few kilobytes, and a window of one per reader left a reader idle behind a sleeve
/// that took three times the others' time.
package final class ReadAhead<Result>: @unchecked Sendable {
    private let count: Int
    private let window: Int
    // Guarded by `changed`: the results not yet taken, how many have been taken, and
    // the next input no reader has started.
    private var results: [Result?]
    private var taken = 0
    private var next = 0
    private let changed = NSCondition()

    /// `makeReader` runs at most once per reader, on that reader's thread, when it takes
    /// its first input (so their engines start at the same time); the reader it returns
    /// reads one input by its index.
    package init(count: Int, readers: Int, makeReader: @escaping @Sendable (Int) -> (Int) -> Result) {
        let readers = max(1, min(readers, count))
        self.count = count
        results = Array(repeating: nil, count: count)
        window = readers * readAheadPerReader
        // Not kept: each thread holds this object until its last input is read.
        var threads: [Thread] = []
        for k in 0..<readers {
            let thread = Thread { [self] in
                // A reader is made once it has an input: a thread that starts after the
                // others took every input makes no engine for nothing.
                guard let first = nextInput() else { return }
                let read = makeReader(k)
                for index in sequence(first: first, next: { _ in self.nextInput() }) {
                    let result = read(index)
                    changed.lock()
                    results[index] = result
                    changed.broadcast()
                    changed.unlock()
                }
            }
            thread.name = "sleevescan-read-\(k)"
            // Tesseract and the image stages want deep stacks (the main thread's size).
            thread.stackSize = 8 << 20
            threads.append(thread)
        }
        threads.forEach { $0.start() }
    }

    /// The next input to read, once there is room for it; nil when every input is started.
    /// Room is counted from the next result to be taken, not per reader: a reader that
    /// runs ahead must not take the room of an earlier input.
    private func nextInput() -> Int? {
        changed.lock()
        defer { changed.unlock() }
        while next < count, next >= taken + window { changed.wait() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }

    /// The result for input `index`, waiting for it if need be. Taken in order, once each.
    package func result(_ index: Int) -> Result {
        changed.lock()
        defer { changed.unlock() }
        precondition(index == taken, "results are taken in order, once each")
        while results[index] == nil { changed.wait() }
        let result = results[index]!
        results[index] = nil
        taken += 1
        changed.broadcast()
        return result
    }
}
