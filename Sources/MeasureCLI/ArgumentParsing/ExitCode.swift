/// Thrown from `run(output:)` to end the process with a specific status and no message
/// (the command has already printed whatever it wanted to).
struct ExitCode: Error, Equatable, Sendable {
    var rawValue: Int32

    init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    static let success = ExitCode(0)
    static let failure = ExitCode(1)
    /// EX_USAGE from sysexits.h: the command was used incorrectly.
    static let usage = ExitCode(64)
}
