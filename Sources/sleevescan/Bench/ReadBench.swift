import Application
import Foundation
import Reading
import Settings
import Station
import SleeveCore

/// `sleevescan bench read IMAGE…`: per-stage milliseconds, medians over runs, and the
/// same images through the `tesseract` command in the same run for the ratio.
enum ReadBench {
    static let command = Command(
        name: "bench read",
        usage: "sleevescan bench read IMAGE… [--runs N] [--compare-tesseract] [--only barcodes] [--config PATH]",
        summary: "Per-stage medians of read for a set of images, optionally against the tesseract command.",
        options: [
            .runs,
            Option("--compare-tesseract", nil, "Time `tesseract IMAGE -` on each image in the same run; print read/tesseract ratios (one image, all read together, and whole processes)."),
            Option("--only", "barcodes", "Only the barcode pass."),
            .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        let images = Array(args.positionals.dropFirst())
        guard !images.isEmpty else { throw UsageError(message: "no images given", command: command) }
        let runs = try args.int("--runs", in: 1...1000, command: command) ?? 5
        let only = try args.choice("--only", ["barcodes"], command: command)
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let reader = try Engines.reader(config: config, onlyBarcodes: only == "barcodes")
        let compare = args.has("--compare-tesseract")

        console.out("image\tstage\tmedian_ms\tp95_ms")
        var allTotals: [Double] = [], ratios: [Double] = [], tesseractMedians: [Double] = []
        for image in images {
            guard let data = FileManager.default.contents(atPath: image) else {
                console.error("\(image): cannot be read (check the path)")
                return .noInput
            }
            var stages: [String: [Double]] = [:]
            var ratioRuns: [Double] = []
            for _ in 0..<runs {
                let t0 = ContinuousClock.now
                let record = try reader.read(data: [UInt8](data), path: image)
                let wall = StageTimer.ms(ContinuousClock.now - t0)
                for (k, v) in record.timingsMs { stages[k, default: []].append(v) }
                stages["wall", default: []].append(wall)
                if compare {
                    // Alternate with the CLI run so drift on a noisy machine hits both.
                    let tess: Double
                    do { tess = try timeTesseract(image) } catch let e as Unmeasured {
                        // A ratio against a command that failed (or is not installed) means nothing.
                        console.error(e.description)
                        return .unavailable
                    }
                    stages["tesseract-cli", default: []].append(tess)
                    ratioRuns.append(wall / tess)
                }
            }
            for (stage, values) in stages.sorted(by: { $0.key < $1.key }) {
                console.out("\(image)\t\(stage)\t\(BenchFigures.fmt(BenchFigures.percentile(values, 0.5)))\t\(BenchFigures.fmt(BenchFigures.percentile(values, 0.95)))")
            }
            if compare { console.out("\(image)\tread/tesseract\t\(BenchFigures.fmt(BenchFigures.percentile(ratioRuns, 0.5)))\t\(BenchFigures.fmt(BenchFigures.percentile(ratioRuns, 0.95)))") }
            allTotals += stages["wall"] ?? []
            ratios += ratioRuns
            if let t = stages["tesseract-cli"] { tesseractMedians.append(BenchFigures.percentile(t, 0.5)) }
        }
        console.out("ALL\twall\t\(BenchFigures.fmt(BenchFigures.percentile(allTotals, 0.5)))\t\(BenchFigures.fmt(BenchFigures.percentile(allTotals, 0.95)))")
        if compare { console.out("ALL\tread/tesseract\t\(BenchFigures.fmt(BenchFigures.percentile(ratios, 0.5)))\t\(BenchFigures.fmt(BenchFigures.percentile(ratios, 0.95)))") }
        if images.count > 1 {
            let together = try readTogether(images, runs: runs, config: config, onlyBarcodes: only == "barcodes")
            let label = "together (\(together.readers) readers), per image"
            console.out("ALL\t\(label)\t\(BenchFigures.fmt(together.perImage.median))\t\(BenchFigures.fmt(together.perImage.p95))")
            if compare {
                // Against the tesseract command on each image one after another, as a user runs it.
                let tesseractPerImage = tesseractMedians.reduce(0, +) / Double(tesseractMedians.count)
                console.out("ALL\ttogether/tesseract\t\(BenchFigures.fmt(together.perImage.median / tesseractPerImage))\t\(BenchFigures.fmt(together.perImage.p95 / tesseractPerImage))")
                let whole = try wholeProcesses(images, runs: runs, config: args.value("--config"))
                console.out("ALL\tprocesses: read of all, tesseract on each (s)\t\(BenchFigures.fmt(whole.read))\t\(BenchFigures.fmt(whole.tesseract))")
                console.out("ALL\tprocesses read/tesseract (pairs)\t\(BenchFigures.fmt(whole.ratio.median))\t\(BenchFigures.fmt(whole.ratio.p95))")
            }
        }
        return .ok
    }

    /// As a user times it: `sleevescan read --out TMP IMAGE…` as one process (its start,
    /// both readers, the records and the catalogue written), against `tesseract IMAGE -`
    /// run on each image in turn, the two alternated `runs` times. Median seconds of
    /// each, and the ratio pair by pair (median, p95). The figure `together/tesseract`
    /// leaves out the process start and the writing, and takes the command's time from
    /// the per-image runs above.
    static func wholeProcesses(_ images: [String], runs: Int, config: String?) throws
        -> (read: Double, tesseract: Double, ratio: (median: Double, p95: Double)) {
        let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var reads: [Double] = [], tesseracts: [Double] = [], ratios: [Double] = []
        for _ in 0..<runs {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-bench-read-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: me)
            p.arguments = ["read", "--out", out] + (config.map { ["--config", $0] } ?? []) + images
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            let t0 = ContinuousClock.now
            try p.run()
            p.waitUntilExit()
            let read = StageTimer.ms(ContinuousClock.now - t0) / 1000
            guard p.terminationReason == .exit, p.terminationStatus == 0 else {
                throw Unmeasured(description: "the read of all images as one process exited \(p.terminationStatus)")
            }
            let tesseract = try images.reduce(0.0) { $0 + (try timeTesseract($1)) } / 1000
            reads.append(read)
            tesseracts.append(tesseract)
            ratios.append(read / tesseract)
        }
        return (BenchFigures.percentile(reads, 0.5), BenchFigures.percentile(tesseracts, 0.5),
                (BenchFigures.percentile(ratios, 0.5), BenchFigures.percentile(ratios, 0.95)))
    }

    /// Wall milliseconds per image of reading all `images` in one go as `read` does
    /// (`Engines.readers` readers at once), medians over `runs`.
    static func readTogether(_ images: [String], runs: Int, config: Configuration, onlyBarcodes: Bool) throws
        -> (readers: Int, perImage: (median: Double, p95: Double)) {
        let share = Engines.readers(files: images.count)
        let datas = images.map { [UInt8](FileManager.default.contents(atPath: $0) ?? Data()) }
        var perImage: [Double] = []
        for _ in 0..<runs {
            // The readers start inside the timing, as they do in `read`.
            let t0 = ContinuousClock.now
            let ahead = ReadAhead<Bool>(count: images.count, readers: share.readers) { _ in
                let reader = try? Engines.reader(config: config, onlyBarcodes: onlyBarcodes, spareCores: share.spareCores)
                return { index in (try? reader?.read(data: datas[index], path: images[index])) != nil }
            }
            let read = (0..<images.count).map { ahead.result($0) }
            guard read.allSatisfy({ $0 }) else { throw Unmeasured(description: "an image could not be read together with the others") }
            perImage.append(StageTimer.ms(ContinuousClock.now - t0) / Double(images.count))
        }
        return (share.readers, (BenchFigures.percentile(perImage, 0.5), BenchFigures.percentile(perImage, 0.95)))
    }

    /// A figure the bench cannot give (the comparison command failed: its time is not a
    /// peer's time; an image did not read).
    struct Unmeasured: Error, CustomStringConvertible {
        var description: String
    }

    /// Wall milliseconds of `tesseract IMAGE -` with OMP_THREAD_LIMIT=1 (inherited).
    /// Throws `Unmeasured` when the command is missing or fails on the image.
    static func timeTesseract(_ image: String) throws -> Double {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["tesseract", image, "-"]
        p.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        p.standardError = err
        let t0 = ContinuousClock.now
        try p.run()
        let said = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let ms = StageTimer.ms(ContinuousClock.now - t0)
        guard p.terminationReason == .exit, p.terminationStatus == 0 else {
            let line = String(decoding: said, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            let why = p.terminationStatus == 127 ? "the tesseract command is not installed" : "tesseract exited \(p.terminationStatus)"
            throw Unmeasured(description: "\(image): --compare-tesseract: \(why)\(line.isEmpty ? "" : " (\(line))"); "
                + "install tesseract-ocr (the command, not only the library) or drop --compare-tesseract")
        }
        return ms
    }
}
