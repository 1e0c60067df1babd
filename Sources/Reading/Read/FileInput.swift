import Foundation

/// Reads input files, turning each failure into a one-line reason a user can act on.
public enum FileInput {
    /// The bytes of an input file, or a `ReadFailure` saying why not.
    public static func read(_ path: String) throws(ReadFailure) -> [UInt8] { try contents(of: path) }

    static func contents(of path: String) throws(ReadFailure) -> [UInt8] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw whyNotThere(path)
        }
        guard !isDir.boolValue else {
            throw ReadFailure(kind: .badData, reason: "is a folder, not an image (pass the image files in it)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ReadFailure(kind: .unreadable, reason: "permission denied (check the file's permissions)")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            guard !data.isEmpty else { throw ReadFailure(kind: .badData, reason: "the file is empty") }
            return [UInt8](data)
        } catch let e as ReadFailure {
            throw e
        } catch {
            throw ReadFailure(kind: .unreadable, reason: "could not be read: \(error.localizedDescription)")
        }
    }

    /// Why `stat` finds no file at `path`: "no such file" only when that is what it is.
    static func whyNotThere(_ path: String) -> ReadFailure {
        var st = stat()
        if stat(path, &st) != 0 {
            let code = errno
            switch code {
            case ELOOP:
                return ReadFailure(kind: .unreadable, reason: "too many levels of symbolic links: a link loop (fix or remove the link)")
            case ENOENT where lstat(path, &st) == 0:
                return ReadFailure(kind: .missing, reason: "a symbolic link to a file that does not exist (fix the link)")
            case ENOENT, ENOTDIR:
                return ReadFailure(kind: .missing, reason: "no such file (check the path)")
            case EACCES:
                return ReadFailure(kind: .unreadable, reason: "permission denied on a folder in its path (check the folders' permissions)")
            default:
                return ReadFailure(kind: .unreadable, reason: "cannot be opened: \(String(cString: strerror(code)))")
            }
        }
        return ReadFailure(kind: .unreadable, reason: "cannot be opened (check the path)")
    }

    static func modificationDate(of path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
