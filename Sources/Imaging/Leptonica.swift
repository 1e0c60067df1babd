internal import CLeptonica
import JPEGDecoding
import SleeveCore

/// Image decoding, encoding, deskew and warps through leptonica.
public struct Leptonica: ImageDecoding, Deskewing, Resampling {
    /// Whether header reads capture what libjpeg, libpng and libtiff print (see
    /// `LibraryMessages`): for reading files and scans, whose records carry it; the
    /// live loop's frames have no record of their own to hold it.
    public var capturesLibraryMessages = false

    public init(capturingLibraryMessages: Bool = false) {
        // Leptonica reports every failure on stderr; ours are reported once, with the
        // file's name, by the caller.
        _ = setMsgSeverity(6)  // L_SEVERITY_NONE
        capturesLibraryMessages = capturingLibraryMessages
    }

    public func dimensions(of data: [UInt8]) throws -> (width: Int, height: Int) {
        guard !data.isEmpty else { throw ImageInputError.empty }
        var format: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0
        func readHeader() -> Int32 {
            data.withUnsafeBufferPointer { pixReadHeaderMem($0.baseAddress, $0.count, &format, &w, &h, &bps, &spp, &cmap) }
        }
        var status: Int32 = 0, messages: [String] = []
        if capturesLibraryMessages { (status, messages) = LibraryMessages.capturing(readHeader) } else { status = readHeader() }
        guard status == 0, format != 0, w > 0, h > 0 else {
            // A damaged header of a known format: what the library said is the reason.
            if !messages.isEmpty { throw ImageInputError.undecodable("its header is damaged: " + messages.joined(separator: "; ")) }
            throw ImageInputError.notAnImage
        }
        return (Int(w), Int(h))
    }

    /// An RGB image as gray, by the same luminance weights decoding a colour file to
    /// gray uses: a scanned page read from memory gives the record its file would.
    public func gray(_ image: RGBImage) -> GrayImage {
        Pix(rgb: image).grayImage()
    }

    public func decodeGray(_ data: [UInt8]) throws -> GrayImage {
        try decode(data).grayImage()
    }

    /// Decodes with the libraries' messages on stderr captured: they come back as
    /// warnings, or in the error when nothing could be decoded.
    public func decodeGrayReportingWarnings(_ data: [UInt8]) throws -> (image: GrayImage, warnings: [String]) {
        let (pix, warnings) = try decodeReportingWarnings(data)
        return (pix.grayImage(), warnings)
    }

    /// The decoded image with what the libraries said of it on stderr as warnings, or
    /// an error holding what they said when nothing could be decoded.
    private func decodeReportingWarnings(_ data: [UInt8]) throws -> (pix: Pix, warnings: [String]) {
        let (pix, messages) = try LibraryMessages.capturing { () throws -> Pix? in
            do { return try decode(data) } catch ImageInputError.undecodable { return nil }
        }
        guard let pix else {
            let said = messages.isEmpty ? "" : ": " + messages.joined(separator: "; ")
            throw ImageInputError.undecodable("leptonica could not read it\(said)")
        }
        return (pix, messages.map { "decoder: \($0)" })
    }

    /// One decode, two planes: the luminance, and for a colour image its lightest
    /// channel (coloured marks lifted towards the paper's tone).
    public func decodeGrayLiftingMarks(_ data: [UInt8]) throws -> (image: GrayImage, marksLifted: GrayImage?, warnings: [String]) {
        // A JPEG straight from libjpeg into both planes: on an 8 MP photo about 45 ms
        // instead of 86-92 through leptonica's 32-bit image and its two conversions.
        if data.starts(with: [0xFF, 0xD8]) {
            _ = try dimensions(of: data)
            if ImageCompleteness.isTruncated(data) { throw ImageInputError.truncated }
            if case let .decoded(gray, lightest) = JPEGGrayPlanes.decode(data) { return (gray, lightest, []) }
        }
        return try decodeGrayLiftingMarksThroughLeptonica(data)
    }

    /// The same planes through leptonica's reader and conversions: every format, and a
    /// JPEG libjpeg decodes only with warnings (which leptonica refuses in libjpeg's
    /// words, or decodes with them in `warnings`).
    func decodeGrayLiftingMarksThroughLeptonica(_ data: [UInt8]) throws -> (image: GrayImage, marksLifted: GrayImage?, warnings: [String]) {
        let (pix, warnings) = try decodeReportingWarnings(data)
        let lifted = pix.depth == 32 ? Pix(pixConvertRGBToGrayMinMax(pix.raw, Int32(L_CHOOSE_MAX)))?.grayImage() : nil
        return (pix.grayImage(), lifted, warnings)
    }

    /// A colour image's red, green and blue channels, each as a gray plane (as
    /// stored); nil for a gray or palette image.
    public func decodeColourChannels(_ data: [UInt8]) throws -> [GrayImage]? {
        // Read once already for gray: what the libraries said of it is in that record.
        let (pix, _) = try decodeReportingWarnings(data)
        guard pix.depth == 32 else { return nil }
        return [COLOR_RED, COLOR_GREEN, COLOR_BLUE].compactMap { Pix(pixGetRGBComponent(pix.raw, Int32($0)))?.grayImage() }
    }

    public func decodeRGB(_ data: [UInt8]) throws -> RGBImage {
        try decode(data).rgbImage()
    }

    /// A JPEG's luminance at 1/`factor` of its size (2, 4 or 8), decoded straight from
    /// the DCT coefficients with no colour: libjpeg scales its inverse DCT, so a
    /// 1080p frame halved costs a fraction of a full decode. nil for data that is not a
    /// JPEG or a factor libjpeg cannot scale by. Sizes round up (libjpeg's rule).
    public func decodeLuminance(_ data: [UInt8], reducedBy factor: Int) throws -> GrayImage? {
        guard data.starts(with: [0xFF, 0xD8]), [2, 4, 8].contains(factor) else { return nil }
        if ImageCompleteness.isTruncated(data) { throw ImageInputError.truncated }
        // libjpeg straight into the gray image (every live frame comes here); leptonica's
        // reader, the same libjpeg decode, only for what that does not take.
        switch JPEGLuminance.decode(data, reducedBy: factor) {
        case let .decoded(image): return image
        case .failed: throw ImageInputError.undecodable("libjpeg could not read it")
        case .notHandled: return try decodeLuminanceThroughLeptonica(data, reducedBy: factor)
        }
    }

    /// The same decode through leptonica's JPEG reader.
    func decodeLuminanceThroughLeptonica(_ data: [UInt8], reducedBy factor: Int) throws -> GrayImage {
        var warnings: Int32 = 0
        let pix = data.withUnsafeBufferPointer {
            Pix(pixReadMemJpeg($0.baseAddress, $0.count, 0, Int32(factor), &warnings, Int32(L_JPEG_READ_LUMINANCE)))
        }
        guard let pix else { throw ImageInputError.undecodable("leptonica could not read it") }
        return pix.grayImage()
    }

    func decode(_ data: [UInt8]) throws -> Pix {
        _ = try dimensions(of: data)
        // libjpeg treats a missing end as a warning and pads the picture with gray, and
        // leptonica reads a cut-off TIFF's missing strips as whatever its buffer held:
        // check the structure first (bytes after the end are allowed).
        if ImageCompleteness.isTruncated(data) { throw ImageInputError.truncated }
        let pix = data.withUnsafeBufferPointer { Pix(pixReadMem($0.baseAddress, $0.count)) }
        guard let pix else { throw ImageInputError.undecodable("leptonica could not read it") }
        return pix
    }

    /// Finds the skew of text lines (leptonica's sweep-and-search over a binarised
    /// copy) and rotates it away. Angles under 0.1° are left alone: rotating costs
    /// interpolation blur for nothing.
    public func deskew(_ image: GrayImage) -> (image: GrayImage, degrees: Double) {
        let pix = Pix(gray: image)
        var angle: Float = 0, conf: Float = 0
        // Sweep ±7° on a 2×-reduced image first, then a binary search to 0.01°.
        guard let out = Pix(pixDeskewGeneral(pix.raw, 2, 7, 1, 2, 0, &angle, &conf)) else {
            return (image, 0)
        }
        // pixDeskewGeneral returns a copy unrotated when the confidence is low or the
        // angle tiny; report what it did.
        guard conf >= 3, abs(angle) >= 0.1 else { return (image, 0) }
        return (out.grayImage(), Double(angle))
    }

    /// Scales by `factor` (area-mapped when shrinking, linear when growing). Each side
    /// keeps at least one pixel: leptonica returns NULL for a side that would round to 0
    /// (a 1×3600 strip halved).
    public func scale(_ image: GrayImage, by factor: Double) -> GrayImage {
        guard image.width > 0, image.height > 0 else { return image }
        let pix = Pix(gray: image)
        let sx = Float(max(factor, 1 / Double(image.width))), sy = Float(max(factor, 1 / Double(image.height)))
        guard let scaled = Pix(pixScale(pix.raw, sx, sy)) else { return image.scaled(by: factor).image }
        return scaled.grayImage()
    }

    public enum Format: Sendable { case png, jpeg(quality: Int) }

    /// Encodes an RGB image.
    public func encode(_ image: RGBImage, as format: Format) throws -> [UInt8] {
        try encode(Pix(rgb: image), as: format)
    }

    /// Encodes a gray image.
    public func encode(_ image: GrayImage, as format: Format) throws -> [UInt8] {
        try encode(Pix(gray: image), as: format)
    }

    private func encode(_ pix: Pix, as format: Format) throws -> [UInt8] {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status: Int32
        switch format {
        case .png: status = pixWriteMemPng(&bytes, &size, pix.raw, 0)
        case let .jpeg(q): status = pixWriteMemJpeg(&bytes, &size, pix.raw, Int32(q), 0)
        }
        defer { free(bytes) }
        guard status == 0, let bytes else { throw ImageInputError.undecodable("leptonica could not encode the image") }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}

extension Leptonica {
    /// The linked leptonica's version ("leptonica-1.82.0").
    public static var libraryVersion: String {
        guard let v = getLeptonicaVersion() else { return "unknown" }
        defer { free(v) }
        return String(cString: v)
    }
}
