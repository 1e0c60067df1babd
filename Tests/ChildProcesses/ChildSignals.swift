import CPidfd
import Foundation

/// Signals a child process of a test only while it is that child.
///
/// Foundation reaps a child the moment it ends, and from then on its pid is free. On
/// these machines `pid_max` is 32768 and a test run starts processes and threads by the
/// thousand, so a freed pid is soon given to a new process or to a new thread of the
/// test process itself, and a signal sent to a thread's id ends its whole process. A
/// test that killed its child just after the child had ended on its own could so end the
/// test run: SIGKILL, SIGTERM and SIGINT end it without a failure or a line of output
/// (CI once stopped that way, three minutes in, with such a test under way).
///
/// A pidfd taken while the child runs names that process and no other: a signal through
/// it after the child has ended fails with ESRCH and reaches nobody.
public final class ChildSignals: @unchecked Sendable {
    private let descriptor: Int32

    /// Right after `run()`: the child cannot have ended, been reaped and had its pid
    /// given away in that moment.
    public init(_ process: Process) {
        descriptor = pidfd_open(process.processIdentifier, 0)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// False when the child has already ended (or its pidfd could not be had).
    @discardableResult
    public func send(_ signal: Int32) -> Bool {
        descriptor >= 0 && pidfd_send_signal(descriptor, signal, nil, 0) == 0
    }
}
