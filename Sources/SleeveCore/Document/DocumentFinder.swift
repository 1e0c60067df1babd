/// Detection, refinement and rectification in one call: what the read pipeline runs.
public struct DocumentFinder: Sendable {
    public var detector: SleeveDetector
    public var rectifier: Rectifier
    /// Smallest outline accepted, as a share of the frame's area. A sleeve being read
    /// fills a good part of the view; a smaller rectangle is a picture printed on a
    /// page, a label, or a sleeve too far away to read.
    public var minAreaFraction = 0.15
    /// Largest rectified side, in pixels: an outline bigger than `rectifier.longSide`
    /// in the frame keeps its own resolution up to this. The warp samples bilinearly,
    /// which aliases when it shrinks: shrinking to a working size is left to an
    /// area-mapping scaler afterwards.
    public var maxLongSide = 4000
    /// Sleeves, centre labels and inserts are square or nearly so: an outline whose
    /// width and height differ by more than this factor is a band (a shelf edge, a
    /// table's shadow, a stripe of the cover's own artwork across a flat scan), and
    /// cropping to it would throw the rest of the cover away.
    public var maxSideRatio = 2.0

    public init(detector: SleeveDetector = SleeveDetector(), rectifier: Rectifier = Rectifier(longSide: 1200)) {
        self.detector = detector
        self.rectifier = rectifier
    }

    public struct Found: Sendable {
        /// Refined corners, source pixels, clockwise from the sleeve's top-left.
        public var quad: Quad
        public var confidence: Double
        /// The frontal sleeve.
        public var page: GrayImage
        /// From the frontal sleeve's pixels to the frame's.
        public var toSource: Homography
    }

    /// The sleeve rectified, or nil when none was found.
    public func find(in image: GrayImage) -> Found? {
        guard let detection = detector.detect(image) else { return nil }
        return found(from: detection, in: image)
    }

    /// The sleeve an earlier detection outlined (the live tracker's, scaled to this
    /// image's pixels), refined and rectified here: nothing is detected again.
    public func found(from detection: SleeveDetection, in image: GrayImage) -> Found? {
        let quad = Self.refiner(for: image, detector: detector).refine(detection, in: image)
        guard quad.isConvex, quad.area >= minAreaFraction * Double(image.width * image.height),
              isSleeveShaped(quad) else { return nil }
        var rectifier = self.rectifier
        rectifier.longSide = min(maxLongSide, max(rectifier.longSide, Int((quad.sideLengths.max() ?? 0).rounded())))
        guard let (page, toSource) = rectifier.rectify(image, quad: quad) else { return nil }
        return Found(quad: quad, confidence: detection.confidence, page: page, toSource: toSource)
    }

    /// True when the outline's proportions are a sleeve's, not a band's.
    public func isSleeveShaped(_ quad: Quad) -> Bool {
        let r = quad.sideRatio
        return r <= maxSideRatio && r >= 1 / maxSideRatio
    }

    /// A refiner whose search covers the detector's coarse error: about one working pixel.
    public static func refiner(for image: GrayImage, detector: SleeveDetector) -> CornerRefiner {
        let factor = max(1.0, (Double(max(image.width, image.height)) / Double(detector.options.workingSide)).rounded())
        return CornerRefiner(searchRadius: 1.5 * factor + 3)
    }
}
