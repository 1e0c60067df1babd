import Foundation
import Imaging
import Reading
import SleeveCore

/// Writes one scan: the PNG, then its record, each atomically; names never collide.
package struct ScanWriter {
    package let folder: String
    package let reader: SleeveReader
    package let json: Bool
    package let console: Console
    /// Names each scan's Discogs release (`--index`).
    package var identifier: RecordIdentifier?
    /// The catalogue each scan enters (nil: none).
    package var catalogue: (any RecordCataloguing)?

    package init(folder: String, reader: SleeveReader, json: Bool, console: Console) {
        self.folder = folder
        self.reader = reader
        self.json = json
        self.console = console
    }

    package func write(_ frame: Frame, device: String) -> ExitCode {
        let captured = Date()
        let base = Self.freeName(in: folder, at: captured)
        let imagePath = URL(fileURLWithPath: folder).appendingPathComponent(base + ".png").path
        let png: [UInt8]
        do {
            let lept = Leptonica()
            png = frame.format == .rgb24
                ? try lept.encode(RGBImage(width: frame.width, height: frame.height, pixels: frame.pixels), as: .png)
                : try lept.encode(GrayImage(width: frame.width, height: frame.height, pixels: frame.pixels), as: .png)
        } catch {
            console.error("\(device): the scan could not be encoded as PNG (\(error))")
            return .software
        }
        var record: SleeveRecord
        do {
            record = try reader.read(data: png, path: imagePath, capturedAt: captured)
        } catch {
            console.error("\(device): the scan could not be read: \(error.reason)")
            return .dataError
        }
        if let identifier { record.release = identifier.identify(record) }
        let recordPath = SidecarNaming(outputFolder: folder).recordPath(for: imagePath)
        let duplicates: CatalogueDuplicates?
        do {
            let encoded = try RecordJSON.encode(record, catalogue: catalogue)
            duplicates = encoded.duplicates
            try AtomicFile.write(png, to: imagePath)
            try AtomicFile.write(encoded.bytes, to: recordPath)
            catalogue?.enter(recordPath: recordPath, recordJSON: encoded.bytes)
        } catch {
            unlink(imagePath)
            console.error("\(device): \(error) (check that the output folder is writable and has space)")
            return .ioError
        }
        if json, let line = try? (catalogue == nil ? RecordJSON.encode(record, pretty: false)
                                   : RecordJSON.encode(record, duplicates: duplicates, pretty: false)) {
            console.out(String(decoding: line, as: UTF8.self))
        }
        console.info(Summary.line(for: record, input: imagePath, recordPath: recordPath) + (duplicates?.notice.map { " (\($0))" } ?? ""))
        return .ok
    }

    /// `scan-20261129-140000`, with `-2`, `-3`… when a scan of that second exists.
    package static func freeName(in folder: String, at date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyyMMdd-HHmmss"
        let stem = "scan-" + f.string(from: date)
        var name = stem, n = 1
        while ["png", "json"].contains(where: { FileManager.default.fileExists(atPath: "\(folder)/\(name).\($0)") }) {
            n += 1
            name = "\(stem)-\(n)"
        }
        return name
    }
}
