import SleeveCore

/// Whether an encoded image holds all the data its own structure announces, from the
/// structure alone (no decoding). Decoders pad a cut-off image (libjpeg with gray,
/// leptonica's TIFF reader with whatever its buffer held) and call it a warning; a
/// record made from a tenth of an image is worse than an error.
///
/// Bytes after the image's end are not truncation: phones append data after a JPEG's
/// EOI (motion photos), and tools leave bytes after a PNG's IEND.
enum ImageCompleteness {
    static func isTruncated(_ data: [UInt8]) -> Bool {
        if data.starts(with: [0xFF, 0xD8]) { return !jpegReachesEOI(data) }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return !pngReachesIEND(data) }
        if data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return tiffDataBeyondEnd(data)
        }
        return false
    }

    /// Walks the JPEG's marker segments to its EOI (not a thumbnail's: APP1 is skipped
    /// whole). Stray bytes before a marker are skipped as libjpeg does (it warns about
    /// "extraneous bytes" and decodes); entropy-coded data runs to the next marker that
    /// is neither a stuffed `FF 00` nor a restart marker.
    static func jpegReachesEOI(_ data: [UInt8]) -> Bool {
        let end = data.count
        var i = 2
        while true {
            while i < end, data[i] != 0xFF { i += 1 }  // extraneous bytes
            while i < end, data[i] == 0xFF { i += 1 }  // fill bytes
            guard i < end else { return false }
            let code = data[i]
            i += 1
            switch code {
            case 0xD9: return true
            case 0xD0...0xD7, 0x01, 0x00: continue
            default:
                guard i + 1 < end else { return false }
                let length = Int(data[i]) << 8 | Int(data[i + 1])
                guard length >= 2 else { return false }
                i += length
                if code == 0xDA {
                    while true {
                        guard i + 1 < end else { return false }
                        if data[i] == 0xFF, data[i + 1] != 0x00, !(0xD0...0xD7).contains(data[i + 1]) { break }
                        i += 1
                    }
                }
            }
        }
    }

    /// Walks the PNG's chunks (length, type, data, CRC) to IEND.
    static func pngReachesIEND(_ data: [UInt8]) -> Bool {
        var i = 8
        while i + 8 <= data.count {
            let length = Int(be32(data, i))
            let isEnd = data[i + 4] == 0x49 && data[i + 5] == 0x45 && data[i + 6] == 0x4E && data[i + 7] == 0x44
            let next = i + 12 + length
            guard next <= data.count else { return false }
            if isEnd { return true }
            i = next
        }
        return false
    }

    /// True when the first image's strips (or tiles) lie past the end of the file.
    static func tiffDataBeyondEnd(_ data: [UInt8]) -> Bool {
        let little = data[0] == 0x49
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= data.count else { return nil }
            return little ? Int(data[at]) | Int(data[at + 1]) << 8 : Int(data[at]) << 8 | Int(data[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= data.count else { return nil }
            return little ? Int(le32(data, at)) : Int(be32(data, at))
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return true }
        // Tag → (type, count, offset of the value or of the array).
        var fields: [Int: (type: Int, count: Int, at: Int)] = [:]
        for n in 0..<count {
            let e = ifd + 2 + 12 * n
            guard let tag = u16(e), let type = u16(e + 2), let c = u32(e + 4) else { return true }
            let size = (type == 3 ? 2 : 4) * c
            fields[tag] = (type, c, size <= 4 ? e + 8 : (u32(e + 8) ?? Int.max / 2))
        }
        func values(_ tag: Int) -> [Int]? {
            guard let f = fields[tag], f.type == 3 || f.type == 4, f.count < 1 << 24 else { return nil }
            var out: [Int] = []
            out.reserveCapacity(f.count)
            for k in 0..<f.count {
                guard let v = f.type == 3 ? u16(f.at + 2 * k) : u32(f.at + 4 * k) else { return nil }
                out.append(v)
            }
            return out
        }
        // Strips (273, 279) or tiles (324, 325).
        for (offsetsTag, countsTag) in [(273, 279), (324, 325)] where fields[offsetsTag] != nil {
            guard let offsets = values(offsetsTag), let counts = values(countsTag), offsets.count == counts.count else {
                return true
            }
            return zip(offsets, counts).contains { $0 + $1 > data.count }
        }
        return false
    }

    static func be32(_ d: [UInt8], _ i: Int) -> UInt32 {
        UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3])
    }

    static func le32(_ d: [UInt8], _ i: Int) -> UInt32 {
        UInt32(d[i]) | UInt32(d[i + 1]) << 8 | UInt32(d[i + 2]) << 16 | UInt32(d[i + 3]) << 24
    }
}
