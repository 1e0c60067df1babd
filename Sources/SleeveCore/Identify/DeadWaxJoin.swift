/// Which sleeve a dead-wax capture belongs to, from the capture times of the records in
/// a station's folder: a dealer photographs the sleeve, then takes the disc out and
/// photographs its run-out (one side or both) within a short while. So a dead-wax
/// capture made at most `window` seconds after the newest sleeve captured before it is
/// of that sleeve's record, and so is every dead-wax capture made since that sleeve.
///
/// A later sleeve starts a new record; a dead-wax capture with no sleeve in the window
/// (a disc without its sleeve, or a sleeve photographed long ago) joins nothing.
public enum DeadWaxJoin {
    public struct Capture: Equatable, Sendable {
        /// The record's file (its identity in the folder).
        public var name: String
        public var isDeadWax: Bool
        /// When it was captured, seconds on any one clock (the records' `capturedAt`).
        public var time: Double

        public init(name: String, isDeadWax: Bool, time: Double) {
            self.name = name
            self.isDeadWax = isDeadWax
            self.time = time
        }
    }

    /// One physical record's captures: its sleeve and its dead-wax photos, oldest first.
    public struct Group: Equatable, Sendable {
        public var sleeve: String
        public var deadWax: [String]
    }

    /// The group `capture` (a dead-wax capture) completes, or nil when it joins no sleeve.
    public static func group(for capture: Capture, among captures: [Capture], window: Double) -> Group? {
        guard capture.isDeadWax, window > 0 else { return nil }
        let before: (Capture, Capture) -> Bool = { ($0.time, $0.name) < ($1.time, $1.name) }
        guard let sleeve = captures.filter({ !$0.isDeadWax && $0.time <= capture.time && capture.time - $0.time <= window })
            .max(by: before) else { return nil }
        var deadWax = captures.filter { $0.isDeadWax && $0.name != capture.name && $0.time >= sleeve.time && $0.time <= capture.time }
        deadWax.append(capture)
        return Group(sleeve: sleeve.name, deadWax: deadWax.sorted(by: before).map(\.name))
    }
}
