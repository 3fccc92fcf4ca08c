/// Expands a `StringsDictRule` into one text per combination of its variables' forms — the strings the app can show.
///
/// The rules (docs/semantics/catalog-formats.md §C2, quirks 10–12):
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
///
/// Before anything is expanded, `ExpansionBound` measures the rule (each variable once): a cycle, nesting deeper
/// than `maximumDepth`, more than `maximumExpansions` combinations or texts that would grow past its byte limits
/// make the rule malformed at once, in time linear in the rule, however the variables are chained. The walk that
/// then builds the texts also keeps to a byte budget, in case forms join the text around them into references no
/// form showed on its own.
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
    static let maximumExpansions = ExpansionBound.maximumCombinations
    /// More variables than this on one path (each form referencing the next) is treated as malformed, which also
    /// bounds the recursion.
    static let maximumDepth = ExpansionBound.maximumDepth

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
        throw Malformed(
            message: "no \(StringsDictKeys.formatKey) to say how the variables "
                + CatalogExcerpt.list(rule.variables.map(\.name)) + " combine")
    }

    /// The variables of `rule` that its format never reaches: not referenced by the format, nor by a form of a
    /// variable it references (transitively). Their forms are never shown, so never measured; the caller reports
    /// them rather than drop them unseen (`%1#@count@`, without the `$`, or a translator's `%# @sites @` is no
    /// reference). Empty when the rule has no format key (its one variable stands for the format).
    static func unreferencedVariables(of rule: StringsDictRule) -> [String] {
        guard let format = rule.format else { return [] }
        let variables = byName(rule.variables)
        var reached: Set<String> = []
        var pending = StringsDictReference.names(in: Array(format.value.utf8))
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let variable = variables[name] else { continue }
            for form in variable.forms { pending += StringsDictReference.names(in: Array(form.text.value.utf8)) }
        }
        var seen: Set<String> = []
        return rule.variables.map(\.name).filter { !reached.contains($0) && seen.insert($0).inserted }
    }

    /// Expands one format text against `variables`, prefixing every variant with `variantPrefix` (an xcstrings
    /// leaf's own path, `device.iphone`).
    /// - Throws: `Malformed` for an undefined variable, a variable without forms, a cycle, or too many combinations.
    static func expand(
        _ format: StringsDictRule.Text, variables: [StringsDictRule.Variable],
        variantPrefix: [String]
    ) throws(Malformed) -> [Expansion] {
        try expand(format, variables: byName(variables), variantPrefix: variantPrefix)
    }

    /// The variables by name, the first of a repeated name winning (for callers that expand many texts against one
    /// set of variables: build it once).
    static func byName(_ variables: [StringsDictRule.Variable]) -> [String: StringsDictRule.Variable] {
        var byName: [String: StringsDictRule.Variable] = [:]
        for variable in variables where byName[variable.name] == nil {
            byName[variable.name] = variable
        }
        return byName
    }

    /// Expands one format text against variables already looked up by name (`byName(_:)`).
    static func expand(
        _ format: StringsDictRule.Text, variables byName: [String: StringsDictRule.Variable],
        variantPrefix: [String]
    ) throws(Malformed) -> [Expansion] {
        let text = Array(format.value.utf8)
        let bound: ExpansionBound.Bound
        do throws(ExpansionBound.Problem) {
            bound = try ExpansionBound.check(shape(of: format, value: text)) { name in
                byName[name].map { variable in variable.forms.map { shape(of: $0.text) } }
            }
        } catch {
            throw malformed(error)
        }
        var expansions: [Expansion] = []
        expansions.reserveCapacity(bound.combinations)
        var state = Walk(
            text: text, sourceText: format.sourceText.map { Array($0.utf8) },
            components: variantPrefix, position: format.position, state: format.state, used: [],
            hasOutermostForm: false)
        var budget = ExpansionBound.workBudget(bound)
        try walk(&state, variables: byName, into: &expansions, budget: &budget)
        return expansions
    }

    /// A text as `ExpansionBound` sees it: its value and its XLIFF source together (both are expanded).
    /// - Parameter value: `text.value` as UTF-8, when the caller has it already.
    private static func shape(of text: StringsDictRule.Text, value: [UInt8]? = nil) -> ExpansionBound.Shape {
        let bytes = text.value.utf8.count + (text.sourceText?.utf8.count ?? 0)
        // Most forms are plain text: no `#@`, no reference, nothing to copy.
        guard
            StringsDictReference.mayReference(text.value)
                || text.sourceText.map(StringsDictReference.mayReference) == true
        else { return ExpansionBound.Shape(bytes: bytes, references: []) }
        let references =
            StringsDictReference.names(in: value ?? Array(text.value.utf8))
            + (text.sourceText.map { StringsDictReference.names(in: Array($0.utf8)) } ?? [])
        return ExpansionBound.Shape(bytes: bytes, references: references)
    }

    /// The message for a rule `ExpansionBound` refuses.
    private static func malformed(_ problem: ExpansionBound.Problem) -> Malformed {
        switch problem {
        case .cycle(let names):
            Malformed(
                message: "variable \(CatalogExcerpt.of(names[0])) references itself "
                    + "(\(ExpansionBound.describeCycle(names)))")
        case .tooDeep:
            Malformed(message: "variables nested more than \(maximumDepth) deep")
        case .tooManyCombinations:
            Malformed(message: "more than \(maximumExpansions) combinations of forms")
        case .tooLarge(let limit):
            Malformed(message: "the forms expand to more than \(limit >> 20) MB of text")
        }
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
    /// reference is left; each finished text is one expansion. Every text built is charged to `budget` (bytes).
    private static func walk(
        _ current: inout Walk, variables: [String: StringsDictRule.Variable],
        into expansions: inout [Expansion], budget: inout Int
    ) throws(Malformed) {
        guard let reference = StringsDictReference.first(in: current.text) else {
            guard expansions.count < maximumExpansions else {
                throw Malformed(message: "more than \(maximumExpansions) combinations of forms")
            }
            expansions.append(
                Expansion(
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
            let shown = CatalogExcerpt.of(name)
            throw Malformed(message: "variable \(shown) references itself (through %#@\(shown)@ in one of its forms)")
        }
        guard let variable = variables[name] else {
            throw Malformed(
                message: "the text references the undefined variable "
                    + CatalogExcerpt.of(String(decoding: current.text[reference.range], as: UTF8.self)),
                undefinedVariable: name)
        }
        let forms = orderedForms(of: variable)
        guard !forms.isEmpty else {
            throw Malformed(message: "variable \(CatalogExcerpt.of(name)) has no forms")
        }
        for form in forms {
            var next = current
            guard
                let text = StringsDictReference.replacing(
                    name, in: current.text, with: Array(form.text.value.utf8), limit: budget)
            else { throw overBudget() }
            budget -= text.count
            next.text = text
            if let source = current.sourceText {
                next.sourceText = nil
                if let formSource = form.text.sourceText {
                    guard
                        let text = StringsDictReference.replacing(
                            name, in: source, with: Array(formSource.utf8), limit: budget)
                    else { throw overBudget() }
                    budget -= text.count
                    next.sourceText = text
                }
            }
            next.components.append(variantComponent(variable, category: form.category))
            next.used.insert(name)
            if !current.hasOutermostForm {
                next.position = form.text.position
                next.hasOutermostForm = true
            }
            next.state = leastFinished(current.state, form.text.state)
            try walk(&next, variables: variables, into: &expansions, budget: &budget)
        }
    }

    /// Why a walk stopped: its texts grew past the budget (see the type's documentation).
    private static func overBudget() -> Malformed {
        Malformed(message: "the forms expand to more text than one key may (expanding stopped)")
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
