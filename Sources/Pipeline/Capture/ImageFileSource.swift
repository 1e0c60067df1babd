import Foundation
import SleeveCore

/// Image files as frames, one per file, in the order given.
public struct ImageFileSource: FrameSource {
    public let deviceName = "file"
    public let paths: [String]
    let decoder: any ImageDecoding
    /// Largest frame decoded, in pixels, checked from the header (`limits.maxPixels`).
    public var maxPixels = 100_000_000
    private var index = 0

    public init(paths: [String], decoder: any ImageDecoding) {
        self.paths = paths
        self.decoder = decoder
    }

    /// The path of the frame `nextFrame` returned or failed on last.
    public var currentPath: String? { index > 0 ? paths[index - 1] : nil }

    public mutating func nextFrame() throws -> Frame? {
        guard index < paths.count else { return nil }
        let path = paths[index]
        let sequence = index
        index += 1
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FrameSourceError(kind: .undecodable, sequence: sequence, reason: "\(path): cannot be read (check the path)")
        }
        return try FrameDecoding.decode([UInt8](data), with: decoder, sequence: sequence, timestamp: 0, name: path,
                                        maxPixels: maxPixels)
    }
}

/// Decoded frames from encoded bytes, with decoding failures as `FrameSourceError`.
enum FrameDecoding {
    static func decode(_ data: [UInt8], with decoder: any ImageDecoding, sequence: Int, timestamp: Double,
                       name: String, maxPixels: Int) throws(FrameSourceError) -> Frame {
        // A JPEG cut short can lose its tables too, and then no longer looks like an
        // image at all to the decoder; its marker structure still says what happened.
        if data.starts(with: [0xFF, 0xD8]), case .truncated = JPEGStreamSplitter.next(in: data, from: 0) {
            throw FrameSourceError(kind: .truncated, sequence: sequence, reason: "\(name): the image data is cut off")
        }
        do {
            // The header's size claim is checked before decoding, as `read` does: a few
            // bytes declaring 40000×40000 must not cost gigabytes.
            let size = try decoder.dimensions(of: data)
            guard size.width * size.height <= maxPixels else {
                throw ImageInputError.tooLarge(width: size.width, height: size.height, limit: maxPixels)
            }
            return Frame(try decoder.decodeGray(data), sequence: sequence, timestamp: timestamp)
        } catch ImageInputError.truncated {
            throw FrameSourceError(kind: .truncated, sequence: sequence, reason: "\(name): the image data is cut off")
        } catch let e as ImageInputError {
            throw FrameSourceError(kind: .undecodable, sequence: sequence, reason: "\(name): \(e.reason)")
        } catch {
            throw FrameSourceError(kind: .undecodable, sequence: sequence, reason: "\(name): \(error)")
        }
    }
}
