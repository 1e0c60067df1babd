import SleeveCore

/// A photograph from a camera (a phone, a digital camera), told by the camera's make or
/// model in the file's EXIF data, and what follows when its sleeve is not found.
///
/// A scan or a shop's image is the cover itself: read whole, its largest type is the
/// sleeve's. A camera photo is a scene: a sleeve held up in front of a wall of magazines
/// (gathered IMG_5378, IMG_5395) whose outline the detector did not find gave the
/// magazines' headlines as artist ("KEY RISIN", "THE BEATL"), title ("Wine") and label
/// ("SCOTT WEILAND + AALIYAH" off a "©" line). Without the outline nothing tells the
/// sleeve's print from the scene's, so no name is taken from it: null is honest. The
/// lines stay in the record for a person, and a tracklist still needs its aligned list.
/// A catalog number stays too: it has a code's shape headlines do not have, and the
/// one read on gathered IMG_5390 (LSP-3766, also no outline) is the sleeve's.
enum CameraPhoto {
    static let sceneWarning = "no sleeve outline in a camera photo: artist, title and label not taken from the scene"

    /// The text fields a scene's print would fill wrongly.
    static let sceneFields: [SleeveRecord.TextField] = [.artist, .title, .label]

    /// `record` read from a camera photo whose outline was looked for and not found,
    /// with the names set aside.
    static func settingSceneFieldsAside(_ record: inout SleeveRecord) {
        guard record.kind == .sleeve, record.document == nil,
              record.warnings.contains(DocumentStage.noOutlineWarning) else { return }
        for field in sceneFields { record[field] = nil }
        record.warnings.append(sceneWarning)
    }

    /// Whether the file's EXIF data (a JPEG's APP1 segment or a TIFF's first directory)
    /// names the camera's make (0x010F) or model (0x0110). Reads only the headers,
    /// bounded by the segment lengths.
    static func isCameraPhoto(_ data: [UInt8]) -> Bool {
        if data.starts(with: [0xFF, 0xD8]) { return fromJPEG(data) }
        if data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return namesCamera(data[...])
        }
        return false
    }

    static func fromJPEG(_ data: [UInt8]) -> Bool {
        var i = 2
        while i + 4 <= data.count, data[i] == 0xFF {
            let marker = data[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            if marker == 0xFF { i += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return false }
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2, i + 2 + length <= data.count else { return false }
            let body = i + 4
            if marker == 0xE1, length >= 8, Array(data[body..<(body + 6)]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return namesCamera(data[(body + 6)..<(i + 2 + length)])
            }
            i += 2 + length
        }
        return false
    }

    /// The first image directory of the TIFF structure `d` holds a make or model tag
    /// with at least one letter in it.
    static func namesCamera(_ d: ArraySlice<UInt8>) -> Bool {
        let base = d.startIndex
        guard d.count >= 8 else { return false }
        let little = d[base] == 0x49
        func u16(_ o: Int) -> Int? {
            let p = base + o
            guard o >= 0, p + 2 <= d.endIndex else { return nil }
            return little ? Int(d[p]) | Int(d[p + 1]) << 8 : Int(d[p]) << 8 | Int(d[p + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let lo = u16(little ? o : o + 2), let hi = u16(little ? o + 2 : o) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return false }
        for k in 0..<min(count, 1000) {
            let entry = ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return false }
            guard tag == 0x010F || tag == 0x0110, let type = u16(entry + 2), type == 2,
                  let length = u32(entry + 4), length > 1 else { continue }
            // ASCII of up to four bytes sits in the entry itself, else at an offset.
            guard let start = length <= 4 ? Optional(entry + 8) : u32(entry + 8),
                  start >= 0, base + start + length <= d.endIndex else { continue }
            if d[(base + start)..<(base + start + length)].contains(where: { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) {
                return true
            }
        }
        return false
    }
}
