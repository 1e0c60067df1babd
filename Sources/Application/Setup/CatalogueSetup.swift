import Catalogue
import Foundation
import Reading
import Settings
import Station

/// Which catalogue a command uses, and the recorder the record writers call: one
/// rule for every command. `--catalogue URL`, else `catalogue.url`, else
/// `catalogue.sqlite` in the output folder (for `read` without one, beside its first image).
package enum CatalogueSetup {
    package static func url(explicit: String?, config: Configuration, folder: String?) throws(OptionError) -> CatalogueURL {
        guard let text = explicit ?? config[.catalogueURL] else {
            return CatalogueURL.defaultURL(folder: folder)
        }
        switch CatalogueURL.parse(text) {
        case let .success(u): return u
        case let .failure(e): throw OptionError(e.description)
        }
    }

    /// `catalogue.station`, else the host name.
    package static func station(_ config: Configuration) -> String {
        if let name = config[.catalogueStation] { return name }
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "station" }
        let name = String(cString: buffer)
        return name.isEmpty ? "station" : name
    }

    /// The recorder for a command that writes records into `folder` (nil: beside each
    /// image). A shared server is connected at once (the log says when it cannot be
    /// reached; capture goes on); a SQLite file is created with the first record.
    package static func recorder(explicit: String?, config: Configuration, folder: String?,
                                 console: Console) throws(OptionError) -> CatalogueRecorder {
        let u = try url(explicit: explicit, config: config, folder: folder)
        let recorder = CatalogueRecorder(url: u, station: station(config), log: { console.info($0) })
        // Records a crash or an unreachable server left waiting in the output folder
        // are entered now.
        let pending = folder.map {
            FileManager.default.fileExists(atPath: URL(fileURLWithPath: $0).appendingPathComponent(CatalogueRecorder.pendingName).path)
        } ?? false
        if u.isShared || pending { recorder.open(pendingIn: folder) }
        return recorder
    }
}
