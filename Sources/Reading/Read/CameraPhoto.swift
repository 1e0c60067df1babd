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
    /// names the camera's make (0x010F) or model (0x0110) with at least one letter.
    static func isCameraPhoto(_ data: [UInt8]) -> Bool {
        guard let exif = ExifDirectory(data) else { return false }
        return [0x010F, 0x0110].contains { tag in
            exif.ascii(tag)?.contains { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) } ?? false
        }
    }
}
