import Dispatch
import Foundation
import Station

/// SIGINT and SIGTERM raise the stop flag (the handlers run on a dispatch queue, not
/// in signal context); the loop then finishes within the grace period and exits with
/// 128 + the signal's number.
package final class StopSignals: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private let lock = NSLock()
    private var first: Int32?

    /// The first signal that asked to stop, if any.
    package var received: Int32? { lock.withLock { first } }

    package init(_ stop: StopFlag) {
        sources = [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { [weak self] in
                self?.lock.withLock { if self?.first == nil { self?.first = sig } }
                stop.raise()
            }
            s.resume()
            return s
        }
    }

    deinit {
        for s in sources { s.cancel() }
    }
}

