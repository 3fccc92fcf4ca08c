/// Fills the arguments of an ARB message from its key's placeholder metadata (`ARBPlaceholder`).
///
/// In order: the placeholder's `example`, written into the text as it is (it is the file's own sample, so it is
/// resolved at parse time, like a stringsdict form); else by `type`:
/// - `String`, `Object`, none → `%@`, the project's string sample;
/// - `int` → `%d`; `double`, `num` → `%f`, or `%.Nf` with `decimalDigits` (the integer and float samples);
///   a percent format (`percentPattern`, `decimalPercentPattern`) adds `%`, a currency format (`currency`,
///   `simpleCurrency`, `compactCurrency`…) puts its `symbol` (else `$`) first;
/// - `DateTime` → the date written out (`DateSample`) in its `format` (a skeleton such as `yMMMd`, or a pattern
///   with `isCustomDateFormat`), since printf has no date conversion.
///
/// An ICU-typed argument without an example (`{d, date, short}`) prints as its ICU type says
/// (`MessageFormatSamples`). `#` and the plural's argument in `other` print `%d` (`%f` for a `double`): the
/// example is a single number chosen for translators and would not be a multi-digit `other`.
struct ARBPlaceholderResolver: MessageFormatArgumentResolver {
    let placeholders: [String: ARBPlaceholder]

    func text(for argument: MessageFormat.Argument) -> String {
        guard let placeholder = placeholders[argument.name] else {
            return MessageFormatSamples().text(for: argument)
        }
        if let example = placeholder.example { return Self.literal(example) }
        if argument.type != nil { return MessageFormatSamples().text(for: argument) }
        switch placeholder.type {
        case "int"?, "double"?, "num"?: return number(placeholder)
        case "DateTime"?:
            let format = placeholder.format ?? "yMd"
            return Self.literal(placeholder.isCustomDateFormat ? DateSample.render(format) : dateText(format))
        default: return "%@"
        }
    }

    func numberText(forPluralArgument name: String) -> String {
        placeholders[name]?.type == "double" ? "%f" : "%d"
    }

    /// A number placeholder's specifier, with its format's percent sign or currency symbol.
    private func number(_ placeholder: ARBPlaceholder) -> String {
        var specifier: String
        if let digits = placeholder.decimalDigits, (0...20).contains(digits) {
            specifier = digits == 0 ? "%d" : "%.\(digits)f"
        } else {
            specifier = placeholder.type == "int" ? "%d" : "%f"
        }
        let format = placeholder.format?.lowercased() ?? ""
        if format.contains("percent") { specifier += "%%" }
        if format.contains("currency") { specifier = Self.literal(placeholder.symbol ?? "$") + specifier }
        return specifier
    }

    /// A `DateTime` in Flutter's format, which may join skeletons with `+` (`yMd+jm`, printed with a space).
    private func dateText(_ format: String) -> String {
        format.split(separator: "+").map { DateSample.skeleton(String($0)) }.joined(separator: " ")
    }
}
