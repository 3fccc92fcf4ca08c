/// Putting a `<file>`'s trans-units back together per key and turning them into entries.
///
/// Xcode exports one unit per string of a stringsdict rule or String Catalog variation (see `XLIFFUnitID`). The
/// units of one key are gathered (in the order the keys first appear) and expanded with `StringsDictExpander`, so a
/// key with a plural variable gives one entry per form exactly as the `.stringsdict` itself would.
extension XLIFFParser {
    /// The units of one key, by what they are.
    private struct Group {
        var key: String
        var position: SourcePosition
        // String Catalog shape.
        var base: TransUnit?
        var leaves: [(path: [String], unit: TransUnit)] = []
        var substitutions: [(name: String, forms: [(category: String, unit: TransUnit)])] = []
        // Stringsdict shape.
        var isStringsDict = false
        var format: TransUnit?
        var variables: [(name: String, specType: String?, forms: [(category: String, unit: TransUnit)])] = []
        var strays: [(name: String, unit: TransUnit)] = []
        /// Where each name is in `substitutions` and `variables`, so that filing a unit stays O(1) however many
        /// names one key has.
        var substitutionIndex: [String: Int] = [:]
        var variableIndex: [String: Int] = [:]
    }

    /// Appends the entries (and skipped records) of one `<file>` to `document`.
    static func appendEntries(
        of section: FileSection, file: String, fallbackLocale: String,
        to document: inout CatalogDocument
    ) {
        var section = section
        var locale = section.targetLanguage ?? (fallbackLocale.isEmpty ? nil : fallbackLocale)
        if section.targetLanguage == nil, let sourceLanguage = section.sourceLanguage, !section.units.isEmpty,
            fallbackLocale.isEmpty || LocaleMatch.matches(fallbackLocale, sourceLanguage),
            section.units.allSatisfy({ $0.target == nil })
        {
            // A template (Angular's `ng extract-i18n` output, a 2.0 file before translation): no target language and
            // no targets, and no other language in its name (`messages.xlf`; `messages.en.xlf` for an `en-US`
            // source, `LocaleMatch`). Its sources are the source language's text, measured as such, as a `.pot` is.
            section.units = section.units.map(\.asSourceText)
            locale = sourceLanguage
        }
        // Without target-language the targets' language is unknown: they are reported, not taken as the source's.
        guard let locale else {
            for unit in section.units {
                document.skipped.append(
                    SkippedEntry(
                        file: file, locale: section.sourceLanguage ?? "", key: unit.id ?? "", position: unit.position,
                        reason: .malformed("its <file> has no target-language, so the target's language is unknown")))
            }
            return
        }
        var groups: [Group] = []
        var catalogIndex: [ExactText: Int] = [:]
        var stringsDictIndex: [ExactText: Int] = [:]
        for unit in section.units {
            guard let id = unit.id else {
                document.skipped.append(
                    SkippedEntry(
                        file: file, locale: locale, key: "", position: unit.position,
                        reason: .malformed("<trans-unit> without an id attribute")))
                continue
            }
            let classified = XLIFFUnitID(id)
            let isStringsDict: Bool
            switch classified {
            case .stringsDictFormat, .stringsDictEntry, .stringsDictOther: isStringsDict = true
            default: isStringsDict = false
            }
            let key = classified.key
            let slot: Int
            if let existing = isStringsDict ? stringsDictIndex[ExactText(key)] : catalogIndex[ExactText(key)] {
                slot = existing
            } else {
                slot = groups.count
                groups.append(Group(key: key, position: unit.position, isStringsDict: isStringsDict))
                if isStringsDict {
                    stringsDictIndex[ExactText(key)] = slot
                } else {
                    catalogIndex[ExactText(key)] = slot
                }
            }
            if case .plain = classified, let earlier = groups[slot].base {
                // The same id twice in one <file>: the later unit wins, as in a dictionary; the earlier is reported.
                document.skipped.append(
                    SkippedEntry(
                        file: file, locale: locale, key: key, position: earlier.position,
                        reason: .malformed("duplicate trans-unit id, overridden at line \(unit.position.line)")))
            }
            add(unit, as: classified, to: &groups[slot])
        }
        var context = Context(file: file, locale: locale)
        for group in groups {
            if group.isStringsDict {
                context.emitStringsDict(group)
            } else {
                context.emitCatalog(group)
            }
        }
        // Xcode writes one <file> per table (`…/Localizable.strings`, `…/InfoPlist.strings`), and a key may be in
        // several: the table tells those entries apart.
        document.entries += context.entries.map { entry in
            var entry = entry
            entry.table = section.original
            return entry
        }
        document.skipped += context.skipped
    }

    /// Files a unit into its key's group by what its id says it is.
    private static func add(_ unit: TransUnit, as id: XLIFFUnitID, to group: inout Group) {
        switch id {
        case .plain:
            group.base = unit
        case .variation(_, let path):
            group.leaves.append((path, unit))
        case .substitution(_, let name, let category):
            if let index = group.substitutionIndex[name] {
                group.substitutions[index].forms.append((category, unit))
            } else {
                group.substitutionIndex[name] = group.substitutions.count
                group.substitutions.append((name, [(category, unit)]))
            }
        case .stringsDictFormat:
            group.format = unit
        case .stringsDictEntry(_, let variable, let entry):
            let index: Int
            if let existing = group.variableIndex[variable] {
                index = existing
            } else {
                index = group.variables.count
                group.variableIndex[variable] = index
                group.variables.append((variable, nil, []))
            }
            switch entry {
            case StringsDictKeys.specTypeKey: group.variables[index].specType = unit.target ?? unit.source
            case StringsDictKeys.valueTypeKey: break
            default: group.variables[index].forms.append((entry, unit))
            }
        case .stringsDictOther(_, let name):
            group.strays.append((name, unit))
        }
    }

    /// Where entries and skipped records of one `<file>` collect.
    private struct Context {
        var file: String
        var locale: String
        var entries: [CatalogEntry] = []
        var skipped: [SkippedEntry] = []

        /// Records a skipped entry.
        mutating func skip(
            _ key: String, _ variant: String, at position: SourcePosition,
            _ reason: SkippedEntry.Reason
        ) {
            skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: key, variant: variant, position: position, reason: reason))
        }

        /// Records expansions as entries of `key`.
        mutating func append(_ key: String, _ expansions: [StringsDictExpander.Expansion]) {
            for expansion in expansions {
                entries.append(
                    CatalogEntry(
                        file: file, locale: locale, key: key, variant: expansion.variant, text: expansion.text,
                        position: expansion.position, state: expansion.state, sourceText: expansion.sourceText))
            }
        }

        /// A stringsdict rule exported as units: format, variables' forms, spec types.
        mutating func emitStringsDict(_ group: Group) {
            for stray in group.strays {
                skip(
                    group.key, "", at: stray.unit.position,
                    .malformed(
                        "unrecognized stringsdict unit '\(CatalogExcerpt.of(stray.name))' (expected a format "
                            + "or a variable)"))
            }
            var rule = StringsDictRule(key: group.key, position: group.position, format: nil, variables: [])
            if let format = group.format {
                guard let text = format.ruleText else {
                    skip(group.key, "", at: format.targetPosition, format.missingTarget)
                    return
                }
                rule.format = text
            }
            var empty: Set<String> = []
            for variable in group.variables {
                let kind =
                    StringsDictRule.Kind(ruleTypeName: variable.name)
                    ?? StringsDictRule.Kind(specType: variable.specType)
                var converted = StringsDictRule.Variable(name: variable.name, kind: kind, forms: [])
                for (category, unit) in variable.forms {
                    if let text = unit.ruleText {
                        converted.forms.append(StringsDictRule.Form(category: category, text: text))
                    } else {
                        skip(
                            group.key, StringsDictExpander.variantComponent(converted, category: category),
                            at: unit.targetPosition, unit.missingTarget)
                    }
                }
                if converted.forms.isEmpty { empty.insert(variable.name) } else { rule.variables.append(converted) }
            }
            if rule.format == nil && rule.variables.isEmpty && !empty.isEmpty { return }
            expand(group.key, at: group.position, emptyVariables: empty) { () throws(StringsDictExpander.Malformed) in
                try StringsDictExpander.expand(rule, synthesizeMissingFormat: true)
            }
        }

        /// A String Catalog key: a plain unit and/or variation leaves, plus substitution forms.
        mutating func emitCatalog(_ group: Group) {
            var variables: [StringsDictRule.Variable] = []
            var empty: Set<String> = []
            for substitution in group.substitutions {
                var variable = StringsDictRule.Variable(name: substitution.name, kind: .plural, forms: [])
                for (category, unit) in substitution.forms {
                    if let text = unit.ruleText {
                        variable.forms.append(StringsDictRule.Form(category: category, text: text))
                    } else {
                        skip(
                            group.key, "\(substitution.name).\(category)", at: unit.targetPosition,
                            unit.missingTarget)
                    }
                }
                if variable.forms.isEmpty { empty.insert(substitution.name) } else { variables.append(variable) }
            }
            var leaves = group.leaves
            if let base = group.base { leaves.insert(([], base), at: 0) }
            if leaves.isEmpty {
                // Only substitution units: the key's own text (just `%#@NAME@`) was not exported.
                let rule = StringsDictRule(key: group.key, position: group.position, format: nil, variables: variables)
                if variables.isEmpty { return }
                expand(group.key, at: group.position, emptyVariables: empty) {
                    () throws(StringsDictExpander.Malformed) in
                    try StringsDictExpander.expand(rule, synthesizeMissingFormat: true)
                }
                return
            }
            let variablesByName = StringsDictExpander.byName(variables)
            for (path, unit) in leaves {
                let variant = path.joined(separator: "/")
                guard let text = unit.ruleText else {
                    skip(group.key, variant, at: unit.targetPosition, unit.missingTarget)
                    continue
                }
                if variables.isEmpty && empty.isEmpty {
                    if path.isEmpty,
                        let outcome = XLIFFMessageFormat.expand(text.value, sourceText: text.sourceText, locale: locale)
                    {
                        // An ICU plural or select (Angular's `{VAR_PLURAL, plural, …}`): one entry per case.
                        switch outcome {
                        case .variants(let variants):
                            for variant in variants {
                                entries.append(
                                    CatalogEntry(
                                        file: file, locale: locale, key: group.key, variant: variant.variant,
                                        text: variant.text, position: text.position, state: text.state,
                                        sourceText: variant.sourceText))
                            }
                        case .refused(let reason):
                            skip(group.key, variant, at: text.position, .malformed(reason))
                        }
                        continue
                    }
                    entries.append(
                        CatalogEntry(
                            file: file, locale: locale, key: group.key, variant: variant, text: text.value,
                            position: text.position, state: text.state, sourceText: text.sourceText))
                    continue
                }
                expand(group.key, variant: variant, at: text.position, emptyVariables: empty) {
                    () throws(StringsDictExpander.Malformed) in
                    try StringsDictExpander.expand(text, variables: variablesByName, variantPrefix: path)
                }
            }
        }

        /// Runs an expansion, recording its entries, or one skipped record saying why there are none.
        private mutating func expand(
            _ key: String, variant: String = "", at position: SourcePosition,
            emptyVariables: Set<String>,
            _ body: () throws(StringsDictExpander.Malformed) -> [StringsDictExpander.Expansion]
        ) {
            do throws(StringsDictExpander.Malformed) {
                append(key, try body())
            } catch {
                if let name = error.undefinedVariable, emptyVariables.contains(name) {
                    skip(
                        key, variant, at: position,
                        .noValue("no <target> for any form of \(CatalogExcerpt.of(name))"))
                } else {
                    skip(key, variant, at: position, .malformed(error.message))
                }
            }
        }
    }
}
