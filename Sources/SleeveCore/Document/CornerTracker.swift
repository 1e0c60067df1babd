/// Keeps a sleeve's corners steady across frames and says how much they moved.
///
/// Each new detection is blended into the running corners (exponential smoothing), so
/// a pixel of detector jitter does not shake the outline; a jump larger than
/// `resetFraction` of the sleeve's diagonal is a new placement and replaces it at once
/// instead of sliding towards it. A few frames with no detection are bridged before
/// the track is dropped.
public struct CornerTracker: Sendable {
    /// Weight of the newest detection, 0...1 (1 = no smoothing).
    public var smoothing: Double
    /// A move over this fraction of the diagonal restarts the track.
    public var resetFraction: Double
    /// Frames without a detection before the track is dropped.
    public var maxMissedFrames: Int

    public private(set) var corners: Quad?
    public private(set) var missedFrames = 0

    public init(smoothing: Double = 0.5, resetFraction: Double = 0.08, maxMissedFrames: Int = 3) {
        self.smoothing = smoothing
        self.resetFraction = resetFraction
        self.maxMissedFrames = maxMissedFrames
    }

    /// What one frame did to the track.
    public struct Update: Sendable, Equatable {
        /// The smoothed corners after this frame (nil once the track is lost).
        public var corners: Quad?
        /// Largest corner movement of the raw detection against the previous smoothed
        /// corners, as a fraction of the sleeve's diagonal; nil when there is nothing
        /// to compare (first frame, or no detection).
        public var motion: Double?
        /// True when this frame started a new track.
        public var restarted: Bool
    }

    /// Feeds one frame's detection (nil when none was found).
    public mutating func update(_ detection: Quad?) -> Update {
        guard let detection else {
            missedFrames += 1
            if missedFrames > maxMissedFrames { corners = nil }
            return Update(corners: corners, motion: nil, restarted: false)
        }
        missedFrames = 0
        guard let previous = corners else {
            corners = detection
            return Update(corners: detection, motion: nil, restarted: true)
        }
        let matched = Self.aligned(detection, to: previous)
        let diagonal = max(1, previous.diagonal)
        let motion = matched.maxCornerDistance(to: previous) / diagonal
        if motion > resetFraction {
            corners = matched
            return Update(corners: matched, motion: motion, restarted: true)
        }
        let a = smoothing
        let blended = Quad(zip(previous.corners, matched.corners).map { p, q in p * (1 - a) + q * a })
        corners = blended
        return Update(corners: blended, motion: motion, restarted: false)
    }

    public mutating func reset() {
        corners = nil
        missedFrames = 0
    }

    /// `quad`'s corners rotated to pair with `reference`'s (the detector may start
    /// from a different corner when a sleeve turns past 45°).
    static func aligned(_ quad: Quad, to reference: Quad) -> Quad {
        var best = quad, bestCost = Double.infinity
        for shift in 0..<4 {
            let q = Quad((0..<4).map { quad.corners[($0 + shift) % 4] })
            let cost = zip(q.corners, reference.corners).map { $0.distance(to: $1) }.reduce(0, +)
            if cost < bestCost { bestCost = cost; best = q }
        }
        return best
    }
}
