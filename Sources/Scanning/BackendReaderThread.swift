import Foundation

/// The reader thread a SANE backend starts in `sane_start`, found by name.
///
/// Backends built on sanei_thread (the `test` backend, plustek, u12 and others) copy
/// the page into a pipe from a thread of their own, and the read that takes a page's
/// last byte cancels that thread with an asynchronous `pthread_cancel`. When the
/// thread is still finishing (freeing its buffer, tearing down its malloc cache) the
/// cancel can land while it holds a malloc arena's lock; the lock is never released
/// and the next thread to use that arena hangs the whole process (gdb: the next reader
/// thread waiting for that lock in `tcache_thread_shutdown`, the scanning thread in
/// `pthread_join`). A CI test process hung so, and `SaneStressTests` without the
/// hold-back below hung after 5,213 and 2,286 pages.
///
/// The frontend can take that race away: hold back the page's last byte until the
/// reader thread has ended, so the cancel finds no thread to stop. Linux gives a new
/// thread its creator's name, so a thread named uniquely around `sane_start` marks
/// the reader the backend starts there, and `/proc/self/task` tells when it is gone.
public struct BackendReaderThread {
    /// The name the scanning thread carries during `sane_start` (at most 15 bytes,
    /// Linux's limit for a thread name).
    let tag: String

    private static let counter = Counter()

    /// A fresh name for one `sane_start`.
    static func freshTag() -> String { "sane-rd-\(counter.next() % 1_000_000)" }

    /// Runs `body` (which calls `sane_start`) with the calling thread named `tag`,
    /// so any thread it starts carries that name; the old name is put back after.
    /// The name is set through /proc (`pthread_setname_np` is not in Swift's Glibc).
    static func starting<T>(tag: String, _ body: () throws -> T) rethrows -> T {
        let own = "/proc/thread-self/comm"
        let old = try? String(contentsOfFile: own, encoding: .utf8)
        try? tag.write(toFile: own, atomically: false, encoding: .utf8)
        defer { if let old { try? old.trimmingCharacters(in: .newlines).write(toFile: own, atomically: false, encoding: .utf8) } }
        return try body()
    }

    /// Threads of this process that carry `tag`: after `starting` has put the
    /// caller's name back, only threads started inside it.
    static func running(tag: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { id in
            guard let comm = try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8) else { return false }
            return comm.trimmingCharacters(in: .newlines) == tag
        }.count
    }

    /// How the wait for the reader thread ended.
    public enum End: Hashable, Sendable {
        /// No thread of the backend's was seen (pnm reads in `sane_read` itself).
        case noThread
        /// The page's size was not known, so there was no last byte to hold back.
        case notWaitedFor
        /// The reader thread was seen, and had ended before the page's last byte.
        case ended
        /// It was still running at the limit; the last byte is read anyway.
        case stillRunning
    }

    /// Whether the reader thread has been seen running; a page larger than the pipe
    /// keeps it running until read, a small one may let it end before it is looked for.
    private(set) var seen = false

    init(tag: String) { self.tag = tag }

    /// Notes whether the reader is running now (right after `sane_start`).
    mutating func look() {
        if Self.running(tag: tag) > 0 { seen = true }
    }

    /// How the wait for this reader ended, once `finish` has run.
    var end: End { waited ?? (seen ? .notWaitedFor : .noThread) }
    private var waited: End?

    /// Waits (once) until no thread carries the tag, polling every millisecond up to
    /// `limit`: a reader that is still running at the limit is left to the backend.
    mutating func finish(limit: Duration = .seconds(5)) {
        guard waited == nil else { return }
        look()
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while Self.running(tag: tag) > 0 {
            guard clock.now < deadline else { waited = .stillRunning; return }
            usleep(1000)
        }
        waited = seen ? .ended : .noThread
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
}
