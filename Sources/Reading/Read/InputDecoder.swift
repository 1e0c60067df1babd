import Foundation
import SleeveCore

/// From an input's bytes to gray pixels and the record's `source`: the part every
/// reader (sleeve, dead wax) shares. The header is checked against the pixel limit
/// before anything is decoded, so an absurd size claim costs nothing.
public struct InputDecoder: Sendable {
    let decoder: any ImageDecoding
    let hashing: any ContentHashing
    let options: ReadOptions

    public init(decoder: any ImageDecoding, hashing: any ContentHashing, options: ReadOptions) {
        self.decoder = decoder
        self.hashing = hashing
        self.options = options
    }

    /// The image turned upright by its EXIF orientation (JPEG and TIFF), the
    /// orientation applied, and what the decoding library said of its data (warnings
    /// for the record).
    ///
    /// `marksLifted`: for a colour image, the same picture with coloured marks lifted
    /// (see `ImageDecoding.decodeGrayLiftingMarks`), upright too.
    func decode(_ data: [UInt8]) throws(ReadFailure)
        -> (gray: GrayImage, marksLifted: GrayImage?, orientation: ExifOrientation, warnings: [String]) {
        do {
            let size = try decoder.dimensions(of: data)
            guard size.width * size.height <= options.maxPixels else {
                throw ImageInputError.tooLarge(width: size.width, height: size.height, limit: options.maxPixels)
            }
            let (stored, lifted, warnings) = try decoder.decodeGrayLiftingMarks(data)
            let orientation = ExifOrientation.read(from: data) ?? .upright
            return (stored.turnedUpright(orientation).image, lifted?.turnedUpright(orientation).image, orientation, warnings)
        } catch let e as ImageInputError {
            throw ReadFailure(kind: .badData, reason: e.reason)
        } catch {
            throw ReadFailure(kind: .badData, reason: "\(error)")
        }
    }

    /// The decoded image and its `source`, with the decode time added to `timings`.
    func load(_ data: [UInt8], path: String, capturedAt: Date, timings: inout StageTimer) throws(ReadFailure)
        -> (gray: GrayImage, marksLifted: GrayImage?, source: SleeveRecord.Source, warnings: [String]) {
        let started = ContinuousClock.now
        let (gray, lifted, orientation, warnings) = try decode(data)
        timings.add("decode", since: started)
        return (gray, lifted, source(of: gray, file: data, path: path, capturedAt: capturedAt, orientation: orientation), warnings)
    }

    /// The record's `source` for `gray`, held in the file `bytes` at `path`.
    func source(of gray: GrayImage, file bytes: [UInt8], path: String, capturedAt: Date,
                orientation: ExifOrientation) -> SleeveRecord.Source {
        SleeveRecord.Source(
            path: path, width: gray.width, height: gray.height, sha256: hashing.sha256Hex(bytes), size: bytes.count,
            device: options.device, capturedAt: Self.timestamp(capturedAt), orientation: orientation.rawValue)
    }

    package static func timestamp(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }
}

extension ImageRecordReading {
    /// Reads the file at `path`; throws `ReadFailure` for anything that is not a
    /// complete image within the limits.
    public func read(path: String) throws(ReadFailure) -> SleeveRecord {
        let data = try FileInput.contents(of: path)
        return try read(data: data, path: path, capturedAt: FileInput.modificationDate(of: path) ?? Date())
    }

    /// Reads an image already decoded (a scanner's page), with the bytes of the file
    /// that will hold it (for the record's digest and size): nothing is decoded again.
    public func read(decoded gray: GrayImage, file bytes: [UInt8], path: String, capturedAt: Date = Date()) -> SleeveRecord {
        analyse(gray, source: inputs.source(of: gray, file: bytes, path: path, capturedAt: capturedAt, orientation: .upright),
                timings: StageTimer())
    }

    /// Reads an image already in memory (a scan, a frame, a file's bytes), through the
    /// reader's own `read(data:path:capturedAt:)`.
    public func read(data: [UInt8], path: String) throws(ReadFailure) -> SleeveRecord {
        try read(data: data, path: path, capturedAt: Date())
    }

    public func read(data: [UInt8], path: String, capturedAt: Date) throws(ReadFailure) -> SleeveRecord {
        try readFile(data: data, path: path, capturedAt: capturedAt)
    }

    /// Decodes the bytes within the limits and analyses the image: what every reader does
    /// with a file.
    public func readFile(data: [UInt8], path: String, capturedAt: Date) throws(ReadFailure) -> SleeveRecord {
        var timings = StageTimer()
        let input = try inputs.load(data, path: path, capturedAt: capturedAt, timings: &timings)
        var record = analyse(input.gray, marksLifted: input.marksLifted, source: input.source, timings: timings)
        // A camera photo whose sleeve was not found is a scene: no names from it.
        if CameraPhoto.isCameraPhoto(data) { CameraPhoto.settingSceneFieldsAside(&record) }
        record.warnings = input.warnings + record.warnings
        return record
    }
}
