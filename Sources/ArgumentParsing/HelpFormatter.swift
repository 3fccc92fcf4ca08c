/// Renders usage lines and help pages from `CommandConfiguration`s, wrapped at 80 columns.
///
/// Help rows put the label at column 2 and the text at column 26; labels too long for
/// that get the text on the next line.
package enum HelpFormatter {
    package static let width = 80
    package static let helpColumn = 26

    /// "USAGE: measure text <string> [--font <file> ...] --size <pt>", wrapped with a
    /// hanging indent.
    package static func usage(for path: [CommandConfiguration]) -> String {
        let config = path[path.count - 1]
        let prefix = "USAGE: " + path.map(\.commandName).joined(separator: " ") + " "
        let items =
            config.subcommands.isEmpty
            ? config.positionals.map(usageItem) + config.options.map(usageItem)
            : ["<subcommand>"]
        return wrap(items, first: prefix, indent: String(repeating: " ", count: prefix.count))
    }

    /// The full help page for the last command in `path`, ending with a newline.
    package static func help(for path: [CommandConfiguration]) -> String {
        let config = path[path.count - 1]
        var sections: [String] = []
        if !config.abstract.isEmpty {
            sections.append(wrap(words(config.abstract), first: "OVERVIEW: ", indent: ""))
        }
        if !config.discussion.isEmpty {
            sections.append(
                config.discussion.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    let lead = String(line.prefix { $0 == " " })
                    return wrap(words(String(line)), first: lead, indent: lead)
                }.joined(separator: "\n"))
        }
        sections.append(usage(for: path))
        if !config.positionals.isEmpty {
            sections.append(
                "ARGUMENTS:\n"
                    + config.positionals.map {
                        row(positionalLabel($0), $0.help)
                    }.joined(separator: "\n"))
        }
        var options = config.options.map { row(optionLabel($0), optionHelp($0)) }
        if path.count == 1, config.version != nil { options.append(row("--version", "Show the version.")) }
        options.append(row("-h, --help", "Show help information."))
        sections.append("OPTIONS:\n" + options.joined(separator: "\n"))
        if !config.subcommands.isEmpty {
            let names = [path[0].commandName, "help"] + path.dropFirst().map(\.commandName)
            sections.append(
                "SUBCOMMANDS:\n"
                    + config.subcommands.map {
                        row($0.configuration.commandName, $0.configuration.abstract)
                    }.joined(separator: "\n")
                    + "\n\n  See '\(names.joined(separator: " ")) <subcommand>' for detailed help.")
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private static func usageItem(_ spec: PositionalSpec) -> String {
        switch spec.arity {
        case .required: "<\(spec.name)>"
        case .optional: "[<\(spec.name)>]"
        case .variadic: "[<\(spec.name)> ...]"
        case .oneOrMore: "<\(spec.name)> ..."
        }
    }

    private static func usageItem(_ spec: OptionSpec) -> String {
        switch spec.kind {
        case .flag: "[--\(spec.name)]"
        case .single where spec.isRequired: "--\(spec.name) <\(spec.valueName)>"
        case .single: "[--\(spec.name) <\(spec.valueName)>]"
        case .repeated: "[--\(spec.name) <\(spec.valueName)> ...]"
        }
    }

    private static func positionalLabel(_ spec: PositionalSpec) -> String {
        spec.arity == .variadic || spec.arity == .oneOrMore ? "<\(spec.name)> ..." : "<\(spec.name)>"
    }

    private static func optionLabel(_ spec: OptionSpec) -> String {
        let long = spec.kind == .flag ? "--\(spec.name)" : "--\(spec.name) <\(spec.valueName)>"
        return spec.short.map { "-\($0), " + long } ?? long
    }

    private static func optionHelp(_ spec: OptionSpec) -> String {
        var text = spec.help
        if spec.kind == .repeated { text += " (can be repeated)" }
        if let value = spec.defaultValue { text += " (default: \(value))" }
        return text
    }

    /// "  label" then the help text from `helpColumn`, wrapped.
    package static func row(_ label: String, _ help: String) -> String {
        let head = "  " + label
        let pad = String(repeating: " ", count: helpColumn)
        if head.count + 2 <= helpColumn {
            return wrap(words(help), first: head + String(repeating: " ", count: helpColumn - head.count), indent: pad)
        }
        return help.isEmpty ? head : head + "\n" + wrap(words(help), first: pad, indent: pad)
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }

    /// Joins `items` with spaces, starting with `first`, breaking before an item that would
    /// pass `width` and starting continuation lines with `indent`. Items are never split.
    package static func wrap(_ items: [String], first: String, indent: String) -> String {
        var lines: [String] = []
        var line = first
        var lineHasItem = false
        for item in items {
            if lineHasItem, line.count + 1 + item.count > width {
                lines.append(line)
                line = indent + item
            } else {
                line += (lineHasItem ? " " : "") + item
            }
            lineHasItem = true
        }
        lines.append(line)
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
