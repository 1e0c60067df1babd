import Foundation
import Imaging
import Pipeline
import SleeveCore

/// `sleevescan read IMAGE… [--out DIR] [--json]`: image files to records.
enum ReadCommand {
    static let command = Command(
        name: "read",
        usage: "sleevescan read IMAGE… [--out DIR] [--json] [--mode sleeve|deadwax] [--only barcodes] [--index PATH] [--catalogue URL] [--config PATH]",
        summary: "Read sleeve images into JSON records (X.json beside X.jpg, or in --out DIR).",
        flags: ["--json"],
        valueOptions: ["--out", "--mode", "--only", "--config", "--index", "--catalogue"],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard !args.positionals.isEmpty else { throw UsageError(message: "no images given", command: command) }
        let mode = try args.choice("--mode", ["sleeve", "deadwax"], command: command) ?? "sleeve"
        let only = try args.choice("--only", ["barcodes"], command: command)
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let out = args.value("--out") ?? config.string("output.folder")
        if let out { try OutputFolder.prepare(out) }
        let identifier: RecordIdentifier?
        do { identifier = try RecordIdentifier.resolve(args, config, console) } catch {
            console.error("\(error)")
            return .noInput
        }
        // Records beside their images: the catalogue sits beside the records too (beside
        // the first image), never in whatever folder the command was started from.
        let catalogueFolder = out ?? args.positionals.first.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
        let catalogue = try CatalogueSetup.recorder(args, config: config, folder: catalogueFolder, command: command,
                                                    console: console)
        let read: (String) throws(ReadFailure) -> SleeveRecord
        // Files written beside a record once it is written (a close-up's unreadable run-out).
        var besideRecord: (String) -> Void = { _ in }
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
                let reader = try Engines.reader(config: config, onlyBarcodes: only == "barcodes")
                read = { (path: String) throws(ReadFailure) in try reader.read(path: path) }
            }
        } catch let e as ConfigError {
            throw e  // a bad setting (ocr.dataPath) is a configuration error, not a missing library
        } catch {
            console.error("\(error)")
            return .unavailable
        }
        var naming = SidecarNaming(outputFolder: out)
        let inputs = InputFiles(args.positionals)
        var status = ExitCode.ok
        for input in args.positionals {
            let code = readOne(input, read: read, identifier: identifier, naming: &naming, inputs: inputs,
                               json: args.has("--json"), catalogue: catalogue, console: console)
            if code == .ok { besideRecord(naming.recordPath(for: input)) }
            if status == .ok { status = code }
        }
        catalogue.finish()
        return status
    }

    private static func readOne(_ input: String, read: (String) throws(ReadFailure) -> SleeveRecord, identifier: RecordIdentifier?,
                                naming: inout SidecarNaming, inputs: InputFiles, json: Bool, catalogue: (any RecordCataloguing)? = nil,
                                console: Console) -> ExitCode {
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
        var record: SleeveRecord
        do {
            record = try read(input)
        } catch {
            console.error("\(input): \(error.reason)")
            switch error.kind {
            case .missing, .unreadable: return .noInput
            case .badData: return .dataError
            }
        }
        if let identifier { record.release = identifier.identify(record) }
        let duplicates: CatalogueDuplicates?
        do {
            let encoded = try RecordJSON.encode(record, catalogue: catalogue)
            duplicates = encoded.duplicates
            try AtomicFile.write(encoded.bytes, to: claim.path)
            // After the sidecar is on disk: the catalogue never holds what the folder lacks.
            catalogue?.enter(recordPath: claim.path, recordJSON: encoded.bytes)
        } catch {
            console.error("\(input): \(error) (check that the output folder is writable and has space)")
            return .ioError
        }
        if json, let line = try? (catalogue == nil ? RecordJSON.encode(record, pretty: false)
                                   : RecordJSON.encode(record, duplicates: duplicates, pretty: false)) {
            console.out(String(decoding: line, as: UTF8.self))
        }
        console.info(Summary.line(for: record, input: input, recordPath: claim.path) + (duplicates?.notice.map { " (\($0))" } ?? ""))
        return .ok
    }
}

/// The inputs of one run by file identity, so that no record is written over one of
/// them (`read x.json`, or `read a.png a.json` with a.json an image).
struct InputFiles {
    private var byIdentity: [FileIdentity: String] = [:]

    struct FileIdentity: Hashable { var device: UInt64; var inode: UInt64 }

    init(_ paths: [String]) {
        for p in paths { if let id = Self.identity(p) { byIdentity[id] = byIdentity[id] ?? p } }
    }

    /// The input that `path` is (the same file, however named), if any.
    func input(at path: String) -> String? { Self.identity(path).flatMap { byIdentity[$0] } }

    static func identity(_ path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }
}

/// Command-line arguments whose bytes were not UTF-8: Swift's `CommandLine.arguments`
/// replaces the bad bytes, so the file such a name denotes cannot be opened by it.
enum RawArguments {
    static let notUTF8: Set<String> = {
        var out = Set<String>()
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
            out.insert(String(cString: raw))
        }
        return out
    }()
}

/// The one-line human summary of a record.
enum Summary {
    static func line(for r: SleeveRecord, input: String, recordPath: String) -> String {
        var parts: [String] = []
        let who = [r.artist, r.title].compactMap { $0 }.joined(separator: " – ")
        if !who.isEmpty { parts.append(who) }
        if let c = r.catalogNumber { parts.append("[\(c)]") }
        if !r.tracks.isEmpty { parts.append("\(r.tracks.count) tracks") }
        if !r.matrix.isEmpty { parts.append("matrix \(r.matrix.map(\.text).joined(separator: " / "))") }
        parts.append(r.barcodes.isEmpty ? "no barcode" : "barcode \(r.barcodes.map(\.value).joined(separator: ","))")
        let ms = r.timingsMs["total"].map { String(format: " (%.0f ms)", $0) } ?? ""
        return "\(input): \(parts.joined(separator: ", ")) → \(recordPath)\(ms)"
    }
}

/// Makes the output folder, or explains why it cannot be used.
enum OutputFolder {
    struct Unusable: Error, CustomStringConvertible { var description: String }

    static func prepare(_ path: String) throws {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            guard isDir.boolValue else { throw Unusable(description: "output \(path) is a file, not a folder (give --out a folder)") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw Unusable(description: "cannot create output folder \(path) (check the path and permissions)")
        }
    }
}
