import Foundation

/// Work started on a thread of its own; `value()` waits for its result. For overlapping
/// two independent stages on a machine with a core to spare.
package final class OnItsOwnThread<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written by the thread before it signals, read after the wait: no lock needed.
    private var result: T?

    package init(name: String, _ body: @escaping () -> T) {
        nonisolated(unsafe) let body = body
        let thread = Thread { [self] in
            result = body()
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// The result, once the thread is done.
    package func value() -> T {
        done.wait()
        // Signalled again: any later wait or look finds it done too.
        done.signal()
        return result!
    }

    /// The result if the thread is done, else nil at once; `value()` still gives it after.
    func valueIfDone() -> T? {
        guard done.wait(timeout: .now()) == .success else { return nil }
        done.signal()
        return result
    }
}
