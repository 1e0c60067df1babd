import Foundation
import SleeveCore
import Reading
import Settings
import Synchronization

/// What the station is doing, as the terminal status line, the log and the status page
/// show it. The live loop publishes a new value on every change; readers (the HTTP
/// status page, the TTY line) only ever see whole snapshots.
public struct StationStatus: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Nothing stable in view.
        case searching
        /// A sleeve (or disc) is in view and holding still.
        case steady
        /// OCR is running on the best recent frame.
        case reading
        /// A record was just written.
        case written
        /// Writing is paused (for example: free space below the floor); `message` says why.
        case paused
        /// The device is gone and being reopened.
        case reconnecting
    }

    public var state: State = .searching
    /// Frames analysed per second, over the last few seconds.
    public var framesPerSecond = 0.0
    /// The device or replay being read ("/dev/video0", "replay:frames/").
    public var source = ""
    /// Why the station is paused or reconnecting, for people.
    public var message: String?
    /// The most recent records, newest first, with the paths of their files.
    public var recent: [WrittenRecord] = []
    /// The latest analysed frame as JPEG, for the live preview (nil until one exists).
    public var previewJPEG: [UInt8]?
    /// Why the catalogue is not taking records now (nil: it is, or there is none).
    public var catalogue: String?

    public init() {}
}

/// A record the station wrote, and where its files are (relative to the output folder).
public struct WrittenRecord: Sendable, Equatable {
    public var record: SleeveRecord
    public var recordFile: String
    public var imageFile: String
    public var rectifiedFile: String?
    /// Whether a catalogue was asked (then the record file carries `duplicates`).
    public var catalogued = false
    /// What the catalogue already held of this record; nil when none was asked or it
    /// could not be reached.
    public var duplicates: CatalogueDuplicates?

    public init(record: SleeveRecord, recordFile: String, imageFile: String, rectifiedFile: String?) {
        self.record = record
        self.recordFile = recordFile
        self.imageFile = imageFile
        self.rectifiedFile = rectifiedFile
    }
}

/// A thread-safe holder of the latest snapshot, for readers that poll (the HTTP server).
public final class StatusBoard: StatusSink, Sendable {
    private let latest = Mutex(StationStatus())

    public init() {}

    public func publish(_ status: StationStatus) {
        latest.withLock { $0 = status }
    }

    public var current: StationStatus { latest.withLock { $0 } }
}
