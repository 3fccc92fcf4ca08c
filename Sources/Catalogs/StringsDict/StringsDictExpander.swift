/// Expands a `StringsDictRule` into one text per combination of its variables' forms — the strings the app can show.
///
/// The rules (SPEC §C2, quirks 10–12):
/// - Variables are taken in the order their references appear in the text being expanded (`%#@a@` or positional
///   `%1$#@a@`), each variable's forms in the order `zero one two few many other` then any other category in file
///   order (plural variables), or in file order (device and width variables); the result is the cartesian product.
/// - A form replaces every reference to its variable. A form that itself references another variable is expanded
///   in turn (its variable joins the product where its reference appears); a variable that references itself,
///   directly or through others, is a cycle and makes the rule malformed.
/// - The variant names the chosen forms outermost first: `a.one/b.other`, `device.iphone`, `width.20`.
/// - Missing categories are fine (Polish has `one few many` and no `other`); a variable with no forms at all, a
///   reference to an undefined variable, and a missing format key are malformed.
/// - Placeholders inside forms (`%d`, `%1$@`) stay as written: expanding them is the measuring side's job.
/// - Each expansion's position is that of its outermost form (the text that differs between variants); a format
///   without references keeps its own. Its state (XLIFF `target@state`) is that of the least finished part: the
///   first state along format → forms that is not `translated`, else the first state there is.
enum StringsDictExpander {
    /// One text the rule can produce.
    struct Expansion: Sendable, Hashable {
        var variant: String
        var text: String
        var sourceText: String?
        var position: SourcePosition
        var state: String?
    }

    /// Why a rule cannot be expanded; the key is skipped with this message.
    struct Malformed: Error, Sendable, Hashable {
        var message: String
        /// The variable the text references but the rule does not define, when that is the problem (XLIFF reports
        /// a variable whose forms all lack a target as missing values rather than as malformed).
        var undefinedVariable: String?

        init(message: String, undefinedVariable: String? = nil) {
            self.message = message
            self.undefinedVariable = undefinedVariable
        }
    }

    /// More combinations than this for one key is treated as malformed rather than flooding the report.
    static let maximumExpansions = 4096
    /// More variables than this on one path (each form referencing the next) is treated as malformed, which also
    /// bounds the recursion.
    static let maximumDepth = 64

    /// Expands a whole rule.
    /// - Parameters:
    ///   - synthesizeMissingFormat: when the rule has no format key but exactly one variable, act as if the format
    ///     were `%#@VARIABLE@`. Xcode's XLIFF export leaves the format key out when it is nothing but that reference
    ///     (seen in mozilla/moz-l10n python/tests/formats/data/xcode.xliff); a `.stringsdict` file must have it.
    ///     The documented short form (a rule-type key directly under the key) never needs a format key.
    /// - Throws: `Malformed` saying what is wrong.
    static func expand(_ rule: StringsDictRule, synthesizeMissingFormat: Bool = false) throws(Malformed)
        -> [Expansion]
    {
        if let format = rule.format {
            return try expand(format, variables: rule.variables, variantPrefix: [])
        }
        if rule.variables.count == 1, let only = rule.variables.first,
            StringsDictRule.Kind(ruleTypeName: only.name) != nil || synthesizeMissingFormat
        {
            let format = StringsDictRule.Text(
                value: "%#@\(only.name)@", position: rule.position, state: nil, sourceText: "%#@\(only.name)@")
            return try expand(format, variables: rule.variables, variantPrefix: [])
        }
        if rule.variables.isEmpty {
            throw Malformed(message: "no \(StringsDictKeys.formatKey) and no variables")
        }
        throw Malformed(message: "no \(StringsDictKeys.formatKey) to say how the variables "
            + rule.variables.map(\.name).joined(separator: ", ") + " combine")
    }

    /// Expands one format text against `variables`, prefixing every variant with `variantPrefix` (an xcstrings
    /// leaf's own path, `device.iphone`).
    /// - Throws: `Malformed` for an undefined variable, a variable without forms, a cycle, or too many combinations.
    static func expand(_ format: StringsDictRule.Text, variables: [StringsDictRule.Variable],
        variantPrefix: [String]) throws(Malformed) -> [Expansion]
    {
        var byName: [String: StringsDictRule.Variable] = [:]
        for variable in variables where byName[variable.name] == nil {
            byName[variable.name] = variable
        }
        var expansions: [Expansion] = []
        var state = Walk(
            text: Array(format.value.utf8), sourceText: format.sourceText.map { Array($0.utf8) },
            components: variantPrefix, position: format.position, state: format.state, used: [],
            hasOutermostForm: false)
        try walk(&state, variables: byName, into: &expansions)
        return expansions
    }

    /// The state of one path through the product: the text so far and what chose it.
    private struct Walk {
        var text: [UInt8]
        var sourceText: [UInt8]?
        var components: [String]
        var position: SourcePosition
        var state: String?
        var used: Set<String>
        var hasOutermostForm: Bool
    }

    /// Expands the first reference left in `current.text` with each form of its variable, recursing until no
    /// reference is left; each finished text is one expansion.
    private static func walk(_ current: inout Walk, variables: [String: StringsDictRule.Variable],
        into expansions: inout [Expansion]) throws(Malformed)
    {
        guard let reference = StringsDictReference.first(in: current.text) else {
            guard expansions.count < maximumExpansions else {
                throw Malformed(message: "more than \(maximumExpansions) combinations of forms")
            }
            expansions.append(Expansion(
                variant: current.components.joined(separator: "/"),
                text: String(decoding: current.text, as: UTF8.self),
                sourceText: current.sourceText.map { String(decoding: $0, as: UTF8.self) },
                position: current.position, state: current.state))
            return
        }
        let name = reference.name
        guard current.used.count < maximumDepth else {
            throw Malformed(message: "variables nested more than \(maximumDepth) deep")
        }
        if current.used.contains(name) {
            throw Malformed(message: "variable \(name) references itself (through %#@\(name)@ in one of its forms)")
        }
        guard let variable = variables[name] else {
            throw Malformed(message: "the text references the undefined variable %#@\(name)@", undefinedVariable: name)
        }
        let forms = orderedForms(of: variable)
        guard !forms.isEmpty else {
            throw Malformed(message: "variable \(name) has no forms")
        }
        for form in forms {
            var next = current
            next.text = StringsDictReference.replacing(name, in: current.text, with: Array(form.text.value.utf8))
            if let source = current.sourceText {
                next.sourceText = form.text.sourceText.map {
                    StringsDictReference.replacing(name, in: source, with: Array($0.utf8))
                }
            }
            next.components.append(variantComponent(variable, category: form.category))
            next.used.insert(name)
            if !current.hasOutermostForm {
                next.position = form.text.position
                next.hasOutermostForm = true
            }
            next.state = leastFinished(current.state, form.text.state)
            try walk(&next, variables: variables, into: &expansions)
        }
    }

    /// The state that says less is done: a state other than `translated` wins over `translated`; between two
    /// unfinished states the earlier (outer) one is kept; nil only when both are nil.
    static func leastFinished(_ outer: String?, _ inner: String?) -> String? {
        guard let outer else { return inner }
        guard let inner else { return outer }
        return outer == "translated" ? inner : outer
    }

    /// The forms in report order: plural categories in CLDR order then the rest as written; device and width
    /// forms as written.
    static func orderedForms(of variable: StringsDictRule.Variable) -> [StringsDictRule.Form] {
        switch variable.kind {
        case .device, .width:
            return variable.forms
        case .plural, .other:
            var ordered: [StringsDictRule.Form] = []
            for category in StringsDictKeys.pluralCategories {
                if let form = variable.forms.first(where: { $0.category == category }) { ordered.append(form) }
            }
            ordered += variable.forms.filter { !StringsDictKeys.pluralCategories.contains($0.category) }
            return ordered
        }
    }

    /// `COUNT.one`, `device.iphone`, `width.20`.
    static func variantComponent(_ variable: StringsDictRule.Variable, category: String) -> String {
        switch variable.kind {
        case .device: "device.\(category)"
        case .width: "width.\(category)"
        case .plural, .other: "\(variable.name).\(category)"
        }
    }
}
