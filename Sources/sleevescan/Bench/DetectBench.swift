import Application
import Foundation
import Imaging
import SleeveCore

/// `sleevescan bench detect IMAGE…`: time of sleeve detection per frame (coarse search
/// on the shrunk copy, then sub-pixel refinement on the full frame), decoding beside it.
enum DetectBench {
    static let command = Command(
        name: "bench detect",
        usage: "sleevescan bench detect IMAGE… [--runs N]",
        summary: "Sleeve outline detection alone: medians per image.",
        options: [.runs],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        let images = Array(args.positionals.dropFirst())
        guard !images.isEmpty else { throw UsageError(message: "no images given", command: command) }
        return try run(images: images, runs: try args.int("--runs", in: 1...1000, command: command) ?? 5, console: console)
    }

    static func run(images: [String], runs: Int, console: Console) throws -> ExitCode {
        let leptonica = Leptonica()
        let detector = SleeveDetector()
        console.out("image\tsize\tstage\tmedian_ms\tp95_ms\tcorners\tconfidence")
        var all: [String: [Double]] = [:]
        for path in images {
            guard let data = FileManager.default.contents(atPath: path) else {
                console.error("\(path): cannot be read (check the path)")
                return .noInput
            }
            let bytes = [UInt8](data)
            var times: [String: [Double]] = [:]
            var gray = GrayImage(width: 0, height: 0)
            var found: SleeveDetection?
            var refined: Quad?
            for _ in 0..<runs {
                let t0 = ContinuousClock.now
                do { gray = try leptonica.decodeGray(bytes) } catch let e as ImageInputError {
                    console.error("\(path): \(e.reason)")
                    return .dataError
                }
                let t1 = ContinuousClock.now
                found = detector.detect(gray)
                let t2 = ContinuousClock.now
                if let found {
                    refined = DocumentFinder.refiner(for: gray, detector: detector).refine(found, in: gray)
                }
                let t3 = ContinuousClock.now
                times["decode", default: []].append(ms(t1 - t0))
                times["detect", default: []].append(ms(t2 - t1))
                times["refine", default: []].append(ms(t3 - t2))
                times["detect+refine", default: []].append(ms(t3 - t1))
            }
            let corners = refined.map { q in q.corners.map { String(format: "%.1f,%.1f", $0.x, $0.y) }.joined(separator: " ") } ?? "-"
            let conf = found.map { String(format: "%.3f", $0.confidence) } ?? "-"
            for stage in ["decode", "detect", "refine", "detect+refine"] {
                let v = times[stage] ?? []
                console.out("\(path)\t\(gray.width)x\(gray.height)\t\(stage)\t\(fmt(pct(v, 0.5)))\t\(fmt(pct(v, 0.95)))\t\(stage == "detect+refine" ? corners : "")\t\(stage == "detect+refine" ? conf : "")")
                all["\(gray.width)x\(gray.height) \(stage)", default: []] += v
            }
        }
        for (k, v) in all.sorted(by: { $0.key < $1.key }) {
            let parts = k.split(separator: " ")
            console.out("ALL\t\(parts[0])\t\(parts[1])\t\(fmt(pct(v, 0.5)))\t\(fmt(pct(v, 0.95)))\t\t")
        }
        return .ok
    }

    static func ms(_ d: Swift.Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }

    static func pct(_ v: [Double], _ q: Double) -> Double {
        guard !v.isEmpty else { return .nan }
        let s = v.sorted()
        return s[min(s.count - 1, Int((Double(s.count - 1) * q).rounded()))]
    }

    static func fmt(_ v: Double) -> String { String(format: "%.2f", v) }
}
