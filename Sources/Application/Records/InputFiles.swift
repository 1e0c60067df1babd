import Foundation

/// The inputs of one run by file identity, so that no record is written over one of
/// them (`read x.json`, or `read a.png a.json` with a.json an image).
package struct InputFiles {
    private var byIdentity: [FileIdentity: String] = [:]

    package struct FileIdentity: Hashable { var device: UInt64; var inode: UInt64 }

    package init(_ paths: [String]) {
        for p in paths { if let id = Self.identity(p) { byIdentity[id] = byIdentity[id] ?? p } }
    }

    /// The input that `path` is (the same file, however named), if any.
    package func input(at path: String) -> String? { Self.identity(path).flatMap { byIdentity[$0] } }

    package static func identity(_ path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }
}

