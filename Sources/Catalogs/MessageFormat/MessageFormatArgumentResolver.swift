/// What the arguments of a message print in an entry's text, as `MessageFormatExpander` asks for them.
///
/// The answer is entry text in the catalog model's form (`CatalogEntry.text`): literal text with every `%` doubled,
/// and placeholders the measuring side fills as printf specifiers (`%@`, `%d`, `%f`), so that the project's samples
/// and the pseudo-locales see them as placeholders. Numbers that a plural case fixes (`=0`, `one`) are written by the
/// expander itself and never asked for.
protocol MessageFormatArgumentResolver {
    /// The text of a simple argument (`{name}`, `{n, number}`, `{d, date, short}`) whose value no case fixes.
    func text(for argument: MessageFormat.Argument) -> String
    /// The text of `#`, or of the plural's own argument, in a case no number selects (`other`).
    func numberText(forPluralArgument name: String) -> String
}

extension MessageFormatArgumentResolver {
    /// `text` as literal entry text: every `%` doubled, so that the placeholder expander prints it as it is.
    static func literal(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 4)
        for scalar in text.unicodeScalars {
            if scalar == "%" { result += "%%" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}

/// The resolver that knows only what the message says: each ICU argument type gets the project's sample for it.
///
/// - `{name}` and `spellout` → `%@` (the object sample: a long name);
/// - `number` → `%d` (the integer sample), `%f` for a style with a fraction (`::.00`, `currency`), `%d%%` for
///   `percent`; `ordinal` and `duration` → `%d`;
/// - `date` and `time` → a date or time written out (`DateSample`), since printf has no date conversion.
struct MessageFormatSamples: MessageFormatArgumentResolver {
    func text(for argument: MessageFormat.Argument) -> String {
        switch argument.type {
        case nil, .spellout: return "%@"
        case .ordinal, .duration: return "%d"
        case .number: return Self.number(style: argument.style)
        case .date: return Self.literal(DateSample.date(style: argument.style))
        case .time: return Self.literal(DateSample.time(style: argument.style))
        }
    }

    func numberText(forPluralArgument name: String) -> String { "%d" }

    /// A number argument's specifier for its ICU style.
    static func number(style: String?) -> String {
        guard let style = style?.lowercased() else { return "%d" }
        if style == "integer" { return "%d" }
        if style == "percent" || style.contains("percent") || style.contains("%") { return "%d%%" }
        if style == "currency" || style.contains("currency") || style.contains(".") { return "%f" }
        return "%d"
    }
}
