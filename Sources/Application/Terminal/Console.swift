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
    /// The process's stderr as it was at start, on a descriptor of its own: while one
    /// thread reads an image, descriptor 2 points at a file that collects what the image
    /// libraries print (see Imaging's `LibraryMessages`), and a message another thread
    /// writes meanwhile must still reach the user, not that file. Taken by `main`
    /// before any work. Closed on exec: a child process (a database server a command
    /// starts) must not hold the user's stderr, or a pipe reading it never ends.
    package static let errorStream: FileHandle = {
        let own = fcntl(2, F_DUPFD_CLOEXEC, 0)
        return own >= 0 ? FileHandle(fileDescriptor: own, closeOnDealloc: true) : .standardError
    }()

    package static func stderr(_ s: String) { errorStream.write(Data(s.utf8)) }
    package static func stdout(_ s: String) { FileHandle.standardOutput.write(Data(s.utf8)) }
}
