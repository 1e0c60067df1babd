import Foundation

/// Files of the output folder that the status page may hand out: records and images,
/// nothing else, and nothing outside the folder however the path is spelled.
struct OutputFolderFiles: Sendable {
    /// The output folder with symlinks resolved, without a trailing slash.
    let root: String

    static let contentTypes: [String: String] = [
        "json": "application/json; charset=utf-8",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "webp": "image/webp",
        "tif": "image/tiff", "tiff": "image/tiff", "pnm": "image/x-portable-anymap",
    ]

    init?(folder: String) {
        guard let real = Self.realPath(folder) else { return nil }
        root = real
    }

    struct Found: Equatable {
        var path: String
        var contentType: String
    }

    /// The real path of `relative` (already percent-decoded) inside the folder, or nil.
    ///
    /// Refused: empty, `.`/`..` or hidden components (half-written `.X.json.tmp` files
    /// among them), backslashes and NULs, unknown extensions, anything that is not a
    /// regular file, and anything a symlink leads out of the folder.
    func resolve(_ relative: String) -> Found? {
        guard !relative.isEmpty, relative.utf8.count <= 1024,
              !relative.contains("\0"), !relative.contains("\\") else { return nil }
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else { return nil }
        guard let ext = parts.last?.split(separator: ".").last.map({ $0.lowercased() }),
              parts.last!.contains("."), let type = Self.contentTypes[ext] else { return nil }
        guard let real = Self.realPath(root + "/" + relative), real.hasPrefix(root + "/") else { return nil }
        var st = stat()
        guard stat(real, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Found(path: real, contentType: type)
    }

    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
