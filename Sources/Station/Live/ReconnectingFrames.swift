import Foundation
import SleeveCore
import Reading
import Settings

/// Delays between attempts to reopen a device that went away: `first` seconds,
/// doubling up to `longest` (a camera replugged at once is back in half a second; one
/// left unplugged is not hammered).
public struct ReconnectBackoff: Sendable, Equatable {
    public var first: Double
    public var longest: Double
    /// The wait before the next attempt.
    public private(set) var next: Double
    /// Attempts made since the device went away.
    public private(set) var attempts = 0

    public init(first: Double = 0.5, longest: Double = 10) {
        self.first = first
        self.longest = longest
        next = first
    }

    /// An attempt failed: wait longer before the next.
    public mutating func failed() {
        attempts += 1
        next = min(longest, next * 2)
    }

    /// The device is back.
    public mutating func reset() {
        attempts = 0
        next = first
    }
}

/// A frame source that survives its device going away: when the source throws
/// `.disconnected` (the V4L2 unplug error, ENODEV), `next()` reports it once, then
/// waits and calls `reopen` with exponential backoff until the device opens again,
/// and carries on with its frames. Timestamps stay increasing across the gap (a
/// replacement source may start its clock again) so the logic's times never go back.
///
/// Single-threaded: the waiting is the injected `wait`, which returns false when the
/// station is stopping (Ctrl-C), so a test drives it with no clock at all.
public final class ReconnectingFrames {
    /// What the loop hears about the device.
    public enum Notice: Sendable, Equatable {
        /// Gone; `message` says what is happening (for the page and the log).
        case disconnected(message: String)
        /// Open again.
        case reconnected(message: String)
    }

    private var source: (any FrameSource)?
    private let name: String
    private let reopen: () throws -> any FrameSource
    private let wait: (Double) -> Bool
    public private(set) var backoff: ReconnectBackoff
    /// Added to the timestamps of a reopened source.
    private var offset = 0.0
    private var lastTimestamp: Double?
    private var resumed = false
    public private(set) var reconnections = 0
    /// The longer side of the copy the analysis reads (`FrameSource.nextLiveFrame`); 0: whole frames.
    public var analysisSide = 0

    /// `wait(seconds)` sleeps (or not, in a test) and returns false to give up (stop).
    public init(source: any FrameSource, name: String, backoff: ReconnectBackoff = ReconnectBackoff(),
                reopen: @escaping () throws -> any FrameSource, wait: @escaping (Double) -> Bool) {
        self.source = source
        self.name = name
        self.backoff = backoff
        self.reopen = reopen
        self.wait = wait
    }

    /// The next item for the loop; nil when stopping while the device is away.
    public func next() -> FramePump.Item? {
        guard var current = source else { return reconnect() }
        do {
            guard var frame = try current.nextLiveFrame(analysisSide: analysisSide) else { return .end }
            source = current
            if resumed, let last = lastTimestamp {
                resumed = false
                // A reopened device may start its clock again: keep time moving forward.
                if frame.timestamp + offset <= last { offset = last - frame.timestamp + 1.0 / 30 }
            }
            frame.timestamp += offset
            lastTimestamp = frame.timestamp
            return .frame(frame)
        } catch let e as FrameSourceError where e.kind == .disconnected {
            return gone(e.reason)
        } catch let e as FrameSourceError {
            source = current
            return .failure(e.reason)
        } catch {
            source = current
            return .failure("\(error)")
        }
    }

    private func gone(_ reason: String) -> FramePump.Item {
        source = nil
        backoff.reset()
        return .notice(.disconnected(message: "\(name): \(reason); reopening in \(Self.seconds(backoff.next))"))
    }

    /// One wait and one attempt.
    private func reconnect() -> FramePump.Item? {
        guard wait(backoff.next) else { return nil }
        do {
            source = try reopen()
            backoff.reset()
            resumed = true
            reconnections += 1
            return .notice(.reconnected(message: "\(name): open again"))
        } catch {
            backoff.failed()
            return .notice(.disconnected(
                message: "\(name): still away after \(backoff.attempts) attempt(s) (\(error)); next try in \(Self.seconds(backoff.next))"))
        }
    }

    static func seconds(_ s: Double) -> String { String(format: "%g s", s) }
}
