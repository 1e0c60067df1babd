import Foundation

/// Enters every sidecar record of a folder (and its subfolders) again: the sidecars
/// are the source of truth, and entering is keyed by the source's SHA-256, so a
/// rebuild can be run any number of times and never doubles an item.
public enum CatalogueRebuild {
    public struct Tally: Sendable, Equatable {
        public var inserted = 0
        public var updated = 0
        public var unchanged = 0
        /// JSON files that are not sleevescan records, with why.
        public var skipped: [String] = []
    }

    /// The `.json` files under `folder` that could be records, sorted (capture order for
    /// a station's folder).
    public static func sidecars(in folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else {
            throw CatalogueError(.usage, "\(folder): not a folder that can be read (give the folder of the records)")
        }
        var found: [String] = []
        while let rel = walker.nextObject() as? String {
            let name = (rel as NSString).lastPathComponent
            guard name.hasSuffix(".json"), !name.hasPrefix(".") else { continue }
            found.append(URL(fileURLWithPath: folder).appendingPathComponent(rel).standardizedFileURL.path)
        }
        return found.sorted()
    }

    public static func run(folder: String, into catalogue: Catalogue, progress: (Int, Int) -> Void = { _, _ in }) throws -> Tally {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            throw CatalogueError(.usage, "\(folder): no such folder (give the folder of the records)")
        }
        let files = try sidecars(in: folder)
        var tally = Tally()
        for (i, path) in files.enumerated() {
            guard let bytes = FileManager.default.contents(atPath: path) else {
                tally.skipped.append("\(path): cannot be read")
                continue
            }
            switch CatalogueEntry.parse(recordJSON: [UInt8](bytes), recordPath: path) {
            case let .success(entry):
                switch try catalogue.enter(entry) {
                case .inserted: tally.inserted += 1
                case .updated: tally.updated += 1
                case .unchanged: tally.unchanged += 1
                }
            case let .failure(e):
                tally.skipped.append(e.description)
            }
            progress(i + 1, files.count)
        }
        // Whatever the station had queued is in now.
        let pending = CatalogueRecorder.pendingPath(in: folder)
        if FileManager.default.fileExists(atPath: pending) { unlink(pending) }
        return tally
    }
}
