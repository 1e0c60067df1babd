import Foundation
import SleeveCore

/// Writes files so that no reader ever sees half of one: a temporary file in the
/// same folder, fsync, rename over the target, fsync the folder. A crash leaves the
/// old file or the new one, never a mix.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        StaleTemporaries.removeOnce(in: folder)
        let temp = "\(folder)/.\(url.lastPathComponent).\(getpid()).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw WriteError(description: "cannot write in \(folder): \(errnoText())") }
        var ok = bytes.withUnsafeBytes { raw -> Bool in
            var off = 0
            while off < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + off, raw.count - off)
                if n < 0 { if errno == EINTR { continue }; return false }
                off += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        let err = errnoText()
        close(fd)
        guard ok, rename(temp, path) == 0 else {
            let why = ok ? errnoText() : err
            unlink(temp)
            throw WriteError(description: "cannot write \(path): \(why)")
        }
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// Temporary files (`.X.json.PID.tmp`) a writer left when it was killed mid-write
/// (`kill -9`, power cut): removed from a folder the first time this process writes
/// there, when the process that made them is gone. A live writer's are left alone.
public enum StaleTemporaries {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var swept: Set<String> = []

    static func removeOnce(in folder: String) {
        let first = lock.withLock { swept.insert(folder).inserted }
        if first { remove(in: folder) }
    }

    /// Removes the stale temporaries in `folder`; returns their names.
    @discardableResult
    public static func remove(in folder: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            let parts = name.dropLast(".tmp".count).split(separator: ".")
            guard parts.count >= 2, let pid = pid_t(parts.last!), pid > 0, !isRunning(pid) else { continue }
            if unlink("\(folder)/\(name)") == 0 { removed.append(name) }
        }
        return removed
    }

    static func isRunning(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}

/// JSON for records: sorted keys, so records diff cleanly and tests compare text.
public enum RecordJSON {
    public static func encode(_ record: SleeveRecord, pretty: Bool = true) throws -> [UInt8] {
        let e = JSONEncoder()
        e.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        var out = [UInt8](try e.encode(record))
        if pretty { out.append(0x0A) }
        return out
    }
}

/// Where the record for an input goes, and a guard against two inputs of one run
/// claiming the same record (`a/X.jpg` and `b/X.png` into one `--out`).
public struct SidecarNaming {
    public let outputFolder: String?
    private var claimed: [String: String] = [:]

    public init(outputFolder: String?) {
        self.outputFolder = outputFolder
    }

    /// The record path for `input`: `X.json` beside it or in the output folder.
    public func recordPath(for input: String) -> String {
        let url = URL(fileURLWithPath: input)
        let name = url.deletingPathExtension().lastPathComponent + ".json"
        let folder = outputFolder ?? url.deletingLastPathComponent().path
        return URL(fileURLWithPath: folder).appendingPathComponent(name).standardizedFileURL.path
    }

    /// Claims the record path for `input`; returns the earlier input when another
    /// input of this run already has it.
    public mutating func claim(for input: String) -> (path: String, takenBy: String?) {
        let path = recordPath(for: input)
        if let other = claimed[path] { return (path, other) }
        claimed[path] = input
        return (path, nil)
    }
}
