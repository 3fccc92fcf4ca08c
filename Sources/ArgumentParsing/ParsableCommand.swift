/// A command (or command group) of the `measure` tool.
///
/// Everything the parser and the help generator need is in the static `configuration`, so
/// help text and parsing can never disagree. Parsing produces untyped `ParsedValues`; the
/// command turns them into typed stored properties in `init(_:)`, which is also the place
/// for cross-option validation (throw `UsageError` there to get exit status 64). A file an option names and `init`
/// reads (`--attributes @FILE`) that cannot be read or used is the environment's fault, not the command line's: throw
/// any other error for it, as `run` would, to get exit status 1.
///
/// A command with `subcommands` is a group: it is never initialised or run (invoked
/// without a subcommand it prints its help to stderr and exits 64), so groups implement
/// `init(_:)` and `run(output:)` as empty one-liners.
///
/// `SendableMetatype` lets configurations (which list subcommand types) be `Sendable`,
/// so commands can declare `static let configuration`.
package protocol ParsableCommand: SendableMetatype {
    /// Name, help texts, options, positionals and subcommands of this command.
    static var configuration: CommandConfiguration { get }

    /// Builds the command from parsed values. Throw `UsageError` for invalid input (exit 64), any other error for an
    /// input file that cannot be read (exit 1, "measure: <description>").
    init(_ values: ParsedValues) throws

    /// Does the work, writing results to `output`.
    ///
    /// Throw `UsageError` for invalid combinations found late (exit 64), `ExitCode` to exit
    /// with a specific status silently, or any other error to have
    /// "measure: <description>" printed to stderr and exit 1.
    mutating func run(output: any OutputSink) throws
}
