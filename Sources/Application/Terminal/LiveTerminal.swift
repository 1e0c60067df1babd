import Foundation
import Reading
import SleeveCore
import Station
import Synchronization

/// Shows the station's events: one status line on a terminal, one log line per event
/// otherwise; `--json` adds one JSON line per written record on stdout.
package final class LiveTerminal: Sendable {
    package let json: Bool
    package let console: Console
    package let isTTY = isatty(STDERR_FILENO) != 0
    /// What the status line shows. Events are shown one at a time under this lock, so a
    /// line is never drawn from half-updated figures or interleaved with another.
    private let shown = Mutex(Shown())

    private struct Shown {
        var fps = 0.0
        var state = StationStatus.State.searching
        var last = "none yet"
    }

    package init(json: Bool, console: Console) {
        self.json = json
        self.console = console
    }

    package func show(_ event: LiveEvent) {
        shown.withLock { s in show(event, &s) }
    }

    private func show(_ event: LiveEvent, _ s: inout Shown) {
        switch event {
        case let .state(state):
            s.state = state
            if isTTY { redraw(s) } else { console.info("live: \(state.rawValue)") }
        case let .tick(f, dropped):
            s.fps = f
            if isTTY { redraw(s) } else if dropped > 0 { console.info(String(format: "live: %.1f fps, %d frames dropped", f, dropped)) }
        case let .readStarted(sleeve, frame):
            if !isTTY { console.info("live: reading sleeve \(sleeve) (frame \(frame))") }
        case let .readFinished(sleeve, ms):
            if !isTTY { console.info(String(format: "live: read sleeve %d in %.0f ms", sleeve, ms)) }
        case let .written(w):
            s.last = Self.describe(w.record)
            if let notice = w.duplicates?.notice { s.last += " (\(notice))" }
            if json, let line = try? RecordJSON.line(w.record, catalogued: w.catalogued, duplicates: w.duplicates) {
                console.out(line)
            }
            if isTTY { redraw(s) } else { console.info("live: wrote \(w.recordFile): \(s.last)") }
        case let .discarded(sleeve, reason):
            line("live: sleeve \(sleeve) not written: \(reason)", s)
        case let .frameFailed(why):
            line("warning: \(why)", s)
        case let .writeFailed(why):
            line("error: \(why) (check that the output folder is writable and has space)", s)
        case let .device(message):
            line("live: \(message)", s)
        case let .idle(idle):
            if !isTTY { console.info(idle ? "live: nothing in view: idle frame rate" : "live: something in view: full frame rate") }
        }
    }

    package func finish(_ s: LiveRunSummary) {
        if isTTY { FileOutput.stderr("\n") }
        console.info("live: \(s.interrupted ? "stopped" : "done"): \(s.frames) frames, \(s.recordsWritten) record(s)"
            + (s.dropped > 0 ? ", \(s.dropped) frames dropped" : ""))
    }

    private func line(_ text: String, _ s: Shown) {
        if isTTY { FileOutput.stderr("\r\u{1B}[K" + text + "\n"); redraw(s) } else { console.info(text) }
    }

    private func redraw(_ s: Shown) {
        let name = s.state.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
        FileOutput.stderr("\r\u{1B}[K" + String(format: "%5.1f fps  ", s.fps) + name + "  last: " + s.last)
    }

    package static func describe(_ r: SleeveRecord) -> String {
        var parts = [[r.artist, r.title].compactMap { $0 }.joined(separator: " – ")].filter { !$0.isEmpty }
        if let c = r.catalogNumber { parts.append("[\(c)]") }
        if !r.matrix.isEmpty { parts.append("matrix \(r.matrix.map(\.text).joined(separator: " / "))") }
        if let b = r.barcodes.first { parts.append("barcode \(b.value)") }
        return parts.isEmpty ? "(no text)" : parts.joined(separator: ", ")
    }
}
