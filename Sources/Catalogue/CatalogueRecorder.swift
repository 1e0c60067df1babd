import Foundation
import Reading
import Synchronization

/// The catalogue as a capturing station uses it: asked for duplicates before each
/// record is written, told after. It never costs a capture: while the database cannot
/// be reached, records are written as always and their paths are appended to a pending
/// file beside them (`.catalogue-pending`, fsynced); a background thread reconnects
/// and enters them when the database is back. Entering is keyed by the source's
/// SHA-256, so nothing is doubled, and the pending file survives a crash (as does
/// `catalogue rebuild`, which enters every sidecar of a folder again).
///
/// `@unchecked`: it holds a `Catalogue`, a C database connection (SQLite or libpq)
/// that is not Sendable; it and every other mutable field are used only under `lock`
/// (the retry intervals under their own).
public final class CatalogueRecorder: RecordCataloguing, @unchecked Sendable {
    public let url: CatalogueURL
    public let station: String
    private let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var catalogue: Catalogue?
    private var tried = false
    private var offlineSince: Date?
    private var lastProblem: String?
    private var retryThread: Thread?
    private var stopped = false
    private var pendingFiles: Set<String> = []
    private var waiting = 0
    /// Seconds between reconnection attempts, doubling up to `retryMaxSeconds`.
    public var retrySeconds: Double {
        get { retry.withLock { $0.first } }
        set { retry.withLock { $0.first = newValue } }
    }
    public var retryMaxSeconds: Double {
        get { retry.withLock { $0.max } }
        set { retry.withLock { $0.max = newValue } }
    }
    /// Read by the retry thread, set by the owner: under their own lock.
    private let retry = Mutex((first: 1.0, max: 10.0))
    /// The name of the pending list in a record folder.
    public static let pendingName = ".catalogue-pending"

    public init(url: CatalogueURL, station: String, log: @escaping @Sendable (String) -> Void) {
        self.url = url
        self.station = station
        self.log = log
    }

    deinit { stop() }

    /// Connects now (instead of at the first record) and enters what `folder`'s pending
    /// list holds from an earlier run. False when the database cannot be reached (the
    /// station goes on; a background thread keeps trying).
    @discardableResult
    public func open(pendingIn folder: String? = nil) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if let folder { pendingFiles.insert(Self.pendingPath(in: folder)) }
        connectIfFirst()
        guard let catalogue else { return false }
        if let folder {
            let file = Self.pendingPath(in: folder)
            let lines = Self.readPending(file)
            if !lines.isEmpty {
                let (done, failure) = enterPending(lines, with: catalogue)
                if let failure {
                    goOffline(failure)
                    return false
                }
                Self.rewritePending(file, keeping: Array(lines.dropFirst(done)))
                log("catalogue: entered \(done) record(s) waiting from an earlier run")
            }
        }
        return true
    }

    /// At the end of a run: when the catalogue is away, one last attempt to reach it and
    /// enter what waits (what still cannot be entered stays in the pending file, for the
    /// next run or `catalogue rebuild`). Then stops the reconnection thread.
    public func finish() {
        lock.lock()
        stopped = true
        let away = tried && catalogue == nil
        let files = pendingFiles
        lock.unlock()
        guard away, let fresh = try? Catalogue(url: url, station: station) else { return }
        lock.lock()
        defer { lock.unlock() }
        var entered = 0
        for file in files {
            let lines = Self.readPending(file)
            let (n, failure) = enterPending(lines, with: fresh)
            entered += n
            Self.rewritePending(file, keeping: Array(lines.dropFirst(n)))
            if failure != nil { return }
        }
        catalogue = fresh
        offlineSince = nil
        waiting = 0
        log("catalogue: \(url) is back; entered \(entered) record(s) written meanwhile")
    }

    /// Stops the reconnection thread.
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    /// For the status page and the log: nil while the catalogue is in reach.
    public var problem: String? {
        lock.lock()
        defer { lock.unlock() }
        guard let since = offlineSince else { return nil }
        let f = DateFormatter()
        f.dateFormat = "HH:mm:ss"
        return "catalogue \(url) unreachable since \(f.string(from: since)) (\(waiting) record(s) waiting to be entered): "
            + (lastProblem ?? "")
    }

    /// Records written while the catalogue was away and not yet entered.
    public var waitingCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return waiting
    }

    public var isOnline: Bool {
        lock.lock()
        defer { lock.unlock() }
        return catalogue != nil
    }

    // MARK: RecordCataloguing

    public func duplicates(ofRecordJSON json: [UInt8]) -> CatalogueDuplicates? {
        lock.lock()
        defer { lock.unlock() }
        connectIfFirst()
        guard let catalogue, case let .success(entry) = CatalogueEntry.parse(recordJSON: json, recordPath: "") else { return nil }
        do {
            let d = try catalogue.duplicates(of: entry)
            return CatalogueDuplicates(count: d.count, lastAt: d.lastAt, matchedBy: d.matchedBy)
        } catch {
            failed(error)
            return nil
        }
    }

    public func enter(recordPath: String, recordJSON: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        connectIfFirst()
        let entry: CatalogueEntry
        switch CatalogueEntry.parse(recordJSON: recordJSON, recordPath: recordPath) {
        case let .success(e): entry = e
        case let .failure(e):
            log("catalogue: \(e) (not entered)")
            return
        }
        if let catalogue {
            do {
                try catalogue.enter(entry)
                return
            } catch {
                failed(error)
            }
        }
        appendPending(recordPath)
    }

    // MARK: offline and back

    private func connectIfFirst() {
        guard !tried else { return }
        tried = true
        do {
            catalogue = try Catalogue(url: url, station: station)
        } catch {
            goOffline("\(error)")
        }
    }

    private func failed(_ error: any Error) {
        goOffline("\(error)")
    }

    /// Called with the lock held.
    private func goOffline(_ why: String) {
        catalogue = nil
        lastProblem = why
        if offlineSince == nil {
            offlineSince = Date()
            log("catalogue: \(why); records are still written and will be entered when the catalogue is back")
        }
        guard retryThread == nil, !stopped else { return }
        let thread = Thread { [weak self] in self?.retryLoop() }
        thread.name = "catalogue-retry"
        retryThread = thread
        thread.start()
    }

    private func appendPending(_ recordPath: String) {
        let folder = URL(fileURLWithPath: recordPath).deletingLastPathComponent().path
        let file = Self.pendingPath(in: folder)
        pendingFiles.insert(file)
        let fd = Glibc.open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            log("catalogue: cannot note \(recordPath) in \(file) (\(String(cString: strerror(errno)))): run 'sleevescan catalogue rebuild \(folder)' later")
            return
        }
        let line = Array((recordPath + "\n").utf8)
        _ = line.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        fsync(fd)
        close(fd)
        waiting += 1
    }

    private func retryLoop() {
        var delay = retrySeconds
        while true {
            Thread.sleep(forTimeInterval: delay)
            delay = min(retryMaxSeconds, delay * 2)
            lock.lock()
            let done = stopped
            let files = pendingFiles
            lock.unlock()
            if done { break }
            guard let fresh = try? Catalogue(url: url, station: station) else { continue }
            // Phase one, without the lock: what is pending now (the station keeps writing).
            var ok = true
            var entered = 0
            var snapshot: [String: Int] = [:]
            for file in files {
                let lines = Self.readPending(file)
                let (n, failure) = enterPending(lines, with: fresh)
                entered += n
                snapshot[file] = n
                if failure != nil { ok = false; break }
            }
            guard ok else { continue }
            // Phase two, under the lock: what was added meanwhile, then back online.
            lock.lock()
            var failure: String?
            for file in pendingFiles {
                let lines = Self.readPending(file)
                let skip = min(snapshot[file] ?? 0, lines.count)
                let (n, f) = enterPending(Array(lines.dropFirst(skip)), with: fresh)
                entered += n
                if let f { failure = f; Self.rewritePending(file, keeping: Array(lines.dropFirst(skip + n))); break }
                Self.rewritePending(file, keeping: [])
            }
            if let failure {
                lastProblem = failure
                lock.unlock()
                continue
            }
            catalogue = fresh
            offlineSince = nil
            lastProblem = nil
            waiting = 0
            retryThread = nil
            lock.unlock()
            log("catalogue: \(url) is back; entered \(entered) record(s) written meanwhile")
            return
        }
        lock.lock()
        retryThread = nil
        lock.unlock()
    }

    /// Enters the sidecars named by `lines` in order; stops at the first failure that is
    /// the database being away (returns how many were done and why it stopped). A sidecar
    /// gone or unreadable is said and skipped: there is nothing left to enter.
    private func enterPending(_ lines: [String], with catalogue: Catalogue) -> (done: Int, failure: String?) {
        var done = 0
        for path in lines {
            if let bytes = FileManager.default.contents(atPath: path) {
                switch CatalogueEntry.parse(recordJSON: [UInt8](bytes), recordPath: path) {
                case let .success(entry):
                    do {
                        try catalogue.enter(entry)
                    } catch let e as CatalogueError where e.kind == .unreachable {
                        return (done, e.description)
                    } catch {
                        log("catalogue: \(path): \(error) (not entered)")
                    }
                case let .failure(e):
                    log("catalogue: \(e) (not entered)")
                }
            } else {
                log("catalogue: \(path) is gone (not entered)")
            }
            done += 1
        }
        return (done, nil)
    }

    static func pendingPath(in folder: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent(pendingName).path
    }

    static func readPending(_ file: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: file) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    static func rewritePending(_ file: String, keeping lines: [String]) {
        if lines.isEmpty {
            unlink(file)
        } else {
            try? AtomicFile.write(Array(lines.map { $0 + "\n" }.joined().utf8), to: file)
        }
    }
}
