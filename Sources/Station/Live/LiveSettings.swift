import Reading
import Settings
/// The live loop's thresholds and intervals (config keys `live.*`, documented in
/// config/README.md). Times are seconds of the frames' own clock.
public struct LiveSettings: Sendable, Equatable {
    /// The view is still when the sleeve's corners move less than this fraction of the
    /// frame's diagonal from one frame to the next. `live.stableMotion`.
    public var stableMotion = 0.004
    /// ...and the frame differs from the previous one by less than this mean gray
    /// level on a small thumbnail (a hand over a sleeve whose outline still shows).
    /// `live.stableDifference`.
    public var stableDifference = 4.0
    /// ...for at least this long. `live.stableSeconds`.
    public var stableSeconds = 0.5
    /// A sleeve whose outline has been gone this long has left. `live.leaveSeconds`.
    public var leaveSeconds = 1.5
    /// At most one OCR starts per this many seconds. `live.ocrIntervalSeconds`.
    public var ocrIntervalSeconds = 2.0
    /// OCR reads of one sleeve while it stays put, merged by agreement (a sleeve put
    /// back after a hand passed over it is read again regardless). `live.readsPerSleeve`.
    public var readsPerSleeve = 1
    /// A barcode held up with no sleeve laid down afterwards is written on its own
    /// after this long. `live.barcodeHoldSeconds`.
    public var barcodeHoldSeconds = 20.0
    /// Frames waiting for the analysis before the oldest is dropped. `live.queueFrames`.
    public var queueFrames = 2
    /// Longer side of the copy the per-frame barcode pass reads. `live.barcodeWorkingSide`.
    public var barcodeWorkingSide = 960
    /// On SIGINT/SIGTERM, how long a running OCR may finish before the sleeve is
    /// written without it. `live.shutdownGraceSeconds`.
    public var shutdownGraceSeconds = 1.2
    /// How long the status says "written" after a record. Not configurable.
    public var writtenDisplaySeconds = 2.0

    public init() {}
}

extension LiveSettings {
    /// The `live.*` keys of a configuration.
    public init(_ config: Configuration) {
        self.init()
        stableMotion = config.double("live.stableMotion")
        stableDifference = config.double("live.stableDifference")
        stableSeconds = config.double("live.stableSeconds")
        leaveSeconds = config.double("live.leaveSeconds")
        ocrIntervalSeconds = config.double("live.ocrIntervalSeconds")
        readsPerSleeve = config.int("live.readsPerSleeve")
        barcodeHoldSeconds = config.double("live.barcodeHoldSeconds")
        queueFrames = config.int("live.queueFrames")
        barcodeWorkingSide = config.int("live.barcodeWorkingSide")
        shutdownGraceSeconds = config.double("live.shutdownGraceSeconds")
    }
}
