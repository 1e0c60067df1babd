import Application
import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore

/// `sleevescan read IMAGE… [--out DIR] [--json]`: image files to records.
enum ReadCommand {
    static let command = Command(
        name: "read",
        usage: "sleevescan read IMAGE… [--out DIR] [--json] [--mode sleeve|deadwax] [--only barcodes] [--index PATH] [--catalogue URL] [--config PATH]",
        summary: "Read sleeve images into JSON records (X.json beside X.jpg, or in --out DIR).",
        options: [
            .out, .json, .mode,
            Option("--only", "barcodes", "Only the barcode pass: no sleeve finding, no OCR (fast)."),
            .index, .catalogue, .config,
        ],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard !args.positionals.isEmpty else { throw UsageError(message: "no images given", command: command) }
        let mode = try args.choice("--mode", ["sleeve", "deadwax"], command: command) ?? "sleeve"
        let only = try args.choice("--only", ["barcodes"], command: command)
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let out = args.value("--out") ?? config[.outputFolder]
        if let out { try OutputFolder.prepare(out) }
        let identifier: RecordIdentifier?
        do { identifier = try RecordIdentifier.resolve(explicitPath: args.value("--index"), config, console) } catch {
            console.error("\(error)")
            return .noInput
        }
        // Records beside their images: the catalogue sits beside the records too (beside
        // the first image), never in whatever folder the command was started from.
        let catalogueFolder = out ?? args.positionals.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        let catalogue = try CatalogueSetup.recorder(explicit: args.value("--catalogue"), config: config, folder: catalogueFolder, console: console)
        let read: (String) throws(ReadFailure) -> SleeveRecord
        // Files written beside a record once it is written (a close-up's unreadable run-out).
        var besideRecord: (String) -> Void = { _ in }
        // Why the OCR engine, started beside the first image's decoding, did not start.
        var engineFailure: () -> (any Error)? = { nil }
        // Sleeve images read several at once, on a machine with the cores (`Engines.readers`).
        var ahead: ReadAhead<Result<SleeveRecord, ReadFailure>>?
        do {
            if mode == "deadwax" {
                let reader = try Engines.deadWaxReader(config: config)
                read = { (path: String) throws(ReadFailure) in try reader.read(path: path) }
                besideRecord = { recordPath in
                    guard let strip = reader.unreadableStrip else { return }
                    let stripPath = String(recordPath.dropLast(".json".count)) + ".runout.png"
                    do {
                        try AtomicFile.write(Leptonica().encode(strip, as: .png), to: stripPath)
                    } catch {
                        console.error("\(stripPath): \(error) (the record is written; check the output folder)")
                    }
                }
            } else {
                let share = Engines.readers(files: args.positionals.count)
                let reader: SleeveReader
                if only == "barcodes" {
                    reader = try Engines.reader(config: config, onlyBarcodes: true, spareCores: share.spareCores)
                } else {
                    let started = try Engines.startingReader(config: config, spareCores: share.spareCores)
                    reader = started.reader
                    engineFailure = { started.engine.failure }
                }
                read = { (path: String) throws(ReadFailure) in try reader.read(path: path) }
                if share.readers > 1 { ahead = readAhead(args.positionals, first: reader, share: share, config: config, onlyBarcodes: only == "barcodes") }
            }
        } catch let e as ConfigError {
            throw e  // a bad setting (ocr.dataPath) is a configuration error, not a missing library
        } catch {
            console.error("\(error)")
            return .unavailable
        }
        let sink = RecordIdentifier.sink(identifier, catalogue: catalogue)
        var naming = SidecarNaming(outputFolder: out)
        let inputs = InputFiles(args.positionals)
        var status = ExitCode.ok
        for (index, input) in args.positionals.enumerated() {
            // Taken whether or not the record is written, so the readers move on.
            let early = ahead?.result(index)
            let code = readOne(input, read: early.map(readingDone) ?? read, engineFailure: engineFailure,
                               sink: sink, naming: &naming, inputs: inputs, json: args.has("--json"), console: console)
            if code == .ok { besideRecord(naming.recordPath(for: input)) }
            if status == .ok { status = code }
            if code == .unavailable { break }  // no engine: every other image would go the same way
        }
        catalogue.finish()
        // An engine still loading when every image failed before OCR is let finish: the
        // process's exit would run tesseract's static destructors under its load.
        _ = engineFailure()
        return status
    }

    /// A read already done, as `readOne` asks for it.
    private static func readingDone(_ outcome: Result<SleeveRecord, ReadFailure>) -> (String) throws(ReadFailure) -> SleeveRecord {
        { (_: String) throws(ReadFailure) -> SleeveRecord in try outcome.get() }
    }

    /// The images read ahead by `share.readers` readers, `first` among them; the others
    /// start on their own threads with the same settings.
    private static func readAhead(_ paths: [String], first: SleeveReader, share: (readers: Int, spareCores: Int),
                                  config: Configuration, onlyBarcodes: Bool) -> ReadAhead<Result<SleeveRecord, ReadFailure>> {
        nonisolated(unsafe) let firstReader = first
        return ReadAhead(count: paths.count, readers: share.readers) { k in
            let reader: SleeveReader
            if k == 0 {
                reader = firstReader
            } else {
                do {
                    reader = try Engines.reader(config: config, onlyBarcodes: onlyBarcodes, spareCores: share.spareCores)
                } catch {
                    // The first reader started with these settings; this one should too.
                    return { _ in .failure(ReadFailure(kind: .unreadable, reason: "another reader could not start (\(error))")) }
                }
            }
            return { index in
                do throws(ReadFailure) { return .success(try reader.read(path: paths[index])) } catch { return .failure(error) }
            }
        }
    }

    private static func readOne(_ input: String, read: (String) throws(ReadFailure) -> SleeveRecord,
                                engineFailure: () -> (any Error)?, sink: RecordSink,
                                naming: inout SidecarNaming, inputs: InputFiles, json: Bool, console: Console) -> ExitCode {
        if RawArguments.notUTF8.contains(input) {
            // The name reached us with its bytes replaced: the file it names cannot be opened.
            console.error("\(input): the file name is not valid UTF-8 and cannot be opened (rename the file, e.g. with convmv)")
            return .noInput
        }
        let claim = naming.claim(for: input)
        if let other = claim.takenBy {
            console.error("\(input): its record \(claim.path) would overwrite the record of \(other) (use a separate --out folder for it)")
            return .dataError
        }
        if let replaced = inputs.input(at: claim.path) {
            // `read x.json` would replace the image with its own record.
            console.error("\(input): its record \(claim.path) would replace the input \(replaced) (use --out to put records elsewhere)")
            return .cantCreate
        }
        let outcome: Result<SleeveRecord, ReadFailure>
        do { outcome = .success(try read(input)) } catch { outcome = .failure(error) }
        // An OCR engine that did not start stops the run here, whatever this image
        // gave (a record read without it holds no text; a second reader that could
        // not start either may have taken the image): one line, nothing written.
        if let failure = engineFailure() {
            console.error("\(failure)")
            return .unavailable
        }
        let record: SleeveRecord
        switch outcome {
        case .success(let read): record = read
        case .failure(let error):
            console.error("\(input): \(error.reason)")
            switch error.kind {
            case .missing, .unreadable: return .noInput
            case .badData: return .dataError
            }
        }
        let written: RecordSink.Written
        do {
            written = try sink.write(record, to: claim.path)
        } catch {
            console.error("\(input): \(error) (check that the output folder is writable and has space)")
            return .ioError
        }
        if json, let line = try? written.jsonLine() { console.out(line) }
        console.info(Summary.line(for: written, input: input))
        return .ok
    }
}

