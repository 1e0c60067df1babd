// Every configuration key, declared once: its dotted name, type, range, default and
// meaning. Code reads a setting through its typed handle (`config[.maxPixels]`): a
// misspelt name does not compile and a number cannot be read as text.
// `Configuration.keys` lists the handles in the order config/README.md and
// config/sleevescan.json give them (the settings tests check both files against it, and
// that every handle declared here is listed).

// MARK: Input limits (`limits.*`)

extension Setting where Value == Int {
    public static var maxPixels: Setting<Int> {
        .init("limits.maxPixels", 1...1_000_000_000, default: 100_000_000,
              doc: "Largest image accepted, in pixels (width × height), checked from the header before decoding.")
    }
}

// MARK: OCR (`ocr.*`)

extension Setting where Value == String {
    public static var ocrLanguages: Setting<String> {
        .init("ocr.languages", default: "eng",
              doc: "Tesseract languages, as tesseract names them (\"eng\", \"eng+deu\").")
    }
    public static var ocrPageSegmentation: Setting<String> {
        .init("ocr.pageSegmentation", choices: ["sparseText", "auto", "singleBlock"], default: "sparseText",
              doc: "Tesseract page segmentation. Reading order is computed from the boxes in every mode.")
    }
}

extension Setting where Value == Int {
    public static var ocrLongSide: Setting<Int> {
        .init("ocr.longSide", 600...8000, default: 1800,
              doc: "Longer side, in pixels, of the page OCR reads: a bigger page is shrunk to it (small print needs more).")
    }
}

extension Setting where Value == String? {
    public static var ocrDataPath: Setting<String?> {
        .init("ocr.dataPath", default: nil,
              doc: "The tessdata folder; null uses tesseract's built-in default.")
    }
}

// MARK: Where records go (`output.*`)

extension Setting where Value == String? {
    public static var outputFolder: Setting<String?> {
        .init("output.folder", default: nil,
              doc: "Where records are written; null writes each record beside its image. `--out` overrides.")
    }
}

// MARK: The Discogs index (`index.*`)

extension Setting where Value == String? {
    public static var indexPath: Setting<String?> {
        .init("index.path", default: "/var/lib/sleevescan/discogs-index.sqlite",
              doc: "The offline Discogs index (`index import` writes it; identify, read, scan and live use it when it exists). `--index` overrides.")
    }
}

// MARK: The catalogue (`catalogue.*`)

extension Setting where Value == String? {
    public static var catalogueURL: Setting<String?> {
        .init("catalogue.url", default: nil,
              doc: "The catalogue every written record enters: sqlite:PATH or postgresql://…; null: catalogue.sqlite in the output folder. `--catalogue` overrides.")
    }
    public static var catalogueStation: Setting<String?> {
        .init("catalogue.station", default: nil,
              doc: "This station's name on the items it enters; null: the host name.")
    }
}

// MARK: The flatbed (`scan.*`)

extension Setting where Value == Int {
    public static var scanResolution: Setting<Int> {
        .init("scan.resolution", 1...19200, default: 300,
              doc: "Scanner resolution in dpi, fitted to the nearest the scanner offers. `--resolution` overrides.")
    }
}

// MARK: Finding the sleeve (`document.*`)

extension Setting where Value == Bool {
    public static var findSleeve: Setting<Bool> {
        .init("document.find", default: true,
              doc: "Find the sleeve's outline in the image and read it rectified; false reads the whole image, deskewed.")
    }
}

extension Setting where Value == Int {
    public static var rectifiedSize: Setting<Int> {
        .init("document.rectifiedSize", 200...8000, default: 1200,
              doc: "Longer side, in pixels, of the rectified sleeve that OCR reads (square sleeves come out square).")
    }
}

// MARK: Barcodes (`barcodes.*`)

extension Setting where Value == Double {
    public static var barcodeTimeBudgetMs: Setting<Double> {
        .init("barcodes.timeBudgetMs", 0...10_000, default: 250,
              doc: "Milliseconds of CPU time per image the barcode reader may spend on variants after its plain pass (0: plain pass only).")
    }
}

// MARK: The headless station and its status page (`station.*`)

extension Setting where Value == Bool {
    public static var statusPage: Setting<Bool> {
        .init("station.statusPage", default: true,
              doc: "Serve the status page (state, preview, last records) while the station runs.")
    }
}

extension Setting where Value == String {
    public static var statusAddress: Setting<String> {
        .init("station.statusAddress", default: "127.0.0.1",
              doc: "IPv4 address the status page listens on; anything but a loopback address needs station.statusToken.")
    }
}

extension Setting where Value == Int {
    public static var statusPort: Setting<Int> {
        .init("station.statusPort", 0...65535, default: 8080,
              doc: "TCP port of the status page; 0 lets the system pick a free one (logged at start).")
    }
}

extension Setting where Value == String? {
    public static var statusToken: Setting<String?> {
        .init("station.statusToken", default: nil,
              doc: "Token every status page request must carry (?token= or X-Station-Token); required off loopback.")
    }
}

extension Setting where Value == Int {
    public static var statusConnections: Setting<Int> {
        .init("station.statusConnections", 1...1024, default: 16,
              doc: "Most status page connections waiting for their request at once; a new one closes the longest waiting.")
    }
    public static var statusTimeoutSeconds: Setting<Int> {
        .init("station.statusTimeoutSeconds", 1...3600, default: 10,
              doc: "A status page connection idle this long, or this long without a whole request, is closed.")
    }
    public static var diskFloorMB: Setting<Int> {
        .init("station.diskFloorMB", 0...100_000_000, default: 500,
              doc: "Below this much free space (MB) in the output folder the station stops writing records and says why.")
    }
}

extension Setting where Value == Double {
    public static var idleFramesPerSecond: Setting<Double> {
        .init("station.idleFramesPerSecond", 0.1...120, default: 2,
              doc: "Frame rate the live loop drops to when nothing has been in view for station.idleAfterSeconds.")
    }
}

extension Setting where Value == Int {
    public static var idleAfterSeconds: Setting<Int> {
        .init("station.idleAfterSeconds", 1...3600, default: 10,
              doc: "Seconds with nothing in view before the live loop drops to the idle frame rate.")
    }
}

// MARK: The live loop (`live.*`)

extension Setting where Value == Double {
    public static var stableMotion: Setting<Double> {
        .init("live.stableMotion", 0...1, default: 0.004,
              doc: "The view is still when the outline's corners move less than this fraction of the frame's diagonal per frame.")
    }
    public static var stableDifference: Setting<Double> {
        .init("live.stableDifference", 0...255, default: 4,
              doc: "...and the frame's thumbnail changes by less than this mean gray level from the previous frame.")
    }
    public static var stableSeconds: Setting<Double> {
        .init("live.stableSeconds", 0...60, default: 0.5,
              doc: "...for at least this many seconds: then the view is stable and may be read.")
    }
    public static var leaveSeconds: Setting<Double> {
        .init("live.leaveSeconds", 0...60, default: 1.5,
              doc: "A sleeve whose outline has been gone this many seconds has left: its record is written.")
    }
    public static var ocrIntervalSeconds: Setting<Double> {
        .init("live.ocrIntervalSeconds", 0...3600, default: 2,
              doc: "At most one OCR starts per this many seconds (and never two at once).")
    }
}

extension Setting where Value == Int {
    public static var readsPerSleeve: Setting<Int> {
        .init("live.readsPerSleeve", 1...20, default: 1,
              doc: "OCR reads of one sleeve while it stays in view, merged by agreement.")
    }
}

extension Setting where Value == Double {
    public static var barcodeHoldSeconds: Setting<Double> {
        .init("live.barcodeHoldSeconds", 0...3600, default: 20,
              doc: "A barcode held up with no sleeve laid down within this many seconds is written as a record of its own.")
    }
}

extension Setting where Value == Int {
    public static var queueFrames: Setting<Int> {
        .init("live.queueFrames", 1...100, default: 2,
              doc: "Frames waiting for analysis before the oldest is dropped (camera, or replay with --realtime).")
    }
    public static var barcodeWorkingSide: Setting<Int> {
        .init("live.barcodeWorkingSide", 100...10_000, default: 960,
              doc: "Longer side, in pixels, of the reduced copy the per-frame barcode pass reads.")
    }
}

extension Setting where Value == Double {
    public static var shutdownGraceSeconds: Setting<Double> {
        .init("live.shutdownGraceSeconds", 0...1.8, default: 1.2,
              doc: "On Ctrl-C or SIGTERM, how long a running OCR may finish before the sleeve is written without it.")
    }
    public static var deadWaxJoinSeconds: Setting<Double> {
        .init("live.deadWaxJoinSeconds", 0...3600, default: 180,
              doc: "A dead-wax record `live --mode deadwax` writes within this many seconds after the newest sleeve record in its folder is of that sleeve's record: both identify it together. 0 turns the join off.")
    }
}

extension Setting where Value == Int {
    public static var cameraWidth: Setting<Int> {
        .init("live.cameraWidth", 16...8192, default: 1920,
              doc: "Widest camera frame asked for; the camera's nearest size is used.")
    }
    public static var cameraHeight: Setting<Int> {
        .init("live.cameraHeight", 16...8192, default: 1080,
              doc: "Tallest camera frame asked for; the camera's nearest size is used.")
    }
}

extension Configuration {
    /// Every key the program knows, in the order the configuration files give them.
    public static let keys: [ConfigKey] = [
        Setting<Int>.maxPixels.declaration,
        Setting<String>.ocrLanguages.declaration,
        Setting<String>.ocrPageSegmentation.declaration,
        Setting<Int>.ocrLongSide.declaration,
        Setting<String?>.ocrDataPath.declaration,
        Setting<String?>.outputFolder.declaration,
        Setting<String?>.indexPath.declaration,
        Setting<String?>.catalogueURL.declaration,
        Setting<String?>.catalogueStation.declaration,
        Setting<Int>.scanResolution.declaration,
        Setting<Bool>.findSleeve.declaration,
        Setting<Int>.rectifiedSize.declaration,
        Setting<Double>.barcodeTimeBudgetMs.declaration,
        Setting<Bool>.statusPage.declaration,
        Setting<String>.statusAddress.declaration,
        Setting<Int>.statusPort.declaration,
        Setting<String?>.statusToken.declaration,
        Setting<Int>.statusConnections.declaration,
        Setting<Int>.statusTimeoutSeconds.declaration,
        Setting<Int>.diskFloorMB.declaration,
        Setting<Double>.idleFramesPerSecond.declaration,
        Setting<Int>.idleAfterSeconds.declaration,
        Setting<Double>.stableMotion.declaration,
        Setting<Double>.stableDifference.declaration,
        Setting<Double>.stableSeconds.declaration,
        Setting<Double>.leaveSeconds.declaration,
        Setting<Double>.ocrIntervalSeconds.declaration,
        Setting<Int>.readsPerSleeve.declaration,
        Setting<Double>.barcodeHoldSeconds.declaration,
        Setting<Int>.queueFrames.declaration,
        Setting<Int>.barcodeWorkingSide.declaration,
        Setting<Double>.shutdownGraceSeconds.declaration,
        Setting<Double>.deadWaxJoinSeconds.declaration,
        Setting<Int>.cameraWidth.declaration,
        Setting<Int>.cameraHeight.declaration,
    ]
}
