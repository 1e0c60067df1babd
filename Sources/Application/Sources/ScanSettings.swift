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
}

