internal import CXML2

/// Receives the events of `XMLEventParser`: element starts and ends, and text, as byte
/// views valid only during the call (copy what you keep). Names are local names.
///
/// Nothing is built per node unless the receiver builds it: the importer's receiver
/// compares names as bytes and makes Strings only of the values it stores, which is what
/// makes a 70 GB dump readable in minutes rather than an hour (a tree per element, as
/// `XMLPullReader.readElement` copies out, costs a String per node and per attribute).
public protocol XMLEventReceiver: AnyObject {
    func startElement(_ name: XMLBytes, attributes: XMLAttributes)
    func endElement(_ name: XMLBytes)
    func text(_ bytes: XMLBytes)
}

/// A streaming SAX parser over a file, plain or gzipped (libxml2's pull parser reading
/// from zlib's gzread on its own thread, in 256 KB chunks). Character references are decoded in text and
/// attribute values; network access and external entities are off.
///
/// Memory is the parser's own buffers: no node is kept after its event.
/// Not `Sendable`: one owner runs it.
public final class XMLEventParser {
    private let gz: UnsafeMutableRawPointer
    public let path: String
    private var stopped = false
    private var bytesFed: Int64 = 0
    private var fileOffsetFed: Int64 = 0
    /// The parser context and its input while `parse` runs (for `stop` and the counts).
    private var parsing: xmlParserCtxtPtr?
    private var feed: ChunkFeed?

    /// Elements dropped unparsed, by name (`ElementSkipper`): their events never come.
    public let skipping: [String]

    /// An element to skip running on past this many bytes is an error (`parse` throws).
    public let skipLimit: Int

    public init(path: String, skipping: [String] = [], skipLimit: Int = .max) throws(XMLReadError) {
        guard let gz = xml_gz_open(path) else {
            throw XMLReadError(path: path, message: "cannot be opened", line: nil)
        }
        xml_gz_buffer(gz, 1 << 20)
        self.gz = gz
        self.path = path
        self.skipping = skipping
        self.skipLimit = skipLimit
    }

    deinit { xml_gz_close(gz) }

    /// Bytes of the file read so far (compressed bytes for a gzipped file), to the
    /// chunk handed to libxml2 (the reading thread may be a few chunks ahead).
    public var fileOffset: Int64 { feed?.fileOffset ?? fileOffsetFed }

    /// Bytes of XML read so far (after decompression, skipped elements included), to the chunk.
    public var xmlBytesRead: Int64 { feed?.bytes ?? bytesFed }

    /// Asks the parser to stop after the current event (from a receiver's callback):
    /// `parse` then returns false.
    public func stop() {
        stopped = true
        if let parsing { xmlStopParser(parsing) }
    }

    /// Parses the whole file into `receiver`. True at the end of a well-formed document,
    /// false when the receiver called `stop()`; a malformed or cut document throws with
    /// libxml2's message and line.
    public func parse(into receiver: XMLEventReceiver) throws(XMLReadError) -> Bool {
        let box = ParseContext(receiver: receiver)
        var sax = xmlSAXHandler()
        sax.initialized = xml_sax2_magic
        sax.startElementNs = { ctx, localname, _, _, _, _, nbAttributes, _, attributes in
            guard let ctx, let localname else { return }
            ParseContext.with(ctx) {
                $0.receiver.startElement(XMLBytes(start: localname), attributes: XMLAttributes(base: attributes, count: Int(nbAttributes)))
            }
        }
        sax.endElementNs = { ctx, localname, _, _ in
            guard let ctx, let localname else { return }
            ParseContext.with(ctx) { $0.receiver.endElement(XMLBytes(start: localname)) }
        }
        let characters: charactersSAXFunc = { ctx, ch, len in
            guard let ctx, let ch else { return }
            ParseContext.with(ctx) { $0.receiver.text(XMLBytes(start: ch, count: Int(len))) }
        }
        sax.characters = characters
        sax.cdataBlock = characters
        sax.serror = { ctx, error in
            guard let ctx, let error else { return }
            let context = Unmanaged<ParseContext>.fromOpaque(ctx).takeUnretainedValue()
            // Warnings do not stop the parser; keep the first error, the one that did.
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, context.message == nil else { return }
            var text = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            while let last = text.last, last.isNewline { text.removeLast() }
            context.message = text
            context.line = Int(error.pointee.line)
        }
        // The file is read and inflated on its own thread, a few chunks ahead; libxml2
        // pulls from it through `ChunkFeed` (its pull parser: the push parser's
        // bookkeeping per chunk and per tag was an eighth of libxml2's instructions).
        let reader = ChunkReader(gz: gz)
        defer {
            reader.cancel()
            reader.join()
        }
        let feed = ChunkFeed(reader: reader, skipper: ElementSkipper(names: skipping, limit: skipLimit))
        let user = Unmanaged.passUnretained(box).toOpaque()
        let input = Unmanaged.passUnretained(feed).toOpaque()
        let read: xmlInputReadCallback = { context, buffer, len in
            guard let context, let buffer else { return -1 }
            return Unmanaged<ChunkFeed>.fromOpaque(context).takeUnretainedValue().read(into: buffer, max: Int(len))
        }
        guard let ctxt = xmlCreateIOParserCtxt(&sax, user, read, nil, input, XML_CHAR_ENCODING_NONE) else {
            throw XMLReadError(path: path, message: "libxml2 could not start a parser", line: nil)
        }
        defer { xmlFreeParserCtxt(ctxt) }
        // NOENT: `&amp;` in an attribute comes as "&", not as libxml2's "&#38;" placeholder.
        // Safe here: this handler records no entity declarations, so only the five
        // predefined entities exist (nothing external can be substituted).
        _ = xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOENT.rawValue))
        return try withExtendedLifetime((box, receiver, feed)) { () throws(XMLReadError) -> Bool in
            parsing = ctxt
            self.feed = feed
            defer {
                parsing = nil
                self.feed = nil
            }
            _ = xmlParseDocument(ctxt)
            bytesFed = feed.bytes
            fileOffsetFed = feed.fileOffset
            if stopped { return false }
            if let name = feed.overrun {
                throw XMLReadError(path: path, message: "<\(name)> runs on past \(skipLimit >> 10) KB without closing", line: nil)
            }
            if let failure = feed.failure {
                throw XMLReadError(path: path, message: "cannot be read: \(failure)", line: nil)
            }
            if box.message != nil || ctxt.pointee.wellFormed == 0 {
                throw XMLReadError(path: path, message: box.message ?? "malformed XML", line: box.line)
            }
            return true
        }
    }
}

/// The chunks of a `ChunkReader` handed to libxml2's pull parser as it asks for them
/// (a few KB at a time), through the parser's `ElementSkipper`, counting what was read.
private final class ChunkFeed {
    let reader: ChunkReader
    private var skipper: ElementSkipper
    /// The current chunk as libxml2 gets it, and how much of it it has had.
    private var out: [UInt8] = []
    private var used = 0
    private var ended = false
    /// Bytes of XML read (before skipping), and the file's offset after the chunk they came from.
    private(set) var bytes: Int64 = 0
    private(set) var fileOffset: Int64 = 0
    private(set) var failure: String?
    /// The element to skip that ran on past its limit, if one did.
    var overrun: String? { skipper.overrun }

    init(reader: ChunkReader, skipper: ElementSkipper) {
        self.reader = reader
        self.skipper = skipper
        out.reserveCapacity(ChunkReader.chunkSize + 4096)
    }

    /// Copies up to `max` bytes into libxml2's buffer: the count, 0 at the end, -1 on a read error.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int32 {
        while used == out.count {
            if ended { return 0 }
            out.removeAll(keepingCapacity: true)
            used = 0
            switch reader.next() {
            case let .success(c):
                fileOffset = c.fileOffset
                if c.count == 0 {
                    skipper.finish(into: &out)
                    ended = true
                } else {
                    bytes += Int64(c.count)
                    c.bytes.withMemoryRebound(to: UInt8.self, capacity: c.count) {
                        skipper.filter(UnsafeBufferPointer(start: $0, count: c.count), into: &out)
                    }
                    // Stops libxml2 (an I/O error to it); `parse` reports the overrun.
                    if skipper.overrun != nil { return -1 }
                }
            case let .failure(f):
                failure = f.message
                return -1
            }
        }
        let n = min(max, out.count - used)
        out.withUnsafeBufferPointer { all in
            UnsafeMutableRawPointer(buffer).copyMemory(from: all.baseAddress! + used, byteCount: n)
        }
        used += n
        return Int32(n)
    }
}

/// What the C callbacks reach through libxml2's user-data pointer.
private final class ParseContext {
    /// A `let` read through a guaranteed reference (`with`): borrowed, not retained,
    /// on each of the millions of events.
    let receiver: XMLEventReceiver
    var message: String?
    var line: Int?

    init(receiver: XMLEventReceiver) { self.receiver = receiver }

    /// Runs `body` on the context behind libxml2's user-data pointer without retaining it
    /// (`parse` holds it for the whole parse).
    static func with(_ pointer: UnsafeMutableRawPointer, _ body: (ParseContext) -> Void) {
        Unmanaged<ParseContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
}

/// A run of UTF-8 bytes libxml2 handed over (a name, a value, some text): valid only
/// during the callback.
public struct XMLBytes {
    public let bytes: UnsafeBufferPointer<UInt8>

    init(start: UnsafePointer<xmlChar>, count: Int) { bytes = UnsafeBufferPointer(start: start, count: count) }

    /// A NUL-terminated name.
    init(start: UnsafePointer<xmlChar>) {
        var n = 0
        while start[n] != 0 { n += 1 }
        bytes = UnsafeBufferPointer(start: start, count: n)
    }

    /// Byte equality with an ASCII name, no String made.
    public func equals(_ name: StaticString) -> Bool {
        guard name.utf8CodeUnitCount == bytes.count else { return false }
        let want = name.utf8Start
        for i in 0..<bytes.count where bytes[i] != want[i] { return false }
        return true
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// The attributes of one element start (libxml2's localname/prefix/URI/value/end
/// quintuples), looked up by name without making Strings of the others.
public struct XMLAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    public let count: Int

    /// The value of attribute `name` (references decoded), or nil.
    public func value(_ name: StaticString) -> String? {
        guard let base else { return nil }
        for i in 0..<count {
            let q = base + 5 * i
            guard let local = q[0], let start = q[3], let end = q[4] else { continue }
            if XMLBytes(start: local).equals(name) {
                return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            }
        }
        return nil
    }
}

/// A file that could not be read as XML: where and why, in libxml2's words.
public struct XMLReadError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public var line: Int?

    public init(path: String, message: String, line: Int?) {
        self.path = path
        self.message = message
        self.line = line
    }

    public var description: String {
        if let line, line > 0 { return "\(path): line \(line): \(message)" }
        return "\(path): \(message)"
    }
}
