import Dispatch
import Foundation
import Synchronization

/// SIGINT and SIGTERM handled on a dispatch queue (not in signal context): the first
/// one is remembered for the exit status, and `handle` runs for each. While it lives
/// the signals' default action (ending the process at once) is off; `restoreDefaults`
/// turns it back on when the watch ends (else a late signal stays ignored while the
/// process finishes writing).
package final class SignalWatch: Sendable {
    // Dispatch sources are thread-safe; they are only cancelled, in deinit.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]
    private let first = FirstSignal()
    private let restoreDefaults: Bool

    /// Shared by the watch and its handlers.
    private final class FirstSignal: Sendable {
        let value = Mutex<Int32?>(nil)
    }

    /// The first signal received, if any.
    package var received: Int32? { first.value.withLock { $0 } }

    package init(restoreDefaults: Bool, _ handle: @escaping @Sendable (Int32) -> Void) {
        let first = self.first
        self.restoreDefaults = restoreDefaults
        sources = [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                first.value.withLock { if $0 == nil { $0 = sig } }
                handle(sig)
            }
            source.resume()
            return source
        }
    }

    deinit {
        for s in sources { s.cancel() }
        if restoreDefaults {
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
    }
}
