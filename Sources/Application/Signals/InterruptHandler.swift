import Dispatch
import Foundation
import Scanning

/// Ctrl-C or SIGTERM (`systemctl stop`, `kill`): during a scan, cancel it (the scan
/// loop then reports it and exits); between scans (waiting for the button or Enter),
/// say so and leave at once. The exit status is 128 + the signal (130, 143).
package final class InterruptHandler: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private let lock = NSLock()
    private var first: Int32?

    /// 130 after Ctrl-C, 143 after SIGTERM.
    package var exitCode: ExitCode { ExitCode(rawValue: 128 + (lock.withLock { first } ?? SIGINT)) }

    package init(_ interruption: ScanInterruption) {
        sources = [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in
                self?.lock.withLock { if self?.first == nil { self?.first = sig } }
                if !interruption.interrupt() {
                    FileOutput.stderr(sig == SIGTERM ? "\nterminated: nothing was being scanned\n" : "\ninterrupted\n")
                    exit(128 + sig)
                }
            }
            source.resume()
            return source
        }
    }

    deinit {
        for s in sources { s.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}

