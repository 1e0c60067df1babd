import Foundation
import Reading
import Settings
import SleeveCore
import Station

/// The live station put together for a mode: the per-frame analysis, the OCR worker
/// (its reader at one core less than the machine has), the record writer through the
/// sink, the preview encoder and the disk-space floor. `live`, the live benchmarks and
/// the tests build their stations here, so they run what a station runs.
package struct StationAssembly {
    package var mode: String
    package var config: Configuration
    /// Where records go.
    package var folder: String
    /// `source.device` in the records.
    package var device: String
    /// Shown on the status page and in the log.
    package var sourceName: String
    /// Identification and the catalogue.
    package var sink = RecordSink()
    /// Run after each record is written (`live --mode deadwax`: the dead-wax record joins
    /// its sleeve); returns the records it rewrote, which the status page then shows.
    package var afterWrite: ((WrittenRecord) -> [WrittenRecord])?
    /// Without OCR, records carry the barcodes and pictures only (a benchmark's first pass).
    package var ocr = true
    /// The wall-clock date of the run's frame time 0 (names and `capturedAt`).
    package var startedAt = Date()

    package init(mode: String, config: Configuration, folder: String, device: String, sourceName: String) {
        self.mode = mode
        self.config = config
        self.folder = folder
        self.device = device
        self.sourceName = sourceName
    }

    /// The station; throws when the OCR engine cannot start.
    package func station(status: (any StatusSink)?, events: @escaping (LiveEvent) -> Void) throws -> LiveStation {
        let settings = LiveSettings(config)
        let started = startedAt
        var writer = LiveRecordWriter(folder: folder, kind: mode == "deadwax" ? .deadwax : .sleeve, device: device,
                                      encoder: LeptonicaJPEG(), hashing: LibcryptoHashing(), startedAt: started,
                                      date: { started.addingTimeInterval($0) })
        writer.sink = sink
        let worker = ocr ? ReadWorker(reader: try Engines.frameReader(mode: mode, config: config, device: device),
                                      keepsRectified: mode != "deadwax", device: device) : nil
        let station = LiveStation(logic: StationLogic(settings: settings), analyser: Engines.frameAnalyser(mode: mode, settings: settings),
                                  worker: worker, writer: writer, status: status, sourceName: sourceName, events: events)
        station.afterWrite = afterWrite
        station.previewEncoder = LeptonicaJPEG()
        let floor = DiskSpaceFloor(folder: folder, floorMB: config[.diskFloorMB])
        station.spaceCheck = {
            let check = floor.check()
            return (check.allowed, check.reason)
        }
        return station
    }
}
