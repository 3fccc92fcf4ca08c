/// Replaces the `%#@NAME@` / `%N$#@NAME@` references in an `.xcstrings` value by the plural forms of the
/// localization's substitutions, producing one text per combination of forms.
///
/// The combinations are the cartesian product of the forms of every substitution the value uses, in the order the
/// references first appear (depth first: a substitution referenced from inside a form comes right after the one whose
/// form references it). A substitution referenced twice takes the same form at both places, as it formats the same
/// argument. Each combination is named by its variant components, `count_posts.one`, `count_participants.other`…
///
/// In a form, `%arg` becomes the substitution's real specifier (`%2$lld`, see `XCStringsSubstitution.specifier`), so
/// the placeholder expander that runs later sees only ordinary printf specifiers. `%%` is copied as it is (it is an
/// escaped percent, not the start of a reference); `%arg` outside a form is left alone.
///
/// A value that references a substitution the localization does not define, a substitution that (directly or not)
/// references itself, a substitution that is unusable, more than `combinationLimit` combinations or more than
/// `substitutionLimit` substitutions throws an `XCStringsProblem`: the entry is skipped as malformed.
///
/// The limits are checked before anything is expanded (`ExpansionBound`, each substitution measured once, in time
/// linear in the localization): substitutions that each reference the next twice would otherwise double the text at
/// every step. Rendering then keeps to a byte budget as a second line of defence.
struct XCStringsSubstitutionExpander {
    /// One combination of forms.
    struct Expansion: Sendable, Hashable {
        /// The value with every reference replaced.
        let text: String
        /// `NAME.category` for each substitution used, in order of first reference.
        let components: [String]
        /// The `state` of each chosen form, in the order of `components`.
        let formStates: [String?]
    }

    /// The most combinations one value may expand to; more means a broken or hostile catalog.
    static let combinationLimit = ExpansionBound.maximumCombinations

    /// The most substitutions one value may use. This also bounds the recursion of `expand` and of `render` (every
    /// substitution on `render`'s stack has a form chosen), which a catalog with thousands of chained substitutions
    /// could otherwise drive into a stack overflow. Real catalogs use one or two.
    static let substitutionLimit = ExpansionBound.maximumDepth

    /// The localization's substitutions by name; each one decoded, or the problem that makes it unusable.
    let substitutions: [String: Result<XCStringsSubstitution, XCStringsProblem>]
    /// The forms of each usable substitution as `ExpansionBound` sees them, read once per localization.
    private let formShapes: [String: [ExpansionBound.Shape]]

    init(substitutions: [String: Result<XCStringsSubstitution, XCStringsProblem>]) {
        self.substitutions = substitutions
        var shapes: [String: [ExpansionBound.Shape]] = [:]
        for case (let name, .success(let substitution)) in substitutions {
            // `%arg` becomes `%` + an argument number (at most 20 digits) + `$` + the specifier.
            let argumentGrowth = max(0, (substitution.formatSpecifier?.utf8.count ?? 0) + 22 - 4)
            shapes[name] = substitution.forms.map {
                Self.shape(of: Array($0.unit.text.utf8), argumentGrowth: argumentGrowth)
            }
        }
        formShapes = shapes
    }

    /// Whether `text` may contain a reference (`#@`), so values without one skip the expander.
    static func mayReference(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "#"), byte == UInt8(ascii: "@") { return true }
            previous = byte
        }
        return false
    }

    /// Every combination of `text` (a value at `position`), in order: the first reference's first form first.
    ///
    /// - Returns: The expansions and the substitutions they used, in order of first use.
    /// - Throws: `XCStringsProblem` (malformed) as described on the type.
    func expand(_ text: String, at position: SourcePosition)
        throws(XCStringsProblem) -> (expansions: [Expansion], used: [XCStringsSubstitution])
    {
        let bytes = Array(text.utf8)
        let bound: ExpansionBound.Bound
        do throws(ExpansionBound.Problem) {
            bound = try ExpansionBound.check(Self.shape(of: bytes, argumentGrowth: 0)) { formShapes[$0] }
        } catch {
            throw Self.malformed(error, at: position)
        }
        var expansions: [Expansion] = []
        var used: [XCStringsSubstitution] = []
        var chosen: [String: Int] = [:]
        var order: [(substitution: XCStringsSubstitution, form: Int)] = []
        var output: [UInt8] = []
        var budget = ExpansionBound.workBudget(bound)

        func search() throws(XCStringsProblem) {
            output.removeAll(keepingCapacity: true)
            if let needed = try render(
                bytes, argument: .none, chosen: chosen, stack: [], at: position, into: &output,
                budget: &budget)
            {
                guard order.count < Self.substitutionLimit else {
                    throw .malformed("the value uses more than \(Self.substitutionLimit) substitutions", at: position)
                }
                if !used.contains(where: { $0.name == needed.name }) { used.append(needed) }
                for form in needed.forms.indices {
                    chosen[needed.name] = form
                    order.append((needed, form))
                    try search()
                    order.removeLast()
                }
                chosen[needed.name] = nil
                return
            }
            guard expansions.count < Self.combinationLimit else {
                throw .malformed("the substitutions give more than \(Self.combinationLimit) combinations", at: position)
            }
            expansions.append(
                Expansion(
                    text: String(decoding: output, as: UTF8.self),
                    components: order.map { "\($0.substitution.name).\($0.substitution.forms[$0.form].category)" },
                    formStates: order.map { $0.substitution.forms[$0.form].unit.state }))
        }

        try search()
        return (expansions, used)
    }

    /// What `%arg` becomes in the text being rendered.
    private enum Argument {
        /// Not inside a form: `%arg` stays as written.
        case none
        /// Inside a form of a substitution with this specifier.
        case specifier(String)
        /// Inside a form of the named substitution, which has no `formatSpecifier`.
        case unknown(String)
    }

    /// Appends `text` to `output` with the references replaced by the forms in `chosen`, charging every byte read
    /// and written to `budget`.
    ///
    /// - Returns: nil when done, or the first substitution reached that has no form chosen yet (the output is then
    ///   incomplete, and the caller tries each of its forms).
    private func render(
        _ text: [UInt8], argument: Argument, chosen: [String: Int], stack: [String],
        at position: SourcePosition, into output: inout [UInt8], budget: inout Int
    )
        throws(XCStringsProblem) -> XCStringsSubstitution?
    {
        budget -= text.count
        guard budget >= 0 else {
            throw .malformed(
                "the substitutions expand to more text than one value may (expanding stopped)",
                at: position)
        }
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "%") else {
                output.append(text[index])
                index += 1
                continue
            }
            if index + 1 < text.count, text[index + 1] == UInt8(ascii: "%") {
                output.append(contentsOf: [UInt8(ascii: "%"), UInt8(ascii: "%")])
                index += 2
                continue
            }
            if Self.isArg(text, at: index) {
                switch argument {
                case .none: output.append(contentsOf: text[index..<index + 4])
                case .specifier(let specifier):
                    budget -= specifier.utf8.count
                    output.append(contentsOf: specifier.utf8)
                case .unknown(let name):
                    throw .malformed(
                        "a form of substitution '\(CatalogExcerpt.of(name))' uses %arg, but the "
                            + "substitution has no formatSpecifier", at: position)
                }
                index += 4
                continue
            }
            guard let reference = Self.reference(in: text, at: index) else {
                output.append(text[index])
                index += 1
                continue
            }
            let name = reference.name
            if let start = stack.firstIndex(of: name) {
                throw Self.malformed(.cycle(Array(stack[start...]) + [name]), at: position)
            }
            guard let decoded = substitutions[name] else {
                let shown = CatalogExcerpt.of(name)
                throw .malformed(
                    "the value refers to %#@\(shown)@ but the localization has no substitution "
                        + "'\(shown)'", at: position)
            }
            let substitution = try decoded.get()
            guard let form = chosen[name] else { return substitution }
            let specifier = substitution.specifier(referencePosition: reference.position)
            let formArgument: Argument = if let specifier { .specifier(specifier) } else { .unknown(name) }
            if let needed = try render(
                Array(substitution.forms[form].unit.text.utf8), argument: formArgument,
                chosen: chosen, stack: stack + [name], at: position, into: &output,
                budget: &budget)
            {
                return needed
            }
            index = reference.end
        }
        return nil
    }

    /// `text` as `ExpansionBound` sees it, read the way `render` reads it: its bytes, what each `%arg` grows by,
    /// and its references.
    static func shape(of text: [UInt8], argumentGrowth: Int) -> ExpansionBound.Shape {
        var shape = ExpansionBound.Shape(bytes: text.count, references: [])
        var index = 0
        while index < text.count {
            guard text[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            if index + 1 < text.count, text[index + 1] == UInt8(ascii: "%") {
                index += 2
            } else if isArg(text, at: index) {
                shape.bytes = ExpansionBound.saturatingAdd(shape.bytes, argumentGrowth)
                index += 4
            } else if let reference = reference(in: text, at: index) {
                shape.references.append(reference.name)
                index = reference.end
            } else {
                index += 1
            }
        }
        return shape
    }

    /// The problem for a value `ExpansionBound` refuses.
    private static func malformed(_ problem: ExpansionBound.Problem, at position: SourcePosition)
        -> XCStringsProblem
    {
        switch problem {
        case .cycle(let names):
            .malformed(
                "substitution '\(CatalogExcerpt.of(names[0]))' refers to itself "
                    + "(\(ExpansionBound.describeCycle(names)))", at: position)
        case .tooDeep:
            .malformed("the value uses more than \(substitutionLimit) substitutions", at: position)
        case .tooManyCombinations:
            .malformed("the substitutions give more than \(combinationLimit) combinations", at: position)
        case .tooLarge(let limit):
            .malformed("the substitutions expand to more than \(limit >> 20) MB of text", at: position)
        }
    }

    /// Whether `text` has `%arg` at `index`.
    private static func isArg(_ text: [UInt8], at index: Int) -> Bool {
        index + 3 < text.count && text[index + 1] == UInt8(ascii: "a") && text[index + 2] == UInt8(ascii: "r")
            && text[index + 3] == UInt8(ascii: "g")
    }

    /// The reference `%#@NAME@` or `%N$#@NAME@` starting at `index` (a `%`), if there is one: its name, the
    /// position `N` if written, and the offset after its closing `@`.
    private static func reference(in text: [UInt8], at index: Int) -> (name: String, position: Int?, end: Int)? {
        var cursor = index + 1
        var position: Int?
        while cursor < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[cursor]) {
            guard cursor - index <= 6 else { return nil }  // no real argument list is that long; avoids overflow
            position = (position ?? 0) * 10 + Int(text[cursor] - UInt8(ascii: "0"))
            cursor += 1
        }
        if position != nil {
            guard cursor < text.count, text[cursor] == UInt8(ascii: "$") else { return nil }
            cursor += 1
        }
        guard cursor + 1 < text.count, text[cursor] == UInt8(ascii: "#"), text[cursor + 1] == UInt8(ascii: "@") else {
            return nil
        }
        let nameStart = cursor + 2
        guard let nameEnd = text[nameStart...].firstIndex(of: UInt8(ascii: "@")) else { return nil }
        return (String(decoding: text[nameStart..<nameEnd], as: UTF8.self), position, nameEnd + 1)
    }
}
