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
/// A scan cancelled before its end (a fault, a short page) cannot wait for the end:
/// its cancel waits until the thread sleeps in the kernel instead (`settle`), and the
/// unwinder the thread's exit needs is loaded before any reader runs
/// (`loadThreadExitUnwinder`).
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
    static func running(tag: String) -> Int { tasks(named: tag).count }

    /// The ids (in /proc/self/task) of this process's threads named `tag`.
    private static func tasks(named tag: String) -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { id in
            (try? String(contentsOfFile: "/proc/self/task/\(id)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .newlines) == tag
        }
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

    /// Before a cancel of a scan that has not ended (a fault, a short page): waits
    /// until the reader has ended or sleeps in the kernel (writing to its full pipe,
    /// waiting on the device) on two looks a millisecond apart, where an asynchronous
    /// cancel lands at a safe point, not inside `malloc` as the thread starts. A jam
    /// reported by the first read came while the reader was still allocating its
    /// buffer: cancelled then, `SaneStressTests` with every fifth page jammed hung
    /// after 6,919 and 8,469 pages.
    func settle(limit: Duration = .seconds(2)) {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        var asleepBefore = false
        while clock.now < deadline {
            let states = Self.states(tag: tag)
            let asleep = states.allSatisfy { $0 == "S" || $0 == "D" }
            if states.isEmpty || (asleep && asleepBefore) { return }
            asleepBefore = asleep
            usleep(1000)
        }
    }

    /// Makes glibc load the unwinder a thread's exit needs, once per process, before
    /// a backend's reader thread first exits. glibc (2.34 and later) loads libgcc_s in
    /// `pthread_exit` on first use, with the dynamic loader's locks held and before the
    /// thread stops accepting cancels: a backend that cancels its reader as it exits
    /// (after a fault, `finish_pass` closes the pipe, which wakes the reader into its
    /// exit, then cancels it) left those locks held by a dead thread, and the process
    /// hung at its next `dlclose`: 24 of 200 jammed 200 dpi scans once `settle` made the
    /// cancel come while the reader sleeps (none in 200 before it; the cancel then came
    /// while the reader was busy writing). A thread that exits here takes that first
    /// load; with it, 200 of 200 such scans end with their error.
    static func loadThreadExitUnwinder() {
        unwinderLoaded.run {
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { _ in pthread_exit(nil) }, nil) == 0 else { return }
            pthread_join(thread, nil)
        }
    }

    /// Catches SIGPIPE with a handler that does nothing, as scanimage does, so a
    /// reader thread's write into a pipe a cancel has closed fails with EPIPE instead of
    /// ending the process. Ignoring it would not last: sanei_thread sets SIGPIPE to
    /// ignored when a reader starts only if it was at its default, and puts the
    /// default back at each join if it finds it ignored, so when a Ctrl-C's cancel and
    /// the page's end meet, a late write killed the process: a loop of scans
    /// interrupted at random moments died of SIGPIPE within seconds in each of six
    /// runs, and in none of five with this handler. A handler of our own is left alone
    /// by both.
    static func catchBrokenPipes() {
        brokenPipesCaught.run {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in }
            sigemptyset(&action.sa_mask)
            sigaction(SIGPIPE, &action, nil)
        }
    }

    private static let brokenPipesCaught = Once()
    private static let unwinderLoaded = Once()

    private final class Once: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        func run(_ body: () -> Void) {
            lock.lock(); defer { lock.unlock() }
            if !done { body(); done = true }
        }
    }

    /// The scheduler state (R, S, D, …) of each thread that carries `tag`.
    static func states(tag: String) -> [Character] {
        tasks(named: tag).compactMap { id in
            guard let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
                  // "tid (name) S …": the name may hold spaces and parentheses.
                  let close = stat.lastIndex(of: ")") else { return nil }
            return stat[stat.index(after: close)...].first { $0 != " " }
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.lock(); defer { lock.unlock() }; value += 1; return value }
    }
}
