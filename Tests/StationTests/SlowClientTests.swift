import Foundation
import Reading
import Settings
import Station
import StatusServer
import Testing

/// Slowloris against the status page: clients that trickle their request a byte at a
/// time, reconnecting whenever they are closed, must not keep anyone else out.
@Suite(.serialized) struct SlowClientTests {
    /// Trickling connections on their own threads until `stop`.
    final class Tricklers: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        private var threads: [Thread] = []
        private(set) var connects = 0
        private let started = DispatchGroup()

        init(count: Int, port: UInt16, byteEvery: Double) {
            let request = Array("GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8) + [UInt8](repeating: 0x61, count: 10_000)
            for _ in 0..<count {
                started.enter()
                let t = Thread { [self] in
                    var first = true
                    while !isStopped {
                        guard let c = try? RawHTTPClient(port: port) else { Thread.sleep(forTimeInterval: 0.05); continue }
                        lock.withLock { connects += 1 }
                        var i = 0
                        // One byte at a time until the server closes it (the send fails).
                        while !isStopped, i < request.count, c.send([request[i]]) {
                            if first { first = false; started.leave() }
                            i += 1
                            Thread.sleep(forTimeInterval: byteEvery)
                        }
                    }
                    if first { started.leave() }
                }
                threads.append(t)
                t.start()
            }
            _ = started.wait(timeout: .now() + 20)
        }

        var isStopped: Bool { lock.withLock { stopped } }
        func stop() { lock.withLock { stopped = true } }
    }

    @Test(arguments: [16, 64])
    func anotherClientIsAnsweredWhileConnectionsTrickle(count: Int) throws {
        // The defaults: 16 connections, 10 s.
        let f = try StationFixture()
        let tricklers = Tricklers(count: count, port: f.port, byteEvery: 0.2)
        defer { tricklers.stop() }
        var latencies: [Double] = []
        for _ in 0..<10 {
            let started = ContinuousClock.now
            // The client gives up after 5 s: before the guard it waited as long as the tricklers lasted.
            let c = try RawHTTPClient(port: f.port, readTimeout: 5)
            c.send("GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            let (bytes, _) = c.readAll()
            latencies.append(Double((ContinuousClock.now - started).components.attoseconds) / 1e18
                             + Double((ContinuousClock.now - started).components.seconds))
            #expect(RawHTTPClient.parse(bytes)?.status == 200, "not answered while \(count) connections trickle")
            Thread.sleep(forTimeInterval: 0.3)
        }
        print("slowloris \(count): answered in at most \(String(format: "%.3f", latencies.max() ?? 0)) s; "
              + "\(tricklers.connects) trickling connections opened")
    }
}

extension SlowClientTests {
    @Test func fiveHundredIdleConnectionsDoNotKeepOthersOut() throws {
        let f = try StationFixture()
        // Opened at once and left silent (the kernel queues what the server has not accepted yet).
        let idle = (0..<500).compactMap { _ in try? RawHTTPClient(port: f.port, readTimeout: 1) }
        #expect(idle.count >= 400)
        let started = ContinuousClock.now
        let c = try RawHTTPClient(port: f.port, readTimeout: 5)
        c.send("GET /status.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(RawHTTPClient.parse(c.readAll().bytes)?.status == 200)
        print("500 idle connections: another client answered in \(ContinuousClock.now - started)")
        withExtendedLifetime(idle) {}
    }
}
