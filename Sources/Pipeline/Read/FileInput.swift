import Foundation

/// Reads input files, turning each failure into a one-line reason a user can act on.
public enum FileInput {
    /// The bytes of an input file, or a `ReadFailure` saying why not.
    public static func read(_ path: String) throws(ReadFailure) -> [UInt8] { try contents(of: path) }

    static func contents(of path: String) throws(ReadFailure) -> [UInt8] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw ReadFailure(kind: .missing, reason: "no such file (check the path)")
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

    static func modificationDate(of path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}
