import Reading
import SleeveCore

/// The one-line human summary of a written record.
package enum Summary {
    package static func line(for written: RecordSink.Written, input: String) -> String {
        let r = written.record
        var parts: [String] = []
        let who = [r.artist, r.title].compactMap { $0 }.joined(separator: " – ")
        if !who.isEmpty { parts.append(who) }
        if let c = r.catalogNumber { parts.append("[\(c)]") }
        if !r.tracks.isEmpty { parts.append("\(r.tracks.count) tracks") }
        if !r.matrix.isEmpty { parts.append("matrix \(r.matrix.map(\.text).joined(separator: " / "))") }
        let barcodes = r.barcodes.isEmpty ? nil : "barcode \(r.barcodes.map(\.value).joined(separator: ","))"
        // A run-out photo is read for its matrix: that it has no barcode says nothing.
        if r.kind == .deadwax {
            if r.matrix.isEmpty { parts.append("no matrix legible") }
            if let barcodes { parts.append(barcodes) }
        } else {
            parts.append(barcodes ?? "no barcode")
        }
        let ms = r.timingsMs["total"].map { String(format: " (%.0f ms)", $0) } ?? ""
        let notice = written.duplicates?.notice.map { " (\($0))" } ?? ""
        return "\(input): \(parts.joined(separator: ", ")) → \(written.recordPath)\(ms)\(notice)"
    }
}
