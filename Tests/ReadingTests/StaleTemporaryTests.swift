import Foundation
import Reading
import Settings
import Station
import Testing

/// Leftovers of a writer killed mid-write are cleaned up; a running writer's are not.
@Suite struct StaleTemporaryTests {
    @Test func aDeadWritersTemporaryIsRemovedWhenTheFolderIsNextWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A process that has exited: its PID names nobody now.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = ".X.json.\(gone.processIdentifier).tmp"
        let alive = ".Y.json.1.tmp"  // PID 1 runs as long as the machine does
        let notOurs = ".notes.tmp"
        for name in [dead, alive, notOurs] { FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("{".utf8)) }

        try AtomicFile.write(Array("{}\n".utf8), to: folder + "/Z.json")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left == [alive, notOurs, "Z.json"])
    }
}
