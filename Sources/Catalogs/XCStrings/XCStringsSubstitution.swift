/// One member of an `.xcstrings` localization's `substitutions`: the plural forms that replace a `%#@NAME@`
/// reference in the localization's value, and the argument those forms format.
///
/// Xcode writes a substitution as
/// `"count": {"argNum": 2, "formatSpecifier": "lld", "variations": {"plural": {"one": {"stringUnit": {…}}, …}}}`.
/// Inside a form, `%arg` stands for the substitution's own argument; `specifier(referencePosition:)` gives the real
/// printf specifier to put in its place (`%2$lld`), so that the placeholder expander later sees ordinary specifiers.
struct XCStringsSubstitution: Sendable {
    /// One plural form with a value.
    struct Form: Sendable {
        /// The CLDR category (`one`, `other`…), used as the variant component `NAME.one`.
        let category: String
        let unit: XCStringsStringUnit
    }

    /// A form that was written but cannot be used (no value, unknown category, wrong types), and why.
    struct UnusableForm: Sendable {
        let category: String
        let problem: XCStringsProblem
    }

    /// The plural categories a `plural` variation may use (CLDR's six).
    static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    let name: String
    /// `argNum`: which of the string's arguments the forms count (1-based), if the catalog says.
    let argumentNumber: Int?
    /// `formatSpecifier` without a leading `%` (`lld`, `d`, `@`), if the catalog gives one.
    let formatSpecifier: String?
    /// The usable forms, in file order; never empty.
    let forms: [Form]
    let unusableForms: [UnusableForm]

    /// Decodes the substitution `name` from its JSON object.
    ///
    /// - Throws: `XCStringsProblem` when the substitution as a whole is unusable (not an object, a bad
    ///   `argNum`/`formatSpecifier`, a variation other than `plural`, no form with a value). A single bad form only
    ///   lands in `unusableForms`.
    init(name: String, node: JSONNode) throws(XCStringsProblem) {
        self.name = name
        let shown = CatalogExcerpt.of(name)
        guard case .object(let body) = node.value else {
            throw .malformed(
                "substitution '\(shown)' is \(node.value.kindDescription), expected an object",
                at: node.position)
        }
        if let argNum = body["argNum"] {
            guard let number = argNum.value.integerValue, number >= 1 else {
                throw .malformed(
                    "substitution '\(shown)' has argNum \(argNum.value.kindDescription), "
                        + "expected an integer ≥ 1", at: argNum.position)
            }
            argumentNumber = number
        } else {
            argumentNumber = nil
        }
        if let specifier = body["formatSpecifier"] {
            guard var text = specifier.value.stringValue, !text.isEmpty, text != "%" else {
                throw .malformed(
                    "substitution '\(shown)' has formatSpecifier \(specifier.value.kindDescription), "
                        + "expected a printf conversion such as \"lld\"", at: specifier.position)
            }
            if text.hasPrefix("%") { text.removeFirst() }
            formatSpecifier = text
        } else {
            formatSpecifier = nil
        }
        guard let variations = body["variations"] else {
            throw .malformed("substitution '\(shown)' has no variations", at: node.position)
        }
        guard case .object(let kinds) = variations.value else {
            throw .malformed(
                "substitution '\(shown)' has variations that are \(variations.value.kindDescription), "
                    + "expected an object", at: variations.position)
        }
        var forms: [Form] = []
        var unusable: [UnusableForm] = []
        for kind in kinds.members {
            guard kind.key == "plural" else {
                throw .malformed(
                    "substitution '\(shown)' varies by '\(CatalogExcerpt.of(kind.key))'; "
                        + "substitutions vary by plural only", at: kind.keyPosition)
            }
            guard case .object(let categories) = kind.value.value else {
                throw .malformed(
                    "substitution '\(shown)' has a plural variation that is "
                        + "\(kind.value.value.kindDescription), expected an object", at: kind.value.position)
            }
            for category in categories.members {
                do throws(XCStringsProblem) {
                    forms.append(Form(category: category.key, unit: try Self.formUnit(category)))
                } catch {
                    unusable.append(UnusableForm(category: category.key, problem: error))
                }
            }
        }
        guard !forms.isEmpty else {
            throw .malformed("substitution '\(shown)' has no plural form with a value", at: variations.position)
        }
        self.forms = forms
        unusableForms = unusable
    }

    /// Decodes one plural form (`"one": {"stringUnit": {"state": …, "value": …}}`).
    private static func formUnit(_ member: JSONMember) throws(XCStringsProblem) -> XCStringsStringUnit {
        guard pluralCategories.contains(member.key) else {
            throw .malformed("unknown plural category '\(CatalogExcerpt.of(member.key))'", at: member.keyPosition)
        }
        guard case .object(let body) = member.value.value else {
            throw .malformed(
                "the form is \(member.value.value.kindDescription), expected an object",
                at: member.value.position)
        }
        return try XCStringsStringUnit.decode(in: body, at: member.value.position)
    }

    /// The printf specifier that replaces `%arg` in this substitution's forms: `%` + `argNum$` (else the position
    /// written in the reference, `%2$#@NAME@`, else none) + `formatSpecifier`; nil without a `formatSpecifier`.
    func specifier(referencePosition: Int?) -> String? {
        guard let formatSpecifier else { return nil }
        if let position = argumentNumber ?? referencePosition { return "%\(position)$\(formatSpecifier)" }
        return "%\(formatSpecifier)"
    }
}
