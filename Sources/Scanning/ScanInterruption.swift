internal import CSane
import Foundation

/// Ctrl-C during a scan: another thread (the signal handler's queue) marks the scan
/// interrupted and calls `sane_cancel`, which SANE allows from any thread or signal
/// handler; the reading loop then stops, cancels, and throws `.cancelled`.
public final class ScanInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var interrupted = false
    private var scanning: SANE_Handle?

    public init() {}

    /// Marks the scan interrupted; returns true when a scan was in progress (and has
    /// been cancelled), false when the caller must stop things itself.
    @discardableResult
    public func interrupt() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        interrupted = true
        if let scanning { sane_cancel(scanning); return true }
        return false
    }

    public var isInterrupted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return interrupted
    }

    /// True while a scan is reading from the scanner.
    public var isScanning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return scanning != nil
    }

    func begin(_ handle: SANE_Handle) {
        lock.lock(); scanning = handle; lock.unlock()
    }

    func end() {
        lock.lock(); scanning = nil; lock.unlock()
    }
}
