import SleeveCore
import Reading
import Settings

/// What the per-frame analysis saw in one frame.
public struct FrameObservation: Sendable {
    public var sequence: Int
    /// Frame time, seconds (the source's timestamps: the logic's only clock).
    public var time: Double
    /// The full frame, decoded only if it is kept for a read or a record.
    public var picture: FramePicture
    /// The reduced copy the analysis read (for the status page's preview).
    public var analysed: GrayImage
    /// The tracked outline (a sleeve's corners; a disc's bounding quad), nil when none.
    public var outline: Quad?
    /// This frame's own sleeve detection, in the full picture's pixels (sleeve mode):
    /// the OCR worker refines and rectifies it rather than detecting the sleeve again.
    public var sleeve: SleeveDetection?
    /// Corner movement since the previous frame, fraction of the frame's diagonal;
    /// nil without an outline or when the track restarted.
    public var motion: Double?
    /// Thumbnail difference from the previous frame (mean gray levels).
    public var difference: Double?
    public var sharpness: Double
    /// Codes the cross-frame confirmation reported in this frame.
    public var confirmedBarcodes: [Barcode]
    /// Barcode sightings in this frame before cross-frame confirmation (a code coming
    /// into view: enough to wake an idle station).
    public var barcodeSightings = 0

    public init(sequence: Int, time: Double, picture: FramePicture, analysed: GrayImage, outline: Quad?, motion: Double?,
                difference: Double?, sharpness: Double, confirmedBarcodes: [Barcode]) {
        self.sequence = sequence
        self.time = time
        self.picture = picture
        self.analysed = analysed
        self.outline = outline
        self.motion = motion
        self.difference = difference
        self.sharpness = sharpness
        self.confirmedBarcodes = confirmedBarcodes
    }

    /// A frame decoded whole, analysed at full size.
    public init(sequence: Int, time: Double, image: GrayImage, outline: Quad?, motion: Double?,
                difference: Double?, sharpness: Double, confirmedBarcodes: [Barcode]) {
        self.init(sequence: sequence, time: time, picture: FramePicture(image), analysed: image, outline: outline, motion: motion,
                  difference: difference, sharpness: sharpness, confirmedBarcodes: confirmedBarcodes)
    }

    var kept: KeptFrame { KeptFrame(picture: picture, sequence: sequence, time: time, sharpness: sharpness, outline: outline, sleeve: sleeve) }
}

/// A read the logic wants run (on the OCR worker).
public struct ReadRequest: Sendable {
    /// Which sleeve (its capture number) the read is for.
    public var sleeve: Int
    public var frame: KeptFrame

    public init(sleeve: Int, frame: KeptFrame) {
        self.sleeve = sleeve
        self.frame = frame
    }
}

/// What the logic asks of its runner.
public enum StationAction: Sendable {
    /// Start OCR on this frame (the worker is free: the logic tracks that).
    case read(ReadRequest)
    /// Write this sleeve's record (in capture order; each sleeve once).
    case write(SleeveEvidence)
    /// A sleeve ended with nothing worth writing (for the log).
    case discard(SleeveEvidence, reason: String)
    /// The station's state changed.
    case state(StationStatus.State)
}

/// The live loop's decisions, with no threads, clocks or I/O: frames and finished
/// reads go in, reads to start, records to write and state changes come out.
///
/// - A sleeve's evidence starts with its first outline, or with a code confirmed while
///   no sleeve is in view (a barcode close-up before the sleeve is laid down).
/// - While the view is stable, a read is asked for on the sharpest frame of the still
///   run: at most one in flight, at most one per `ocrIntervalSeconds`, at most
///   `readsPerSleeve` per sleeve.
/// - The sleeve is finished when its outline has been gone `leaveSeconds`, when a
///   different product code is confirmed, or when a read finds a different catalog
///   number. A finished sleeve is written once, after any read still running for it,
///   in capture order. A sleeve that never held still is not written (it was passing
///   through), but its codes carry over to the next sleeve.
public struct StationLogic: Sendable {
    public var settings: LiveSettings
    public private(set) var current: SleeveEvidence?
    /// Finished sleeves not yet written, oldest first.
    public private(set) var closing: [SleeveEvidence] = []
    /// The sleeve whose read is running, if any.
    public private(set) var readInFlight: Int?
    public private(set) var state: StationStatus.State = .searching
    private var stability: StabilityMeter
    private var lastOutlineAt: Double?
    /// Reads asked for since the outline last came back after being gone: a sleeve put
    /// back (or swapped for another) is read again whatever `readsPerSleeve` says.
    private var placementReads = 0
    private var outlineWasGone = true
    private var lastReadStart: Double?
    private var lastWriteAt: Double?
    private var now = 0.0
    private var stable = false
    /// The sharpest frame of the current still run.
    private var runSharpest: KeptFrame?
    private var nextNumber: Int

    public init(settings: LiveSettings, firstNumber: Int = 1) {
        self.settings = settings
        stability = StabilityMeter(settings)
        nextNumber = firstNumber
    }

    /// Feeds one analysed frame.
    public mutating func observe(_ o: FrameObservation) -> [StationAction] {
        now = o.time
        var actions: [StationAction] = []
        for code in o.confirmedBarcodes {
            if var e = current {
                if e.add(code, frame: o.kept) { current = e; continue }
                // A different product: the sleeve before is done.
                actions += finish()
            }
            var e = startEvidence(at: o.time)
            _ = e.add(code, frame: o.kept)
            current = e
        }
        if let outline = o.outline {
            lastOutlineAt = o.time
            if outlineWasGone { placementReads = 0 }
            outlineWasGone = false
            if current == nil { current = startEvidence(at: o.time) }
            current!.placed = true
            stable = stability.update(time: o.time, motion: o.motion, difference: o.difference)
            if stability.stillSince != nil {
                let k = KeptFrame(picture: o.picture, sequence: o.sequence, time: o.time, sharpness: o.sharpness, outline: outline,
                                  sleeve: o.sleeve)
                if runSharpest == nil || k.sharpness > runSharpest!.sharpness { runSharpest = k }
            } else {
                runSharpest = nil
            }
            if stable, let run = runSharpest {
                if current!.firstStable == nil { current!.firstStable = o.time }
                if current!.sharpestStill == nil || run.sharpness > current!.sharpestStill!.sharpness {
                    current!.sharpestStill = run
                }
            }
        } else {
            outlineWasGone = true
            stability.reset()
            stable = false
            runSharpest = nil
            if let e = current {
                if e.placed, let seen = lastOutlineAt, o.time - seen >= settings.leaveSeconds {
                    if e.firstStable != nil {
                        actions += finish()
                    } else {
                        // It passed through without holding still: keep only its codes.
                        current!.placed = false
                        if e.barcodes.isEmpty { current = nil }
                    }
                } else if !e.placed, o.time - (e.barcodeFrame?.time ?? e.firstSeen) >= settings.barcodeHoldSeconds {
                    actions += finish()
                }
            }
        }
        actions += startReadIfDue()
        actions += updateState()
        return actions
    }

    /// A read finished (or failed: `read` nil). Returns what to do next.
    public mutating func readFinished(sleeve: Int, read: SleeveRead?) -> [StationAction] {
        if readInFlight == sleeve { readInFlight = nil }
        var actions: [StationAction] = []
        if let read {
            if let i = closing.firstIndex(where: { $0.number == sleeve }) {
                closing[i].reads.append(read)
            } else if current?.number == sleeve {
                let agreed = current!.agreedCatalog
                if let agreed, let new = read.record.catalogNumber,
                   EvidenceMerger.normalised(agreed) != EvidenceMerger.normalised(new) {
                    // Another sleeve took this one's place without an empty view between.
                    actions += finish()
                    var e = startEvidence(at: read.frame.time)
                    e.placed = true
                    e.firstStable = read.frame.time
                    e.sharpestStill = read.frame
                    e.readsRequested = 1
                    e.reads = [read]
                    current = e
                    placementReads = 1
                } else {
                    current!.reads.append(read)
                }
            }
        }
        actions += flush()
        actions += startReadIfDue()
        actions += updateState()
        return actions
    }

    /// End of input or shutdown: the sleeve in view is finished with what is known.
    /// With `reading` false (a signal), sleeves that were never read are written
    /// without OCR instead of waiting for it.
    public mutating func finishAll(reading: Bool) -> [StationAction] {
        var actions: [StationAction] = []
        if let e = current {
            if e.firstStable != nil || !e.barcodes.isEmpty { actions += finish() } else { current = nil }
        }
        if !reading {
            for i in closing.indices { closing[i].readsRequested = max(closing[i].readsRequested, 1) }
        }
        actions += flush()
        actions += startReadIfDue()
        actions += updateState()
        return actions
    }

    /// Gives up on the running read (shutdown grace spent): what waits for it is written.
    public mutating func abandonRead() -> [StationAction] {
        readInFlight = nil
        for i in closing.indices { closing[i].readsRequested = max(closing[i].readsRequested, 1) }
        return flush() + updateState()
    }

    /// Whether nothing is left to read or write.
    public var isIdle: Bool { closing.isEmpty && readInFlight == nil }

    // MARK: internals

    private mutating func startEvidence(at time: Double) -> SleeveEvidence {
        defer { nextNumber += 1 }
        return SleeveEvidence(number: nextNumber, firstSeen: time)
    }

    /// Moves the current sleeve to the closing queue.
    private mutating func finish() -> [StationAction] {
        guard let e = current else { return [] }
        current = nil
        runSharpest = nil
        closing.append(e)
        return flush()
    }

    /// Writes finished sleeves from the front of the queue while they need nothing more.
    private mutating func flush() -> [StationAction] {
        var actions: [StationAction] = []
        while let head = closing.first {
            if readInFlight == head.number { break }
            // Held still but never read: one read first (the worker may be busy).
            if head.readsRequested == 0, head.sharpestStill != nil { break }
            closing.removeFirst()
            // Held still but never read (stopped first): written with its picture and
            // corners. Read and found empty (a false outline on a bare table): dropped.
            if head.hasContent || (head.reads.isEmpty && head.firstStable != nil) {
                lastWriteAt = now
                actions.append(.write(head))
            } else {
                actions.append(.discard(head, reason: head.reads.isEmpty ? "it never held still" : "nothing read on it"))
            }
        }
        return actions
    }

    private mutating func startReadIfDue() -> [StationAction] {
        guard readInFlight == nil else { return [] }
        // A finished sleeve waiting for its one read goes first.
        if let i = closing.indices.first(where: { closing[$0].readsRequested == 0 }), let f = closing[i].sharpestStill {
            closing[i].readsRequested += 1
            readInFlight = closing[i].number
            lastReadStart = now
            return [.read(ReadRequest(sleeve: closing[i].number, frame: f))]
        }
        guard stable, let e = current, let frame = runSharpest,
              placementReads == 0 || e.readsRequested < settings.readsPerSleeve else { return [] }
        if let last = lastReadStart, now - last < settings.ocrIntervalSeconds { return [] }
        current!.readsRequested += 1
        placementReads += 1
        readInFlight = e.number
        lastReadStart = now
        return [.read(ReadRequest(sleeve: e.number, frame: frame))]
    }

    private mutating func updateState() -> [StationAction] {
        let s: StationStatus.State
        if readInFlight != nil { s = .reading }
        else if stable { s = .steady }
        else if let w = lastWriteAt, now - w < settings.writtenDisplaySeconds { s = .written }
        else { s = .searching }
        guard s != state else { return [] }
        state = s
        return [.state(s)]
    }
}
