import Reading
import Settings
/// Says when the view has held still long enough to read: the outline's corners move
/// less than a fraction of the frame from frame to frame and the frame as a whole
/// barely changes, continuously for a while. Time is the caller's (frame timestamps).
public struct StabilityMeter: Sendable {
    public var maxMotion: Double
    public var maxDifference: Double
    public var holdSeconds: Double
    /// When the current still run began; nil while the view moves.
    public private(set) var stillSince: Double?

    public init(maxMotion: Double, maxDifference: Double, holdSeconds: Double) {
        self.maxMotion = maxMotion
        self.maxDifference = maxDifference
        self.holdSeconds = holdSeconds
    }

    public init(_ s: LiveSettings) {
        self.init(maxMotion: s.stableMotion, maxDifference: s.stableDifference, holdSeconds: s.stableSeconds)
    }

    /// Feeds one frame: `motion` is the outline's corner movement as a fraction of the
    /// frame's diagonal (nil without an outline or with a new one), `difference` the
    /// thumbnail difference from the previous frame. Returns whether the view is stable.
    public mutating func update(time: Double, motion: Double?, difference: Double?) -> Bool {
        guard let motion, motion <= maxMotion, let difference, difference <= maxDifference else {
            stillSince = nil
            return false
        }
        if stillSince == nil { stillSince = time }
        return time - stillSince! >= holdSeconds
    }

    public mutating func reset() { stillSince = nil }
}
