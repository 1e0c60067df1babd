import Foundation
import SleeveCore
import SQLite
import XMLReading

/// Imports a Discogs releases dump (`discogs_YYYYMMDD_releases.xml.gz`, or plain XML)
/// into an index file, streaming through five threads a few buffers apart, so memory
/// does not grow with the dump: one reads and inflates the file (`ChunkReader`), one
/// runs libxml2's SAX parser and collects each `<release>`'s fields, one makes their
/// rows (`ReleaseRows`), this one writes the lookup tables to SQLite in batches, and
/// one writes the text index into a file of its own (`TextIndexThread`).
///
/// The index is built in a temporary file beside the target, in one transaction with
/// prepared statements and the lookup indexes created after the load (while the text
/// index merges its segments on its thread), the text index copied in, and renamed
/// over the target only when complete: an import that fails or is interrupted leaves
/// the previous index as it was.
public struct DiscogsImporter {
    public struct Progress: Sendable {
        /// File bytes read (compressed bytes for a .gz) and the file's size.
        public var bytesRead: Int64
        public var totalBytes: Int64
        public var releases: Int
        public var skipped: Int
        public var seconds: Double
        public var finished: Bool
    }

    public struct Summary: Sendable {
        /// Bytes of XML parsed (the dump's uncompressed size).
        public var xmlBytes: Int64
        /// Seconds of the load alone, before the final indexes (lookup indexes, the text
        /// index's merge and copy).
        public var loadSeconds: Double
        public var releases: Int
        public var skipped: Int
        public var seconds: Double
        public var indexBytes: Int64
    }

    public enum Failure: Error, CustomStringConvertible {
        case dump(XMLReadError)
        case index(String)
        case interrupted

        public var description: String {
            switch self {
            case let .dump(e): "\(e) (is it a Discogs releases dump, complete?)"
            case let .index(m): m
            case .interrupted: "interrupted"
            }
        }
    }

    /// Only releases with one of these format names (`Vinyl`, `CD`), compared ignoring
    /// case; nil imports every release.
    public var formats: Set<String>?
    /// Asked between releases; true stops the import (Ctrl-C).
    public var shouldStop: @Sendable () -> Bool = { false }
    /// How often `progress` is called, in releases.
    public var progressEvery = 5000

    public init(formats: Set<String>? = nil) {
        self.formats = formats.map { Set($0.map { $0.lowercased() }) }
    }

    /// An element running on past this many bytes without closing is a broken dump.
    public var elementLimit: Int64 = 64 << 20

    public func run(dump: String, index: String, progress: (Progress) -> Void = { _ in }) throws(Failure) -> Summary {
        let started = Date()
        let temp = index + ".importing-\(getpid())"
        let textFile = temp + ".text"
        Self.removeAbandonedImports(of: index)
        unlink(temp)
        unlink(textFile)
        do {
            let parser: XMLEventParser
            do { parser = try XMLEventParser(path: dump, skipping: ReleaseReceiver.unread,
                                                   skipLimit: Int(clamping: elementLimit)) } catch { throw Failure.dump(error) }
            let total = (try? FileManager.default.attributesOfItem(atPath: dump)[.size] as? NSNumber)?.int64Value ?? 0
            var count = 0, skipped = 0
            var xmlBytes: Int64 = 0, loadSeconds = 0.0
            do {
                let db = try SQLiteDatabase(path: temp)
                try IndexSchema.prepare(db)
                let writer = try ReleaseWriter(db)
                try db.execute("BEGIN")
                // A pipeline of threads a few batches apart: one parses (gunzip +
                // libxml2 + collecting fields), one prepares the rows (keys, packing),
                // this one writes the lookup tables and hands each batch's text rows on
                // to the text index's thread (its own file). Two cores: the stages let
                // the scheduler balance the work, and the text index's final merge runs
                // beside the lookup indexes' sorts.
                let parsed = BatchQueue<ReleaseBatch>(capacity: 8)
                let prepared = BatchQueue<PreparedBatch>(capacity: 8)
                let textRows = BatchQueue<[TextRow]>(capacity: 8)
                let parsing = ParsingThread(parser: parser, formats: formats, limit: elementLimit, queue: parsed)
                let preparing = PreparingThread(from: parsed, to: prepared)
                let texting = TextIndexThread(path: textFile, rows: textRows)
                defer {
                    prepared.cancel()
                    parsed.cancel()
                    textRows.cancel()
                    preparing.join()
                    _ = parsing.join()
                    _ = texting.join()
                }
                var sinceProgress = 0, fileOffset: Int64 = 0
                while let batch = prepared.pop() {
                    var text: [TextRow] = []
                    text.reserveCapacity(batch.releases.count)
                    for release in batch.releases {
                        if try writer.insert(release) {
                            count += 1
                            text.append(release.text)
                        } else {
                            skipped += 1
                        }
                    }
                    guard textRows.push(text) else { try texting.join().get(); throw Failure.interrupted }
                    skipped += batch.skipped
                    fileOffset = batch.fileOffset
                    sinceProgress += batch.releases.count + batch.skipped
                    if sinceProgress >= progressEvery {
                        sinceProgress = 0
                        if shouldStop() { throw Failure.interrupted }
                        progress(Progress(bytesRead: fileOffset, totalBytes: total, releases: count,
                                          skipped: skipped, seconds: -started.timeIntervalSinceNow, finished: false))
                    }
                }
                switch parsing.join() {
                case let .failure(error): throw Failure.dump(error)
                case .success(nil): throw Failure.interrupted
                case let .success(bytes?): xmlBytes = bytes
                }
                if shouldStop() { throw Failure.interrupted }
                try db.execute("COMMIT")
                textRows.close()
                loadSeconds = -started.timeIntervalSinceNow
                progress(Progress(bytesRead: total, totalBytes: total, releases: count, skipped: skipped,
                                  seconds: -started.timeIntervalSinceNow, finished: true))
                try IndexSchema.createLookupIndexes(db)
                try texting.join().get()
                try IndexSchema.copyText(into: db, from: textFile)
                unlink(textFile)
                try IndexSchema.finish(db, source: dump, releases: count, formats: formats)
            }
            try durablyReplace(temp, index)
            let size = (try? FileManager.default.attributesOfItem(atPath: index)[.size] as? NSNumber)?.int64Value ?? 0
            return Summary(xmlBytes: xmlBytes, loadSeconds: loadSeconds, releases: count, skipped: skipped, seconds: -started.timeIntervalSinceNow, indexBytes: size)
        } catch let e as Failure {
            removeTemp(temp, textFile)
            throw e
        } catch let e as SQLiteError {
            removeTemp(temp, textFile)
            throw .index("\(temp): \(e) (check the folder is writable and has space)")
        } catch {
            removeTemp(temp, textFile)
            throw .index("\(temp): \(error)")
        }
    }

    /// Removes the temporary files of earlier imports into `index` whose process is gone
    /// (killed, power lost): they were never going to be renamed into place.
    static func removeAbandonedImports(of index: String) {
        let url = URL(fileURLWithPath: index)
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".importing-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }

    private func removeTemp(_ temp: String, _ textFile: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temp + suffix) }
        unlink(textFile)
    }

    /// fsync the finished file, rename it over the target, fsync the folder.
    private func durablyReplace(_ temp: String, _ target: String) throws(Failure) {
        let fd = open(temp, O_RDONLY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
        guard rename(temp, target) == 0 else {
            let why = String(cString: strerror(errno))
            throw .index("cannot move the new index to \(target): \(why)")
        }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }
}

/// One `<release>` as the index keeps it.
struct ReleaseElement {
    var id: Int
    var title: String
    var artists: [ReleaseFacts.ArtistEntry]
    var labels: [ReleaseFacts.LabelEntry]
    var formats: [String]
    var country: String?
    var released: String?
    var masterId: Int?
    var tracks: [ReleaseFacts.TrackEntry]
    /// (type, value, description) of each `<identifier>`.
    var identifiers: [(type: String, value: String, description: String)]

    /// The year of `released` ("1999-03-00", "1999", "1999-00-00").
    var year: Int? {
        guard let released, released.count >= 4, let y = Int(released.prefix(4)), y > 0 else { return nil }
        return y
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// The text index on its own thread and connection, in its own file: the rows the
/// writer hands on, then, once the queue is closed complete, its final merge
/// (`IndexSchema.finishText`); the connection is closed before `join` returns, so the
/// writer can attach the file. A failure cancels the queue (the writer's next push
/// fails) and is returned by `join`.
final class TextIndexThread: @unchecked Sendable {
    private let done = NSCondition()
    private var finished = false
    private var result: Result<Void, SQLiteError> = .success(())

    init(path: String, rows: BatchQueue<[TextRow]>) {
        let thread = Thread { [self] in
            let outcome = Result { () throws(SQLiteError) in
                let db = try SQLiteDatabase(path: path)
                try IndexSchema.prepareText(db)
                let writer = try TextIndexWriter(db)
                try db.execute("BEGIN")
                while let batch = rows.pop() {
                    for row in batch { try writer.insert(row) }
                }
                guard rows.completed else { return }
                try db.execute("COMMIT")
                try IndexSchema.finishText(db)
            }
            if case .failure = outcome { rows.cancel() }
            done.lock()
            result = outcome
            finished = true
            done.broadcast()
            done.unlock()
        }
        thread.start()
    }

    func join() -> Result<Void, SQLiteError> {
        done.lock()
        defer { done.unlock() }
        while !finished { done.wait() }
        return result
    }
}

/// Batches from one stage of the import to the next; at most `capacity` waiting, so
/// a stage faster than the next waits instead of filling memory.
final class BatchQueue<Batch>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Batch] = []
    private var closed = false, cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// False when the reader has gone (cancelled): stop producing.
    func push(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        items.append(batch)
        condition.broadcast()
        return true
    }

    /// The next batch; nil once the producer closed the queue and it is empty, or on cancel.
    func pop() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed && !cancelled { condition.wait() }
        guard !cancelled, !items.isEmpty else { return nil }
        condition.broadcast()
        return items.removeFirst()
    }

    func close() { condition.lock(); closed = true; condition.broadcast(); condition.unlock() }
    /// True once the producer closed the queue (every batch was pushed), and it was not
    /// cancelled.
    var completed: Bool { condition.lock(); defer { condition.unlock() }; return closed && !cancelled }
    func cancel() { condition.lock(); cancelled = true; condition.broadcast(); condition.unlock() }
}

/// The parse on its own thread: the dump into `queue`, closed at the end.
/// Unchecked Sendable: the parser is handed over at init and used by that thread only;
/// `result` is guarded by `done`.
final class ParsingThread: @unchecked Sendable {
    private let parser: XMLEventParser
    private let done = NSCondition()
    private var finished = false
    /// Bytes of XML read when the document was complete; nil when stopped early.
    private var result: Result<Int64?, XMLReadError> = .success(nil)

    init(parser: XMLEventParser, formats: Set<String>?, limit: Int64, queue: BatchQueue<ReleaseBatch>) {
        self.parser = parser
        let thread = Thread { [self] in
            let parser = self.parser
            let receiver = ReleaseReceiver(parser: parser, formats: formats, limit: limit) { queue.push($0) }
            let outcome: Result<Int64?, XMLReadError>
            do throws(XMLReadError) {
                let complete = try parser.parse(into: receiver)
                if let failure = receiver.failure {
                    outcome = .failure(failure)
                } else if complete {
                    receiver.finish()
                    outcome = .success(parser.xmlBytesRead)
                } else {
                    outcome = .success(nil)
                }
            } catch {
                outcome = .failure(error)
            }
            queue.close()
            done.lock()
            result = outcome
            finished = true
            done.broadcast()
            done.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Waits for the parse to end (the queue cancelled or drained) and returns how.
    func join() -> Result<Int64?, XMLReadError> {
        done.lock()
        defer { done.unlock() }
        while !finished { done.wait() }
        return result
    }
}

/// Parsed releases turned into rows, ready for the writer.
struct PreparedBatch: @unchecked Sendable {
    var releases: [ReleaseRows]
    var skipped: Int
    var fileOffset: Int64
}

/// The middle stage: each parsed batch into rows (`ReleaseRows`), in order. Ends when
/// the parsed queue ends (closing the prepared one) or when the writer cancels.
final class PreparingThread: @unchecked Sendable {
    private let done = NSCondition()
    private var finished = false

    init(from parsed: BatchQueue<ReleaseBatch>, to prepared: BatchQueue<PreparedBatch>) {
        let thread = Thread { [self] in
            while let batch = parsed.pop() {
                let rows = PreparedBatch(releases: batch.releases.map(ReleaseRows.init), skipped: batch.skipped,
                                         fileOffset: batch.fileOffset)
                guard prepared.push(rows) else {
                    parsed.cancel()
                    break
                }
            }
            prepared.close()
            done.lock()
            finished = true
            done.broadcast()
            done.unlock()
        }
        thread.start()
    }

    func join() {
        done.lock()
        defer { done.unlock() }
        while !finished { done.wait() }
    }
}
