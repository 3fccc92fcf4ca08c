/// Thrown from `run(output:)` to end the process with a specific status and no message
/// (the command has already printed whatever it wanted to).
package struct ExitCode: Error, Equatable, Sendable {
    package var rawValue: Int32

    package init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    package static let success = ExitCode(0)
    package static let failure = ExitCode(1)
    /// EX_USAGE from sysexits.h: the command was used incorrectly.
    package static let usage = ExitCode(64)
}
