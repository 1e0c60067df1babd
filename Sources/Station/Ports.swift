import SleeveCore

// The station's own protocols, in one place: what the loop asks of the per-frame
// barcode pass, of the encoder for the pictures it writes, and of whoever shows its
// status. Frame sources are the core's `FrameSource`.

/// The per-frame barcode pass: one plain decode of a (reduced) frame, each code with
/// the decoder's quality, corners in the given image's pixels. No variants: it must
/// keep up with the camera; the full reader runs with OCR.
public protocol FrameBarcodeScanning {
    func sightings(in image: GrayImage) -> [BarcodeConfirmation.Sighting]
}

/// Encodes frames for the files the station writes.
public protocol JPEGEncoding {
    func jpeg(_ image: GrayImage, quality: Int) throws -> [UInt8]
}

/// Receives status snapshots. Implementations must return at once (copy and hand off):
/// the live loop calls this on its own thread and must never wait on a reader.
public protocol StatusSink: AnyObject, Sendable {
    func publish(_ status: StationStatus)
}
