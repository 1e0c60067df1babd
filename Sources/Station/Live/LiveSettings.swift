import Reading
import Settings
/// The live loop's thresholds and intervals (config keys `live.*`, documented in
/// config/README.md; defaults are the declarations'). Times are seconds of the frames'
/// own clock.
public struct LiveSettings: Sendable, Equatable {
    /// The view is still when the sleeve's corners move less than this fraction of the
    /// frame's diagonal from one frame to the next. `live.stableMotion`.
    public var stableMotion = Setting<Double>.stableMotion.defaultValue
    /// ...and the frame differs from the previous one by less than this mean gray
    /// level on a small thumbnail (a hand over a sleeve whose outline still shows).
    /// `live.stableDifference`.
    public var stableDifference = Setting<Double>.stableDifference.defaultValue
    /// ...for at least this long. `live.stableSeconds`.
    public var stableSeconds = Setting<Double>.stableSeconds.defaultValue
    /// A sleeve whose outline has been gone this long has left. `live.leaveSeconds`.
    public var leaveSeconds = Setting<Double>.leaveSeconds.defaultValue
    /// At most one OCR starts per this many seconds. `live.ocrIntervalSeconds`.
    public var ocrIntervalSeconds = Setting<Double>.ocrIntervalSeconds.defaultValue
    /// OCR reads of one sleeve while it stays put, merged by agreement (a sleeve put
    /// back after a hand passed over it is read again regardless). `live.readsPerSleeve`.
    public var readsPerSleeve = Setting<Int>.readsPerSleeve.defaultValue
    /// A barcode held up with no sleeve laid down afterwards is written on its own
    /// after this long. `live.barcodeHoldSeconds`.
    public var barcodeHoldSeconds = Setting<Double>.barcodeHoldSeconds.defaultValue
    /// Frames waiting for the analysis before the oldest is dropped. `live.queueFrames`.
    public var queueFrames = Setting<Int>.queueFrames.defaultValue
    /// Longer side of the copy the per-frame barcode pass reads. `live.barcodeWorkingSide`.
    public var barcodeWorkingSide = Setting<Int>.barcodeWorkingSide.defaultValue
    /// On SIGINT/SIGTERM, how long a running OCR may finish before the sleeve is
    /// written without it. `live.shutdownGraceSeconds`.
    public var shutdownGraceSeconds = Setting<Double>.shutdownGraceSeconds.defaultValue
    /// How long the status says "written" after a record. Not configurable.
    public var writtenDisplaySeconds = 2.0

    public init() {}
}

extension LiveSettings {
    /// The `live.*` keys of a configuration.
    public init(_ config: Configuration) {
        self.init()
        stableMotion = config[.stableMotion]
        stableDifference = config[.stableDifference]
        stableSeconds = config[.stableSeconds]
        leaveSeconds = config[.leaveSeconds]
        ocrIntervalSeconds = config[.ocrIntervalSeconds]
        readsPerSleeve = config[.readsPerSleeve]
        barcodeHoldSeconds = config[.barcodeHoldSeconds]
        queueFrames = config[.queueFrames]
        barcodeWorkingSide = config[.barcodeWorkingSide]
        shutdownGraceSeconds = config[.shutdownGraceSeconds]
    }
}
