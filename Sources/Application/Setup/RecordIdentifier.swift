import DiscogsIndex
import Foundation
import Reading
import Settings
import Station
import SleeveCore

/// The Discogs index `read`, `scan` and `live` identify records against: `--index PATH`
/// (which must open), else the configured `index.path` when a file is there.
package final class RecordIdentifier: @unchecked Sendable {
    private let index: DiscogsIndex
    private let lock = NSLock()

    package init(index: DiscogsIndex) { self.index = index }

    /// The record's release; a lookup that fails is logged and leaves `release` out.
    package func identify(_ record: SleeveRecord) -> Identification? {
        lock.lock()
        defer { lock.unlock() }
        return try? index.identify([RecordFields(record)])
    }

    /// The sink records are written through: identified by `identifier` when there is
    /// one, entered in `catalogue`.
    package static func sink(_ identifier: RecordIdentifier?, catalogue: (any RecordCataloguing)?) -> RecordSink {
        guard let identifier else { return RecordSink(catalogue: catalogue) }
        return RecordSink(identify: { record in identifier.identify(record) }, catalogue: catalogue)
    }

    package struct Unusable: Error, CustomStringConvertible { package var description: String }

    package static func resolve(explicitPath: String?, _ config: Configuration, _ console: Console) throws -> RecordIdentifier? {
        if let path = explicitPath {
            do { return RecordIdentifier(index: try DiscogsIndex(path: path)) } catch { throw Unusable(description: "\(error)") }
        }
        guard let path = config[.indexPath], FileManager.default.fileExists(atPath: path) else { return nil }
        do { return RecordIdentifier(index: try DiscogsIndex(path: path)) } catch {
            console.warning("\(error); records are written without identification")
            return nil
        }
    }
}
