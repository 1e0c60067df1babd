import Foundation
import Synchronization

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
final class ConnectionGuard: Sendable {
    private let state = Mutex(State())
    private let deadline: Duration
    private let maxWaiting: Int

    private struct State {
        /// By libmicrohttpd's connection handle (a pointer it owns), as its address:
        /// used only as a key, never dereferenced.
        var connections: [UInt: Tracked] = [:]
        var stopped = false
        /// Connections closed for taking too long, and to make room (for the bench and tests).
        var closedLate = 0, closedForRoom = 0

        /// Shuts the connection's socket down; libmicrohttpd frees it on its next poll.
        mutating func close(_ connection: UInt) {
            guard let fd = connections[connection]?.fd, fd >= 0 else { return }
            connections[connection]?.closing = true
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }

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
        t.start()  // a started thread keeps itself alive until it returns
    }

    func stop() {
        state.withLock { $0.stopped = true }
    }

    /// A connection was accepted: it waits for its request, and may push out the longest waiting.
    func started(_ connection: OpaquePointer, fd: Int32) {
        let maxWaiting = maxWaiting
        state.withLock { s in
            s.connections[UInt(bitPattern: connection)] = Tracked(fd: fd, waitingSince: .now)
            let waiting = s.connections.filter { $0.value.waitingSince != nil && !$0.value.closing }
            guard waiting.count > maxWaiting,
                  let oldest = waiting.min(by: { $0.value.waitingSince! < $1.value.waitingSince! }) else { return }
            s.close(oldest.key)
            s.closedForRoom += 1
        }
    }

    /// Its request arrived whole: it is being answered.
    func requestArrived(_ connection: OpaquePointer) {
        let key = UInt(bitPattern: connection)
        state.withLock { $0.connections[key]?.waitingSince = nil }
    }

    /// Its response was sent: on a kept-alive connection it waits for the next request.
    func responseDone(_ connection: OpaquePointer) {
        let key = UInt(bitPattern: connection)
        state.withLock { $0.connections[key]?.waitingSince = .now }
    }

    func closed(_ connection: OpaquePointer) {
        let key = UInt(bitPattern: connection)
        state.withLock { _ = $0.connections.removeValue(forKey: key) }
    }

    /// Closes connections past their deadline; false once stopped.
    private func sweep() -> Bool {
        let deadline = deadline
        return state.withLock { s in
            guard !s.stopped else { return false }
            let now = ContinuousClock.now
            for (c, t) in s.connections where !t.closing {
                if let since = t.waitingSince, now - since > deadline {
                    s.close(c)
                    s.closedLate += 1
                }
            }
            return true
        }
    }
}
