internal import CSane
import Foundation

/// A scanner that libsane found.
public struct ScannerInfo: Sendable, Equatable {
    /// The name to open it by: `pnm:0`, `genesys:libusb:001:004`.
    public var name: String
    public var vendor: String
    public var model: String
    public var type: String
}

/// libsane's process-wide state: `sane_init` when made, `sane_exit` when released.
///
/// libsane keeps global state (loaded backends, their device lists): keep one session
/// at a time per process and open scanners through it. `SANE_CONFIG_DIR` must be set
/// before the session is made for libsane to read a different configuration folder.
public final class SaneSession {
    public private(set) var version: (major: Int, minor: Int, build: Int)

    public init() throws(ScannerError) {
        BackendReaderThread.loadThreadExitUnwinder()
        BackendReaderThread.catchBrokenPipes()
        var code: SANE_Int = 0
        try ScannerError.check(sane_init(&code, nil), "sane_init")
        version = (Int(code >> 24) & 0xFF, Int(code >> 16) & 0xFF, Int(code) & 0xFFFF)
    }

    deinit { sane_exit() }

    /// Scanners reachable now, local and (unless `localOnly`) on the network.
    public func devices(localOnly: Bool = false) throws(ScannerError) -> [ScannerInfo] {
        var list: UnsafeMutablePointer<UnsafePointer<SANE_Device>?>?
        try ScannerError.check(sane_get_devices(&list, localOnly ? 1 : 0), "sane_get_devices")
        var out: [ScannerInfo] = []
        guard var p = list else { return out }
        while let d = p.pointee {
            let dev = d.pointee
            out.append(ScannerInfo(name: Self.string(dev.name), vendor: Self.string(dev.vendor),
                                   model: Self.string(dev.model), type: Self.string(dev.type)))
            p += 1
        }
        return out
    }

    /// Opens a scanner by name, or the first one found when `name` is nil.
    public func open(_ name: String?) throws(ScannerError) -> SaneScanner {
        let chosen: String
        if let name {
            chosen = name
        } else {
            guard let first = try devices().first else {
                throw ScannerError(kind: .noDevices, operation: "sane_get_devices",
                                   reason: "no scanner found (check that it is plugged in and powered, and that `scanimage -L` lists it)")
            }
            chosen = first.name
        }
        return try SaneScanner(opening: chosen, session: self)
    }

    static func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }
}
