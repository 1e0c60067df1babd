/// A command-line value the application cannot use (a malformed catalogue URL): the
/// command line reports it as a usage error of the command that was given it.
package struct OptionError: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) { self.description = description }
}
