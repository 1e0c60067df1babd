internal import CSane

/// A scanner fault or refusal, keeping libsane's status and the call that returned it.
/// `reason` is the message for a person: what happened and what to do.
public struct ScannerError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case jammed, noDocuments, coverOpen, busy, ioError, cancelled, accessDenied, outOfMemory
        case invalid, unsupported, noSuchDevice, noDevices, badOption, other
    }

    public var kind: Kind
    /// `SANE_Status` as returned (nil for refusals of our own, such as a bad option).
    public var status: Int32?
    /// The libsane call or step that failed: "sane_start", "sane_read", "set resolution".
    public var operation: String
    public var reason: String

    public init(kind: Kind, status: Int32? = nil, operation: String, reason: String) {
        self.kind = kind
        self.status = status
        self.operation = operation
        self.reason = reason
    }

    public var description: String { reason }

    /// True when a fault means the scan can be retried once the user acts (paper,
    /// cover, another program), as opposed to a broken setup.
    public var userCanFix: Bool { [.jammed, .noDocuments, .coverOpen, .busy].contains(kind) }

    init(_ status: SANE_Status, _ operation: String) {
        let kind: Kind
        let reason: String
        switch status {
        case SANE_STATUS_JAMMED:
            kind = .jammed
            reason = "the document feeder is jammed (clear the paper path, reload the sleeve and scan again)"
        case SANE_STATUS_NO_DOCS:
            kind = .noDocuments
            reason = "no document in the feeder (load the sleeve, or choose the flatbed with --option source=Flatbed)"
        case SANE_STATUS_COVER_OPEN:
            kind = .coverOpen
            reason = "the scanner's cover is open (close it and scan again)"
        case SANE_STATUS_DEVICE_BUSY:
            kind = .busy
            reason = "the scanner is busy (another program is using it: close it, or wait for its scan to finish, and retry)"
        case SANE_STATUS_IO_ERROR:
            kind = .ioError
            reason = "I/O error talking to the scanner (check its cable and power, then retry; unplug and replug it if it persists)"
        case SANE_STATUS_CANCELLED:
            kind = .cancelled
            reason = "the scan was cancelled; nothing was written"
        case SANE_STATUS_ACCESS_DENIED:
            kind = .accessDenied
            reason = "permission denied opening the scanner (add your user to the group 'scanner' and log in again)"
        case SANE_STATUS_NO_MEM:
            kind = .outOfMemory
            reason = "the scanner driver ran out of memory (lower --resolution or the --area)"
        case SANE_STATUS_INVAL:
            kind = .invalid
            reason = "the scanner refused the request as invalid in \(operation) (check the device name and options)"
        case SANE_STATUS_UNSUPPORTED:
            kind = .unsupported
            reason = "the scanner does not support \(operation)"
        default:
            kind = .other
            reason = "\(operation) failed: \(String(cString: sane_strstatus(status)))"
        }
        self.init(kind: kind, status: Int32(bitPattern: status.rawValue), operation: operation, reason: reason)
    }

    static func check(_ status: SANE_Status, _ operation: String) throws(ScannerError) {
        guard status == SANE_STATUS_GOOD else { throw ScannerError(status, operation) }
    }
}
