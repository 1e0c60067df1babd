internal import CXML2

/// A streaming pull reader over an XML file, plain or gzipped (libxml2's xmlTextReader
/// fed by zlib's gzread): the only place that imports libxml2 and zlib.
///
/// Memory stays bounded by one element's subtree: the reader frees the nodes it has
/// passed, and `expandElement` copies just the current element into Swift values. Never
/// a tree of the whole document.
///
/// Not `Sendable`: one owner reads it from start to end.
public final class XMLPullReader {
    private let reader: OpaquePointer
    private let gz: UnsafeMutableRawPointer
    private let errors: ErrorSink
    /// The file as given, for messages.
    public let path: String

    /// Opens `path` (gzip or plain XML; zlib reads both). Network access and external
    /// entities are off: a dump is data, never a reason to fetch anything.
    public init(path: String) throws(XMLReadError) {
        guard let gz = xml_gz_open(path) else {
            throw XMLReadError(path: path, message: "cannot be opened", line: nil)
        }
        xml_gz_buffer(gz, 1 << 20)
        let sink = ErrorSink()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_HUGE.rawValue)
        let read: xmlInputReadCallback = { context, buffer, length in
            guard let context, let buffer else { return -1 }
            return xml_gz_read(context, buffer, length)
        }
        guard let reader = xmlReaderForIO(read, nil, gz, path, nil, options) else {
            xml_gz_close(gz)
            throw XMLReadError(path: path, message: "libxml2 could not start a reader", line: nil)
        }
        let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error else { return }
            let sink = Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue()
            // Warnings do not stop the reader; keep the first error, the one that did.
            guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, sink.message == nil else { return }
            let text = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            sink.message = text.trimmingTrailingNewlines()
            sink.line = Int(error.pointee.line)
        }
        xmlTextReaderSetStructuredErrorHandler(reader, handler, Unmanaged.passUnretained(sink).toOpaque())
        self.reader = reader
        self.gz = gz
        self.errors = sink
        self.path = path
    }

    deinit {
        xmlFreeTextReader(reader)
        xml_gz_close(gz)
    }

    /// Advances to the next node; false at the end of the document.
    public func read() throws(XMLReadError) -> Bool {
        let rc = xmlTextReaderRead(reader)
        if rc < 0 { throw failure() }
        return rc == 1
    }

    /// Moves past the current node and its whole subtree, to its next sibling (or
    /// whatever follows); false at the end of the document.
    public func skipSubtree() throws(XMLReadError) -> Bool {
        let rc = xmlTextReaderNext(reader)
        if rc < 0 { throw failure() }
        return rc == 1
    }

    /// The current node is the start of an element.
    public var isElementStart: Bool { xmlTextReaderNodeType(reader) == Int32(XML_READER_TYPE_ELEMENT.rawValue) }

    /// Nesting depth of the current node (the root element is 0).
    public var depth: Int { Int(xmlTextReaderDepth(reader)) }

    /// The current node's local name ("" when it has none).
    public var localName: String {
        guard let p = xmlTextReaderConstLocalName(reader) else { return "" }
        return String(cString: p)
    }

    /// Whether the current node's local name is `name`, without making a String of it.
    public func hasLocalName(_ name: StaticString) -> Bool {
        guard let p = xmlTextReaderConstLocalName(reader) else { return false }
        return name.withUTF8Buffer { want in
            var i = 0
            while i < want.count {
                if p[i] != want[i] { return false }
                i += 1
            }
            return p[i] == 0
        }
    }

    /// The current element's attribute `name`, character references decoded.
    public func attribute(_ name: String) -> String? {
        guard let v = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { xml_free(v) }
        return String(cString: v)
    }

    /// The current element and everything inside it as values, the children named in
    /// `skipping` left out, read node by node: the reader frees what it has passed, so
    /// memory holds one element's values, never the document. An element that runs on
    /// past `limit` bytes of XML (a dump cut or corrupted inside an element that never
    /// closes) is an error, not a reason to grow. The reader is left past the element.
    public func readElement(skipping: Set<String> = [], limit: Int64 = 64 << 20) throws(XMLReadError) -> XMLElement {
        let startDepth = depth
        let startBytes = xmlBytesParsed
        var stack = [XMLElement(name: localName)]
        readAttributes(into: &stack[0])
        if xmlTextReaderIsEmptyElement(reader) == 1 { return stack[0] }
        while true {
            guard try read() else {
                throw XMLReadError(path: path, message: "the document ends inside <\(stack[0].name)>", line: nil)
            }
            if xmlBytesParsed - startBytes > limit {
                throw XMLReadError(path: path, message: "<\(stack[0].name)> runs on past \(limit >> 20) MB without closing",
                                   line: Int(xmlTextReaderGetParserLineNumber(reader)))
            }
            let type = xmlTextReaderNodeType(reader)
            if type == Int32(XML_READER_TYPE_ELEMENT.rawValue) {
                let name = localName
                if skipping.contains(name) {
                    guard try skipSubtree() else { throw XMLReadError(path: path, message: "the document ends inside <\(name)>", line: nil) }
                    // skipSubtree moved to the next node: look at it without reading on.
                    if try handleCurrent(&stack, startDepth: startDepth, skipping: skipping) { return stack[0] }
                    continue
                }
                var e = XMLElement(name: name)
                readAttributes(into: &e)
                if xmlTextReaderIsEmptyElement(reader) == 1 { stack[stack.count - 1].children.append(e) } else { stack.append(e) }
            } else if type == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) {
                if depth == startDepth { return stack[0] }
                let done = stack.removeLast()
                stack[stack.count - 1].children.append(done)
            } else if type == Int32(XML_READER_TYPE_TEXT.rawValue) || type == Int32(XML_READER_TYPE_CDATA.rawValue)
                        || type == Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue) {
                if let v = xmlTextReaderConstValue(reader) { stack[stack.count - 1].text += String(cString: v) }
            }
        }
    }

    /// After `skipSubtree` the reader already stands on the next node: handle it as the
    /// loop would. True when it closes the element being read.
    private func handleCurrent(_ stack: inout [XMLElement], startDepth: Int, skipping: Set<String>) throws(XMLReadError) -> Bool {
        while true {
            let type = xmlTextReaderNodeType(reader)
            if type == Int32(XML_READER_TYPE_END_ELEMENT.rawValue) {
                if depth == startDepth { return true }
                let done = stack.removeLast()
                stack[stack.count - 1].children.append(done)
                return false
            }
            if type == Int32(XML_READER_TYPE_ELEMENT.rawValue) {
                let name = localName
                if skipping.contains(name) {
                    guard try skipSubtree() else { throw XMLReadError(path: path, message: "the document ends inside <\(name)>", line: nil) }
                    continue
                }
                var e = XMLElement(name: name)
                readAttributes(into: &e)
                if xmlTextReaderIsEmptyElement(reader) == 1 { stack[stack.count - 1].children.append(e) } else { stack.append(e) }
                return false
            }
            if type == Int32(XML_READER_TYPE_TEXT.rawValue) || type == Int32(XML_READER_TYPE_CDATA.rawValue) {
                if let v = xmlTextReaderConstValue(reader) { stack[stack.count - 1].text += String(cString: v) }
            }
            return false
        }
    }

    private func readAttributes(into e: inout XMLElement) {
        guard xmlTextReaderHasAttributes(reader) == 1 else { return }
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let name = xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
            let value = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            e.attributes.append((name, value))
        }
        xmlTextReaderMoveToElement(reader)
    }

    /// Bytes of the file read so far (compressed bytes for a gzipped file).
    public var fileOffset: Int64 { Int64(xml_gz_offset(gz)) }

    /// Bytes of XML the parser has consumed (after decompression).
    public var xmlBytesParsed: Int64 { Int64(xmlTextReaderByteConsumed(reader)) }

    private func failure() -> XMLReadError {
        XMLReadError(path: path, message: errors.message ?? "malformed XML", line: errors.line)
    }
}

/// Keeps the first error libxml2 reports while reading (its structured error callback).
private final class ErrorSink {
    var message: String?
    var line: Int?
}

/// A file that could not be read as XML: where and why, in libxml2's words.
public struct XMLReadError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var message: String
    public var line: Int?

    public var description: String {
        if let line, line > 0 { return "\(path): line \(line): \(message)" }
        return "\(path): \(message)"
    }
}

/// One element copied out of the reader: name, attributes in document order, child
/// elements, and its own text (character references decoded).
public struct XMLElement: Sendable {
    public var name: String
    public var attributes: [(String, String)] = []
    public var children: [XMLElement] = []
    public var text: String = ""

    public init(name: String) { self.name = name }

    public func attribute(_ key: String) -> String? { attributes.first { $0.0 == key }?.1 }

    /// The first child element named `name`.
    public func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

    /// Every child element named `name`.
    public func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while let last = s.last, last.isNewline { s = s.dropLast() }
        return String(s)
    }
}
