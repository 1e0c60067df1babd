import Application
import BarcodeScanning
import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore

/// `sleevescan bench barcodes FOLDER|IMAGE…`: per image, what the multi-variant reader
/// and one plain zbar pass read and how long each took (decoding excluded), alternated
/// in one run so machine load hits both; then medians, p95 and their ratio. Also how
/// many frames the live loop's barcode pass takes to confirm a code in the image held
/// still before the camera (not timed).
enum BarcodeBench {
    static let command = Command(
        name: "bench barcodes",
        usage: "sleevescan bench barcodes FOLDER|IMAGE… [--runs N] [--variants] [--config PATH]",
        summary: "The barcode stage alone: reads and milliseconds per image, plain pass against the full reader.",
        options: [
            Option("--runs", "N", "Repetitions per image (default 3)."),
            Option("--variants", nil, "Also list how many variants each image needed and the last one tried."),
            .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        try run(args, console, command: command)
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "tif", "tiff", "pgm", "pnm", "bmp"]

    static func run(_ args: Arguments, _ console: Console, command: Command) throws -> ExitCode {
        let inputs = Array(args.positionals.dropFirst())
        guard !inputs.isEmpty else { throw UsageError(message: "no images or folders given", command: command) }
        let runs = try args.int("--runs", in: 1...1000, command: command) ?? 3
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        var images: [String] = []
        for input in inputs {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDir) else {
                console.error("\(input): no such file or folder (check the path)")
                return .noInput
            }
            images += isDir.boolValue ? imageFiles(in: input) : [input]
        }
        guard !images.isEmpty else {
            console.error("\(inputs.joined(separator: " ")): no images found (expected PNG, JPEG, WebP, TIFF or PNM files)")
            return .noInput
        }
        let decoder = Leptonica()
        let strong = Engines.barcodeReader(config)
        let plain = ZbarScanner()
        let live = LiveSettings(config)
        console.out("image\treads\tplain_reads\tms\tplain_ms\tlive_frames" + (args.has("--variants") ? "\tvariants\tlast_variant" : ""))
        var strongMs: [Double] = [], plainMs: [Double] = [], ratios: [Double] = []
        var strongHits = 0, plainHits = 0
        var liveConfirmed: [Int: Int] = [:]
        for path in images {
            let gray: GrayImage
            do {
                gray = try decoder.decodeGray([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            } catch {
                console.error("\(path): cannot be decoded (\(error)); skipped")
                continue
            }
            var s: [Double] = [], p: [Double] = []
            var reads: [Barcode] = [], plainReads: [Barcode] = []
            for _ in 0..<runs {
                var t0 = ContinuousClock.now
                plainReads = plain.read(gray).filter(\.checksumValid)
                p.append(StageTimer.ms(ContinuousClock.now - t0))
                t0 = ContinuousClock.now
                reads = strong.read(gray)
                s.append(StageTimer.ms(ContinuousClock.now - t0))
            }
            let sm = BenchFigures.percentile(s, 0.5), pm = BenchFigures.percentile(p, 0.5)
            strongMs.append(sm); plainMs.append(pm); ratios.append(sm / max(pm, 0.001))
            strongHits += reads.isEmpty ? 0 : 1
            plainHits += plainReads.isEmpty ? 0 : 1
            let frames = liveFrames(gray, settings: live)
            liveConfirmed[frames ?? 0, default: 0] += 1
            var line = "\(path)\t\(describe(reads))\t\(describe(plainReads))\t\(BenchFigures.fmt(sm))\t\(BenchFigures.fmt(pm))\t\(frames.map(String.init) ?? "-")"
            if args.has("--variants") { line += "\t\(strong.lastTried.count)\t\(strong.lastTried.last ?? "")" }
            console.out(line)
            if args.has("--variants") {
                // Every variant run to the end, to see which earn their time (not timed).
                for (name, r) in strong.readsPerVariant(gray) where !r.isEmpty { console.out("  \(name)\t\(describe(r))") }
            }
        }
        let sMed = BenchFigures.percentile(strongMs, 0.5), pMed = BenchFigures.percentile(plainMs, 0.5)
        console.out("ALL\timages \(strongMs.count)\twith a read: \(strongHits) (plain zbar \(plainHits))")
        let confirmedBy = (1...liveFrameLimit).map { n in "\(n): \((1...n).reduce(0) { $0 + liveConfirmed[$1, default: 0] })" }
        console.out("ALL\tlive pass confirms a code within N frames\t" + confirmedBy.joined(separator: "  "))
        console.out("ALL\tms per image\tmedian \(BenchFigures.fmt(sMed))\tp95 \(BenchFigures.fmt(BenchFigures.percentile(strongMs, 0.95)))")
        console.out("ALL\tplain zbar ms\tmedian \(BenchFigures.fmt(pMed))\tp95 \(BenchFigures.fmt(BenchFigures.percentile(plainMs, 0.95)))")
        console.out("ALL\tratio of medians\t\(BenchFigures.fmt(sMed / max(pMed, 0.001)))\tper-image ratio median \(BenchFigures.fmt(BenchFigures.percentile(ratios, 0.5))) p95 \(BenchFigures.fmt(BenchFigures.percentile(ratios, 0.95)))")
        return .ok
    }

    static let liveFrameLimit = 4

    /// Frames (at 30 fps) the live loop's per-frame analysis takes to confirm a code in
    /// `image` held still in view, or nil if none within `liveFrameLimit`.
    static func liveFrames(_ image: GrayImage, settings: LiveSettings) -> Int? {
        var analyser = Engines.frameAnalyser(mode: "sleeve", settings: settings)
        for n in 0..<liveFrameLimit where !analyser.analyse(image, sequence: n, time: Double(n) / 30).confirmedBarcodes.isEmpty {
            return n + 1
        }
        return nil
    }

    static func describe(_ reads: [Barcode]) -> String {
        reads.isEmpty ? "-" : reads.map { "\($0.symbology.rawValue):\($0.value)\($0.addon.map { "+\($0)" } ?? "")" }.joined(separator: ",")
    }

    /// Image files directly inside `folder`, sorted by name.
    static func imageFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { imageExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
    }
}
