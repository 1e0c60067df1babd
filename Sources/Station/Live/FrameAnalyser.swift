import Foundation
import SleeveCore
import Reading
import Settings

/// Finds the object the station reads in a frame: a sleeve's outline, or a disc's.
public enum OutlineFinder: Sendable {
    case sleeve(SleeveDetector)
    case disc(DiscDetector)

    /// The outline as a quad: a sleeve's corners, or the box around a disc's ellipse
    /// (its axes' ends), so one motion measure serves both.
    public func find(in image: GrayImage) -> Quad? { detect(in: image)?.quad }

    /// The outline, with the sleeve's whole detection in sleeve mode (for the reader).
    public func detect(in image: GrayImage) -> (quad: Quad, sleeve: SleeveDetection?)? {
        switch self {
        case let .sleeve(d):
            return d.detect(image).map { ($0.quad, $0) }
        case let .disc(d):
            guard let e = d.detect(image)?.disc else { return nil }
            let c = e.center, a = e.angle
            let u = Point(x: cos(a) * e.semiMajor, y: sin(a) * e.semiMajor)
            let v = Point(x: -sin(a) * e.semiMinor, y: cos(a) * e.semiMinor)
            return (Quad([c - u - v, c + u - v, c + u + v, c - u + v]), nil)
        }
    }
}

/// Everything the loop measures on each frame: confirmed barcodes, the tracked outline
/// and its motion, the frame difference and sharpness. Cheap by design; times per part
/// are kept for the benchmark.
public struct FrameAnalyser {
    public var finder: OutlineFinder
    public var tracker = CornerTracker()
    public var confirmation = BarcodeConfirmation()
    let barcodes: any FrameBarcodeScanning
    /// Longer side of the barcode pass's copy.
    public var barcodeWorkingSide: Int
    private var previous: FrameMeasures?

    /// Milliseconds of the last frame's parts: "reduce", "barcodes", "outline", "measures".
    public private(set) var lastTimings: [String: Double] = [:]

    public init(finder: OutlineFinder, barcodes: any FrameBarcodeScanning, barcodeWorkingSide: Int) {
        self.finder = finder
        self.barcodes = barcodes
        self.barcodeWorkingSide = barcodeWorkingSide
    }

    /// Forgets the previous frame (the device was reopened: no motion across the gap).
    public mutating func restart() {
        tracker.reset()
        previous = nil
    }

    public mutating func analyse(_ image: GrayImage, sequence: Int, time: Double) -> FrameObservation {
        analyse(LiveFrame(picture: FramePicture(image), luminance: image, sequence: sequence, timestamp: time))
    }

    /// One frame, from its luminance (whole, or reduced already by the source); the
    /// full picture is not touched, only carried along for a read or a record.
    public mutating func analyse(_ frame: LiveFrame) -> FrameObservation {
        var timer = StageTimer()
        let luminance = frame.luminance
        // One reduced copy serves every measure: the luminance is read once, here.
        let factor = Self.reduction(luminance, to: barcodeWorkingSide)
        let small = timer.measure("reduce") { factor > 1 ? Self.shrink(luminance, by: factor) : luminance }
        // Positions go back to the full picture's pixels, whatever reduced the copy.
        let scale = Double(frame.width) / Double(max(1, small.width))
        var sightingCount = 0
        let confirmed = timer.measure("barcodes") { () -> [Barcode] in
            let sightings = barcodes.sightings(in: small).map { s -> BarcodeConfirmation.Sighting in
                guard scale != 1 else { return s }
                var b = s.barcode
                b.corners = b.corners.map { [$0[0] * scale, $0[1] * scale] }
                return BarcodeConfirmation.Sighting(b, quality: s.quality)
            }
            sightingCount = sightings.count
            return confirmation.observe(sightings, at: frame.timestamp)
        }
        var sleeve: SleeveDetection?
        let (outline, motion) = timer.measure("outline") { () -> (Quad?, Double?) in
            let before = tracker.corners
            // The detector works on a 320-pixel copy anyway: the reduced frame loses nothing.
            let detection = finder.detect(in: small)
            sleeve = detection?.sleeve?.scaled(by: scale)
            let found = detection.map { d in Quad(d.quad.corners.map { $0 * scale }) }
            let update = tracker.update(found)
            // The tracker measures against the sleeve's diagonal; stability is judged
            // against the frame's, so a small sleeve far away is not held to more.
            let frameDiagonal = (Double(frame.width * frame.width + frame.height * frame.height)).squareRoot()
            let motion = update.restarted ? nil : update.motion.map { $0 * max(1, before?.diagonal ?? 0) / max(1, frameDiagonal) }
            // Corners the tracker only carried over a missed detection are not a sighting.
            let detected = update.restarted || update.motion != nil
            return (detected ? update.corners : nil, motion)
        }
        let measures = timer.measure("measures") { FrameMeasures(small) }
        let difference = previous.flatMap { measures.difference(from: $0) }
        previous = measures
        lastTimings = timer.milliseconds
        var observation = FrameObservation(sequence: frame.sequence, time: frame.timestamp, picture: frame.picture, analysed: small,
                                           outline: outline, motion: motion, difference: difference,
                                           sharpness: measures.sharpness, confirmedBarcodes: confirmed)
        observation.barcodeSightings = sightingCount
        observation.sleeve = outline == nil ? nil : sleeve
        return observation
    }

    /// Whole-number reduction that brings the longer side to at most `side`.
    static func reduction(_ image: GrayImage, to side: Int) -> Int {
        LiveFrame.reduction(width: image.width, height: image.height, to: side)
    }

    /// Box average over `factor`×`factor` cells (bars stay bars; noise averages out).
    static func shrink(_ image: GrayImage, by factor: Int) -> GrayImage {
        let (w, h, sums) = image.blockSums(factor: factor)
        let n = UInt32(factor * factor)
        return GrayImage(width: w, height: h, pixels: sums.map { UInt8(truncatingIfNeeded: ($0 + n / 2) / n) })
    }
}
