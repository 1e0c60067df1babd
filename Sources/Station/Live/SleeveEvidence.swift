import SleeveCore
import Reading
import Settings

/// A frame kept as a candidate for the record's picture.
public struct KeptFrame: Sendable {
    /// The full frame (decoded when first read or written).
    public var picture: FramePicture
    public var sequence: Int
    /// Frame time, seconds.
    public var time: Double
    public var sharpness: Double
    public var outline: Quad?
    /// The frame's own sleeve detection, full picture pixels (see `FrameObservation`).
    public var sleeve: SleeveDetection?

    public init(picture: FramePicture, sequence: Int, time: Double, sharpness: Double, outline: Quad?,
                sleeve: SleeveDetection? = nil) {
        self.picture = picture
        self.sequence = sequence
        self.time = time
        self.sharpness = sharpness
        self.outline = outline
        self.sleeve = sleeve
    }

    public init(image: GrayImage, sequence: Int, time: Double, sharpness: Double, outline: Quad?) {
        self.init(picture: FramePicture(image), sequence: sequence, time: time, sharpness: sharpness, outline: outline)
    }
}

/// One full read (OCR and parse) of a frame of the sleeve.
public struct SleeveRead: Sendable {
    public var record: SleeveRecord
    /// The frame that was read, and its rectified sleeve when one was found.
    public var frame: KeptFrame
    public var rectified: GrayImage?

    public init(record: SleeveRecord, frame: KeptFrame, rectified: GrayImage?) {
        self.record = record
        self.frame = frame
        self.rectified = rectified
    }

    /// Whether the read found anything at all (text or a code).
    public var isEmpty: Bool { record.lines.isEmpty && record.barcodes.isEmpty && record.matrix.isEmpty }

    var meanConfidence: Double {
        record.lines.isEmpty ? 0 : record.lines.map(\.confidence).reduce(0, +) / Double(record.lines.count)
    }
}

/// Everything learnt about one sleeve while it was in (or held up to) the view.
public struct SleeveEvidence: Sendable {
    /// Capture order, from 1: the files' names sort by it.
    public var number: Int
    /// Frame time the sleeve (or its barcode) was first seen.
    public var firstSeen: Double
    /// Frame time the view first held still with it; nil while it never has.
    public var firstStable: Double?
    /// Codes the per-frame pass confirmed (a close-up before the sleeve was laid down,
    /// or the sleeve's own code), in the order seen.
    public var barcodes: [Barcode] = []
    /// The frame a confirmed code was first seen in: the picture when nothing better comes.
    public var barcodeFrame: KeptFrame?
    /// The sharpest frame of any still run.
    public var sharpestStill: KeptFrame?
    public var reads: [SleeveRead] = []
    /// Reads asked for (finished or not).
    public var readsRequested = 0
    /// Whether an outline has been in view for this sleeve.
    public var placed = false

    public init(number: Int, firstSeen: Double) {
        self.number = number
        self.firstSeen = firstSeen
    }

    /// Adds a confirmed code; false when it is a different product code (EAN/UPC) than
    /// one this sleeve already has: then it belongs to another sleeve.
    public mutating func add(_ code: Barcode, frame: KeptFrame) -> Bool {
        if barcodes.contains(where: { $0.symbology == code.symbology && $0.value == code.value }) { return true }
        if code.isProductCode, barcodes.contains(where: { $0.isProductCode && $0.value != code.value }) { return false }
        barcodes.append(code)
        if barcodeFrame == nil { barcodeFrame = frame }
        return true
    }

    /// The catalog number the reads so far agree on.
    public var agreedCatalog: String? { EvidenceMerger.vote(reads.map(\.record.catalogNumber), reads: reads) }

    /// Whether anything was learnt that is worth a record.
    public var hasContent: Bool { !barcodes.isEmpty || reads.contains { !$0.isEmpty } }
}

extension Barcode {
    /// EAN/UPC: the product's own number (one per sleeve); other codes are stickers.
    var isProductCode: Bool { [.ean13, .ean8, .upcA, .upcE].contains(symbology) }
}

/// Merges a sleeve's reads into one record: each text field by vote (case and spacing
/// ignored; ties go to the more confident read), the rest from the read that agrees
/// most with the vote, and the codes confirmed live added to those the read found.
public enum EvidenceMerger {
    public struct Merged: Sendable {
        public var record: SleeveRecord
        /// The picture written with the record: the chosen read's frame, else the
        /// sharpest still frame, else the frame a code was seen in.
        public var frame: KeptFrame
        public var rectified: GrayImage?
    }

    public static func merge(_ e: SleeveEvidence, source: SleeveRecord.Source) -> Merged? {
        let reads = e.reads.filter { !$0.isEmpty }
        var votes: [SleeveRecord.TextField: String] = [:]
        for field in SleeveRecord.TextField.allCases { votes[field] = vote(reads.map { $0.record[field] }, reads: reads) }
        // The read that agrees with most of the vote carries tracks, lines and corners.
        let chosen = reads.max { a, b in
            let sa = agreement(a.record, votes), sb = agreement(b.record, votes)
            return sa != sb ? sa < sb : a.meanConfidence < b.meanConfidence
        }
        var record: SleeveRecord
        let frame: KeptFrame
        if let chosen {
            record = chosen.record
            frame = chosen.frame
        } else if let f = e.sharpestStill ?? e.barcodeFrame {
            record = SleeveRecord(source: source)
            frame = f
            if let q = f.outline { record.document = .init(corners: q.corners, confidence: 0) }
            record.warnings.append(e.reads.isEmpty ? "not read: OCR had not finished when the sleeve was written (it left, or the station stopped)" : "OCR found no text")
        } else {
            return nil
        }
        record.source = source
        record.textFields = votes
        // Codes confirmed live but not decoded on the written frame: their corners were
        // on another frame (a close-up), so none are given here.
        for code in e.barcodes where !record.barcodes.contains(where: { $0.value == code.value }) {
            var c = code
            if frame.sequence != e.barcodeFrame?.sequence { c.corners = [] }
            record.barcodes.insert(c, at: 0)
        }
        if reads.count > 1 { record.warnings.append("merged from \(reads.count) reads") }
        return Merged(record: record, frame: frame, rectified: chosen?.rectified)
    }

    /// The most common value (compared without case and spacing), ties to the read with
    /// the higher mean confidence; nil when no read has one.
    static func vote(_ values: [String?], reads: [SleeveRead]) -> String? {
        var tally: [String: (count: Int, confidence: Double, original: String)] = [:]
        for (value, read) in zip(values, reads) {
            guard let value, !value.isEmpty else { continue }
            let key = normalised(value)
            let c = read.meanConfidence
            if let t = tally[key] {
                tally[key] = (t.count + 1, max(t.confidence, c), c > t.confidence ? value : t.original)
            } else {
                tally[key] = (1, c, value)
            }
        }
        return tally.values.max { a, b in a.count != b.count ? a.count < b.count : a.confidence < b.confidence }?.original
    }

    /// A value as votes compare it: lower case, no spaces.
    public static func normalised(_ s: String) -> String {
        String(s.lowercased().filter { !$0.isWhitespace })
    }

    static func agreement(_ r: SleeveRecord, _ votes: [SleeveRecord.TextField: String]) -> Int {
        votes.filter { field, v in r[field].map { normalised($0) == normalised(v) } ?? false }.count
    }
}
