/// Cross-frame confirmation for a live view: decides when a code seen in a stream of
/// frames is reported, so one misdecoded frame does not reach a record and a code held
/// in front of the camera is not reported on every frame.
///
/// - A code is reported once it has been seen in `minFrames` frames, or in one frame
///   when its check digit is valid and zbar's quality is at least `highQuality`.
/// - While it stays in view it is not reported again.
/// - Once unseen for longer than `forgetAfter` seconds it is forgotten, and reported
///   again when it comes back (2 s by default, as zbar's own result cache does).
/// - A read whose check digit fails is ignored.
///
/// Time is whatever the caller's clock says (a frame's timestamp in seconds); the type
/// keeps no clock of its own, so it is replayable and testable.
public struct BarcodeConfirmation: Sendable {
    /// One code decoded in one frame.
    public struct Sighting: Sendable, Equatable {
        public var barcode: Barcode
        /// zbar's quality (scanlines that decoded a linear code).
        public var quality: Int

        public init(_ barcode: Barcode, quality: Int) {
            self.barcode = barcode
            self.quality = quality
        }
    }

    public var minFrames: Int
    public var highQuality: Int
    public var forgetAfter: Double

    struct Key: Hashable { var symbology: Barcode.Symbology; var value: String }
    struct Track { var frames: Int; var lastSeen: Double; var reported: Bool }
    private var tracks: [Key: Track] = [:]

    public init(minFrames: Int = 2, highQuality: Int = 10, forgetAfter: Double = 2.0) {
        self.minFrames = minFrames
        self.highQuality = highQuality
        self.forgetAfter = forgetAfter
    }

    /// Feeds one frame's sightings taken at `time` (seconds); returns the codes to
    /// report now, in the order given.
    public mutating func observe(_ sightings: [Sighting], at time: Double) -> [Barcode] {
        tracks = tracks.filter { time - $0.value.lastSeen <= forgetAfter }
        var out: [Barcode] = []
        var counted = Set<Key>()
        for s in sightings where s.barcode.checksumValid {
            let key = Key(symbology: s.barcode.symbology, value: s.barcode.value)
            // A code twice in one frame is one sighting.
            guard counted.insert(key).inserted else { continue }
            var track = tracks[key] ?? Track(frames: 0, lastSeen: time, reported: false)
            track.frames += 1
            track.lastSeen = time
            let strongAlone = s.barcode.symbology.hasCheckDigit && s.barcode.symbology != .code128
                && s.quality >= highQuality
            if !track.reported, track.frames >= minFrames || strongAlone {
                track.reported = true
                out.append(s.barcode)
            }
            tracks[key] = track
        }
        return out
    }

    /// Codes currently tracked (seen within `forgetAfter` of the last frame).
    public var inView: Int { tracks.count }
}
