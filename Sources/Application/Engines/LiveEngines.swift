import BarcodeScanning
import Foundation
import Imaging
import Reading
import Settings
import Station
import SleeveCore

/// The per-frame barcode pass: zbar's plain pass over every eighth line, alternating
/// between two interleaved sets of lines from frame to frame, with its quality for the
/// cross-frame confirmation.
///
/// Two consecutive frames read every fourth line, as each frame did before at 41 % of a
/// 1080p frame's instructions; now a frame's pass costs half. A code in view is crossed
/// by dozens of lines either way; it is confirmed by the tally (seen in two frames) more
/// often than by one strong frame, so some codes are confirmed a frame (33 ms) later
/// (`bench barcodes` counts frames to confirmation per image).
package final class ZbarFramePass: FrameBarcodeScanning {
    package let zbar = ZbarVideoScanner(density: 8)
    private var frames = 0

    package func sightings(in image: GrayImage) -> [BarcodeConfirmation.Sighting] {
        defer { frames += 1 }
        let offset = frames % 2 == 0 ? 0 : zbar.density / 2
        return zbar.scan(image, lineOffset: offset).map { BarcodeConfirmation.Sighting($0.barcode, quality: $0.quality) }
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
