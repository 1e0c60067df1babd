internal import CJPEG
import SleeveCore

/// A JPEG's luminance decoded by libjpeg at 1/2, 1/4 or 1/8 of its size (the inverse
/// DCT scaled, a fraction of a whole decode) straight into a gray image: the live
/// loop's decode of every camera frame. Leptonica's reader gives the same pixels but
/// goes through a stdio stream and a pixel-by-pixel copy into its own image, then a
/// copy out of it: a fifth of the decode's work on a 1080p frame.
public enum JPEGLuminance {
    public enum Outcome: Equatable, Sendable {
        case decoded(GrayImage)
        /// Not a colour space whose luminance libjpeg gives directly (CMYK, YCCK):
        /// for a whole decode.
        case notHandled
        /// libjpeg gave up on the data.
        case failed
    }

    /// `factor` is 2, 4 or 8; `data` a whole JPEG (the caller checks it is not cut off).
    public static func decode(_ data: [UInt8], reducedBy factor: Int) -> Outcome {
        precondition([2, 4, 8].contains(factor), "libjpeg scales by 1/2, 1/4 or 1/8")
        return data.withUnsafeBufferPointer { bytes -> Outcome in
            guard let base = bytes.baseAddress else { return .failed }
            // First the header alone for the size, then the decode into an image that size.
            var width: Int32 = 0, height: Int32 = 0
            let sized = sleevescan_jpeg_luminance(base, UInt(bytes.count), Int32(factor), nil, 0, &width, &height)
            guard sized == Int32(SLEEVESCAN_JPEG_SIZED) else { return sized == Int32(SLEEVESCAN_JPEG_NOT_HANDLED) ? .notHandled : .failed }
            let w = Int(width), h = Int(height)
            guard w > 0, h > 0 else { return .failed }
            var status = Int32(SLEEVESCAN_JPEG_FAILED)
            let pixels = [UInt8](unsafeUninitializedCapacity: w * h) { buffer, count in
                status = sleevescan_jpeg_luminance(base, UInt(bytes.count), Int32(factor), buffer.baseAddress, w * h, &width, &height)
                // Unless decoded, the rows are zeroed: the array is dropped anyway, but it
                // must never hold uninitialised memory.
                if status != Int32(SLEEVESCAN_JPEG_DONE) { buffer.initialize(repeating: 0) }
                count = w * h
            }
            switch status {
            case Int32(SLEEVESCAN_JPEG_DONE): return .decoded(GrayImage(width: w, height: h, pixels: pixels))
            case Int32(SLEEVESCAN_JPEG_NOT_HANDLED): return .notHandled
            default: return .failed
            }
        }
    }
}
