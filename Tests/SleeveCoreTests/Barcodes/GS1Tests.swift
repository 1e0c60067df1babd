import Testing
@testable import SleeveCore

/// GS1 values as the record gives them, whichever reader found them (moved from the zbar
/// wrapper, which had no tests of its own for them).
@Suite struct GS1Tests {
    @Test func upcAComesAs12DigitsWithItsCheckDigitComputed() {
        #expect(GS1.normalised("0036000291452", .upcA) == ("036000291452", true))
        #expect(GS1.normalised("036000291452", .upcA) == ("036000291452", true))
        #expect(GS1.normalised("036000291453", .upcA) == ("036000291453", false))
        // 13 digits that do not start with 0 are no UPC-A.
        #expect(GS1.normalised("5012981255015", .upcA) == ("5012981255015", false))
    }

    @Test func eanKeepsItsDigitsAndChecksThem() {
        #expect(GS1.normalised("5012981255015", .ean13) == ("5012981255015", true))
        #expect(GS1.normalised("5012981255016", .ean13) == ("5012981255016", false))
        #expect(GS1.normalised("96385074", .ean8) == ("96385074", true))
        #expect(GS1.normalised("96385075", .ean8) == ("96385075", false))
    }

    @Test func upcEReportedExpandedComesBackAs8Digits() {
        // 01234505 expands to 012000003455.
        #expect(CheckDigit.expandUPCE("01234505") == "012000003455")
        #expect(GS1.normalised("012000003455", .upcE) == ("01234505", true))
        #expect(GS1.normalised("0012000003455", .upcE) == ("01234505", true))
        #expect(GS1.normalised("01234505", .upcE) == ("01234505", true))
        #expect(GS1.normalised("01234506", .upcE) == ("01234506", false))
    }

    @Test func codesWithoutACheckDigitAreTakenAsRead() {
        #expect(GS1.normalised("PRICE 12.50", .code128) == ("PRICE 12.50", true))
        #expect(GS1.normalised("https://example.org", .qr) == ("https://example.org", true))
    }

    /// Every UPC-E pattern (last digit 0–9) compresses back from its expansion.
    @Test(arguments: ["01234505", "01234514", "01234523", "01234531", "01234543", "01234558", "01234565", "01234572",
                      "01234589", "01234596", "11234562"])
    func compressionInvertsExpansion(upce: String) throws {
        let a = try #require(CheckDigit.expandUPCE(upce))
        #expect(GS1.compressUPCA(a) == upce)
    }

    @Test func aUPCAThatNoUPCEExpandsToHasNoCompression() {
        #expect(GS1.compressUPCA("036000291452") == nil)
        #expect(GS1.compressUPCA("12345") == nil)
    }

    /// Printed digits are classified in one place: the page reader's printed codes and
    /// the digits read under undecoded bars both ask here (an 8-digit code was EAN-8 in
    /// one and EAN-13 in the other).
    @Test func printedDigitsAreClassifiedByLengthAndCheckDigit() {
        #expect(GS1.symbology(ofPrintedDigits: "5012981255015") == .ean13)
        #expect(GS1.symbology(ofPrintedDigits: "036000291452") == .upcA)
        #expect(GS1.symbology(ofPrintedDigits: "96385074") == .ean8)
        // Not a valid EAN-8, but a UPC-E whose expansion's check digit holds.
        #expect(!CheckDigit.isValidGTIN("01234505") && CheckDigit.isValidUPCE("01234505"))
        #expect(GS1.symbology(ofPrintedDigits: "01234505") == .upcE)
    }

    /// The identify key reads an 8-digit code the same way: EAN-8 kept as 8 digits,
    /// UPC-E expanded to its GTIN-13.
    @Test func theIdentifyKeyAgreesOnEightDigitCodes() {
        #expect(BarcodeKey.normalise("96385074") == BarcodeKey(key: "96385074", valid: true))
        #expect(BarcodeKey.normalise("01234505") == BarcodeKey(key: "0012000003455", valid: true))
    }
}
