import Foundation

/// A camera fault, keeping the errno and the V4L2 request that failed
/// ("VIDIOC_STREAMON"). `reason` is the message for a person.
public struct CameraError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case noSuchDevice, permissionDenied, busy, notACaptureDevice, noStreaming, disconnected, timedOut
        case noUsableFormat, other
    }

    public var kind: Kind
    /// The C error (`errno`), when a system call failed.
    public var errno: Int32?
    public var operation: String
    public var reason: String

    public init(kind: Kind, errno: Int32? = nil, operation: String, reason: String) {
        self.kind = kind
        self.errno = errno
        self.operation = operation
        self.reason = reason
    }

    public var description: String { reason }

    /// The error for `errno` after `operation` failed.
    static func system(_ code: Int32, _ operation: String) -> CameraError {
        switch code {
        case ENOENT, ENXIO:
            return CameraError(kind: .noSuchDevice, errno: code, operation: operation,
                               reason: "no such camera (run `sleevescan devices` to list them)")
        case EACCES, EPERM:
            return CameraError(kind: .permissionDenied, errno: code, operation: operation,
                               reason: "permission denied (add your user to the group 'video': sudo usermod -aG video $USER, then log in again)")
        case EBUSY:
            return CameraError(kind: .busy, errno: code, operation: operation,
                               reason: "the camera is busy (another program is using it: close it and retry)")
        case ENODEV:
            return CameraError(kind: .disconnected, errno: code, operation: operation,
                               reason: "the camera went away (unplugged?): plug it back in")
        default:
            return CameraError(kind: .other, errno: code, operation: operation,
                               reason: "\(operation) failed: \(String(cString: strerror(code)))")
        }
    }
}
