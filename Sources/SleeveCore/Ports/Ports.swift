/// Reading's and the station's view of the libraries they run on. Each C wrapper target conforms
/// one type to one of these; reading, the station and their tests see only the protocols.

/// Decodes image files into pixels, refusing bad input before it costs anything.
public protocol ImageDecoding: Sendable {
    /// Width and height from the header alone, without decoding the pixels.
    func dimensions(of data: [UInt8]) throws -> (width: Int, height: Int)
    /// The decoded image as 8-bit gray. Throws `ImageInputError` for data that is not
    /// a complete image.
    func decodeGray(_ data: [UInt8]) throws -> GrayImage
    /// As `decodeGray`, with what the decoding library said about damaged data (for the
    /// record's `warnings`) instead of letting it print.
    func decodeGrayReportingWarnings(_ data: [UInt8]) throws -> (image: GrayImage, warnings: [String])
    /// A JPEG's luminance at 1/`factor` of its size (2, 4 or 8), decoded straight from
    /// the DCT at that size; nil when the data is not a JPEG or the decoder cannot
    /// scale by `factor` (the caller decodes whole).
    func decodeLuminance(_ data: [UInt8], reducedBy factor: Int) throws -> GrayImage?
    /// As `decodeGrayReportingWarnings`, with a second plane from the same decode for a
    /// colour image: each pixel's lightest channel, in which coloured marks (an owner's
    /// red pen underline, a marker stroke) are nearly as light as the paper while black
    /// print stays dark. nil for an image without colour channels.
    func decodeGrayLiftingMarks(_ data: [UInt8]) throws -> (image: GrayImage, marksLifted: GrayImage?, warnings: [String])
    /// A colour image's red, green and blue channels as three gray planes, as stored
    /// (no EXIF turn), for edges between colours of one brightness; nil for an image
    /// without colour channels.
    func decodeColourChannels(_ data: [UInt8]) throws -> [GrayImage]?
}

extension ImageDecoding {
    public func decodeLuminance(_ data: [UInt8], reducedBy factor: Int) throws -> GrayImage? { nil }

    public func decodeGrayReportingWarnings(_ data: [UInt8]) throws -> (image: GrayImage, warnings: [String]) {
        (try decodeGray(data), [])
    }

    public func decodeGrayLiftingMarks(_ data: [UInt8]) throws -> (image: GrayImage, marksLifted: GrayImage?, warnings: [String]) {
        let (image, warnings) = try decodeGrayReportingWarnings(data)
        return (image, nil, warnings)
    }

    public func decodeColourChannels(_ data: [UInt8]) throws -> [GrayImage]? { nil }
}

/// Removes skew from a page image.
public protocol Deskewing: Sendable {
    /// The image rotated so its text lines are level, and the angle removed (degrees).
    func deskew(_ image: GrayImage) -> (image: GrayImage, degrees: Double)
}

/// Resamples images (area-mapped when shrinking).
public protocol Resampling: Sendable {
    func scale(_ image: GrayImage, by factor: Double) -> GrayImage
}

/// Word boxes from a page image.
public protocol TextRecognizing {
    /// Words with boxes normalised to the image (top-left origin) and confidences.
    func recognize(_ image: GrayImage) throws -> [RecognizedWord]
}

/// Reads an image known to hold one line of text (a run-out's text row cut from
/// its unwrapped band): the recogniser need not find the line itself.
public protocol LineRecognizing {
    /// Words with boxes normalised to the image (top-left origin) and confidences.
    func recognizeLine(_ image: GrayImage) throws -> [RecognizedWord]
}

/// Reads words together with each character's confidence and alternatives.
public protocol SymbolRecognizing {
    /// Words with boxes normalised to the image (top-left origin); `asLine` reads the
    /// image as a single line of text, otherwise with the engine's own segmentation.
    func recognizeSymbols(_ image: GrayImage, asLine: Bool) throws -> [SymbolWord]
}

/// Reads one small field whose characters are known (a duration: digits and a colon),
/// a second look at a cell the page-wide reading garbled.
public protocol FieldReading {
    /// The text in `region` (normalised to `image`) using only `characters`, or nil.
    func readField(_ image: GrayImage, region: Rect, characters: String) throws -> String?
}

/// Barcodes decoded from an image, corners in that image's pixels.
public protocol BarcodeReading {
    func read(_ image: GrayImage) -> [Barcode]
    /// As `read`, giving up between attempts once `shouldStop` says so (asked from the
    /// reading thread; another thread may have learnt the code meanwhile).
    func read(_ image: GrayImage, shouldStop: () -> Bool) -> [Barcode]
    /// As `read(_:shouldStop:)`, asking `searchFurther` once a plain look at the whole
    /// image has settled nothing: false ends the search there, with what that look read.
    func read(_ image: GrayImage, shouldStop: () -> Bool, searchFurther: () -> Bool) -> [Barcode]
}

extension BarcodeReading {
    /// A reader with a single attempt has nothing to give up.
    public func read(_ image: GrayImage, shouldStop: () -> Bool) -> [Barcode] { read(image) }
    /// A reader with a single attempt has no further search to skip.
    public func read(_ image: GrayImage, shouldStop: () -> Bool, searchFurther: () -> Bool) -> [Barcode] {
        read(image, shouldStop: shouldStop)
    }
}

/// Content digests for `source.sha256`.
public protocol ContentHashing: Sendable {
    func sha256Hex(_ data: [UInt8]) -> String
}

/// Why an input could not be read. The message names no file: callers add it.
public enum ImageInputError: Error, Equatable, Sendable {
    case empty
    case notAnImage
    case truncated
    case tooLarge(width: Int, height: Int, limit: Int)
    case undecodable(String)

    public var reason: String {
        switch self {
        case .empty: "the file is empty"
        case .notAnImage: "not an image (expected JPEG, PNG, TIFF, WebP, PNM or BMP)"
        case .truncated: "the image data is truncated (re-copy or re-export the file)"
        case let .tooLarge(w, h, limit):
            "image is \(w)×\(h) pixels, over the \(limit)-pixel limit (raise limits.maxPixels in the config to allow it)"
        case let .undecodable(why): "the image could not be decoded: \(why)"
        }
    }
}
