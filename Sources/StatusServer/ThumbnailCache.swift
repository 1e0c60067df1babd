import Foundation
import Imaging
import Synchronization

/// Thumbnails of the output folder's images, made once per file version (path, size,
/// modification time) and kept for the most recent few, so a page reload every few
/// seconds does not decode a 12-megapixel capture each time.
final class ThumbnailCache: Sendable {
    private struct Key: Hashable {
        var path: String
        var size: Int64
        var modified: Int
    }

    /// The thumbnails and their age order, shared by the page's request threads.
    private struct Entries {
        var byKey: [Key: [UInt8]] = [:]
        var order: [Key] = []
    }

    private let entries = Mutex(Entries())
    private let capacity: Int
    private let maxSide: Int
    private let maxPixels: Int

    init(capacity: Int = 48, maxSide: Int = 320, maxPixels: Int) {
        self.capacity = capacity
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// The thumbnail of the image at `path` (a real path in the output folder), or nil
    /// when it cannot be read or decoded.
    func thumbnail(path: String) -> [UInt8]? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        let key = Key(path: path, size: Int64(st.st_size), modified: Int(st.st_mtim.tv_sec) * 1_000_000_000 + Int(st.st_mtim.tv_nsec))
        if let hit = entries.withLock({ $0.byKey[key] }) { return hit }
        // Made outside the lock: the other request thread keeps serving meanwhile.
        guard let data = FileManager.default.contents(atPath: path),
              let jpeg = try? Leptonica().thumbnail(of: [UInt8](data), maxSide: maxSide, maxPixels: maxPixels)
        else { return nil }
        let capacity = capacity
        entries.withLock { e in
            if e.byKey.updateValue(jpeg, forKey: key) == nil { e.order.append(key) }
            while e.order.count > capacity { e.byKey[e.order.removeFirst()] = nil }
        }
        return jpeg
    }
}
