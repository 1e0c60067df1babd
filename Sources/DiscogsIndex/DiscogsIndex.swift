import Foundation
import SleeveCore
import SQLite

/// An imported index, opened read-only: finds the candidate releases for a record's
/// evidence and reads their facts for the core's matcher.
///
/// Not `Sendable` (one SQLite connection): open one per thread.
public final class DiscogsIndex {
    public let path: String
    private let db: SQLiteDatabase
    /// Releases in the index, from its meta table.
    public let releaseCount: Int

    /// Most releases one lookup key may bring in: a catno-shaped word that hundreds of
    /// releases share ("100", "LP 1") says nothing and would only slow the matcher.
    public var keyFanOut = 150
    /// Releases the text search adds.
    public var textLimit = 20

    public struct OpenError: Error, CustomStringConvertible {
        public var description: String
    }

    public init(path: String) throws(OpenError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw OpenError(description: "\(path): no index there (build one with 'sleevescan index import DUMP.xml.gz --index \(path)')")
        }
        do {
            db = try SQLiteDatabase(path: path, readOnly: true, create: false)
            let rows = try db.query("SELECT value FROM meta WHERE key IN ('schemaVersion', 'releases') ORDER BY key")
            guard rows.count == 2, rows[1][0].string == String(IndexSchema.version) else {
                throw OpenError(description: "\(path): not an index of this version (import the dump again)")
            }
            releaseCount = Int(rows[0][0].string ?? "") ?? 0
        } catch let e as OpenError {
            throw e
        } catch {
            throw OpenError(description: "\(path): not a sleevescan index (\(error)); import the dump again")
        }
        self.path = path
    }

    /// Identifies one physical record from its records' fields.
    public func identify(_ records: [RecordFields], matcher: ReleaseMatcher = ReleaseMatcher()) throws -> Identification {
        let evidence = RecordEvidence(records: records)
        return matcher.identify(evidence, candidates: try candidates(for: evidence))
    }

    /// Releases worth judging: those sharing a barcode or a catno-shaped phrase with the
    /// record, those whose text matches its artist or title, and their master's siblings
    /// where few.
    public func candidates(for e: RecordEvidence) throws -> [ReleaseFacts] {
        var ids = Set<Int>()
        // Barcodes: the read codes, digits printed alone, and the truncated forms the
        // dump keeps (an 11-digit UPC without its check digit).
        var codes = Set<String>()
        for k in e.barcodes + e.digitRuns {
            codes.insert(k.key)
            let d = Array(k.key)
            for length in 10..<d.count {
                for start in 0...(d.count - length) { codes.insert(String(d[start..<(start + length)])) }
            }
        }
        ids.formUnion(try lookup("SELECT key, release_id FROM barcodes WHERE key IN", Array(codes)))
        let folds = Set(e.catnoPhrases.filter(\.lookup).map(\.folded))
        ids.formUnion(try lookup("SELECT catno_key, release_id FROM labels WHERE catno_key IN", Array(folds)))
        for text in e.titles + e.artists {
            ids.formUnion(try textSearch(text))
        }
        return try facts(ids: Array(ids))
    }

    /// Release ids for each key, dropping keys that fan out to too many releases.
    private func lookup(_ sqlPrefix: String, _ keys: [String]) throws -> Set<Int> {
        var out = Set<Int>()
        for chunk in stride(from: 0, to: keys.count, by: 200).map({ Array(keys[$0..<min($0 + 200, keys.count)]) }) {
            let sql = sqlPrefix + "(" + chunk.map { _ in "?" }.joined(separator: ",") + ")"
            var byKey: [String: [Int]] = [:]
            for row in try db.query(sql, chunk.map { .text($0) }) {
                if let k = row[0].string, let id = row[1].int { byKey[k, default: []].append(id) }
            }
            for (_, ids) in byKey where ids.count <= keyFanOut { out.formUnion(ids) }
        }
        return out
    }

    /// The releases whose artist or title text holds the longest words of `text`
    /// (trigram substrings, so OCR's case and a wrong neighbour word do not matter).
    private func textSearch(_ text: String) throws -> Set<Int> {
        let words: [String] = TextSimilarity.normalise(text).split(separator: " ").map { String($0) }
            .filter { $0.count >= 4 }.sorted { $0.count > $1.count }.prefix(3).map { $0 }
        guard !words.isEmpty else { return [] }
        let query = words.map { "\"\($0)\"" }.joined(separator: " AND ")
        let rows = try db.query("SELECT rowid FROM release_text WHERE release_text MATCH ? LIMIT ?",
                                [.text("{artist title}: (\(query))"), .integer(Int64(textLimit))])
        return Set(rows.compactMap { $0[0].int })
    }

    /// The facts of releases by id.
    public func facts(ids: [Int]) throws -> [ReleaseFacts] {
        guard !ids.isEmpty else { return [] }
        var byId: [Int: ReleaseFacts] = [:]
        for chunk in stride(from: 0, to: ids.count, by: 200).map({ Array(ids[$0..<min($0 + 200, ids.count)]) }) {
            let marks = "(" + chunk.map { _ in "?" }.joined(separator: ",") + ")"
            let values = chunk.map { SQLiteValue.integer(Int64($0)) }
            for row in try db.query("SELECT id, title, artists, country, year, master_id, tracks FROM releases WHERE id IN \(marks)", values) {
                guard let id = row[0].int else { continue }
                let artists = IndexSchema.unpack(row[2].string ?? "").map {
                    ReleaseFacts.ArtistEntry(name: $0[0], anv: $0.count > 1 && !$0[1].isEmpty ? $0[1] : nil,
                                             join: $0.count > 2 && !$0[2].isEmpty ? $0[2] : nil)
                }
                let tracks = IndexSchema.unpack(row[6].string ?? "").map {
                    ReleaseFacts.TrackEntry(position: $0[0], title: $0.count > 1 ? $0[1] : "", duration: $0.count > 2 ? $0[2] : "")
                }
                byId[id] = ReleaseFacts(id: id, title: row[1].string ?? "", artists: artists, labels: [],
                                        country: row[3].string, year: row[4].int, masterId: row[5].int, tracks: tracks)
            }
            for row in try db.query("SELECT release_id, name, catno FROM labels WHERE release_id IN \(marks) ORDER BY rowid", values) {
                if let id = row[0].int {
                    byId[id]?.labels.append(ReleaseFacts.LabelEntry(name: row[1].string ?? "", catno: row[2].string ?? ""))
                }
            }
            for row in try db.query("SELECT release_id, value FROM barcodes WHERE release_id IN \(marks) ORDER BY rowid", values) {
                if let id = row[0].int, let v = row[1].string { byId[id]?.barcodes.append(v) }
            }
            for row in try db.query("SELECT release_id, value FROM matrices WHERE release_id IN \(marks) ORDER BY rowid", values) {
                if let id = row[0].int, let v = row[1].string { byId[id]?.matrices.append(v) }
            }
        }
        return ids.compactMap { byId[$0] }.sorted { $0.id < $1.id }
    }
}
