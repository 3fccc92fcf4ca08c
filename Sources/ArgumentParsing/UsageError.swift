import TextCoding

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

    /// The most Unicode scalars a message quotes of a value from the command line.
    package static let excerptLength = ScalarExcerpt.valueLimit

    /// `value` as a message quotes it: cut to `excerptLength` Unicode scalars with `…`, so that a 100 KB option
    /// value makes an error of a line, not of 100 KB (control characters are escaped where the message is printed).
    package static func excerpt(_ value: String) -> String {
        ScalarExcerpt.cut(value, limit: excerptLength)
    }
}
