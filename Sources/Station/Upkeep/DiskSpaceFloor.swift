import Foundation
import Reading
import Settings

/// Whether the output folder's file system still has room for records.
///
/// The station keeps running below the floor (the page and the preview stay useful);
/// it only stops writing, and `reason` says why in words a dealer can act on.
public struct DiskSpaceFloor: Sendable {
    public let folder: String
    public let floorBytes: UInt64

    /// `floorMB` as `station.diskFloorMB` gives it (0 turns the check off).
    public init(folder: String, floorMB: Int) {
        self.folder = folder
        self.floorBytes = UInt64(max(0, floorMB)) * 1_000_000
    }

    public struct Check: Sendable, Equatable {
        /// Writing records is allowed.
        public var allowed: Bool
        /// Bytes an unprivileged process may still write (statvfs `f_bavail`); nil when unknown.
        public var freeBytes: UInt64?
        public var floorBytes: UInt64
        /// Why writing is not allowed (nil when it is), for the status page and the log.
        public var reason: String?
    }

    /// Asks the file system now (one `statvfs`, cheap enough for every record).
    public func check() -> Check {
        var s = statvfs()
        guard statvfs(folder, &s) == 0 else {
            let why = String(cString: strerror(errno))
            return Check(allowed: false, freeBytes: nil, floorBytes: floorBytes,
                         reason: "\(folder): cannot read free space (\(why)); check that the output folder exists")
        }
        let free = UInt64(s.f_bavail) * UInt64(s.f_frsize)
        guard free < floorBytes else {
            return Check(allowed: true, freeBytes: free, floorBytes: floorBytes, reason: nil)
        }
        return Check(allowed: false, freeBytes: free, floorBytes: floorBytes,
                     reason: "\(folder): \(Self.megabytes(free)) free, below the floor of \(Self.megabytes(floorBytes)) "
                         + "(station.diskFloorMB); not writing records until space is freed")
    }

    static func megabytes(_ bytes: UInt64) -> String { "\(bytes / 1_000_000) MB" }
}
