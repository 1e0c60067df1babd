// Not Foundation: see ChunkReader.swift.
import Glibc

/// Drops whole elements by name from a document's bytes before libxml2 sees them: the
/// importer reads none of a Discogs release's `<images>`, `<videos>`, `<notes>`,
/// `<companies>` or `<extraartists>`, which are half of the dump's bytes, and parsing
/// them was most of the parsing thread's work. Finding their ends takes a `memchr` per
/// `<`; parsing them took libxml2 a dozen instructions per byte.
///
/// What stays is unchanged, byte for byte, and every newline of a dropped element is kept
/// (libxml2's line numbers in error messages stay those of the file). A dropped element
/// must not contain another of its own name (true of those above), nor CDATA or comments
/// holding its closing tag (the dump has neither). A start tag is read to its `>` outside
/// quotes, so `<notes/>` is dropped alone. A start tag running on past 64 KB is passed on
/// as it is, element and all.
///
/// Fed in pieces of any size: a tag cut by a piece's end is held for the next one.
/// An element to drop that runs on past `limit` bytes (a cut or corrupted dump) stops the
/// filter: `overrun` names it.
public struct ElementSkipper {
    private let names: [[UInt8]]
    /// `</name` of each.
    private let closers: [[UInt8]]
    private let longest: Int
    /// The first bytes of `names`: most tags are told apart by their first letter.
    private let firsts: [Bool]
    private let limit: Int
    /// Bytes dropped of the element being dropped.
    private var dropped = 0
    /// The element that ran on past `limit`; nothing is filtered after it.
    public private(set) var overrun: String?
    /// The element being dropped (index into `names`), if any.
    private var skipping: Int?
    /// Bytes not yet decided (a tag cut by the end of the last piece).
    private var pending: [UInt8] = []

    static let tagLimit = 64 << 10

    public init(names: [String], limit: Int = .max) {
        self.names = names.map { Array($0.utf8) }
        closers = self.names.map { [0x3C, 0x2F] + $0 }
        longest = self.names.map(\.count).max() ?? 0
        var firsts = [Bool](repeating: false, count: 256)
        for name in self.names where !name.isEmpty { firsts[Int(name[0])] = true }
        self.firsts = firsts
        self.limit = limit
    }

    /// Appends to `out` what libxml2 should parse of the next `input` bytes.
    public mutating func filter(_ input: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard overrun == nil else { return }
        guard !names.isEmpty else {
            out.append(contentsOf: input)
            return
        }
        if pending.isEmpty {
            run(input, into: &out)
        } else {
            var work = pending
            work.append(contentsOf: input)
            pending = []
            work.withUnsafeBufferPointer { run($0, into: &out) }
        }
    }

    /// At the end of the document: what was held goes out as it is (a cut document is
    /// then libxml2's to report).
    public mutating func finish(into out: inout [UInt8]) {
        if skipping == nil { out.append(contentsOf: pending) }
        pending = []
    }

    private mutating func run(_ w: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let n = w.count
        var i = 0
        while i < n {
            if let k = skipping {
                // Its closing tag, `</name` then white space or `>`.
                let closer = closers[k]
                var from = i
                while true {
                    guard let at = Self.find(closer, in: w, from: from) else {
                        // Its closing tag may start in the last bytes: hold them.
                        let keep = max(i, n - closer.count)
                        Self.newlines(w, i, keep, into: &out)
                        drop(keep - i, of: k)
                        pending = Array(w[keep..<n])
                        return
                    }
                    let end = at + closer.count
                    guard end < n, let gt = Self.find(0x3E, in: w, from: end) else {
                        Self.newlines(w, i, at, into: &out)
                        drop(at - i, of: k)
                        pending = Array(w[at..<n])
                        return
                    }
                    guard Self.isDelimiter(w[end]) else {
                        from = at + 1
                        continue
                    }
                    Self.newlines(w, i, gt + 1, into: &out)
                    skipping = nil
                    dropped = 0
                    i = gt + 1
                    break
                }
            } else {
                // Kept bytes are appended in runs, up to the next element dropped.
                var from = i
                while true {
                    guard let lt = Self.find(0x3C, in: w, from: from) else {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: w[i..<n]))
                        return
                    }
                    if lt + 1 + longest >= n {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: w[i..<lt]))
                        pending = Array(w[lt..<n])
                        return
                    }
                    guard firsts[Int(w[lt + 1])],
                          let k = names.firstIndex(where: { Self.matches($0, w, at: lt + 1) && Self.isDelimiter(w[lt + 1 + $0.count]) }) else {
                        from = lt + 1
                        continue
                    }
                    guard let gt = Self.endOfTag(w, from: lt + 1 + names[k].count) else {
                        if n - lt > Self.tagLimit {
                            from = lt + 1
                            continue
                        }
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: w[i..<lt]))
                        pending = Array(w[lt..<n])
                        return
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: w[i..<lt]))
                    Self.newlines(w, lt, gt + 1, into: &out)
                    if w[gt - 1] != 0x2F {
                        skipping = k
                        dropped = 0
                    }
                    i = gt + 1
                    break
                }
            }
        }
    }

    /// Counts bytes dropped of element `k`; past the limit, the filter stops.
    private mutating func drop(_ count: Int, of k: Int) {
        dropped += count
        if dropped > limit {
            overrun = String(decoding: names[k], as: UTF8.self)
            pending = []
        }
    }

    /// Where `needle` (starting with `<`) occurs whole in `w` from `i`, by `memchr`.
    private static func find(_ needle: [UInt8], in w: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var j = i
        while let lt = find(needle[0], in: w, from: j), lt + needle.count <= w.count {
            if matches(needle, w, at: lt) { return lt }
            j = lt + 1
        }
        return nil
    }

    private static func find(_ byte: UInt8, in w: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        guard i < w.count, let base = w.baseAddress, let p = memchr(base + i, Int32(byte), w.count - i) else { return nil }
        return UnsafeRawPointer(p) - UnsafeRawPointer(base)
    }

    private static func matches(_ name: [UInt8], _ w: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        guard i + name.count <= w.count else { return false }
        for (j, b) in name.enumerated() where w[i + j] != b { return false }
        return true
    }

    /// What may follow a tag's name: white space, `>` or `/`.
    private static func isDelimiter(_ b: UInt8) -> Bool {
        b == 0x3E || b == 0x2F || b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }

    /// The `>` ending a start tag whose attributes begin at `i` (a `>` inside a quoted
    /// value does not end it).
    private static func endOfTag(_ w: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var quote: UInt8 = 0
        var j = i
        while j < w.count {
            let b = w[j]
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if b == 0x22 || b == 0x27 {
                quote = b
            } else if b == 0x3E {
                return j
            }
            j += 1
        }
        return nil
    }

    /// One newline for each in `w[from..<to]` (dropped bytes keep their lines).
    private static func newlines(_ w: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, into out: inout [UInt8]) {
        var i = from
        while i < to, let nl = find(0x0A, in: UnsafeBufferPointer(rebasing: w[..<to]), from: i) {
            out.append(0x0A)
            i = nl + 1
        }
    }
}
