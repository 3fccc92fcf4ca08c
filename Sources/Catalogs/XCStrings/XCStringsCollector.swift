/// Walks the keys of an `.xcstrings` catalog and turns every text it holds into `CatalogEntry`s (or `SkippedEntry`s),
/// in file order: key by key, localization by localization, leaf by leaf, combination by combination.
///
/// A *leaf* is a `stringUnit`: the localization's own, or one at the end of a chain of variations
/// (`variations.plural.one`, `variations.device.iphone.variations.plural.other`); its variant is the chain,
/// `device.iphone/plural.other`. A leaf whose value references substitutions becomes one entry per combination of
/// their forms (`XCStringsSubstitutionExpander`), with the components appended: `plural.one/count.few`.
struct XCStringsCollector {
    let file: String
    let sourceLanguage: String
    private(set) var entries: [CatalogEntry] = []
    private(set) var skipped: [SkippedEntry] = []
    /// The strings of the file that hold a lone surrogate escape, by position, with why
    /// (`JSONReader.parse(_:file:loneSurrogates:)`): a string unit whose value is one is skipped as malformed.
    let loneSurrogates: [SourcePosition: CatalogError]

    init(file: String, sourceLanguage: String, loneSurrogates: [SourcePosition: CatalogError] = [:]) {
        self.file = file
        self.sourceLanguage = sourceLanguage
        self.loneSurrogates = loneSurrogates
    }

    /// `unit`, or a malformed problem when its value holds a lone surrogate escape.
    private func checked(_ unit: XCStringsStringUnit) throws(XCStringsProblem) -> XCStringsStringUnit {
        if let problem = loneSurrogates[unit.position] { throw .malformed(problem.placedMessage, at: unit.position) }
        return unit
    }

    /// Collects one member of the catalog's `strings`.
    ///
    /// A key without a localization in the source language (Xcode writes none while the source text is the key
    /// itself, and `{}` for a key that has nothing else) gets a source-language entry whose text is the key, at the
    /// key's position, with no state.
    ///
    /// A key with `shouldTranslate: false` is shown untranslated in every language, so only its source text is
    /// measured (the source localization, else the key); localizations in other languages are not what users see,
    /// so they are skipped as `.notTranslatable` instead of measured.
    mutating func collect(_ member: JSONMember) {
        let key = member.key
        // A key is the source text too: one holding a lone surrogate escape is no text.
        if let problem = loneSurrogates[member.keyPosition] {
            skip(key, locale: sourceLanguage, .malformed(problem.placedMessage, at: member.keyPosition))
            return
        }
        guard case .object(let body) = member.value.value else {
            skip(
                key, locale: sourceLanguage,
                .malformed(
                    "the key's value is \(member.value.value.kindDescription), "
                        + "expected an object", at: member.value.position))
            return
        }
        var translatable = true
        if let flag = body["shouldTranslate"] {
            guard case .bool(let value) = flag.value else {
                skip(
                    key, locale: sourceLanguage,
                    .malformed(
                        "shouldTranslate is \(flag.value.kindDescription), "
                            + "expected true or false", at: flag.position))
                return
            }
            translatable = value
        }
        var localizations: [JSONMember] = []
        if let node = body["localizations"] {
            guard case .object(let object) = node.value else {
                skip(
                    key, locale: sourceLanguage,
                    .malformed(
                        "localizations is \(node.value.kindDescription), "
                            + "expected an object", at: node.position))
                return
            }
            localizations = object.members
            // A locale written twice: the later was read; the earlier is reported, not lost.
            for earlier in object.overridden {
                skip(
                    key, locale: earlier.key,
                    .malformed(
                        "duplicate localization, overridden by a later one",
                        at: earlier.keyPosition))
            }
        }
        if !localizations.contains(where: { $0.key.utf8.elementsEqual(sourceLanguage.utf8) }) {
            entries.append(
                CatalogEntry(
                    file: file, locale: sourceLanguage, key: key, text: key,
                    position: member.keyPosition))
        }
        for localization in localizations {
            // A localization needs a language: an empty name would be reported as the source language's and
            // measured twice under one identity.
            if localization.key.isEmpty {
                skip(key, locale: "", .malformed("a localization with no language name", at: localization.keyPosition))
                continue
            }
            if translatable || localization.key.utf8.elementsEqual(sourceLanguage.utf8) {
                collectLocalization(key: key, locale: localization.key, node: localization.value)
            } else {
                skipped.append(
                    SkippedEntry(
                        file: file, locale: localization.key, key: key,
                        position: localization.value.position, reason: .notTranslatable))
            }
        }
    }

    /// Collects every leaf of one localization, expanding its substitutions.
    private mutating func collectLocalization(key: String, locale: String, node: JSONNode) {
        guard case .object(let body) = node.value else {
            skip(
                key, locale: locale,
                .malformed(
                    "the localization is \(node.value.kindDescription), expected an "
                        + "object", at: node.position))
            return
        }
        var substitutions: [String: Result<XCStringsSubstitution, XCStringsProblem>] = [:]
        if let node = body["substitutions"] {
            guard case .object(let members) = node.value else {
                skip(
                    key, locale: locale,
                    .malformed(
                        "substitutions is \(node.value.kindDescription), expected an "
                            + "object", at: node.position))
                return
            }
            for member in members.members {
                substitutions[member.key] = Result { () throws(XCStringsProblem) in
                    let substitution = try XCStringsSubstitution(name: member.key, node: member.value)
                    // A form holding a lone surrogate escape makes the substitution unusable, as a malformed form.
                    for form in substitution.forms { _ = try checked(form.unit) }
                    return substitution
                }
            }
        }
        var leaves: [(variant: String, unit: XCStringsStringUnit)] = []
        collectLeaves(in: body, at: node.position, variant: "", key: key, locale: locale, into: &leaves)
        let expander = XCStringsSubstitutionExpander(substitutions: substitutions)
        // Substitutions the leaves used, in order of first use (their unusable forms are reported once, after).
        var used: [XCStringsSubstitution] = []
        var usedNames: Set<String> = []
        for leaf in leaves {
            guard XCStringsSubstitutionExpander.mayReference(leaf.unit.text) else {
                entries.append(
                    CatalogEntry(
                        file: file, locale: locale, key: key, variant: leaf.variant,
                        text: leaf.unit.text, position: leaf.unit.position, state: leaf.unit.state))
                continue
            }
            do throws(XCStringsProblem) {
                let result = try expander.expand(leaf.unit.text, at: leaf.unit.position)
                for expansion in result.expansions {
                    entries.append(
                        CatalogEntry(
                            file: file, locale: locale, key: key,
                            variant: ([leaf.variant] + expansion.components).filter { !$0.isEmpty }.joined(
                                separator: "/"),
                            text: expansion.text, position: leaf.unit.position,
                            state: Self.combinedState(leaf.unit.state, expansion.formStates)))
                }
                for substitution in result.used where usedNames.insert(substitution.name).inserted {
                    used.append(substitution)
                }
            } catch {
                skip(key, locale: locale, variant: leaf.variant, error)
            }
        }
        for substitution in used {
            for form in substitution.unusableForms {
                skip(key, locale: locale, variant: "\(substitution.name).\(form.category)", form.problem)
            }
        }
    }

    /// Appends the leaves under `body` (a localization or a variation form at `position`, reached by `variant`) to
    /// `leaves`, and skips the parts that have no usable string unit.
    ///
    /// When a node has both `variations` and a `stringUnit`, the variations are what Xcode uses; the unit is skipped
    /// (as malformed) rather than measured as a variant that never shows.
    private mutating func collectLeaves(
        in body: JSONObject, at position: SourcePosition, variant: String,
        key: String, locale: String,
        into leaves: inout [(variant: String, unit: XCStringsStringUnit)]
    ) {
        guard let variations = body["variations"] else {
            do throws(XCStringsProblem) {
                leaves.append((variant, try checked(try XCStringsStringUnit.decode(in: body, at: position))))
            } catch {
                skip(key, locale: locale, variant: variant, error)
            }
            return
        }
        if let unit = body["stringUnit"] {
            skip(
                key, locale: locale, variant: variant,
                .malformed(
                    "a stringUnit beside variations is not used",
                    at: unit.position))
        }
        guard case .object(let kinds) = variations.value, !kinds.members.isEmpty else {
            let problem: XCStringsProblem =
                if variations.value.objectValue == nil {
                    .malformed(
                        "variations is \(variations.value.kindDescription), expected an object",
                        at: variations.position)
                } else {
                    .noValue("variations is empty", at: variations.position)
                }
            skip(key, locale: locale, variant: variant, problem)
            return
        }
        for kind in kinds.members {
            let kindVariant = Self.join(variant, kind.key)
            guard kind.key == "plural" || kind.key == "device" else {
                skip(
                    key, locale: locale, variant: kindVariant,
                    .malformed(
                        "unknown variation kind '\(CatalogExcerpt.of(kind.key))' "
                            + "(expected plural or device)",
                        at: kind.keyPosition))
                continue
            }
            guard case .object(let forms) = kind.value.value, !forms.members.isEmpty else {
                let problem: XCStringsProblem =
                    if kind.value.value.objectValue == nil {
                        .malformed(
                            "the \(kind.key) variation is \(kind.value.value.kindDescription), expected an object",
                            at: kind.value.position)
                    } else {
                        .noValue("the \(kind.key) variation has no forms", at: kind.value.position)
                    }
                skip(key, locale: locale, variant: kindVariant, problem)
                continue
            }
            for form in forms.members {
                let formVariant = Self.join(variant, "\(kind.key).\(form.key)")
                if kind.key == "plural", !XCStringsSubstitution.pluralCategories.contains(form.key) {
                    skip(
                        key, locale: locale, variant: formVariant,
                        .malformed(
                            "unknown plural category '\(CatalogExcerpt.of(form.key))'",
                            at: form.keyPosition))
                    continue
                }
                guard case .object(let formBody) = form.value.value else {
                    skip(
                        key, locale: locale, variant: formVariant,
                        .malformed(
                            "the variation is \(form.value.value.kindDescription), expected an object",
                            at: form.value.position))
                    continue
                }
                collectLeaves(
                    in: formBody, at: form.value.position, variant: formVariant, key: key, locale: locale,
                    into: &leaves)
            }
        }
    }

    /// The state of an entry made from a value and substitution forms: it is only as finished as its least finished
    /// part, so the first state among the value's and the forms' (in order) that is not `translated`, else
    /// `translated` (a missing state counts as not translated).
    static func combinedState(_ valueState: String?, _ formStates: [String?]) -> String? {
        if valueState != "translated" { return valueState }
        return formStates.first { $0 != "translated" } ?? valueState
    }

    /// `outer/inner`, or `inner` when there is no outer variant.
    private static func join(_ outer: String, _ inner: String) -> String {
        outer.isEmpty ? inner : "\(outer)/\(inner)"
    }

    private mutating func skip(_ key: String, locale: String, variant: String = "", _ problem: XCStringsProblem) {
        skipped.append(
            SkippedEntry(
                file: file, locale: locale, key: key, variant: variant,
                position: problem.position, reason: problem.reason))
    }
}
