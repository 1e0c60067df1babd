import SleeveCore

/// A scanner as a frame source: each `nextFrame` scans one page. With `feeder`
/// set, the feeder running out after the first page ends the source (nil) instead
/// of being a fault.
public final class ScannerSource: FrameSource {
    public let scanner: SaneScanner
    public var feeder: Bool
    private var sequence = 0
    private let started = ContinuousClock.now

    public init(scanner: SaneScanner, feeder: Bool) {
        self.scanner = scanner
        self.feeder = feeder
    }

    public var deviceName: String { scanner.name }

    public func nextFrame() throws -> Frame? {
        let image: ScannedImage
        do {
            image = try scanner.scan()
        } catch {
            guard error.kind == .noDocuments, feeder, sequence > 0 else { throw error }
            scanner.endScanning()
            return nil
        }
        if !feeder { scanner.endScanning() }
        let elapsed = ContinuousClock.now - started
        defer { sequence += 1 }
        return image.frame(sequence: sequence,
                           timestamp: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
