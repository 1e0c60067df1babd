import Foundation
import SleeveCore
import Reading
import Settings
import Synchronization

/// Runs reads on its own thread, one at a time, so the frame loop never waits for OCR.
///
/// The loop hands over a request only when the worker is free (the logic tracks
/// that), and collects finished reads when it likes: nothing queues up.
// Unchecked: its state is guarded by an NSCondition (the worker waits on it), which
// the compiler cannot see; every access to the mutable fields below holds it.
public final class ReadWorker: @unchecked Sendable {
    public struct Finished: Sendable {
        public var sleeve: Int
        /// nil: the frame's full picture could not be decoded (nothing read).
        public var read: SleeveRead?
        /// Wall-clock milliseconds the read took.
        public var milliseconds: Double
    }

    private let condition = NSCondition()
    private var pending: ReadRequest?
    private var finished: [Finished] = []
    private var stopping = false
    private var busy = false
    // Used on the worker thread only, after init.
    private let reader: any FrameReading
    private let keepsRectified: Bool
    private let device: String

    /// `keepsRectified`: the rectified sleeve is written beside the record (not in
    /// dead-wax mode).
    public init(reader: any FrameReading, keepsRectified: Bool, device: String) {
        self.reader = reader
        self.keepsRectified = keepsRectified
        self.device = device
        let thread = Thread { [self] in work() }
        thread.name = "sleevescan-ocr"
        thread.start()
    }

    /// Starts a read; the caller makes sure none is running.
    public func submit(_ request: ReadRequest) {
        condition.lock()
        precondition(pending == nil && !busy, "one read at a time")
        pending = request
        busy = true
        condition.signal()
        condition.unlock()
    }

    /// Reads finished since the last call.
    public func collect() -> [Finished] {
        condition.lock()
        defer { condition.unlock() }
        let out = finished
        finished = []
        return out
    }

    /// Waits until a read has finished or `seconds` have passed; true when one is ready.
    public func waitForFinished(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while finished.isEmpty {
            if !condition.wait(until: deadline) { return !finished.isEmpty }
        }
        return true
    }

    public func stop() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        // Below the frame loop: when the cores are busy, OCR waits, frames do not. On
        // Linux the nice value is per thread, and `who` 0 is the calling thread
        // (setpriority(2), NOTES).
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        while true {
            condition.lock()
            while pending == nil && !stopping { condition.wait() }
            if stopping { condition.unlock(); return }
            let request = pending!
            pending = nil
            condition.unlock()

            let started = ContinuousClock.now
            let frame = request.frame
            var read: SleeveRead?
            // The full frame is decoded here, on the worker, not on the frame loop. A
            // frame whose reduced copy decoded decodes whole too; if not, nothing is read.
            if let image = try? frame.picture.image() {
                let source = SleeveRecord.Source.unwritten(width: image.width, height: image.height, device: device)
                // The sleeve the loop outlined in this frame is refined and rectified by
                // the reader, and that rectified page is the one written: nothing twice.
                let done = reader.read(image, source: source, timings: StageTimer(), sleeve: frame.sleeve)
                read = SleeveRead(record: done.record, frame: frame, rectified: keepsRectified ? done.rectified : nil)
            }
            let ms = StageTimer.ms(ContinuousClock.now - started)

            condition.lock()
            finished.append(Finished(sleeve: request.sleeve, read: read, milliseconds: ms))
            busy = false
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// Set from a signal handler's dispatch source, read by the loop once per frame.
public final class StopFlag: Sendable {
    private let raised = Mutex(false)

    public init() {}

    public func raise() { raised.withLock { $0 = true } }

    public var isRaised: Bool { raised.withLock { $0 } }
}
