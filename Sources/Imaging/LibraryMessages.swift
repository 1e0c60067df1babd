internal import CLeptonica
import Foundation

/// What the decoding libraries print while one image is decoded. libjpeg ("Corrupt
/// JPEG data: …"), libpng ("libpng warning: …") and libtiff print to C's `stderr`
/// stream through handlers leptonica installs or leaves at their defaults, none
/// reachable from here. So that stream is replaced, once, by one that hands what a
/// capturing thread writes to that thread's capture and passes everything else on to
/// descriptor 2: a record's `warnings` or the one error line carry a decode's messages,
/// and a line another thread prints meanwhile (a live loop's log, a test runner's
/// progress) still reaches the terminal and stays out of the record.
enum LibraryMessages {
    /// Most distinct messages kept; a cut-off TIFF repeats one line a thousand times.
    static let maxMessages = 5
    /// Most bytes kept per capture.
    static let maxBytes = 256 * 1024

    static func capturing<T>(_ body: () throws -> T) rethrows -> (result: T, messages: [String]) {
        guard installed else { return (try body(), []) }
        Captures.begin()
        let result: T
        do { result = try body() } catch { _ = Captures.end(); throw error }
        return (result, summary(Captures.end()))
    }

    /// Distinct lines in order, a repeated one with its count, at most `maxMessages`.
    static func summary(_ bytes: [UInt8]) -> [String] {
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var order: [String] = [], counts: [String: Int] = [:]
        for l in lines {
            if counts[l] == nil { order.append(l) }
            counts[l, default: 0] += 1
        }
        let kept = order.prefix(maxMessages).map { counts[$0]! > 1 ? "\($0) (×\(counts[$0]!))" : $0 }
        return order.count > maxMessages ? kept + ["… and \(order.count - maxMessages) more"] : kept
    }

    /// Puts the sorting stream in place of C's `stderr`, once. Unbuffered, so each write
    /// reaches it on the thread that made it. False (nothing captured, messages go to the
    /// terminal as before) if glibc could not make the stream.
    private static let installed: Bool = {
        var functions = cookie_io_functions_t()
        functions.write = { _, bytes, count in
            guard let bytes, count > 0 else { return 0 }
            let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
            if Captures.append(buffer) { return count }
            var sent = 0
            while sent < count {
                let n = write(2, buffer.baseAddress! + sent, count - sent)
                if n > 0 { sent += n } else if n < 0 && errno == EINTR { continue } else { break }
            }
            return count  // a terminal gone away is not the library's failure
        }
        guard let stream = fopencookie(nil, "w", functions) else { return false }
        setvbuf(stream, nil, _IONBF, 0)
        fflush(sleevescan_stderr_variable().pointee)
        sleevescan_stderr_variable().pointee = stream
        return true
    }()

    /// Each capturing thread's open captures, innermost last: a decode captures, and the
    /// header read inside it captures again, into its own.
    private enum Captures {
        private static let lock = NSLock()
        nonisolated(unsafe) private static var open: [pthread_t: [[UInt8]]] = [:]

        static func begin() {
            lock.withLock { open[pthread_self(), default: []].append([]) }
        }

        static func end() -> [UInt8] {
            lock.withLock {
                let thread = pthread_self()
                let bytes = open[thread]?.popLast() ?? []
                if open[thread]?.isEmpty == true { open[thread] = nil }
                return bytes
            }
        }

        /// False when this thread is not capturing. Appends in place: a copy of the
        /// capture per write would cost a cut-off TIFF's thousand repeated lines up to
        /// `maxBytes` each.
        static func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
            lock.withLock {
                let thread = pthread_self()
                guard let depth = open[thread]?.count, depth > 0 else { return false }
                let room = max(0, maxBytes - open[thread]![depth - 1].count)
                open[thread]![depth - 1].append(contentsOf: bytes.prefix(room))
                return true
            }
        }
    }
}
