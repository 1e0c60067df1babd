import Foundation
import Reading
import Settings

/// The process's own memory and CPU use, read the way `top` reads them, for soak runs.
public enum ProcessUsage {
    /// Resident set size in KiB (`VmRSS` in /proc/self/status); nil where there is no /proc.
    public static func residentKiB() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return parseKiB(field: "VmRSS", in: text)
    }

    /// The value of a `Name:   1234 kB` line of /proc/<pid>/status.
    public static func parseKiB(field: String, in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let parts = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = parts.first, let n = Int(first) else { return nil }
            return n
        }
        return nil
    }

    /// User plus system CPU seconds this process has used (getrusage).
    public static func cpuSeconds() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return s(u.ru_utime) + s(u.ru_stime)
    }
}

/// Resident memory sampled over a long run: the soak benchmark takes a sample every
/// so often and reports start, end, peak and the growth rate (least-squares slope),
/// which is what says whether a day of operation grows memory.
public struct ResidentMemorySampler: Sendable {
    public struct Sample: Sendable, Equatable {
        public var seconds: Double
        public var residentKiB: Int
        public var cpuSeconds: Double

        public init(seconds: Double, residentKiB: Int, cpuSeconds: Double) {
            self.seconds = seconds
            self.residentKiB = residentKiB
            self.cpuSeconds = cpuSeconds
        }
    }

    public private(set) var samples: [Sample] = []
    private let start: Date

    public init(start: Date = Date()) { self.start = start }

    /// Records the process's RSS and CPU time now.
    public mutating func sample(now: Date = Date()) {
        guard let kib = ProcessUsage.residentKiB() else { return }
        record(Sample(seconds: now.timeIntervalSince(start), residentKiB: kib, cpuSeconds: ProcessUsage.cpuSeconds()))
    }

    /// Adds a sample taken elsewhere (another process's numbers, a test's).
    public mutating func record(_ sample: Sample) { samples.append(sample) }

    public struct Summary: Sendable, Equatable {
        public var samples: Int
        public var seconds: Double
        public var startKiB: Int
        public var endKiB: Int
        public var peakKiB: Int
        /// Least-squares growth of RSS, KiB per hour (noise from the allocator shows as a
        /// few hundred; a leak of one frame per minute as tens of MB).
        public var growthKiBPerHour: Double
        /// CPU used over the run as a share of one core (0.05 = 5 %).
        public var cpuShare: Double
    }

    public var summary: Summary? { summary(from: samples) }

    /// The summary without the first `seconds` of the run: start-up (libraries loaded,
    /// caches filled) is not growth.
    public func summary(afterWarmUp seconds: Double) -> Summary? {
        summary(from: samples.filter { $0.seconds >= seconds })
    }

    private func summary(from samples: [Sample]) -> Summary? {
        guard let first = samples.first, let last = samples.last else { return nil }
        let n = Double(samples.count)
        let mx = samples.reduce(0) { $0 + $1.seconds } / n
        let my = samples.reduce(0) { $0 + Double($1.residentKiB) } / n
        let sxy = samples.reduce(0) { $0 + ($1.seconds - mx) * (Double($1.residentKiB) - my) }
        let sxx = samples.reduce(0) { $0 + ($1.seconds - mx) * ($1.seconds - mx) }
        let span = last.seconds - first.seconds
        return Summary(samples: samples.count, seconds: span,
                       startKiB: first.residentKiB, endKiB: last.residentKiB,
                       peakKiB: samples.map(\.residentKiB).max()!,
                       growthKiBPerHour: sxx > 0 ? sxy / sxx * 3600 : 0,
                       cpuShare: span > 0 ? (last.cpuSeconds - first.cpuSeconds) / span : 0)
    }
}
