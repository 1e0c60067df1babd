import Foundation
import SleeveCore
import SQLite
import XMLReading

/// Imports a Discogs releases dump (`discogs_YYYYMMDD_releases.xml.gz`, or plain XML)
/// into an index file, streaming: one `<release>` at a time is copied out of libxml2's
/// reader, so memory does not grow with the dump.
///
/// The index is built in a temporary file beside the target, in one transaction with
/// prepared statements and the lookup indexes created after the load, and renamed over
/// the target only when complete: an import that fails or is interrupted leaves the
/// previous index as it was.
public struct DiscogsImporter {
    public struct Progress: Sendable {
        /// File bytes read (compressed bytes for a .gz) and the file's size.
        public var bytesRead: Int64
        public var totalBytes: Int64
        public var releases: Int
        public var skipped: Int
        public var seconds: Double
        public var finished: Bool
    }

    public struct Summary: Sendable {
        /// Bytes of XML parsed (the dump's uncompressed size).
        public var xmlBytes: Int64
        /// Seconds of the load alone, before the lookup indexes were built.
        public var loadSeconds: Double
        public var releases: Int
        public var skipped: Int
        public var seconds: Double
        public var indexBytes: Int64
    }

    public enum Failure: Error, CustomStringConvertible {
        case dump(XMLReadError)
        case index(String)
        case interrupted

        public var description: String {
            switch self {
            case let .dump(e): "\(e) (is it a Discogs releases dump, complete?)"
            case let .index(m): m
            case .interrupted: "interrupted"
            }
        }
    }

    /// Only releases with one of these format names (`Vinyl`, `CD`), compared ignoring
    /// case; nil imports every release.
    public var formats: Set<String>?
    /// Asked between releases; true stops the import (Ctrl-C).
    public var shouldStop: @Sendable () -> Bool = { false }
    /// How often `progress` is called, in releases.
    public var progressEvery = 5000

    public init(formats: Set<String>? = nil) {
        self.formats = formats.map { Set($0.map { $0.lowercased() }) }
    }

    /// Children of `<release>` the index does not use: parsed, never copied.
    static let unused: Set<String> = [
        "images", "videos", "notes", "extraartists", "companies", "genres", "styles", "series", "data_quality",
    ]

    public func run(dump: String, index: String, progress: (Progress) -> Void = { _ in }) throws(Failure) -> Summary {
        let started = Date()
        let temp = index + ".importing-\(getpid())"
        Self.removeAbandonedImports(of: index)
        unlink(temp)
        do {
            let reader: XMLPullReader
            do { reader = try XMLPullReader(path: dump) } catch { throw Failure.dump(error) }
            let total = (try? FileManager.default.attributesOfItem(atPath: dump)[.size] as? NSNumber)?.int64Value ?? 0
            var count = 0, skipped = 0
            var xmlBytes: Int64 = 0, loadSeconds = 0.0
            do {
                let db = try SQLiteDatabase(path: temp)
                try IndexSchema.prepare(db)
                let writer = try ReleaseWriter(db)
                try db.execute("BEGIN")
                var more = try reader.read()
                while more {
                    if reader.depth == 1, reader.isElementStart, reader.hasLocalName("release") {
                        let element = try reader.readElement(skipping: Self.unused)
                        if let release = ReleaseElement.parse(element), accepts(release) {
                            if try writer.insert(release) { count += 1 } else { skipped += 1 }
                        } else {
                            skipped += 1
                        }
                        if (count + skipped) % progressEvery == 0 {
                            if shouldStop() { throw Failure.interrupted }
                            progress(Progress(bytesRead: reader.fileOffset, totalBytes: total, releases: count,
                                              skipped: skipped, seconds: -started.timeIntervalSinceNow, finished: false))
                        }
                        more = try reader.read()
                    } else {
                        more = try reader.read()
                    }
                }
                if shouldStop() { throw Failure.interrupted }
                xmlBytes = reader.xmlBytesParsed
                try db.execute("COMMIT")
                loadSeconds = -started.timeIntervalSinceNow
                progress(Progress(bytesRead: total, totalBytes: total, releases: count, skipped: skipped,
                                  seconds: -started.timeIntervalSinceNow, finished: true))
                try IndexSchema.finish(db, source: dump, releases: count, formats: formats)
            }
            try durablyReplace(temp, index)
            let size = (try? FileManager.default.attributesOfItem(atPath: index)[.size] as? NSNumber)?.int64Value ?? 0
            return Summary(xmlBytes: xmlBytes, loadSeconds: loadSeconds, releases: count, skipped: skipped, seconds: -started.timeIntervalSinceNow, indexBytes: size)
        } catch let e as Failure {
            removeTemp(temp)
            throw e
        } catch let e as XMLReadError {
            removeTemp(temp)
            throw .dump(e)
        } catch let e as SQLiteError {
            removeTemp(temp)
            throw .index("\(temp): \(e) (check the folder is writable and has space)")
        } catch {
            removeTemp(temp)
            throw .index("\(temp): \(error)")
        }
    }

    /// Removes the temporary files of earlier imports into `index` whose process is gone
    /// (killed, power lost): they were never going to be renamed into place.
    static func removeAbandonedImports(of index: String) {
        let url = URL(fileURLWithPath: index)
        let folder = url.deletingLastPathComponent().path
        let prefix = url.lastPathComponent + ".importing-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(prefix) {
            let pidText = name.dropFirst(prefix.count).prefix { $0.isNumber }
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }

    private func accepts(_ r: ReleaseElement) -> Bool {
        guard let formats else { return true }
        return r.formats.contains { formats.contains($0.lowercased()) }
    }

    private func removeTemp(_ temp: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temp + suffix) }
    }

    /// fsync the finished file, rename it over the target, fsync the folder.
    private func durablyReplace(_ temp: String, _ target: String) throws(Failure) {
        let fd = open(temp, O_RDONLY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
        guard rename(temp, target) == 0 else {
            let why = String(cString: strerror(errno))
            throw .index("cannot move the new index to \(target): \(why)")
        }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent().path
        let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }
}

/// One `<release>` as the index keeps it.
struct ReleaseElement {
    var id: Int
    var title: String
    var artists: [ReleaseFacts.ArtistEntry]
    var labels: [ReleaseFacts.LabelEntry]
    var formats: [String]
    var country: String?
    var released: String?
    var masterId: Int?
    var tracks: [ReleaseFacts.TrackEntry]
    /// (type, value, description) of each `<identifier>`.
    var identifiers: [(type: String, value: String, description: String)]

    static func parse(_ e: XMLElement) -> ReleaseElement? {
        guard let id = e.attribute("id").flatMap({ Int($0) }) else { return nil }
        var r = ReleaseElement(id: id, title: e.child("title")?.text ?? "", artists: [], labels: [], formats: [],
                               country: nil, released: nil, masterId: nil, tracks: [], identifiers: [])
        for a in e.child("artists")?.children("artist") ?? [] {
            let anv = a.child("anv")?.text ?? ""
            let join = a.child("join")?.text ?? ""
            r.artists.append(ReleaseFacts.ArtistEntry(name: a.child("name")?.text ?? "", anv: anv.isEmpty ? nil : anv,
                                                      join: join.isEmpty ? nil : join))
        }
        for l in e.child("labels")?.children("label") ?? [] {
            r.labels.append(ReleaseFacts.LabelEntry(name: l.attribute("name") ?? "", catno: l.attribute("catno") ?? ""))
        }
        r.formats = (e.child("formats")?.children("format") ?? []).compactMap { $0.attribute("name") }
        r.country = e.child("country")?.text.nilIfEmpty
        r.released = e.child("released")?.text.nilIfEmpty
        r.masterId = e.child("master_id").flatMap { Int($0.text.trimmingCharacters(in: .whitespaces)) }
        for t in e.child("tracklist")?.children("track") ?? [] {
            r.tracks.append(ReleaseFacts.TrackEntry(position: t.child("position")?.text ?? "", title: t.child("title")?.text ?? "",
                                                    duration: t.child("duration")?.text ?? ""))
        }
        for i in e.child("identifiers")?.children("identifier") ?? [] {
            r.identifiers.append((i.attribute("type") ?? "", i.attribute("value") ?? "", i.attribute("description") ?? ""))
        }
        return r
    }

    /// The year of `released` ("1999-03-00", "1999", "1999-00-00").
    var year: Int? {
        guard let released, released.count >= 4, let y = Int(released.prefix(4)), y > 0 else { return nil }
        return y
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
