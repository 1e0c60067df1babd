import Foundation

/// What the decoding libraries write to stderr while one image is decoded. libjpeg
/// ("Corrupt JPEG data: …"), libpng ("libpng error: …") and libtiff print through
/// handlers leptonica installs or leaves at their defaults, none reachable from here,
/// so their descriptor 2 is pointed at a temporary file for the call and the text is
/// handed back: a record's `warnings` or the one error line carry it instead.
///
/// Descriptor 2 is process-wide: callers use this where nothing else writes to stderr
/// meanwhile (reading files and scans, not the live loop's threads); a lock keeps two
/// captures from interleaving.
enum LibraryMessages {
    /// Recursive: a decode captures, and the header read inside it captures again (into
    /// its own file, restoring the outer one after).
    private static let lock = NSRecursiveLock()
    /// Most distinct messages kept; a cut-off TIFF repeats one line a thousand times.
    static let maxMessages = 5

    static func capturing<T>(_ body: () throws -> T) rethrows -> (result: T, messages: [String]) {
        lock.lock()
        defer { lock.unlock() }
        fflush(nil)  // every stream: stdio buffers must not spill into the capture
        guard let sink = tmpfile() else { return (try body(), []) }
        defer { fclose(sink) }
        let saved = dup(2)
        guard saved >= 0, dup2(fileno(sink), 2) >= 0 else {
            if saved >= 0 { close(saved) }
            return (try body(), [])
        }
        func restore() {
            fflush(nil)  // every stream: stdio buffers must not spill into the capture
            dup2(saved, 2)
            close(saved)
        }
        let result: T
        do { result = try body() } catch { restore(); throw error }
        restore()
        return (result, summary(readAll(sink)))
    }

    private static func readAll(_ file: UnsafeMutablePointer<FILE>) -> [UInt8] {
        rewind(file)
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 8192)
        while out.count < 256 * 1024 {
            let n = fread(&buf, 1, buf.count, file)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
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
}
