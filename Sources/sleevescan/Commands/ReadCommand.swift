import Foundation
import Imaging
import Pipeline
import SleeveCore

/// `sleevescan read IMAGE… [--out DIR] [--json]`: image files to records.
enum ReadCommand {
    static let command = Command(
        name: "read",
        usage: "sleevescan read IMAGE… [--out DIR] [--json] [--mode sleeve|deadwax] [--only barcodes] [--config PATH]",
        summary: "Read sleeve images into JSON records (X.json beside X.jpg, or in --out DIR).",
        flags: ["--json"],
        valueOptions: ["--out", "--mode", "--only", "--config"],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard !args.positionals.isEmpty else { throw UsageError(message: "no images given", command: command) }
        let mode = try args.choice("--mode", ["sleeve", "deadwax"], command: command) ?? "sleeve"
        let only = try args.choice("--only", ["barcodes"], command: command)
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let out = args.value("--out") ?? config.string("output.folder")
        if let out { try OutputFolder.prepare(out) }
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
        } catch {
            console.error("\(error)")
            return .unavailable
        }
        var naming = SidecarNaming(outputFolder: out)
        var status = ExitCode.ok
        for input in args.positionals {
            let code = readOne(input, read: read, naming: &naming, json: args.has("--json"), console: console)
            if code == .ok { besideRecord(naming.recordPath(for: input)) }
            if status == .ok { status = code }
        }
        return status
    }

    private static func readOne(_ input: String, read: (String) throws(ReadFailure) -> SleeveRecord, naming: inout SidecarNaming,
                                json: Bool, console: Console) -> ExitCode {
        let claim = naming.claim(for: input)
        if let other = claim.takenBy {
            console.error("\(input): its record \(claim.path) would overwrite the record of \(other) (use a separate --out folder for it)")
            return .dataError
        }
        let record: SleeveRecord
        do {
            record = try read(input)
        } catch {
            console.error("\(input): \(error.reason)")
            switch error.kind {
            case .missing, .unreadable: return .noInput
            case .badData: return .dataError
            }
        }
        do {
            try AtomicFile.write(RecordJSON.encode(record), to: claim.path)
        } catch {
            console.error("\(input): \(error) (check that the output folder is writable and has space)")
            return .ioError
        }
        if json, let line = try? RecordJSON.encode(record, pretty: false) {
            console.out(String(decoding: line, as: UTF8.self))
        }
        console.info(Summary.line(for: record, input: input, recordPath: claim.path))
        return .ok
    }
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
