import BarcodeScanning
import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore

/// The per-frame barcode pass: zbar's plain pass over every fourth line, with its
/// quality for the cross-frame confirmation.
///
/// Every fourth, not every second: the pass was 45 % of a 1080p frame's work, and a
/// code in view is crossed by dozens of lines either way. Fewer lines give a lower
/// quality per frame, so a code is confirmed by the tally (seen in two frames) where
/// one strong frame used to do; the replayed bench recording writes the same records.
package final class ZbarFramePass: FrameBarcodeScanning {
    package let zbar = ZbarVideoScanner(density: 4)

    package func sightings(in image: GrayImage) -> [BarcodeConfirmation.Sighting] {
        zbar.scan(image).map { BarcodeConfirmation.Sighting($0.barcode, quality: $0.quality) }
    }
}

package struct LeptonicaJPEG: JPEGEncoding {
    package init() {}

    package func jpeg(_ image: GrayImage, quality: Int) throws -> [UInt8] {
        try Leptonica().encode(image, as: .jpeg(quality: quality))
    }
}

extension Engines {
    /// The per-frame analysis for a mode.
    package static func frameAnalyser(mode: String, settings: LiveSettings) -> FrameAnalyser {
        FrameAnalyser(finder: mode == "deadwax" ? .disc(DiscDetector()) : .sleeve(SleeveDetector()),
                      barcodes: ZbarFramePass(), barcodeWorkingSide: settings.barcodeWorkingSide)
    }

    /// The full reader the OCR worker runs.
    package static func frameReader(mode: String, config: Configuration, device: String) throws -> any FrameReading {
        // One core stays with the frame loop; the read gets the rest (on two cores, one).
        mode == "deadwax" ? try deadWaxReader(config: config, device: device)
            : try reader(config: config, device: device, spareCores: ProcessInfo.processInfo.activeProcessorCount - 2)
    }
}
