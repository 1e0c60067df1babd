import Foundation
import SleeveCore
import Reading
import Settings

/// Decoded frames from encoded bytes, with decoding failures as `FrameSourceError`:
/// a replay's frames, and a camera's own MJPEG.
public enum FrameDecoding {
    /// `markersWalked`: the caller cut the data out of a stream by walking its markers to
    /// the end of the image, so it is known complete (the check would walk them again).
    public static func decode(_ data: [UInt8], with decoder: any ImageDecoding, sequence: Int, timestamp: Double,
                       name: String, maxPixels: Int, markersWalked: Bool = false) throws(FrameSourceError) -> Frame {
        try checked(data, sequence: sequence, name: name, markersWalked: markersWalked) {
            _ = try size(of: data, decoder, maxPixels: maxPixels)
            return Frame(try decoder.decodeGray(data), sequence: sequence, timestamp: timestamp)
        }
    }

    /// A frame for the live loop: when the analysis wants the frame reduced by 2, 4 or
    /// 8 and the data is a JPEG, its luminance decoded at that size (libjpeg scales the
    /// inverse DCT: a fraction of a full decode) and the whole frame decoded, as
    /// `decode` does, only if it is kept. Otherwise the whole frame, decoded now.
    public static func decodeForAnalysis(_ data: [UInt8], with decoder: any ImageDecoding, analysisSide: Int, sequence: Int,
                                  timestamp: Double, name: String, maxPixels: Int,
                                  markersWalked: Bool = false) throws(FrameSourceError) -> LiveFrame {
        try checked(data, sequence: sequence, name: name, markersWalked: markersWalked) {
            let (width, height) = try size(of: data, decoder, maxPixels: maxPixels)
            let factor = LiveFrame.reduction(width: width, height: height, to: analysisSide)
            if factor > 1, let luminance = try decoder.decodeLuminance(data, reducedBy: factor) {
                let picture = FramePicture(width: width, height: height) { try decoder.decodeGray(data) }
                return LiveFrame(picture: picture, luminance: luminance, sequence: sequence, timestamp: timestamp)
            }
            return LiveFrame(Frame(try decoder.decodeGray(data), sequence: sequence, timestamp: timestamp))
        }
    }

    /// The header's size claim, checked before decoding, as `read` does: a few bytes
    /// declaring 40000×40000 must not cost gigabytes.
    private static func size(of data: [UInt8], _ decoder: any ImageDecoding, maxPixels: Int) throws -> (Int, Int) {
        let size = try decoder.dimensions(of: data)
        guard size.width * size.height <= maxPixels else {
            throw ImageInputError.tooLarge(width: size.width, height: size.height, limit: maxPixels)
        }
        return size
    }

    /// Runs `body` with decoding failures turned into `FrameSourceError`s naming the frame.
    private static func checked<T>(_ data: [UInt8], sequence: Int, name: String, markersWalked: Bool,
                                   _ body: () throws -> T) throws(FrameSourceError) -> T {
        // A JPEG cut short can lose its tables too, and then no longer looks like an
        // image at all to the decoder; its marker structure still says what happened.
        if !markersWalked, data.starts(with: [0xFF, 0xD8]), case .truncated = JPEGStreamSplitter.next(in: data, from: 0) {
            throw FrameSourceError(kind: .truncated, sequence: sequence, reason: "\(name): the image data is cut off")
        }
        do {
            return try body()
        } catch ImageInputError.truncated {
            throw FrameSourceError(kind: .truncated, sequence: sequence, reason: "\(name): the image data is cut off")
        } catch let e as ImageInputError {
            throw FrameSourceError(kind: .undecodable, sequence: sequence, reason: "\(name): \(e.reason)")
        } catch {
            throw FrameSourceError(kind: .undecodable, sequence: sequence, reason: "\(name): \(error)")
        }
    }
}
