/// The static description of one command: its name, help texts and what it accepts.
///
/// A single value drives parsing, usage lines and help pages, so documentation cannot
/// drift from behaviour.
package struct CommandConfiguration: Sendable {
    /// The word typed on the command line (for the root: the program name, `measure`).
    package var commandName: String
    /// One-line summary shown in OVERVIEW and in the parent's SUBCOMMANDS list.
    package var abstract: String = ""
    /// Longer free text shown after the overview. Line breaks are kept; lines are wrapped.
    package var discussion: String = ""
    /// When set on the root command, `--version` prints it.
    package var version: String? = nil
    /// Non-empty makes this command a group: the next argument must name a subcommand.
    package var subcommands: [any ParsableCommand.Type] = []
    /// Options of a leaf command, in the order they appear in help.
    package var options: [OptionSpec] = []
    /// Positionals of a leaf command: required ones first, then optional ones, then at
    /// most one variadic or one-or-more one last (values are assigned greedily in this order).
    package var positionals: [PositionalSpec] = []

    package init(
        commandName: String, abstract: String = "", discussion: String = "", version: String? = nil,
        subcommands: [any ParsableCommand.Type] = [], options: [OptionSpec] = [],
        positionals: [PositionalSpec] = []
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.subcommands = subcommands
        self.options = options
        self.positionals = positionals
    }
}
