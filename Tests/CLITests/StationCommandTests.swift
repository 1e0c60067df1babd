import ChildProcesses
import Foundation
import Testing

@Suite struct StationCommandTests {
    @Test func aLANAddressWithoutATokenIsAConfigErrorAtStart() throws {
        let out = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try CLIRunner.run(["station", "--out", out.path, "--address", "0.0.0.0", "--port", "0"])
        #expect(r.status == 78)
        #expect(r.stderr.hasPrefix("error: "))
        #expect(r.stderr.contains("station.statusToken"))
    }

    @Test func aMissingOutputFolderIsRefused() throws {
        let r = try CLIRunner.run(["station", "--out", "/nonexistent-\(UUID().uuidString)", "--port", "0"])
        #expect(r.status == 69)
        #expect(r.stderr.contains("output folder does not exist"))
    }

    @Test func servesTheFolderUntilTerminated() throws {
        let out = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let record = #"{"schemaVersion": 1, "kind": "sleeve", "artist": "Velvet Harbour", "source": {"path": "x.png"}}"#
        try record.write(to: out.appendingPathComponent("x.json"), atomically: true, encoding: .utf8)

        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["station", "--out", out.path, "--port", "0"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let child = ChildSignals(p)
        // The first line names the address, with the port the system chose.
        var said = ""
        while !said.contains("\n") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        let port = try #require(said.split(separator: ":").last.flatMap { UInt16($0.prefix { $0.isNumber }) }, "said: \(said)")
        #expect(said.hasPrefix("status page: http://127.0.0.1:"))

        let status = try httpGet(port: port, "/status.json")
        #expect(status.contains("\"artist\":\"Velvet Harbour\""))
        #expect(status.contains("\"recordFile\":\"x.json\""))

        child.send(SIGTERM)  // as systemd stops it
        let rest = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        #expect(String(decoding: rest, as: UTF8.self).contains("stopped"))
    }

    /// The token from a file or the environment guards the page, and is nowhere on
    /// the command line `ps` shows.
    @Test(arguments: ["file", "environment"])
    func theTokenCanStayOffTheCommandLine(from: String) throws {
        let out = try CLIRunner.scratch()
        defer { try? FileManager.default.removeItem(at: out) }
        let token = "kept-out-of-ps-4711"
        let tokenFile = out.appendingPathComponent("token").path
        try (token + "\n").write(toFile: tokenFile, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = CLIRunner.executable
        p.arguments = ["station", "--out", out.path, "--port", "0"] + (from == "file" ? ["--token-file", tokenFile] : [])
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SLEEVESCAN_CONFIG")
        if from == "environment" { env["SLEEVESCAN_STATUS_TOKEN"] = token }
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let child = ChildSignals(p)
        defer { child.send(SIGTERM); p.waitUntilExit() }
        var said = ""
        while !said.contains("\n") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said += String(decoding: chunk, as: UTF8.self)
        }
        let port = try #require(said.split(separator: "/").dropLast().last.flatMap { $0.split(separator: ":").last }.flatMap { UInt16($0) },
                                "said: \(said)")
        #expect(try httpGet(port: port, "/status.json").contains("401"))
        #expect(try httpGet(port: port, "/status.json?token=\(token)").contains("200 OK"))
        let cmdline = try String(decoding: Data(contentsOf: URL(fileURLWithPath: "/proc/\(p.processIdentifier)/cmdline")), as: UTF8.self)
        #expect(!cmdline.contains(token))
    }

    /// One GET over a plain socket; the body as text.
    func httpGet(port: UInt16, _ path: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var tv = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 else { throw POSIXError(.ECONNREFUSED) }
        let req = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        _ = req.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
