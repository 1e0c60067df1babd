/// The first image directory (IFD0) of a file's EXIF data: the TIFF structure in a
/// JPEG's APP1 "Exif" segment, or a TIFF file's own header. What the reader asks of a
/// file's headers (its orientation; whether a camera took it) is read here once.
/// Reads only the headers, bounded by the segment lengths, never past the data.
public struct ExifDirectory: Sendable {
    /// The TIFF structure, from its byte-order mark.
    let tiff: ArraySlice<UInt8>
    let littleEndian: Bool
    /// Offset of the directory's entry count within `tiff`.
    private(set) var directory = 0

    /// nil when the file carries no EXIF directory (or a damaged one).
    public init?(_ data: [UInt8]) {
        if data.starts(with: [0xFF, 0xD8]) {
            guard let segment = Self.exifSegment(data) else { return nil }
            tiff = segment
        } else if data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            tiff = data[...]
        } else {
            return nil
        }
        guard tiff.count >= 8 else { return nil }
        littleEndian = tiff[tiff.startIndex] == 0x49
        guard let ifd = u32(4), u16(ifd) != nil else { return nil }
        directory = ifd
    }

    /// The TIFF structure of the first APP1 "Exif\0\0" segment before the first scan.
    static func exifSegment(_ data: [UInt8]) -> ArraySlice<UInt8>? {
        var i = 2
        while i + 4 <= data.count, data[i] == 0xFF {
            let marker = data[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xFF { i += 1; continue }  // fill byte
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2, i + 2 + length <= data.count else { return nil }
            let body = i + 4
            if marker == 0xE1, length >= 8, Array(data[body..<(body + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return data[(body + 6)..<(i + 2 + length)]
            }
            i += 2 + length
        }
        return nil
    }

    /// The value of `tag` when it is a SHORT (type 3), held in the entry itself.
    public func short(_ tag: Int) -> Int? {
        guard let entry = entry(tag), u16(entry + 2) == 3 else { return nil }
        return u16(entry + 8)
    }

    /// The bytes of `tag` when it is ASCII (type 2): in the entry itself when they fit
    /// in four bytes, else at the offset it gives.
    public func ascii(_ tag: Int) -> ArraySlice<UInt8>? {
        guard let entry = entry(tag), u16(entry + 2) == 2, let length = u32(entry + 4) else { return nil }
        guard let start = length <= 4 ? entry + 8 : u32(entry + 8), start >= 0, start + length <= tiff.count else { return nil }
        return tiff[(tiff.startIndex + start)..<(tiff.startIndex + start + length)]
    }

    /// Offset of the first entry for `tag` (at most the first 1000 entries are read).
    func entry(_ tag: Int) -> Int? {
        guard let count = u16(directory) else { return nil }
        for k in 0..<min(count, 1000) {
            let entry = directory + 2 + 12 * k
            guard let t = u16(entry) else { return nil }
            if t == tag { return entry }
        }
        return nil
    }

    func u16(_ o: Int) -> Int? {
        guard o >= 0, o + 2 <= tiff.count else { return nil }
        let p = tiff.startIndex + o
        return littleEndian ? Int(tiff[p]) | Int(tiff[p + 1]) << 8 : Int(tiff[p]) << 8 | Int(tiff[p + 1])
    }

    func u32(_ o: Int) -> Int? {
        guard let lo = u16(littleEndian ? o : o + 2), let hi = u16(littleEndian ? o + 2 : o) else { return nil }
        return hi << 16 | lo
    }
}
