/// Exit statuses, as in sysexits(3).
package struct ExitCode: RawRepresentable, Equatable {
    package var rawValue: Int32

    package init(rawValue: Int32) { self.rawValue = rawValue }

    package static let ok = ExitCode(rawValue: 0)
    /// The corresponding sysexits code is `EX_USAGE`.
    package static let usage = ExitCode(rawValue: 64)
    /// `EX_DATAERR`: an input was not a usable image.
    package static let dataError = ExitCode(rawValue: 65)
    /// `EX_NOINPUT`: an input did not exist or could not be read.
    package static let noInput = ExitCode(rawValue: 66)
    /// `EX_UNAVAILABLE`: a device or library was not available.
    package static let unavailable = ExitCode(rawValue: 69)
    /// `EX_SOFTWARE`: a bug.
    package static let software = ExitCode(rawValue: 70)
    /// `EX_CANTCREAT`: an output (the output folder, a record) cannot be created.
    package static let cantCreate = ExitCode(rawValue: 73)
    /// `EX_IOERR`: an output could not be written.
    package static let ioError = ExitCode(rawValue: 74)
    /// `EX_CONFIG`: the configuration is bad.
    package static let config = ExitCode(rawValue: 78)
    /// Interrupted by Ctrl-C (128 + SIGINT).
    package static let interrupted = ExitCode(rawValue: 130)
}

/// Why a device or source could not be set up (a camera that will not open, a
/// scanner option the backend refuses): the one line to show and the exit status.
package struct SetupFailure: Error, CustomStringConvertible {
    package var description: String
    package var exitCode: ExitCode
}
