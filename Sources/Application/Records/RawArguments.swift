import Foundation

/// Command-line arguments whose bytes were not UTF-8: Swift's `CommandLine.arguments`
/// replaces the bad bytes, so the file such a name denotes cannot be opened by it.
package enum RawArguments {
    package static let notUTF8: Set<String> = {
        var out = Set<String>()
        for i in 1..<Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[i], String(validatingCString: raw) == nil else { continue }
            out.insert(String(cString: raw))
        }
        return out
    }()
}

