/// Turns the raw arguments into "what to do": run a command with its values, show help,
/// show the version, or report a usage error.
///
/// It does no I/O, so every path can be tested directly; `CommandRunner` does the printing.
package enum ArgumentParser {
    /// The decision for one command line. `path` is the configurations from the root down
    /// to the command concerned (used for the "measure text:" prefix and the usage line).
    package enum Outcome {
        case run(any ParsableCommand.Type, path: [CommandConfiguration], values: ParsedValues)
        case help(path: [CommandConfiguration], isError: Bool)
        case version(String)
        case usageError(UsageError, path: [CommandConfiguration])
    }

    /// Parses `arguments` (without the program name) for the command tree rooted at `root`.
    package static func parse(_ root: any ParsableCommand.Type, arguments: [String]) -> Outcome {
        var command = root
        var path = [root.configuration]
        var rest = arguments[...]
        while !path[path.count - 1].subcommands.isEmpty {
            let config = path[path.count - 1]
            guard let token = rest.popFirst() else { return .help(path: path, isError: true) }
            if let builtin = builtinOutcome(for: [token], path: path) { return builtin }
            if token == "help", subcommand(named: "help", of: config) == nil {
                return helpOutcome(names: rest, path: path)
            }
            if let next = subcommand(named: token, of: config) {
                command = next
                path.append(next.configuration)
            } else {
                return .usageError(unknown(token, path: path), path: path)
            }
        }
        let tokens = Array(rest)
        if let builtin = builtinOutcome(for: tokens.prefix { $0 != "--" }, path: path) { return builtin }
        do {
            return .run(command, path: path, values: try parseLeaf(tokens, config: path[path.count - 1]))
        } catch {
            return .usageError(error, path: path)
        }
    }

    /// `--help`/`-h` anywhere before `--` wins over everything; `--version` on the root.
    private static func builtinOutcome(for tokens: some Sequence<String>, path: [CommandConfiguration]) -> Outcome? {
        if tokens.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help(path: path, isError: false) }
        if path.count == 1, let version = path[0].version, tokens.contains("--version") { return .version(version) }
        return nil
    }

    /// `measure help [sub ...]`: help for the named command.
    private static func helpOutcome(names: ArraySlice<String>, path: [CommandConfiguration]) -> Outcome {
        var path = path
        for name in names {
            guard !path[path.count - 1].subcommands.isEmpty else {
                return .usageError(UsageError("unexpected argument '\(UsageError.excerpt(name))'"), path: path)
            }
            guard let next = subcommand(named: name, of: path[path.count - 1]) else {
                return .usageError(unknown(name, path: path), path: path)
            }
            path.append(next.configuration)
        }
        return .help(path: path, isError: false)
    }

    private static func subcommand(named name: String, of config: CommandConfiguration) -> (any ParsableCommand.Type)? {
        config.subcommands.first { $0.configuration.commandName == name }
    }

    /// Error for a token a group does not understand.
    private static func unknown(_ token: String, path: [CommandConfiguration]) -> UsageError {
        if token.hasPrefix("-") {
            return unknownOption(token, candidates: builtinOptionNames(path: path))
        }
        let names = path[path.count - 1].subcommands.map { $0.configuration.commandName }
        return UsageError(
            "unknown subcommand '\(UsageError.excerpt(token))'" + suggestionSuffix(for: token, among: names))
    }

    private static func builtinOptionNames(path: [CommandConfiguration]) -> [String] {
        path.count == 1 && path[0].version != nil ? ["--help", "--version"] : ["--help"]
    }

    private static func unknownOption(_ token: String, candidates: [String]) -> UsageError {
        var message = "unknown option '\(UsageError.excerpt(token))'"
        if Double(token) != nil {
            message += "; to pass it as an argument, put '--' before it"
        } else {
            message += suggestionSuffix(for: token, among: candidates)
        }
        return UsageError(message)
    }

    /// Parses the arguments of a leaf command against its declared options and positionals.
    package static func parseLeaf(_ tokens: [String], config: CommandConfiguration) throws(UsageError) -> ParsedValues {
        var occurrences: [OptionOccurrence] = []
        var positionals: [String] = []
        var index = 0
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            // A positional may start with "-" only after "--" (or be "-" itself); numbers
            // like "-3" are accepted only as option values.
            if optionsEnded || !token.hasPrefix("-") || token == "-" {
                positionals.append(token)
                continue
            }
            if token == "--" {
                optionsEnded = true
                continue
            }
            let (spec, inlineValue) = try lookUpOption(token, config: config)
            if spec.kind == .flag {
                guard inlineValue == nil else { throw UsageError("'--\(spec.name)' does not take a value") }
                occurrences.append(OptionOccurrence(name: spec.name, value: ""))
            } else if let inlineValue {
                occurrences.append(OptionOccurrence(name: spec.name, value: inlineValue))
            } else if index < tokens.count, !isOptionLike(tokens[index]) {
                occurrences.append(OptionOccurrence(name: spec.name, value: tokens[index]))
                index += 1
            } else {
                throw UsageError("missing value for '--\(spec.name) <\(spec.valueName)>'")
            }
        }
        for spec in config.options where spec.isRequired && !occurrences.contains(where: { $0.name == spec.name }) {
            throw UsageError("missing required option '--\(spec.name) <\(spec.valueName)>'")
        }
        return ParsedValues(
            configuration: config, allOccurrences: occurrences,
            positionalValues: try assign(positionals, to: config.positionals))
    }

    /// Starts with "-" but is not "-" alone, not a number like "-3" or "-1.5", and not a value that starts like one,
    /// such as the inset list "-5,0,0,0" (no option name starts with a digit or a dot).
    private static func isOptionLike(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token != "-", Double(token) == nil else { return false }
        let second = token.dropFirst().first
        return !(second == "." || second?.isASCII == true && second?.isNumber == true)
    }

    /// Resolves `--name`, `--name=value` or `-x` to its spec and inline value.
    private static func lookUpOption(_ token: String, config: CommandConfiguration) throws(UsageError) -> (
        OptionSpec, String?
    ) {
        if token.hasPrefix("--") {
            let body = token.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            if let spec = config.options.first(where: { $0.name == name }) { return (spec, inlineValue) }
            let candidates = config.options.map { "--" + $0.name } + ["--help"]
            throw unknownOption("--" + name, candidates: candidates)
        }
        if token.count == 2, let spec = config.options.first(where: { $0.short != nil && $0.short == token.last }) {
            return (spec, nil)
        }
        throw unknownOption(token, candidates: [])
    }

    /// Hands positional values out in declaration order: required, optional, variadic or one-or-more.
    private static func assign(_ values: [String], to specs: [PositionalSpec]) throws(UsageError) -> [String: [String]]
    {
        var rest = values[...]
        var result: [String: [String]] = [:]
        for spec in specs {
            switch spec.arity {
            case .required:
                guard let value = rest.popFirst() else { throw UsageError("missing argument '<\(spec.name)>'") }
                result[spec.name] = [value]
            case .optional:
                result[spec.name] = rest.popFirst().map { [$0] } ?? []
            case .variadic:
                result[spec.name] = Array(rest)
                rest = []
            case .oneOrMore:
                guard !rest.isEmpty else { throw UsageError("missing argument '<\(spec.name)>'") }
                result[spec.name] = Array(rest)
                rest = []
            }
        }
        if let extra = rest.first { throw UsageError("unexpected argument '\(UsageError.excerpt(extra))'") }
        return result
    }

    /// "; did you mean 'x'?" when a candidate is within a small edit distance, else "".
    package static func suggestionSuffix(for input: String, among candidates: [String]) -> String {
        let bare = { (s: String) in String(s.drop { $0 == "-" }) }
        let scored = candidates.map { ($0, editDistance(bare(input), bare($0))) }
        guard let best = scored.filter({ $0.1 <= min(2, bare($0.0).count / 3) }).min(by: { $0.1 < $1.1 }) else {
            return ""
        }
        return "; did you mean '\(best.0)'?"
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions and
    /// adjacent transpositions each cost 1.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
