import Foundation

/// Runs the built `sleevescan` executable, as a user would, and captures what it says.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let executable: URL = {
        // The test bundle sits in the build products folder beside the executable.
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [products, products.deletingLastPathComponent()]
        for folder in candidates where FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("sleevescan").path) {
            return folder.appendingPathComponent("sleevescan")
        }
        return products.appendingPathComponent("sleevescan")
    }()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fixtures").standardizedFileURL

    /// Runs the executable (or `through` another program, such as a shell, with `args`
    /// as its arguments) in `folder` when given.
    static func run(_ args: [String], environment: [String: String] = [:], through program: String? = nil,
                    in folder: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = program.map { URL(fileURLWithPath: $0) } ?? executable
        p.arguments = program == nil ? args : Array(args.dropFirst())
        if let folder { p.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SLEEVESCAN_CONFIG")
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Drain both pipes before waiting, or a chatty child blocks on a full pipe.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// A fresh folder under the temporary directory, removed by the caller.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sleevescan-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
