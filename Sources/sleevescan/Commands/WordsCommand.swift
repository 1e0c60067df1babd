import Application
import Foundation
import Reading
import Settings
import Station
import SleeveCore

/// `sleevescan words IMAGE`: the page's word boxes as Swift array-literal lines.
///
/// How a layout or parser failure becomes a test: run this on the failing image, paste
/// the boxes into a test in Tests/SleeveCoreTests, then fix the heuristic.
enum WordsCommand {
    static let command = Command(
        name: "words",
        usage: "sleevescan words IMAGE [--config PATH]",
        summary: "Print an image's OCR word boxes as Swift array literals (to pin a layout failure in a test).",
        options: [.config],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw UsageError(message: "give exactly one image", command: command)
        }
        let config = try Configuration.load(explicitPath: args.value("--config"), environment: ProcessInfo.processInfo.environment)
        let reader = try Engines.reader(config: config)
        do {
            let data = try FileInput.read(path)
            let decoded = try reader.decodeLiftingMarks(data)
            let (words, warnings) = try reader.pageWords(decoded.gray, marksLifted: decoded.marksLifted)
            warnings.forEach { console.info("// \($0)") }
            for w in words.sorted(by: { ($0.box.rect.minY, $0.box.rect.minX) < ($1.box.rect.minY, $1.box.rect.minX) }) {
                let r = w.box.rect
                let text = w.box.text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                // The engine's confidence as a comment: line confidences decide what may
                // become a field, so a test harvested from these needs them.
                console.out(String(format: "TextBox(\"%@\", x: %.4f, y: %.4f, width: %.4f, height: %.4f),  // %.0f",
                                   text, r.x, r.y, r.width, r.height, w.confidence))
            }
            return .ok
        } catch let e as ReadFailure {
            console.error("\(path): \(e.reason)")
            return e.kind == .badData ? .dataError : .noInput
        }
    }
}
