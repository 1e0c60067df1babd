import Foundation
import Imaging

/// Thumbnails of the output folder's images, made once per file version (path, size,
/// modification time) and kept for the most recent few, so a page reload every few
/// seconds does not decode a 12-megapixel capture each time.
final class ThumbnailCache: @unchecked Sendable {
    private struct Key: Hashable {
        var path: String
        var size: Int64
        var modified: Int
    }

    private let lock = NSLock()
    private var entries: [Key: [UInt8]] = [:]
    private var order: [Key] = []
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
        lock.lock()
        if let hit = entries[key] { lock.unlock(); return hit }
        lock.unlock()
        // Made outside the lock: the other request thread keeps serving meanwhile.
        guard let data = FileManager.default.contents(atPath: path),
              let jpeg = try? Leptonica().thumbnail(of: [UInt8](data), maxSide: maxSide, maxPixels: maxPixels)
        else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if entries.updateValue(jpeg, forKey: key) == nil { order.append(key) }
        while order.count > capacity { entries[order.removeFirst()] = nil }
        return jpeg
    }
}
