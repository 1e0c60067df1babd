internal import CLeptonica
import SleeveCore

extension Leptonica {
    /// A JPEG no larger than `maxSide` on its longer side, from an encoded image
    /// (JPEG, PNG, TIFF…), for the status page. Colour is kept; leptonica's area-mapped
    /// scaling keeps small print from aliasing into noise.
    public func thumbnail(of data: [UInt8], maxSide: Int, maxPixels: Int, quality: Int = 80) throws -> [UInt8] {
        let (w, h) = try dimensions(of: data)
        guard w * h <= maxPixels else { throw ImageInputError.tooLarge(width: w, height: h, limit: maxPixels) }
        var pix = try decode(data)
        // JPEG takes 8 bpp gray or 32 bpp colour without a colour map.
        if !(pix.depth == 32 || (pix.depth == 8 && pixGetColormap(pix.raw) == nil)) {
            guard let full = Pix(pixConvertTo32(pix.raw)) else {
                throw ImageInputError.undecodable("leptonica could not convert it")
            }
            pix = full
        }
        let factor = Double(maxSide) / Double(max(w, h))
        if factor < 1, let small = Pix(pixScale(pix.raw, Float(factor), Float(factor))) { pix = small }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = pixWriteMemJpeg(&bytes, &size, pix.raw, Int32(quality), 0)
        defer { free(bytes) }
        guard status == 0, let bytes else { throw ImageInputError.undecodable("leptonica could not encode the thumbnail") }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}
