/// The command line is wrong: unknown option, missing or malformed value, bad combination.
///
/// The runner prints "<command path>: <message>" and the usage line to stderr and exits
/// with 64 (EX_USAGE), so `message` should be one line and not repeat the command name.
package struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
