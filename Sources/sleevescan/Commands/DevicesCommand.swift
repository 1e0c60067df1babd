import Application
import Camera
import Foundation
import Scanning

/// `sleevescan devices`: cameras and scanners found now, the device name first.
enum DevicesCommand {
    static let command = Command(
        name: "devices",
        usage: "sleevescan devices [--config PATH]",
        summary: "List V4L2 cameras (formats, sizes) and SANE scanners (vendor, model), the device name first.",
        options: [.config],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard args.positionals.isEmpty else { throw UsageError(message: "devices takes no arguments", command: command) }
        var found = 0
        for path in V4L2Camera.devicePaths() {
            do {
                let camera = try V4L2Camera(path: path)
                let formats = camera.formats().filter { !$0.isEmulated }.map { f in
                    let sizes = f.sizes.map { "\($0.width)x\($0.height)" }
                    return "\(f.fourcc) \(sizes.joined(separator: ","))"
                }
                console.out("\(path)\tcamera\t\(camera.card) (\(camera.driver))\t\(formats.joined(separator: "; "))")
                found += 1
            } catch where error.kind == .notACaptureDevice || error.kind == .noStreaming {
                continue  // metadata and output nodes of a camera that has a capture node too
            } catch {
                console.warning("\(path): \(error.reason)")
            }
        }
        do {
            let session = try SaneSession()
            for s in try session.devices() {
                console.out("\(s.name)\tscanner\t\(s.vendor) \(s.model)\t\(s.type)")
                found += 1
            }
        } catch {
            console.warning("SANE: \(error.reason)")
        }
        if found == 0 {
            console.info("no cameras or scanners found (check cables and power; `scanimage -L` and `v4l2-ctl --list-devices` ask the system directly)")
        }
        return .ok
    }
}
