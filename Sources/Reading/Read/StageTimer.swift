import Foundation

/// Wall-clock milliseconds per pipeline stage, for `timingsMs` and the benchmarks.
public struct StageTimer: Sendable {
    public private(set) var milliseconds: [String: Double] = [:]
    private let start = ContinuousClock.now

    public init() {}

    public mutating func measure<T>(_ stage: String, _ body: () throws -> T) rethrows -> T {
        let t0 = ContinuousClock.now
        defer { milliseconds[stage, default: 0] += Self.ms(ContinuousClock.now - t0) }
        return try body()
    }

    /// Adds the time since `start` to `stage` (for stages whose errors are typed).
    public mutating func add(_ stage: String, since start: ContinuousClock.Instant) {
        milliseconds[stage, default: 0] += Self.ms(ContinuousClock.now - start)
    }

    /// Adds stages timed elsewhere (on another thread).
    public mutating func add(_ other: [String: Double]) {
        for (stage, ms) in other { milliseconds[stage, default: 0] += ms }
    }

    public func millisecondsWithTotal() -> [String: Double] {
        var out = milliseconds.mapValues { ($0 * 10).rounded() / 10 }
        out["total"] = (Self.ms(ContinuousClock.now - start) * 10).rounded() / 10
        return out
    }

    public static func ms(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }
}
