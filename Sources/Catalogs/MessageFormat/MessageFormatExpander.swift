/// Turns a `MessageFormat` into one entry text per combination of its cases: every plural, selectordinal and select
/// case becomes a variant, named like the other catalogs' variants (`CatalogEntry.variant`): `count.one`,
/// `count.=0`, and for nesting, outermost first, `gender.female/count.other`.
///
/// Choices are made per argument name, not per selection: a message that asks about `count` twice ("{count, plural,
/// one{# file} other{# files}} {count, plural, one{was} other{were}} deleted") formats one number, so it has two
/// combinations, not four. A later selection on a name already chosen takes the case with the same selector, else
/// the case a number would reach (`=1` → `one`, `=0` → `zero`, `=2` → `two`, a category → the `=N` of its
/// sample number), else `other`.
///
/// In a plural-style case the number is fixed where a number selects the case: `=N` → N (and `#` → N minus the
/// offset), a category → `PluralSampleNumber` (and the argument → that plus the offset); `#` and the argument print
/// these digits. In `other` (and a `many` without a sample) they are left to the resolver (`%d`: the multi-digit
/// integer sample). Everything else comes from the `MessageFormatArgumentResolver`.
///
/// The combinations are bounded before anything is expanded (`ExpansionBound`): each selection is a variable whose
/// forms are its cases, each case's shape the bytes it writes and the selections directly inside it. Counting every
/// selection apart can only overcount the choices by name, so the bound is safe. Past `ExpansionBound`'s limits
/// (4096 combinations, 1 MB of growth, 16 MB in all), or with more than `ExpansionBound.maximumDepth` choices in one
/// combination, the message is refused; expanding then keeps to the bound's work budget as a second line of defence.
struct MessageFormatExpander {
    /// One combination: its text (entry text, `%` doubled) and its variant components, outermost first.
    struct Expansion: Sendable, Hashable {
        var text: String
        var components: [String]
    }

    /// The locale the message is in (for the numbers of plural categories).
    let locale: String

    /// Every combination of `message`, the first case of the first selection first.
    /// - Throws: `ExpansionBound.Problem` when the message would expand past the limits.
    func expand<Resolver: MessageFormatArgumentResolver>(_ message: MessageFormat, resolver: Resolver)
        throws(ExpansionBound.Problem) -> [Expansion]
    {
        if !message.parts.contains(where: { if case .selection = $0 { true } else { false } }) {
            var enumerator = Enumerator(resolver: resolver, locale: locale, budget: .max)
            var output: [UInt8] = []
            _ = try enumerator.render(message, pound: nil, into: &output)
            return [Expansion(text: String(decoding: output, as: UTF8.self), components: [])]
        }
        var shapes = ShapeBuilder(resolver: resolver)
        let top = shapes.shape(of: message)
        let bound = try ExpansionBound.check(top) { shapes.forms[$0] }
        var enumerator = Enumerator(resolver: resolver, locale: locale, budget: ExpansionBound.workBudget(bound))
        try enumerator.search(message)
        return enumerator.expansions
    }

    /// The message as `ExpansionBound` sees it: one variable per selection, named by its place in the tree.
    private struct ShapeBuilder<Resolver: MessageFormatArgumentResolver> {
        let resolver: Resolver
        var forms: [String: [ExpansionBound.Shape]] = [:]
        private var next = 0

        init(resolver: Resolver) {
            self.resolver = resolver
        }

        /// The most bytes a number fixed by a case can print (`=N` is at most 19 characters, a sample fewer).
        static var numberBytes: Int { 24 }

        mutating func shape(of message: MessageFormat) -> ExpansionBound.Shape {
            var shape = ExpansionBound.Shape(bytes: 0, references: [])
            for part in message.parts {
                switch part {
                case .text(let text):
                    var bytes = text.utf8.count
                    for byte in text.utf8 where byte == UInt8(ascii: "%") { bytes += 1 }
                    shape.bytes = ExpansionBound.saturatingAdd(shape.bytes, bytes)
                case .argument(let argument):
                    shape.bytes = ExpansionBound.saturatingAdd(
                        shape.bytes, resolver.text(for: argument).utf8.count + Self.numberBytes)
                case .pound:
                    shape.bytes = ExpansionBound.saturatingAdd(shape.bytes, Self.numberBytes)
                case .selection(let selection):
                    let name = String(next)
                    next += 1
                    shape.references.append(name)
                    forms[name] = selection.cases.map { self.shape(of: $0.message) }
                }
            }
            return shape
        }
    }
}
