import Foundation

/// Everything a command writes to a person goes through here: progress and errors on
/// stderr, records on stdout.
///
/// Each message is one line: control characters in it (a newline in a file name) are
/// escaped, so a name cannot split a line or fake one in a log.
package struct Console: Sendable {
    package init() {}

    package func error(_ message: String) { FileOutput.stderr("error: \(Self.oneLine(message))\n") }
    package func warning(_ message: String) { FileOutput.stderr("warning: \(Self.oneLine(message))\n") }
    package func info(_ message: String) { FileOutput.stderr(Self.oneLine(message) + "\n") }
    package func out(_ line: String) { FileOutput.stdout(line + "\n") }

    /// `message` with C0 controls, DEL and the Unicode line separators escaped (`\n`, `\u{1B}`).
    package static func oneLine(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: needsEscape) else { return message }
        var out = ""
        for u in message.unicodeScalars {
            guard needsEscape(u) else { out.unicodeScalars.append(u); continue }
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
            }
        }
        return out
    }

    private static func needsEscape(_ u: Unicode.Scalar) -> Bool {
        (u.value < 0x20 && u != "\t") || u.value == 0x7F || u.value == 0x2028 || u.value == 0x2029 || u.value == 0x85
    }
}

package enum FileOutput {
    /// Straight to descriptor 2: what the image libraries print to C's `stderr` while
    /// an image decodes is sorted by thread (see Imaging's `LibraryMessages`), and the
    /// tool's own messages do not pass through that stream at all.
    package static func stderr(_ s: String) { FileHandle.standardError.write(Data(s.utf8)) }
    package static func stdout(_ s: String) { FileHandle.standardOutput.write(Data(s.utf8)) }
}
