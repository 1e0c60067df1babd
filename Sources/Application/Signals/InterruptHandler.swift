import Foundation
import Scanning

/// Ctrl-C or SIGTERM (`systemctl stop`, `kill`): during a scan, cancel it (the scan
/// loop then reports it and exits); between scans (waiting for the button or Enter),
/// say so and leave at once. The exit status is 128 + the signal (130, 143).
package final class InterruptHandler: Sendable {
    private let watch: SignalWatch

    /// 130 after Ctrl-C, 143 after SIGTERM.
    package var exitCode: ExitCode { ExitCode(rawValue: 128 + (watch.received ?? SIGINT)) }

    package init(_ interruption: ScanInterruption) {
        watch = SignalWatch(restoreDefaults: true) { sig in
            if !interruption.interrupt() {
                FileOutput.stderr(sig == SIGTERM ? "\nterminated: nothing was being scanned\n" : "\ninterrupted\n")
                exit(128 + sig)
            }
        }
    }
}
