import Foundation
import Scanning

/// Turns option text into scanner settings, and scanner errors into exit codes.
package enum ScanSettings {
    /// "LEFT,TOP,WIDTH,HEIGHT" or "WIDTHxHEIGHT", millimetres, an optional "mm".
    package static func area(_ raw: String) -> ScanArea? {
        var s = raw.lowercased().trimmingCharacters(in: .whitespaces)
        if s.hasSuffix("mm") { s.removeLast(2) }
        let parts = s.contains("x") && !s.contains(",") ? s.split(separator: "x") : s.split(separator: ",")
        let n = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard n.count == parts.count, n.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        switch n.count {
        case 2 where n[0] > 0 && n[1] > 0: return ScanArea(left: 0, top: 0, width: n[0], height: n[1])
        case 4 where n[2] > 0 && n[3] > 0: return ScanArea(left: n[0], top: n[1], width: n[2], height: n[3])
        default: return nil
        }
    }

    package static func summary(device: String, mode: String?, dpi: Double?, area: ScanArea?, asked: Double?) -> String {
        var parts = [mode ?? "mode as delivered"]
        if let dpi {
            let d = dpi == dpi.rounded() ? "\(Int(dpi))" : String(format: "%.1f", dpi)
            parts.append("\(d) dpi" + (asked.map { $0 != dpi ? " (nearest to \(Int($0)) it offers)" : "" } ?? ""))
        }
        if let area {
            parts.append(String(format: "area %.0f,%.0f %.0f×%.0f mm", area.left, area.top, area.width, area.height))
        }
        return "\(device): \(parts.joined(separator: ", "))"
    }

    package static func exitCode(for error: ScannerError) -> ExitCode {
        switch error.kind {
        case .cancelled: .interrupted
        case .ioError: .ioError
        case .badOption: .usage
        default: .unavailable
        }
    }

    /// What the command line asked of the scanner.
    package struct Request {
        package var gray = false
        /// --color or --gray given (a warning when the scanner has no mode option).
        package var modeAsked = false
        package var resolution: Int?
        package var area: ScanArea?
        package var feeder = false
        /// `--option NAME=VALUE`, applied last so they may override ours.
        package var backendOptions: [(name: String, value: String)] = []

        package init() {}
    }

    /// Sets the scanner up as asked (ours first, then the user's backend options) and
    /// returns the line that says what it will do; warnings go to `console`.
    package static func apply(_ r: Request, to scanner: SaneScanner, defaultResolution: Int,
                              console: Console) throws(SetupFailure) -> String {
        let device = scanner.name
        do {
            let setMode = try scanner.setMode(r.gray ? .gray : .color)
            if setMode == nil, r.modeAsked {
                console.warning("\(device): has no mode option; scanning in the mode it delivers")
            }
            let dpi = try scanner.setResolution(Double(r.resolution ?? defaultResolution))
            let setArea = try scanner.setArea(r.area)
            if r.feeder, !r.backendOptions.contains(where: { $0.name == "source" }) {
                if try scanner.selectFeeder() == nil {
                    console.warning("\(device): no document feeder found; --batch scans until the scanner reports no documents")
                }
            }
            for o in r.backendOptions { try scanner.set(o.name, to: o.value) }
            // The area as the backend holds it now: an --option (tl-x=500) may have moved a
            // corner, and the backend clamps what lies beyond its bed.
            let area = r.backendOptions.isEmpty ? setArea : (scanner.currentArea() ?? setArea)
            if let a = area, a.width < 1 || a.height < 1 {
                throw SetupFailure(description: String(format: "%@: the scan area is empty (%.1f×%.1f mm after the options given); "
                    + "check --area and the tl-x, tl-y, br-x, br-y options", device, a.width, a.height), exitCode: .usage)
            }
            return summary(device: device, mode: setMode, dpi: dpi, area: area, asked: r.resolution.map(Double.init))
        } catch let e as SetupFailure {
            throw e
        } catch let e as ScannerError {
            throw SetupFailure(description: "\(device): \(e.reason)", exitCode: exitCode(for: e))
        } catch {
            throw SetupFailure(description: "\(device): \(error)", exitCode: .software)
        }
    }
}
