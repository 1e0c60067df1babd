import Foundation
import SleeveCore
import Reading
import Settings

/// Reads a frame source on its own thread into a small queue; when the loop falls
/// behind, the oldest frames are dropped (counted), never queued without bound.
public final class FramePump: @unchecked Sendable {
    public enum Item: Sendable {
        case frame(LiveFrame)
        /// A frame the source could not deliver (the loop logs it and carries on).
        case failure(String)
        /// The device went away or came back (`ReconnectingFrames`).
        case notice(ReconnectingFrames.Notice)
        case end
    }

    private let condition = NSCondition()
    private var queue: [Item] = []
    private let capacity: Int
    private var stopped = false
    public private(set) var dropped = 0

    /// Starts reading `source` at once. The source is used on the pump's thread only.
    /// `analysisSide`: the longer side of the copy the analysis reads (see
    /// `FrameSource.nextLiveFrame`); 0: whole frames.
    public convenience init(source: any FrameSource, capacity: Int, analysisSide: Int = 0) {
        nonisolated(unsafe) var source = source
        nonisolated(unsafe) var ended = false
        self.init(capacity: capacity) {
            if ended { return .end }
            do {
                if let f = try source.nextLiveFrame(analysisSide: analysisSide) { return .frame(f) }
                ended = true
                return .end
            } catch let e as FrameSourceError where e.kind != .disconnected {
                return .failure(e.reason)
            } catch {
                // Gone for good (no reopening here): say why, then end.
                ended = true
                return .failure("\(error)")
            }
        }
    }

    /// Starts calling `produce` on the pump's thread at once, until it gives `.end` or
    /// the pump is stopped; nil from `produce` means nothing this time (ask again).
    public init(capacity: Int, produce: @escaping () -> Item?) {
        self.capacity = max(1, capacity)
        nonisolated(unsafe) let produce = produce
        let thread = Thread { [self] in
            while !isStopped {
                guard let item = produce() else { continue }
                put(item)
                if case .end = item { return }
            }
        }
        thread.name = "sleevescan-frames"
        thread.start()
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    private func put(_ item: Item) {
        condition.lock()
        if case .frame = item, queue.count >= capacity, let i = queue.firstIndex(where: { if case .frame = $0 { true } else { false } }) {
            queue.remove(at: i)
            dropped += 1
        }
        queue.append(item)
        condition.signal()
        condition.unlock()
    }

    /// The next item, or nil when none came within `seconds` (the loop checks its stop flag).
    public func next(waiting seconds: Double) -> Item? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    public var droppedFrames: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }

    public func stop() {
        condition.lock()
        stopped = true
        condition.unlock()
    }
}
