/// A barcode found on a capture.
public struct Barcode: Codable, Sendable, Hashable {
    public enum Symbology: String, Codable, Sendable {
        case ean13 = "EAN-13", ean8 = "EAN-8", upcA = "UPC-A", upcE = "UPC-E"
        case code128 = "Code 128", qr = "QR"

        /// Symbologies whose value carries a GS1 check digit.
        public var hasCheckDigit: Bool { self != .qr }
    }

    public enum Origin: String, Codable, Sendable {
        /// Decoded from the bars.
        case symbol
        /// Digits read by OCR that passed their check digit.
        case text
    }

    public var symbology: Symbology
    /// Digits only for EAN/UPC (UPC-A as 12 digits, UPC-E as 8).
    public var value: String
    public var checksumValid: Bool
    /// EAN-2 or EAN-5 add-on digits.
    @NullKept public var addon: String?
    /// A quadrilateral enclosing the symbol, in source-image pixels.
    public var corners: [[Double]]
    public var source: Origin

    public init(symbology: Symbology, value: String, checksumValid: Bool, addon: String? = nil,
                corners: [Point], source: Origin = .symbol) {
        self.symbology = symbology
        self.value = value
        self.checksumValid = checksumValid
        self.addon = addon
        self.corners = corners.map { [$0.x, $0.y] }
        self.source = source
    }
}
