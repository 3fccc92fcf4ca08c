/// Reads Apple `.stringsdict` files (docs/semantics/catalog-formats.md §C2): a property list (XML, or binary in a built
/// app) whose root dictionary maps each localization key to its plural (or device, or width) rule.
///
/// Each key becomes one entry per combination of its variables' forms (see `StringsDictExpander` for the order and
/// naming): element-x's `%#@COUNT@` with `one`/`other` gives `COUNT.one` and `COUNT.other`. A key whose rule is
/// malformed (no format key, an undefined variable, a form that is not a string…) is skipped with the reason and
/// the other keys go on; a file that is not a well-formed property list with a dictionary at its root throws.
///
/// ```swift
/// let document = try StringsDictParser.parse(bytes, file: "fr.lproj/Localizable.stringsdict", locale: "fr")
/// // document.entries: key "a11y_digits_entered", variant "COUNT.one", text "%1$d chiffre saisi", …
/// ```
public enum StringsDictParser {
    /// Parses one `.stringsdict` file.
    /// - Parameters:
    ///   - bytes: the file's bytes: XML in UTF-8 or UTF-16 with a BOM, or the binary property list (`bplist00`)
    ///     Xcode compiles a `.stringsdict` to inside a built app.
    ///   - file: the path reported in entries and errors.
    ///   - locale: the locale from the file's `.lproj` folder.
    /// - Throws: `CatalogError` when the XML or the property list is malformed, or the root is not a dictionary.
    public static func parse(_ bytes: [UInt8], file: String, locale: String) throws(CatalogError) -> CatalogDocument {
        let root = try PropertyListNode.parse(bytes, file: file)
        guard let keys = root.dictionary else {
            throw CatalogError(
                file: file, position: root.position,
                message: "expected the root of a stringsdict to be a <dict> of localization keys, found "
                    + root.kindDescription)
        }
        var document = CatalogDocument(format: .stringsdict)
        document.skipped += overriddenKeys(keys, file: file, locale: locale)
        for entry in lastOccurrences(keys) {
            document.skipped += overriddenParts(of: entry, file: file, locale: locale)
            do throws(StringsDictExpander.Malformed) {
                let rule = try rule(for: entry)
                for expansion in try StringsDictExpander.expand(rule) {
                    document.entries.append(
                        CatalogEntry(
                            file: file, locale: locale, key: entry.key, variant: expansion.variant,
                            text: expansion.text,
                            position: expansion.position))
                }
                for name in StringsDictExpander.unreferencedVariables(of: rule) {
                    // A reference gone wrong (`%1#@count@`, `%# @sites @`: `@` and the name are in the format) is
                    // malformed; a variable merely left over is only reported.
                    let shown = CatalogExcerpt.of(name)
                    let message =
                        "variable \(shown) is defined but the format never references it as %#@\(shown)@ (or "
                        + "%1$#@\(shown)@), so none of its forms is measured"
                    let attempted = rule.format?.value.contains("@" + name) ?? false
                    document.skipped.append(
                        SkippedEntry(
                            file: file, locale: locale, key: entry.key, variant: "",
                            position: rule.format?.position ?? entry.keyPosition,
                            reason: attempted ? .malformed(message) : .noValue(message)))
                }
            } catch {
                document.skipped.append(
                    SkippedEntry(
                        file: file, locale: locale, key: entry.key, position: entry.keyPosition,
                        reason: .malformed(error.message)))
            }
        }
        return document
    }

    /// Each entry of `entries` whose key a later one repeats, with the next entry that repeats it: what a property
    /// list dictionary drops, keeping the last value (`lastOccurrences`). In file order; empty when no key repeats.
    static func overridden(_ entries: [PropertyListEntry]) -> [(earlier: PropertyListEntry, later: PropertyListEntry)] {
        var next: [ExactText: Int] = [:]
        var found: [(earlier: PropertyListEntry, later: PropertyListEntry)] = []
        for index in entries.indices.reversed() {
            let key = ExactText(entries[index].key)
            if let later = next[key] { found.append((entries[index], entries[later])) }
            next[key] = index
        }
        return found.reversed()
    }

    /// The root dictionary's repeated keys as skipped entries, one per earlier occurrence ("duplicate key, overridden
    /// at line N", as the text `.strings` reader reports them): nothing the file holds is dropped silently.
    static func overriddenKeys(_ entries: [PropertyListEntry], file: String, locale: String) -> [SkippedEntry] {
        overridden(entries).map { pair in
            SkippedEntry(
                file: file, locale: locale, key: pair.earlier.key, position: pair.earlier.keyPosition,
                reason: .malformed("duplicate key, overridden at \(place(of: pair.later, after: pair.earlier))"))
        }
    }

    /// Where `later` overrides `earlier`: its line, and its column too where both are on one line (a binary property
    /// list's every object is on line 1, its column the object's byte offset).
    static func place(of later: PropertyListEntry, after earlier: PropertyListEntry) -> String {
        let position = later.keyPosition
        return position.line == earlier.keyPosition.line
            ? "line \(position.line), column \(position.column)" : "line \(position.line)"
    }

    /// A key's rule's repeated parts — the format key or a variable written twice in its dictionary, a form written
    /// twice in a variable's — as skipped entries of that key (its entries are made from the last of each).
    private static func overriddenParts(of entry: PropertyListEntry, file: String, locale: String) -> [SkippedEntry] {
        guard let parts = entry.value.dictionary else { return [] }
        func skipped(_ pair: (earlier: PropertyListEntry, later: PropertyListEntry), in within: String) -> SkippedEntry
        {
            SkippedEntry(
                file: file, locale: locale, key: entry.key, position: pair.earlier.keyPosition,
                reason: .malformed(
                    "duplicate \(CatalogExcerpt.quoted(pair.earlier.key)) \(within), overridden at "
                        + Self.place(of: pair.later, after: pair.earlier)))
        }
        var found = overridden(parts).map { skipped($0, in: "in its rule") }
        for part in lastOccurrences(parts) {
            guard let forms = part.value.dictionary else { continue }
            found += overridden(forms).map { skipped($0, in: "in variable \(CatalogExcerpt.of(part.key))") }
        }
        return found
    }

    /// The entries with repeated keys reduced to the last occurrence of each (a property list dictionary keeps the
    /// last value, as CFPropertyList does), in file order.
    static func lastOccurrences(_ entries: [PropertyListEntry]) -> [PropertyListEntry] {
        var lastIndex: [ExactText: Int] = [:]
        for (index, entry) in entries.enumerated() { lastIndex[ExactText(entry.key)] = index }
        guard lastIndex.count < entries.count else { return entries }
        return entries.enumerated().filter { lastIndex[ExactText($0.element.key)] == $0.offset }.map(\.element)
    }

    /// Builds the rule for one top-level key from its dictionary.
    /// - Throws: `Malformed` when the value is not a dictionary or a part has the wrong type.
    static func rule(for entry: PropertyListEntry) throws(StringsDictExpander.Malformed) -> StringsDictRule {
        guard let parts = entry.value.dictionary else {
            throw StringsDictExpander.Malformed(
                message: "expected a <dict> holding \(StringsDictKeys.formatKey) and its variables, found "
                    + entry.value.kindDescription)
        }
        var rule = StringsDictRule(key: entry.key, position: entry.keyPosition, format: nil, variables: [])
        for part in lastOccurrences(parts) {
            if part.key == StringsDictKeys.formatKey {
                guard let text = part.value.string else {
                    throw StringsDictExpander.Malformed(
                        message: "\(StringsDictKeys.formatKey) is \(part.value.kindDescription), expected a <string>")
                }
                rule.format = StringsDictRule.Text(value: text, position: part.value.position)
            } else if let forms = part.value.dictionary {
                rule.variables.append(try variable(named: part.key, forms: forms))
            }
            // Other string values beside the format key (comments some tools add) are not part of the rule.
        }
        return rule
    }

    /// Builds one variable from its dictionary of spec keys and forms.
    private static func variable(named name: String, forms entries: [PropertyListEntry])
        throws(StringsDictExpander.Malformed) -> StringsDictRule.Variable
    {
        var specType: String?
        var forms: [StringsDictRule.Form] = []
        for entry in lastOccurrences(entries) {
            switch entry.key {
            case StringsDictKeys.specTypeKey:
                specType = entry.value.string
            case StringsDictKeys.valueTypeKey:
                continue
            default:
                guard let text = entry.value.string else {
                    throw StringsDictExpander.Malformed(
                        message: "form '\(CatalogExcerpt.of(entry.key))' of variable \(CatalogExcerpt.of(name)) is "
                            + "\(entry.value.kindDescription), "
                            + "expected a <string>")
                }
                forms.append(
                    StringsDictRule.Form(
                        category: entry.key, text: StringsDictRule.Text(value: text, position: entry.value.position)))
            }
        }
        let kind = StringsDictRule.Kind(ruleTypeName: name) ?? StringsDictRule.Kind(specType: specType)
        return StringsDictRule.Variable(name: name, kind: kind, forms: forms)
    }
}
