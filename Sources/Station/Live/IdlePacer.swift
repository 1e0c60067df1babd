import Reading
import Settings
/// Decides which frames the live loop analyses: every frame while something is (or
/// lately was) in view; at most `idleFramesPerSecond` once nothing has been seen for
/// `idleAfterSeconds`; every frame again from the first analysed frame that shows an
/// outline or a barcode. A Raspberry Pi watching an empty table all day then spends
/// a fraction of a core instead of all of it.
///
/// No clock of its own: times are the caller's (frame timestamps in the loop, so an
/// unpaced replay skips the same frames on any machine).
public struct IdlePacer: Sendable, Equatable {
    public var idleAfterSeconds: Double
    public var idleFramesPerSecond: Double
    /// When something was last in an analysed frame (or the pacer started).
    public private(set) var lastSeenAt: Double?
    /// When the last frame was analysed.
    public private(set) var lastAnalysedAt: Double?

    public init(idleAfterSeconds: Double, idleFramesPerSecond: Double) {
        self.idleAfterSeconds = idleAfterSeconds
        self.idleFramesPerSecond = max(0.001, idleFramesPerSecond)
    }

    /// The `station.idle*` keys of a configuration.
    public init(_ config: Configuration) {
        self.init(idleAfterSeconds: Double(config[.idleAfterSeconds]),
                  idleFramesPerSecond: config[.idleFramesPerSecond])
    }

    /// Seconds between analysed frames while idle.
    public var idleInterval: Double { 1 / idleFramesPerSecond }

    /// Whether the station is at the idle rate at `time`.
    public func isIdle(at time: Double) -> Bool {
        guard let lastSeenAt else { return false }
        return time - lastSeenAt >= idleAfterSeconds
    }

    /// Whether the frame at `time` should be analysed (false: skip it).
    public func shouldAnalyse(at time: Double) -> Bool {
        guard isIdle(at: time), let lastAnalysedAt else { return true }
        // A timestamp going backwards (a device reopened) is not a reason to wait.
        return time - lastAnalysedAt >= idleInterval || time < lastAnalysedAt
    }

    /// Seconds from `time` until the next frame is due (0 while not idle): how long a
    /// live source may sleep instead of delivering frames that would be skipped.
    public func secondsUntilDue(at time: Double) -> Double {
        guard isIdle(at: time), let lastAnalysedAt else { return 0 }
        return max(0, lastAnalysedAt + idleInterval - time)
    }

    /// Records an analysed frame and whether anything was in it.
    public mutating func analysed(at time: Double, somethingInView: Bool) {
        if lastSeenAt == nil || somethingInView { lastSeenAt = time }
        lastAnalysedAt = time
    }

    /// Back to full rate, as at the start: the idle wait counts again from the next
    /// analysed frame (the device was reopened; the view may have changed).
    public mutating func wake() {
        lastSeenAt = nil
        lastAnalysedAt = nil
    }
}

extension FrameObservation {
    /// An outline, or any barcode sighting (confirmed or not): what wakes an idle station.
    public var showsSomething: Bool { outline != nil || barcodeSightings > 0 || !confirmedBarcodes.isEmpty }
}
