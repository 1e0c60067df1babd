import Foundation

/// Makes the output folder, or explains why it cannot be used.
package enum OutputFolder {
    package struct Unusable: Error, CustomStringConvertible { package var description: String }

    package static func prepare(_ path: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw Unusable(description: "output \(path) is a file, not a folder (give --out a folder)") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw Unusable(description: "cannot create output folder \(path) (check the path and permissions)")
        }
    }
}
