import Foundation

/// One value passed from one thread to another: the first `give` counts, and `take`
/// waits until there is one. For a stage on another thread that needs something the
/// calling thread computes part way through its own work.
final class Handoff<T>: @unchecked Sendable {
    private let given = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    // Written under the lock before the signal, read after the wait.
    private var value: T?
    private var isGiven = false

    init() {}

    /// Passes `value` on, unless something was already given.
    func give(_ value: T) {
        lock.lock()
        defer { lock.unlock() }
        guard !isGiven else { return }
        self.value = value
        isGiven = true
        given.signal()
    }

    /// The value given, once it is given; a later take has it at once (the barcode thread
    /// asks for the page after the photo's plain pass, and again after the photo's search).
    func take() -> T {
        given.wait()
        // Passed on, so the next take does not wait for a second gift that never comes.
        given.signal()
        lock.lock()
        defer { lock.unlock() }
        return value!
    }
}
