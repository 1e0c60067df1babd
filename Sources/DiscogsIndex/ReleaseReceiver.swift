import SleeveCore
import XMLReading

/// Builds `ReleaseElement`s straight from the parser's events: names are compared as
/// bytes, and Strings are made only of the values the index stores. The biggest
/// children of `<release>` the index does not use (`unread`) never reach libxml2; the
/// smaller ones (genres, styles, data_quality…) are parsed and ignored here. A release the
/// `--formats` filter rejects stops being collected at its `</formats>`.
///
/// Runs on the parsing thread; hands each full batch to `deliver`. The parse's state is
/// a struct behind a pointer (`ReleaseCollector`): a class's own stored properties are
/// checked for exclusive access at run time on every use, which was a tenth of the
/// parsing thread's instructions; a struct mutated in place is checked when compiled.
final class ReleaseReceiver: XMLEventReceiver {
    /// Releases per batch handed over: big enough that the hand-over costs nothing.
    static let batchSize = 512
    /// Elements of a release the index reads nothing of, dropped before parsing (half
    /// of the dump's bytes: credits alone are a quarter); none contains itself.
    static let unread = ["images", "videos", "notes", "companies", "extraartists"]

    private let state: UnsafeMutablePointer<ReleaseCollector>

    init(parser: XMLEventParser, formats: Set<String>?, limit: Int64, deliver: @escaping (ReleaseBatch) -> Bool) {
        state = .allocate(capacity: 1)
        state.initialize(to: ReleaseCollector(parser: parser, formats: formats, limit: limit, deliver: deliver))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    var failure: XMLReadError? { state.pointee.failure }

    func startElement(_ name: XMLBytes, attributes: XMLAttributes) { state.pointee.startElement(name, attributes: attributes) }
    func text(_ bytes: XMLBytes) { state.pointee.text(bytes) }
    func endElement(_ name: XMLBytes) { state.pointee.endElement(name) }

    /// Hands over what is left at the end of the document.
    func finish() { state.pointee.finish() }
}

/// The state of `ReleaseReceiver`'s parse and what it does with each event.
struct ReleaseCollector {
    /// The parser running this receiver outlives it: no reference counting per event.
    private unowned(unsafe) let parser: XMLEventParser
    private let formats: Set<String>?
    /// An element running on past this many bytes of XML without closing is an error
    /// (a cut or corrupted dump), not a reason to grow.
    private let limit: Int64
    /// Takes a full batch; false asks the parse to stop (the import was interrupted).
    private let deliver: (ReleaseBatch) -> Bool

    var failure: XMLReadError?
    private var batch = ReleaseBatch()

    // Where the parse stands.
    private var depth = 0
    private var release: ReleaseElement?
    private var rejected = false
    private var releaseStart: Int64 = 0
    /// The child of `<release>` being read, the artist or track inside it, and its field.
    private var section = Section.other
    private var entry: ReleaseFacts.TrackEntry?
    private var artist: ReleaseFacts.ArtistEntry?
    private var field = Field.none
    private var text: [UInt8] = []

    private enum Section { case other, title, artists, labels, formats, country, released, master, tracklist, identifiers }
    private enum Field { case none, artistName, artistAnv, artistJoin, position, trackTitle, duration }

    init(parser: XMLEventParser, formats: Set<String>?, limit: Int64, deliver: @escaping (ReleaseBatch) -> Bool) {
        self.parser = parser
        self.formats = formats
        self.limit = limit
        self.deliver = deliver
        text.reserveCapacity(4096)
    }

    mutating func startElement(_ name: XMLBytes, attributes: XMLAttributes) {
        depth += 1
        switch depth {
        case 2:
            guard name.equals("release") else { return }
            releaseStart = parser.xmlBytesRead
            rejected = false
            if let id = attributes.value("id").flatMap({ Int($0) }) {
                release = ReleaseElement(id: id, title: "", artists: [], labels: [], formats: [], country: nil, released: nil,
                                         masterId: nil, tracks: [], identifiers: [])
            } else {
                release = nil
            }
        case 3:
            guard release != nil, !rejected else { section = .other; return }
            checkLimit()
            section = name.equals("title") ? .title
                : name.equals("artists") ? .artists
                : name.equals("labels") ? .labels
                : name.equals("formats") ? .formats
                : name.equals("country") ? .country
                : name.equals("released") ? .released
                : name.equals("master_id") ? .master
                : name.equals("tracklist") ? .tracklist
                : name.equals("identifiers") ? .identifiers
                : .other
            clearText()
        case 4:
            guard release != nil, !rejected else { return }
            checkLimit()
            switch section {
            case .artists where name.equals("artist"): artist = ReleaseFacts.ArtistEntry(name: "")
            case .tracklist where name.equals("track"): entry = ReleaseFacts.TrackEntry(position: "", title: "", duration: "")
            case .labels where name.equals("label"):
                release!.labels.append(ReleaseFacts.LabelEntry(name: attributes.value("name") ?? "",
                                                               catno: attributes.value("catno") ?? ""))
            case .formats where name.equals("format"):
                if let format = attributes.value("name") { release!.formats.append(format) }
            case .identifiers where name.equals("identifier"):
                release!.identifiers.append((attributes.value("type") ?? "", attributes.value("value") ?? "",
                                             attributes.value("description") ?? ""))
            default: break
            }
        case 5:
            field = .none
            if artist != nil {
                field = name.equals("name") ? .artistName : name.equals("anv") ? .artistAnv : name.equals("join") ? .artistJoin : .none
            } else if entry != nil {
                field = name.equals("position") ? .position : name.equals("title") ? .trackTitle
                    : name.equals("duration") ? .duration : .none
            }
            clearText()
        default:
            break
        }
    }

    mutating func text(_ bytes: XMLBytes) {
        // Only the text of a field being collected, directly inside it.
        if depth == 3, release != nil, !rejected, isTextSection(section) {
            text.append(contentsOf: bytes.bytes)
        } else if depth == 5, field != .none {
            text.append(contentsOf: bytes.bytes)
        }
    }

    mutating func endElement(_ name: XMLBytes) {
        defer { depth -= 1 }
        switch depth {
        case 2:
            guard name.equals("release") else { return }
            if let release, !rejected, accepts(release) { batch.releases.append(release) } else { batch.skipped += 1 }
            release = nil
            if batch.releases.count + batch.skipped >= ReleaseReceiver.batchSize { handOver() }
        case 3:
            guard release != nil, !rejected else { return }
            switch section {
            case .title: release!.title = string()
            case .country: release!.country = string().nilIfEmpty
            case .released: release!.released = string().nilIfEmpty
            case .master: release!.masterId = Int(string().trimmingCharacters(in: " \t"))
            case .formats:
                if !accepts(release!) { rejected = true }
            default: break
            }
            section = .other
        case 4:
            if let a = artist { release?.artists.append(a); artist = nil }
            if let t = entry { release?.tracks.append(t); entry = nil }
        case 5:
            guard field != .none else { break }
            let value = string()
            switch field {
            case .artistName: artist?.name = value
            case .artistAnv: artist?.anv = value.nilIfEmpty
            case .artistJoin: artist?.join = value.nilIfEmpty
            case .position: entry?.position = value
            case .trackTitle: entry?.title = value
            case .duration: entry?.duration = value
            case .none: break
            }
            field = .none
        default:
            break
        }
    }

    /// Hands over what is left at the end of the document.
    mutating func finish() {
        if !batch.releases.isEmpty || batch.skipped > 0 { handOver() }
    }

    private mutating func handOver() {
        batch.fileOffset = parser.fileOffset
        batch.xmlBytes = parser.xmlBytesRead
        let full = batch
        batch = ReleaseBatch()
        batch.releases.reserveCapacity(ReleaseReceiver.batchSize)
        if !deliver(full) { parser.stop() }
    }

    private mutating func checkLimit() {
        guard failure == nil, parser.xmlBytesRead - releaseStart > limit + (256 << 10) else { return }
        failure = XMLReadError(path: parser.path, message: "<release> runs on past \(limit >> 10) KB without closing", line: nil)
        parser.stop()
    }

    /// Only releases with one of the wanted format names (all when no filter).
    private func accepts(_ r: ReleaseElement) -> Bool {
        guard let formats else { return true }
        return r.formats.contains { formats.contains($0.lowercased()) }
    }

    private func isTextSection(_ s: Section) -> Bool {
        switch s {
        case .title, .country, .released, .master: true
        default: false
        }
    }

    private func string() -> String { String(decoding: text, as: UTF8.self) }

    /// Empties the text buffer; most elements start with it empty already, and
    /// `removeAll(keepingCapacity:)` costs a call into the generic array code every time.
    private mutating func clearText() {
        if !text.isEmpty { text.removeAll(keepingCapacity: true) }
    }
}

/// Releases parsed together, handed from the parsing thread to the writing one.
struct ReleaseBatch: @unchecked Sendable {
    var releases: [ReleaseElement] = []
    /// Releases left out (no id, or rejected by `--formats`).
    var skipped = 0
    /// Where the parser stood when the batch was full: file bytes and XML bytes.
    var fileOffset: Int64 = 0
    var xmlBytes: Int64 = 0
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return s
    }
}
