internal import CXML2
// Not Foundation: its ICU module and libxml2's ICU headers define the same C types
// differently, and a file importing both fails to build from clean.
import Glibc

/// Reads (and for a .gz, inflates) a file on its own thread into a ring of buffers, so
/// zlib runs beside libxml2 instead of before it: inflating was a sixth of the parsing
/// thread's instructions, and that thread sets the import's pace.
///
/// One consumer: `next()` hands out the buffers in file order; a buffer stays the
/// consumer's until its next call. `cancel()` then `join()` before the file is closed.
final class ChunkReader: @unchecked Sendable {
    struct Chunk {
        let bytes: UnsafeMutablePointer<CChar>
        /// Bytes in the buffer; 0 at the end of the file.
        let count: Int
        /// The file's offset after this chunk (compressed bytes for a .gz).
        let fileOffset: Int64
    }

    /// How a slot stands: free for the reader, or holding a chunk (or the read's error).
    private enum Slot {
        case free
        case full(count: Int, fileOffset: Int64)
        case failed(String)
    }

    static let chunkSize = 256 << 10
    /// Buffers in the ring: the reader can run a megabyte ahead.
    static let depth = 4

    private let condition = PosixCondition()
    private var slots = [Slot](repeating: .free, count: ChunkReader.depth)
    private let buffers: [UnsafeMutablePointer<CChar>]
    private var cancelled = false, finished = false
    /// The slot the consumer holds (handed out by the last `next()`), if any.
    private var held: Int?
    private var nextToRead = 0

    init(gz: UnsafeMutableRawPointer) {
        buffers = (0..<Self.depth).map { _ in UnsafeMutablePointer<CChar>.allocate(capacity: Self.chunkSize) }
        // The file handle is used by this thread only until `join()` returns.
        nonisolated(unsafe) let gz = gz
        PosixCondition.startThread { [self] in
            var slot = 0
            reading: while true {
                condition.lock()
                while case .full = slots[slot], !cancelled { condition.wait() }
                if cancelled { condition.unlock(); break reading }
                condition.unlock()
                let n = xml_gz_read(gz, buffers[slot], Int32(Self.chunkSize))
                let result: Slot = n < 0 ? .failed(String(cString: xml_gz_error(gz)))
                    : .full(count: Int(n), fileOffset: Int64(xml_gz_offset(gz)))
                condition.lock()
                slots[slot] = result
                condition.broadcast()
                condition.unlock()
                guard case let .full(count, _) = result, count > 0 else { break }
                slot = (slot + 1) % Self.depth
            }
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
    }

    deinit {
        for b in buffers { b.deallocate() }
    }

    /// The next chunk in file order (giving back the previous one), or the read's error.
    func next() -> Result<Chunk, XMLReadFailure> {
        condition.lock()
        defer { condition.unlock() }
        if let h = held {
            slots[h] = .free
            held = nil
            condition.broadcast()
        }
        while true {
            switch slots[nextToRead] {
            case .free:
                condition.wait()
            case let .failed(message):
                return .failure(XMLReadFailure(message: message))
            case let .full(count, fileOffset):
                held = nextToRead
                let chunk = Chunk(bytes: buffers[nextToRead], count: count, fileOffset: fileOffset)
                nextToRead = (nextToRead + 1) % Self.depth
                return .success(chunk)
            }
        }
    }

    /// Stops the reader (it may be waiting for a free buffer).
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the reader thread to end: after `cancel()`, or once it read the end.
    func join() {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
    }

    struct XMLReadFailure: Error {
        let message: String
    }
}

/// A mutex and its condition variable (what NSCondition is), from the C library.
private final class PosixCondition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        pthread_mutex_destroy(mutex)
        cond.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func wait() { pthread_cond_wait(cond, mutex) }
    func broadcast() { pthread_cond_broadcast(cond) }

    /// Runs `body` on a new detached thread.
    static func startThread(_ body: @escaping @Sendable () -> Void) {
        final class Box { let body: @Sendable () -> Void; init(_ b: @escaping @Sendable () -> Void) { body = b } }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        precondition(started == 0, "cannot start the file-reading thread (pthread_create \(started))")
        pthread_detach(thread)
    }
}
