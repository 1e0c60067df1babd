import Station

/// SIGINT and SIGTERM raise the stop flag; the loop then finishes within the grace
/// period and exits with 128 + the signal's number.
package final class StopSignals: Sendable {
    private let watch: SignalWatch

    /// The first signal that asked to stop, if any.
    package var received: Int32? { watch.received }

    package init(_ stop: StopFlag) {
        watch = SignalWatch(restoreDefaults: false) { _ in stop.raise() }
    }
}
