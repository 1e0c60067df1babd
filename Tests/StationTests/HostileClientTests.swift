import Foundation
import Reading
import Settings
import Station
import StatusServer
import Testing

/// The status page against clients that misbehave: none of them may read outside the
/// output folder, hold the server, or get in without the token.
@Suite struct HostileClientTests {
    @Test(arguments: [
        "/../../etc/passwd",
        "/files/../../etc/passwd",
        "/files/%2e%2e/%2e%2e/etc/passwd",
        "/files/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "/files/..%2f..%2f..%2fetc%2fpasswd",
        "/files/%252e%252e/%252e%252e/etc/passwd",
        "/files//etc/passwd",
        "/files/./photo-inline.json",
        "/files/sub/../../../etc/passwd",
        "/files/..\\..\\etc\\passwd",
        "/files/..%00/../etc/passwd",
        "/thumbs/../../etc/passwd",
        "/files/passwd-link.json",
        "/files/.hidden.json",
        "/files/notes.txt",
    ])
    func traversalAndUnlistedFilesAreRefused(target: String) throws {
        let f = try StationFixture()
        // A symlink inside the folder that leads out of it, a hidden file (as a
        // half-written record is), and a file type the page does not serve.
        try FileManager.default.createSymbolicLink(atPath: f.folder.appendingPathComponent("passwd-link.json").path,
                                                   withDestinationPath: "/etc/passwd")
        try "{}".write(to: f.folder.appendingPathComponent(".hidden.json"), atomically: false, encoding: .utf8)
        try "secret".write(to: f.folder.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        let c = try RawHTTPClient(port: f.port)
        c.send("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let (bytes, _) = c.readAll()
        let r = try #require(RawHTTPClient.parse(bytes), "no HTTP response for \(target)")
        #expect(r.status == 404 || r.status == 400, "\(target) gave \(r.status)")
        #expect(!r.text.contains("root:"))
        #expect(!r.text.contains("secret"))
        #expect(r.status != 200)
    }

    @Test func oversizedRequestsAreRefusedAndTheServerCarriesOn() throws {
        let f = try StationFixture()
        // Headers far past the per-connection memory limit (16 KiB).
        let big = try RawHTTPClient(port: f.port)
        big.send("GET / HTTP/1.1\r\nHost: x\r\nX-Padding: \(String(repeating: "a", count: 64 * 1024))\r\n\r\n")
        let (bytes, end) = big.readAll()
        #expect(end == .closed)
        let status = RawHTTPClient.parse(bytes)?.status
        #expect(status.map { (400..<500).contains($0) } ?? bytes.isEmpty, "got \(String(describing: status))")

        let longURL = try RawHTTPClient.get(port: f.port, "/files/" + String(repeating: "x", count: 4000) + ".json")
        #expect(longURL.status == 414)

        // A body on a GET is refused before it is read.
        let withBody = try RawHTTPClient(port: f.port)
        withBody.send("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nabc")
        #expect(RawHTTPClient.parse(withBody.readAll().bytes)?.status == 413)

        #expect(try RawHTTPClient.get(port: f.port, "/status.json").status == 200)
    }

    @Test func aStalledClientDoesNotBlockOthersAndIsTimedOut() throws {
        let f = try StationFixture { $0.timeoutSeconds = 1 }
        let stalled = try RawHTTPClient(port: f.port)
        stalled.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: ")  // and nothing more

        // Others are served while it stalls.
        for _ in 0..<3 { #expect(try RawHTTPClient.get(port: f.port, "/status.json").status == 200) }

        // The server closes it (the client's own read timeout is 20 s: `.timedOut`
        // would mean the server never did), and it never got a page.
        let (bytes, end) = stalled.readAll()
        #expect(end == .closed)
        #expect(RawHTTPClient.parse(bytes)?.status != 200)
    }

    @Test func connectionsAreBoundedAndANewClientIsServedAtTheLimit() throws {
        let f = try StationFixture { $0.maxConnections = 3; $0.threads = 1; $0.timeoutSeconds = 30 }
        let held = try (0..<6).map { _ in try RawHTTPClient(port: f.port, readTimeout: 5) }
        for c in held { c.send("GET / HTTP/1.1\r\nHost: x\r\n") }  // half a request each, then silence
        // A client with a whole request is served at once: it pushes out the connection
        // that has waited longest for its request, instead of queueing behind them.
        let extra = try RawHTTPClient(port: f.port, readTimeout: 5)
        extra.send("GET /status.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(RawHTTPClient.parse(extra.readAll().bytes)?.status == 200)
        // At most 3 half-requests stay open: the server closed the others, oldest first.
        let ends = held.map { $0.readAll().end }
        #expect(ends.filter { $0 == .closed }.count >= 3, "\(ends)")
        #expect(ends.prefix(3).allSatisfy { $0 == .closed })
    }

    @Test func tokenIsRequiredWhenConfigured() throws {
        let token = "sesame-4711-open"
        let f = try StationFixture { $0.token = token }
        #expect(try RawHTTPClient.get(port: f.port, "/").status == 401)
        #expect(try RawHTTPClient.get(port: f.port, "/status.json?token=sesame-4711-opeN").status == 401)
        #expect(try RawHTTPClient.get(port: f.port, "/files/photo-inline.json").status == 401)
        #expect(try RawHTTPClient.get(port: f.port, "/preview.jpg", headers: ["X-Station-Token": "nope"]).status == 401)

        let page = try RawHTTPClient.get(port: f.port, "/?token=\(token)")
        #expect(page.status == 200)
        // Links carry the token so a browser can follow them.
        #expect(page.text.contains("/files/photo-inline.json?token=\(token)"))
        #expect(try RawHTTPClient.get(port: f.port, "/status.json", headers: ["X-Station-Token": token]).status == 200)
        #expect(try RawHTTPClient.get(port: f.port, "/preview.jpg", headers: ["Authorization": "Bearer \(token)"]).status == 200)
    }
}
