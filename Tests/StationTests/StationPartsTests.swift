import Foundation
import Reading
import Settings
import Station
import SleeveCore
import StatusServer
import Testing

@Suite struct StationSettingsTests {
    @Test func defaultsListenOnLoopbackWithoutToken() throws {
        let s = try StatusServerSettings(configuration: Configuration())
        #expect(s.address == "127.0.0.1")
        #expect(s.port == 8080)
        #expect(s.token == nil)
    }

    @Test func aLANAddressNeedsAToken() throws {
        var c = Configuration()
        try c.set(.statusAddress, json: "0.0.0.0", origin: "test")
        #expect { try StatusServerSettings(configuration: c) } throws: {
            ($0 as? ConfigError)?.description.contains("'station.statusToken'") == true
        }
        try c.set(.statusToken, json: "a-long-secret", origin: "test")
        #expect(try StatusServerSettings(configuration: c).token == "a-long-secret")
    }

    @Test(arguments: ["localhost", "256.1.1.1", "10.0.0", "::1", "1.2.3.4.5"])
    func anAddressThatIsNotIPv4IsAnErrorNamingTheKey(address: String) throws {
        var c = Configuration()
        try c.set(.statusAddress, json: address, origin: "test")
        try c.set(.statusToken, json: "a-long-secret", origin: "test")
        #expect { try StatusServerSettings(configuration: c) } throws: {
            ($0 as? ConfigError)?.description.contains("'station.statusAddress'") == true
        }
    }

    @Test func aBusyPortIsAStartErrorNamingTheKey() throws {
        let f = try StationFixture()
        var s = StatusServerSettings()
        s.port = f.port
        #expect { try StatusServer(board: StatusBoard(), settings: s, outputFolder: f.folder.path) } throws: {
            "\($0)".contains("station.statusPort")
        }
    }

    @Test func configurationCanTurnThePageOff() throws {
        var c = Configuration()
        try c.set(.statusPage, json: false, origin: "test")
        #expect(try StatusServer.start(board: StatusBoard(), config: c, outputFolder: NSTemporaryDirectory()) == nil)
    }
}

@Suite struct DiskSpaceFloorTests {
    @Test func writingIsAllowedAboveTheFloorAndRefusedBelowIt() throws {
        let folder = NSTemporaryDirectory()
        let free = try #require(DiskSpaceFloor(folder: folder, floorMB: 0).check().freeBytes)
        #expect(free > 0)
        let low = DiskSpaceFloor(folder: folder, floorMB: Int(free / 2_000_000)).check()
        #expect(low.allowed)
        #expect(low.reason == nil)
        let high = DiskSpaceFloor(folder: folder, floorMB: Int(free / 1_000_000) * 2 + 1).check()
        #expect(!high.allowed)
        #expect(high.reason?.contains("station.diskFloorMB") == true)
        #expect(high.reason?.contains(folder) == true)
    }

    @Test func aMissingFolderStopsWritingAndSaysSo() {
        let check = DiskSpaceFloor(folder: "/nonexistent-\(UUID().uuidString)", floorMB: 1).check()
        #expect(!check.allowed)
        #expect(check.reason?.contains("No such file") == true)
    }
}

@Suite struct ResidentMemoryTests {
    @Test func readsTheKernelsFigureAndSeesMemoryBeingTouched() {
        let before = ProcessUsage.residentKiB()
        #expect((before ?? 0) > 1000)
        // 64 MiB written page by page must show in RSS.
        let size = 64 << 20
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { p.deallocate() }
        for i in stride(from: 0, to: size, by: 4096) { p[i] = UInt8(truncatingIfNeeded: i >> 12) }
        let after = ProcessUsage.residentKiB() ?? 0
        #expect(after - (before ?? 0) > 48 * 1024)
    }

    @Test func parsesStatusLines() {
        let text = "Name:\tsleevescan\nVmPeak:\t  200 kB\nVmRSS:\t   51234 kB\nThreads:\t3\n"
        #expect(ProcessUsage.parseKiB(field: "VmRSS", in: text) == 51234)
        #expect(ProcessUsage.parseKiB(field: "VmSwap", in: text) == nil)
    }

    @Test func summaryGivesGrowthPerHourAndCPUShare() throws {
        var sampler = ResidentMemorySampler()
        // 100 KiB a minute for ten minutes, with 3 s of CPU a minute.
        for minute in 0...10 {
            let seconds = Double(minute) * 60
            let kib = 50_000 + minute * 100
            let cpu = Double(minute) * 3
            sampler.record(ResidentMemorySampler.Sample(seconds: seconds, residentKiB: kib, cpuSeconds: cpu))
        }
        let s = try #require(sampler.summary)
        #expect(s.startKiB == 50_000)
        #expect(s.endKiB == 51_000)
        #expect(s.peakKiB == 51_000)
        #expect(abs(s.growthKiBPerHour - 6000) < 0.001)
        #expect(abs(s.cpuShare - 0.05) < 0.0001)
        let late = try #require(sampler.summary(afterWarmUp: 300))
        #expect(late.startKiB == 50_500)
        #expect(late.samples == 6)
    }
}

@Suite struct RecordFolderIndexTests {
    @Test func listsRecordsNewestFirstAndSkipsWhatIsNotARecord() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("station-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (i, name) in ["older", "newer"].enumerated() {
            var r = SleeveRecord(source: .init(path: "/captures/\(name).jpg", width: 10, height: 10, sha256: "", size: 1,
                                               device: "file", capturedAt: ""))
            r.artist = name.uppercased()
            r.tracks = [.init(position: "A1", title: "Song", duration: "3:00")]
            let path = folder.appendingPathComponent("\(name).json").path
            try AtomicFile.write(RecordJSON.encode(r), to: path)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(i))], ofItemAtPath: path)
            try Data([0xFF]).write(to: folder.appendingPathComponent("\(name).jpg"))
        }
        try #"{"not": "a record"}"#.write(to: folder.appendingPathComponent("stray.json"), atomically: false, encoding: .utf8)
        try "{".write(to: folder.appendingPathComponent("broken.json"), atomically: false, encoding: .utf8)

        let recent = RecordFolderIndex.recent(in: folder.path, limit: 10)
        #expect(recent.map(\.record.artist) == ["NEWER", "OLDER"])
        #expect(recent.first?.imageFile == "newer.jpg")
        #expect(recent.first?.record.tracks.count == 1)
        #expect(RecordFolderIndex.recent(in: folder.path, limit: 1).count == 1)
    }

    /// Bytes this process has read so far (`rchar` of /proc/self/io): a count, not a timing.
    static func bytesRead() throws -> Int {
        let io = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    @Test func aHugeFileIsSkippedWithoutBeingRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("station-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = SleeveRecord(source: .init(path: "a.jpg", width: 10, height: 10, sha256: "", size: 1, device: "file", capturedAt: ""))
        try AtomicFile.write(RecordJSON.encode(r), to: folder.appendingPathComponent("a.json").path)
        // `truncate -s 1G zz.json`: sparse, costs no disk, but a gigabyte to read.
        let huge = folder.appendingPathComponent("zz.json").path
        FileManager.default.createFile(atPath: huge, contents: nil)
        let h = try #require(FileHandle(forWritingAtPath: huge))
        try h.truncate(atOffset: 1 << 30)
        try h.close()

        let before = try Self.bytesRead()
        let recent = RecordFolderIndex.recent(in: folder.path, limit: 10)
        let read = try Self.bytesRead() - before
        #expect(recent.map(\.recordFile) == ["a.json"])
        #expect(read < 4_000_000, "read \(read) bytes")
    }
}
