import Application
import BarcodeScanning
import Foundation
import Imaging
import Recognition

/// `sleevescan version`: the tool's and its libraries' versions, and the OpenMP thread
/// limit in force (what a bug report needs).
enum VersionCommand {
    static let version = "0.1.0"

    static let command = Command(
        name: "version",
        usage: "sleevescan version",
        summary: "Print the versions of sleevescan and the libraries it runs on.",
        options: [],
        run: run)

    static func run(_ args: Arguments, _ console: Console) throws -> ExitCode {
        guard args.positionals.isEmpty else { throw UsageError(message: "version takes no arguments", command: command) }
        console.out("sleevescan \(version)")
        console.out("tesseract \(TesseractRecognizer.libraryVersion)")
        console.out("\(Leptonica.libraryVersion)")
        console.out("zbar \(ZbarScanner.libraryVersion)")
        console.out("OMP_THREAD_LIMIT=\(ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] ?? "unset")")
        return .ok
    }
}
