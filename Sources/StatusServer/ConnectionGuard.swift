import Foundation

/// Keeps the status page reachable under slow clients (slowloris): libmicrohttpd's own
/// timeout closes only a connection that goes silent, so one trickling a header byte a
/// second holds its slot for ever, and a handful of them fill every slot.
///
/// - Each connection must deliver a whole request within `deadline` of connecting (or
///   of its previous response, on a kept-alive connection); a watchdog closes it after.
/// - At most `maxWaiting` connections may be waiting for their request at once: a new
///   connection beyond that closes the one that has been waiting longest, so a new
///   client always gets a slot and a client that sends its request at once is answered.
///
/// Closing is `shutdown(2)` on the socket: libmicrohttpd sees the end on its next poll
/// and frees the connection itself. Everything here runs under one lock, and
/// libmicrohttpd reports a connection closed before it closes its descriptor, so a
/// descriptor is never shut down after it was reused.
final class ConnectionGuard: @unchecked Sendable {
    private let lock = NSLock()
    private var connections: [OpaquePointer: Tracked] = [:]
    private let deadline: Duration
    private let maxWaiting: Int
    private var watchdog: Thread?
    private var stopped = false
    /// Connections closed for taking too long, and to make room (for the bench and tests).
    private(set) var closedLate = 0, closedForRoom = 0

    struct Tracked {
        var fd: Int32
        /// Since when it has been waiting for a request; nil while a request is being answered.
        var waitingSince: ContinuousClock.Instant?
        var closing = false
    }

    init(deadlineSeconds: Int, maxWaiting: Int) {
        deadline = .seconds(max(1, deadlineSeconds))
        self.maxWaiting = max(1, maxWaiting)
    }

    func startWatchdog() {
        let t = Thread { [weak self] in
            while let self, self.sweep() { Thread.sleep(forTimeInterval: 0.2) }
        }
        t.name = "status page watchdog"
        watchdog = t
        t.start()
    }

    func stop() {
        lock.withLock { stopped = true }
    }

    /// A connection was accepted: it waits for its request, and may push out the longest waiting.
    func started(_ connection: OpaquePointer, fd: Int32) {
        lock.withLock {
            connections[connection] = Tracked(fd: fd, waitingSince: .now)
            let waiting = connections.filter { $0.value.waitingSince != nil && !$0.value.closing }
            guard waiting.count > maxWaiting,
                  let oldest = waiting.min(by: { $0.value.waitingSince! < $1.value.waitingSince! }) else { return }
            close(oldest.key)
            closedForRoom += 1
        }
    }

    /// Its request arrived whole: it is being answered.
    func requestArrived(_ connection: OpaquePointer) {
        lock.withLock { connections[connection]?.waitingSince = nil }
    }

    /// Its response was sent: on a kept-alive connection it waits for the next request.
    func responseDone(_ connection: OpaquePointer) {
        lock.withLock { connections[connection]?.waitingSince = .now }
    }

    func closed(_ connection: OpaquePointer) {
        lock.withLock { _ = connections.removeValue(forKey: connection) }
    }

    /// Closes connections past their deadline; false once stopped.
    private func sweep() -> Bool {
        lock.withLock {
            guard !stopped else { return false }
            let now = ContinuousClock.now
            for (c, t) in connections where !t.closing {
                if let since = t.waitingSince, now - since > deadline {
                    close(c)
                    closedLate += 1
                }
            }
            return true
        }
    }

    /// Under the lock.
    private func close(_ connection: OpaquePointer) {
        guard let fd = connections[connection]?.fd, fd >= 0 else { return }
        connections[connection]?.closing = true
        shutdown(fd, Int32(SHUT_RDWR))
    }
}
