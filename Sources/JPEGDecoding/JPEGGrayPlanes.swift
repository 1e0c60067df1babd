internal import CJPEG
import SleeveCore

/// A whole JPEG decoded by libjpeg straight into the two planes a sleeve read uses: the
/// luminance, and for a colour image its lightest channel (see
/// `ImageDecoding.decodeGrayLiftingMarks`). The same pixels as leptonica's reader and
/// conversions give, without its 32-bit image in between: on an 8 MP photo half the
/// time.
public enum JPEGGrayPlanes {
    public enum Outcome: Equatable, Sendable {
        /// `lightest` is nil for a gray JPEG.
        case decoded(gray: GrayImage, lightest: GrayImage?)
        /// Not YCbCr or gray (CMYK, YCCK), or decoded only with warnings: for leptonica.
        case notHandled
        /// libjpeg gave up on the data.
        case failed
    }

    /// `data` a whole JPEG (the caller checks it is not cut off).
    public static func decode(_ data: [UInt8]) -> Outcome {
        data.withUnsafeBufferPointer { bytes -> Outcome in
            guard let base = bytes.baseAddress else { return .failed }
            var width: Int32 = 0, height: Int32 = 0, components: Int32 = 0
            let sized = sleevescan_jpeg_gray_planes(base, UInt(bytes.count), nil, nil, 0, &width, &height, &components)
            guard sized == Int32(SLEEVESCAN_JPEG_SIZED) else { return sized == Int32(SLEEVESCAN_JPEG_NOT_HANDLED) ? .notHandled : .failed }
            let w = Int(width), h = Int(height)
            guard w > 0, h > 0, components == 1 || components == 3 else { return .failed }
            var status = Int32(SLEEVESCAN_JPEG_FAILED)
            var lightest = [UInt8](repeating: 0, count: components == 3 ? w * h : 0)
            let gray = [UInt8](unsafeUninitializedCapacity: w * h) { buffer, count in
                status = lightest.withUnsafeMutableBufferPointer { lift in
                    sleevescan_jpeg_gray_planes(base, UInt(bytes.count), buffer.baseAddress, lift.baseAddress, w * h,
                                                &width, &height, &components)
                }
                // Unless decoded, the rows are zeroed: the array is dropped anyway, but it
                // must never hold uninitialised memory.
                if status != Int32(SLEEVESCAN_JPEG_DONE) { buffer.initialize(repeating: 0) }
                count = w * h
            }
            switch status {
            case Int32(SLEEVESCAN_JPEG_DONE):
                return .decoded(gray: GrayImage(width: w, height: h, pixels: gray),
                                lightest: lightest.isEmpty ? nil : GrayImage(width: w, height: h, pixels: lightest))
            case Int32(SLEEVESCAN_JPEG_NOT_HANDLED): return .notHandled
            default: return .failed
            }
        }
    }
}
