import Foundation

/// Names for captures that have no file name of their own (a scan, a camera frame):
/// `<kind>-<UTC time>`, made unique in the folder, so a sorted listing is capture
/// order and two stations writing into one folder (or one catalogue) agree on the
/// clock. `read` keeps the input's own name (`SidecarNaming`).
public enum CaptureNames {
    /// `20261129-140000` in UTC.
    public static func stamp(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd-HHmmss"
        return f.string(from: date)
    }

    /// `<kind>-<stamp>`, with `-2`, `-3`… while `taken` says the name is in use.
    public static func free(_ kind: String, at date: Date, taken: (String) -> Bool) -> String {
        let stem = "\(kind)-\(stamp(date))"
        var name = stem, n = 1
        while taken(name) {
            n += 1
            name = "\(stem)-\(n)"
        }
        return name
    }

    /// A scan's name: `scan-20261129-140000`, unique among the folder's images and records.
    public static func scan(in folder: String, at date: Date) -> String {
        free("scan", at: date) { name in
            ["png", "json"].contains { FileManager.default.fileExists(atPath: "\(folder)/\(name).\($0)") }
        }
    }

    /// A live run's stamp: the names of its captures are `<kind>-<stamp>-0001`, … and no
    /// earlier run's captures in the folder start the same way.
    public static func liveRun(_ kind: String, in folder: String, startedAt: Date) -> String {
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let name = free(kind, at: startedAt) { name in existing.contains { $0.hasPrefix("\(name)-") } }
        return String(name.dropFirst(kind.count + 1))
    }
}
