import Foundation
import SleeveCore
import Reading
import Settings
import Synchronization

/// Reads a frame source on its own thread into a small queue; when the loop falls
/// behind, the oldest frames are dropped (counted), never queued without bound.
public final class FramePump: Sendable {
    public enum Item: Sendable {
        case frame(LiveFrame)
        /// A frame the source could not deliver (the loop logs it and carries on).
        case failure(String)
        /// The device went away or came back (`ReconnectingFrames`).
        case notice(ReconnectingFrames.Notice)
        case end
    }

    private struct State {
        var queue: [Item] = []
        var stopped = false
        var dropped = 0
    }

    /// The queue, the stop flag and the count of dropped frames: the pump's thread
    /// writes them, the loop reads them.
    private let state = Mutex(State())
    /// Signalled once per item put; the loop waits on it (a signal may find the item
    /// already dropped: the loop then waits again).
    private let arrived = DispatchSemaphore(value: 0)
    private let capacity: Int

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
        state.withLock { $0.stopped }
    }

    private func put(_ item: Item) {
        let capacity = capacity
        state.withLock { s in
            if case .frame = item, s.queue.count >= capacity,
               let i = s.queue.firstIndex(where: { if case .frame = $0 { true } else { false } }) {
                s.queue.remove(at: i)
                s.dropped += 1
            }
            s.queue.append(item)
        }
        arrived.signal()
    }

    /// The next item, or nil when none came within `seconds` (the loop checks its stop flag).
    public func next(waiting seconds: Double) -> Item? {
        let deadline = DispatchTime.now() + seconds
        while true {
            if let item = state.withLock({ s in s.queue.isEmpty ? nil : s.queue.removeFirst() }) { return item }
            if arrived.wait(timeout: deadline) == .timedOut {
                return state.withLock { s in s.queue.isEmpty ? nil : s.queue.removeFirst() }
            }
        }
    }

    public var droppedFrames: Int {
        state.withLock { $0.dropped }
    }

    public func stop() {
        state.withLock { $0.stopped = true }
    }
}
