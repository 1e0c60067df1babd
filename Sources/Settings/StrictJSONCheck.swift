/// What Foundation's JSON parser lets through in a configuration file and a person
/// would not mean: a trailing comma (`{"a": 1,}`), and a section or key given twice
/// (the parser keeps the last silently). Everything else is left to the parser: this
/// check stops quietly at anything it does not understand.
struct StrictJSONCheck {
    enum Problem: Error, Equatable {
        case trailingComma(line: Int)
        case duplicate(name: String, line: Int)
    }

    private struct Stop: Error {}

    private let b: [UInt8]
    private var i = 0
    private var line = 1

    /// Throws the first problem found in `bytes`.
    static func check(_ bytes: [UInt8]) throws(Problem) {
        var c = StrictJSONCheck(b: bytes)
        do {
            c.skipSpace()
            try c.value(path: "")
        } catch let p as Problem {
            throw p
        } catch {
            return  // not JSON this check understands: the parser will say why
        }
    }

    private init(b: [UInt8]) { self.b = b }

    private var peek: UInt8? { i < b.count ? b[i] : nil }

    private mutating func skipSpace() {
        while let c = peek, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
            if c == 0x0A { line += 1 }
            i += 1
        }
    }

    private mutating func value(path: String) throws {
        switch peek {
        case UInt8(ascii: "{"): try object(path: path)
        case UInt8(ascii: "["): try array(path: path)
        case UInt8(ascii: "\""): _ = try string()
        case .some: while let c = peek, !",}] \t\r\n".utf8.contains(c) { i += 1 }  // number or literal
        case nil: throw Stop()
        }
    }

    private mutating func object(path: String) throws {
        i += 1
        skipSpace()
        if peek == UInt8(ascii: "}") { i += 1; return }
        var keys = Set<String>()
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw Stop() }
            let keyLine = line
            let key = try string()
            let name = path.isEmpty ? key : "\(path).\(key)"
            guard keys.insert(key).inserted else { throw Problem.duplicate(name: name, line: keyLine) }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw Stop() }
            i += 1
            skipSpace()
            try value(path: name)
            skipSpace()
            if peek == UInt8(ascii: ",") {
                i += 1
                skipSpace()
                if peek == UInt8(ascii: "}") { throw Problem.trailingComma(line: line) }
                continue
            }
            guard peek == UInt8(ascii: "}") else { throw Stop() }
            i += 1
            return
        }
    }

    private mutating func array(path: String) throws {
        i += 1
        skipSpace()
        if peek == UInt8(ascii: "]") { i += 1; return }
        while true {
            skipSpace()
            try value(path: path)
            skipSpace()
            if peek == UInt8(ascii: ",") {
                i += 1
                skipSpace()
                if peek == UInt8(ascii: "]") { throw Problem.trailingComma(line: line) }
                continue
            }
            guard peek == UInt8(ascii: "]") else { throw Stop() }
            i += 1
            return
        }
    }

    /// The string at `i` (escapes kept as written: keys are compared as spelled).
    private mutating func string() throws -> String {
        i += 1
        let start = i
        while let c = peek, c != UInt8(ascii: "\"") {
            if c == UInt8(ascii: "\\") { i += 1 }
            if c == 0x0A { throw Stop() }
            i += 1
        }
        guard peek != nil else { throw Stop() }
        defer { i += 1 }
        return String(decoding: b[start..<i], as: UTF8.self)
    }
}
