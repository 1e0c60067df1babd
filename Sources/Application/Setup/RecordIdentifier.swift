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

    /// A dead-wax record joined to its sleeve: the sleeve's record now carries `release`.
    package struct JoinedSleeve {
        package var sleevePath: String
        package var deadWaxPaths: [String]
        package var release: Identification
    }

    /// After `live --mode deadwax` wrote the dead-wax record at `recordPath`: when it joins
    /// a sleeve record in the same folder (`DeadWaxJoin`, `window` seconds), the sleeve and
    /// every dead-wax record since it are identified together and the answer is written
    /// into the sleeve's record (atomically, every other key kept) and re-entered in the
    /// catalogue. Nil when it joins no sleeve.
    package func joinDeadWax(recordPath: String, window: Double, catalogue: (any RecordCataloguing)?) throws -> JoinedSleeve? {
        let folder = URL(fileURLWithPath: recordPath).deletingLastPathComponent().path
        let name = URL(fileURLWithPath: recordPath).lastPathComponent
        let captures = Self.captures(in: folder)
        guard let this = captures.first(where: { $0.name == name }),
              let group = DeadWaxJoin.group(for: this, among: captures, window: window) else { return nil }
        let path = { (name: String) in URL(fileURLWithPath: folder).appendingPathComponent(name).path }
        let paths = [group.sleeve] + group.deadWax
        let records = try paths.map { try ReleaseAnnotation.fields(at: path($0)) }
        let release: Identification
        do {
            lock.lock()
            defer { lock.unlock() }
            release = try index.identify(records)
        }
        try ReleaseAnnotation.write(release, into: path(group.sleeve))
        if let catalogue, let bytes = FileManager.default.contents(atPath: path(group.sleeve)) {
            catalogue.enter(recordPath: path(group.sleeve), recordJSON: [UInt8](bytes))
        }
        return JoinedSleeve(sleevePath: path(group.sleeve), deadWaxPaths: group.deadWax.map(path), release: release)
    }

    /// What the live loop runs after each record it writes in dead-wax mode: the join
    /// above, logged; returns the sleeve's record as rewritten (for the status page).
    /// Nil without an index or with the join turned off.
    package static func deadWaxJoin(_ identifier: RecordIdentifier?, folder: String, window: Double,
                                    catalogue: (any RecordCataloguing)?, console: Console) -> ((WrittenRecord) -> [WrittenRecord])? {
        guard let identifier, window > 0 else { return nil }
        return { written in
            let path = URL(fileURLWithPath: folder).appendingPathComponent(written.recordFile).path
            do {
                guard let joined = try identifier.joinDeadWax(recordPath: path, window: window, catalogue: catalogue) else { return [] }
                let sleeve = URL(fileURLWithPath: joined.sleevePath).lastPathComponent
                console.info("live: \(written.recordFile) joins \(sleeve) (\(joined.deadWaxPaths.count) dead-wax record(s)): \(joined.release.summary)")
                return RecordFolderIndex.record(named: sleeve, in: folder).map { [$0] } ?? []
            } catch {
                console.warning("\(written.recordFile): not joined to its sleeve: \(error)")
                return []
            }
        }
    }

    /// The records of a folder with their kind and capture time (other files skipped).
    static func captures(in folder: String) -> [DeadWaxJoin.Capture] {
        struct Stamp: Decodable {
            struct Source: Decodable { var capturedAt: String? }
            var kind: String?
            var source: Source?
        }
        let dates = ISO8601DateFormatter()
        var out: [DeadWaxJoin.Capture] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasSuffix(".json") && !name.hasPrefix(".") {
            guard let data = FileManager.default.contents(atPath: URL(fileURLWithPath: folder).appendingPathComponent(name).path),
                  let stamp = try? JSONDecoder().decode(Stamp.self, from: data), let kind = stamp.kind,
                  let at = stamp.source?.capturedAt, let date = dates.date(from: at) else { continue }
            out.append(DeadWaxJoin.Capture(name: name, isDeadWax: kind == "deadwax", time: date.timeIntervalSince1970))
        }
        return out
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
