import Foundation
import Imaging
import Reading
import SleeveCore

/// Writes one scan: the page is read as the scanner delivered it (no PNG round trip),
/// then the PNG and its record go through the record sink; names never collide.
package struct ScanWriter {
    let folder: String
    let reader: SleeveReader
    let sink: RecordSink
    let json: Bool
    let console: Console

    package init(folder: String, reader: SleeveReader, sink: RecordSink, json: Bool, console: Console) {
        self.folder = folder
        self.reader = reader
        self.sink = sink
        self.json = json
        self.console = console
    }

    package func write(_ frame: Frame, device: String) -> ExitCode {
        let captured = Date()
        let base = CaptureNames.scan(in: folder, at: captured)
        let imagePath = URL(fileURLWithPath: folder).appendingPathComponent(base + ".png").path
        let lept = Leptonica()
        let gray: GrayImage
        let png: [UInt8]
        do {
            if frame.format == .rgb24 {
                let rgb = RGBImage(width: frame.width, height: frame.height, pixels: frame.pixels)
                png = try lept.encode(rgb, as: .png)
                gray = lept.gray(rgb)
            } else {
                gray = GrayImage(width: frame.width, height: frame.height, pixels: frame.pixels)
                png = try lept.encode(gray, as: .png)
            }
        } catch {
            console.error("\(device): the scan could not be encoded as PNG (\(error))")
            return .software
        }
        let record = reader.read(decoded: gray, file: png, path: imagePath, capturedAt: captured)
        let recordPath = SidecarNaming(outputFolder: folder).recordPath(for: imagePath)
        let written: RecordSink.Written
        do {
            written = try sink.write(record, to: recordPath, pictures: [.init(path: imagePath, bytes: png)])
        } catch {
            console.error("\(device): \(error) (check that the output folder is writable and has space)")
            return .ioError
        }
        if json, let line = try? written.jsonLine() { console.out(line) }
        console.info(Summary.line(for: written, input: imagePath))
        return .ok
    }
}
