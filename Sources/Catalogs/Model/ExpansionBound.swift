/// Bounds what a text with variable references (`%#@NAME@`) expands to — how many combinations of forms, how many
/// bytes, how deep the variables nest, whether they form a cycle — before anything is expanded.
///
/// Stringsdict rules (`StringsDictExpander`) and String Catalog substitutions (`XCStringsSubstitutionExpander`) both
/// replace every reference by each form of its variable, recursively, one text per combination (and ICU plurals and
/// selects, `MessageFormatExpander`, are bounded as variables whose forms are their cases). Expanding first and
/// counting as it goes is exponential on a hostile rule: variables that each reference the next twice (`%#@v1@` →
/// `%#@v2@ %#@v2@` → …) double the text at every step, so thirty steps are a gigabyte before the first combination
/// is even complete, and the combination limit is never reached. So each expander first describes its texts as
/// `Shape`s (a length and the references, read once) and asks `check` for the bound:
///
/// - every variable is measured once (memoized): its combinations (the sum over its forms of the product of the
///   distinct variables each references) and the most bytes one of its expansions can have (the largest form's own
///   bytes plus, per reference, its variable's bytes) — in saturating arithmetic, so no count overflows;
/// - a variable met again while it is being measured is a cycle, reported with the chain of names (`a → b → a`);
/// - nesting deeper than `maximumDepth` variables is refused before recursing further (the stack is never at risk);
/// - then the limits are compared: at most `maximumCombinations` combinations, expansions that grow the text by at
///   most `maximumGrowth` bytes, and all combinations together at most `maximumTotalBytes`.
///
/// The product is an upper bound: a variable referenced from two places takes one form in both, so it counts once
/// where the bound counted it twice. Only when the bound is over the limit are the real combinations counted
/// (`exactCombinations`, which stops at the limit), so a rule that shares variables is not refused for a count it
/// does not have. Names without forms (undefined or unusable variables) count as plain text here; the expander
/// reports them when it meets them.
///
/// - Complexity: O(size of the rule) for the bound; the exact count, only past the limit, visits at most
///   `maximumCombinations × maximumDepth` partial combinations.
enum ExpansionBound {
    /// A text as the bound sees it.
    struct Shape: Sendable, Hashable {
        /// The bytes the text puts into an expansion itself: its length, plus what its `%arg`s grow by.
        var bytes: Int
        /// The variables it references, once per reference, in order.
        var references: [String]
    }

    /// Why a text cannot be expanded.
    enum Problem: Error, Sendable, Hashable {
        /// Variables that reference each other in a circle: the chain, the first name again at the end.
        case cycle([String])
        /// More than `maximumDepth` variables nested (or, for the exact count, chosen on one path).
        case tooDeep
        case tooManyCombinations
        /// The expansions would be larger than `limit` bytes.
        case tooLarge(limit: Int)
    }

    /// What a text expands to, at most.
    struct Bound: Sendable, Hashable {
        var combinations: Int
        /// The most bytes one expansion can have.
        var bytes: Int
    }

    /// More combinations than this for one text is a broken or hostile catalog.
    static let maximumCombinations = 4096
    /// More variables than this on one path (each form referencing the next) is refused.
    static let maximumDepth = 64
    /// The most bytes the forms may add to one text: far above any real plural rule, far below what a doubling
    /// chain makes.
    static let maximumGrowth = 1 << 20
    /// The most bytes all combinations of one text may have together.
    static let maximumTotalBytes = 1 << 24
    /// What the expanders may write in all, as a second line of defence should a text expand to more than its
    /// shape says (in a stringsdict a form can join the text around it into a reference no shape showed): this plus
    /// eight times the bound.
    static let minimumWorkBudget = 1 << 26

    /// The bound of `text` against the variables' forms.
    /// - Parameter forms: The forms of the variable of that name, or nil (or none) for plain text. Asked once per
    ///   variable the text reaches, so a rule with many variables is read only as far as the text uses it.
    /// - Throws: `Problem` when a limit is passed or the variables form a cycle.
    static func check(_ text: Shape, forms: (String) -> [Shape]?) throws(Problem) -> Bound {
        let top: Measure
        if let flat = flatMeasure(text, forms) {
            top = flat
        } else {
            var measurer = Measurer()
            top = try measurer.measure(text, forms)
        }
        guard top.height <= maximumDepth else { throw .tooDeep }
        guard top.bytes - text.bytes <= maximumGrowth else { throw .tooLarge(limit: maximumGrowth) }
        var combinations = top.combinations
        if combinations > maximumCombinations {
            combinations = try exactCombinations(text, forms)
            guard combinations <= maximumCombinations else { throw .tooManyCombinations }
        }
        if combinations > 1 && saturatingMultiply(combinations, top.bytes) > maximumTotalBytes {
            throw .tooLarge(limit: maximumTotalBytes)
        }
        return Bound(combinations: combinations, bytes: top.bytes)
    }

    /// The bytes an expander may write for a text of `bound`: generous, so only an expansion its shape did not
    /// foresee reaches it.
    static func workBudget(_ bound: Bound) -> Int {
        saturatingAdd(minimumWorkBudget, saturatingMultiply(8, saturatingMultiply(bound.combinations, bound.bytes)))
    }

    /// `a → b → a`, shortened in the middle when the chain is long.
    static func describeCycle(_ names: [String]) -> String {
        let shown = names.map { CatalogExcerpt.of($0) }
        guard shown.count > 8 else { return shown.joined(separator: " → ") }
        return (shown.prefix(4) + ["…"] + shown.suffix(2)).joined(separator: " → ")
    }

    /// `a + b`, or `Int.max` when that overflows.
    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// `a × b`, or `Int.max` when that overflows.
    static func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : product
    }

    /// What one text or variable expands to at most.
    private struct Measure {
        var combinations: Int
        var bytes: Int
        /// The deepest nesting of variables below it.
        var height: Int
    }

    /// The measure of a text whose variables' forms reference nothing (nearly every real rule: `%#@COUNT@` with
    /// plain plural forms), computed without the bookkeeping nesting needs; nil when some form does reference.
    /// Exact: with no nesting, only a name repeated in the text itself is shared, and it counts once.
    private static func flatMeasure(_ text: Shape, _ lookup: (String) -> [Shape]?) -> Measure? {
        var result = Measure(combinations: 1, bytes: text.bytes, height: 0)
        let references = text.references
        // A set only for texts with many references (a scan of the few before is cheaper for one or two), so that a
        // hostile text of thousands of selections is measured in linear time, not quadratic.
        var counted: Set<String> = []
        for (index, name) in references.enumerated() {
            guard let shapes = lookup(name), !shapes.isEmpty else { continue }
            var largest = 0
            for shape in shapes {
                guard shape.references.isEmpty else { return nil }
                largest = max(largest, shape.bytes)
            }
            result.bytes = saturatingAdd(result.bytes, largest)
            result.height = 1
            let isFirst =
                references.count <= 8 ? !references[..<index].contains(name) : counted.insert(name).inserted
            if isFirst {
                result.combinations = saturatingMultiply(result.combinations, shapes.count)
            }
        }
        return result
    }

    /// Each variable's forms, asked for once.
    private struct FormCache {
        var known: [String: [Shape]] = [:]

        /// The forms of `name` (empty for a name without forms).
        mutating func forms(of name: String, _ lookup: (String) -> [Shape]?) -> [Shape] {
            if let forms = known[name] { return forms }
            let forms = lookup(name) ?? []
            known[name] = forms
            return forms
        }
    }

    /// Measures each variable once, depth first, keeping the chain of variables being measured for cycles.
    private struct Measurer {
        var measured: [String: Measure] = [:]
        /// The variables being measured, outermost first (at most `maximumDepth`).
        var chain: [String] = []

        mutating func measure(_ text: Shape, _ lookup: (String) -> [Shape]?) throws(Problem) -> Measure {
            var result = Measure(combinations: 1, bytes: text.bytes, height: 0)
            // A name referenced again takes the same form: its combinations count once. Texts reference one or two
            // names, so a scan finds repeats; a set only for texts with many references.
            let references = text.references
            var counted: Set<String> = []
            for (index, name) in references.enumerated() {
                guard let variable = try measureVariable(name, lookup) else { continue }
                result.bytes = saturatingAdd(result.bytes, variable.bytes)
                let isFirst =
                    references.count <= 8
                    ? !references[..<index].contains(name) : counted.insert(name).inserted
                if isFirst {
                    result.combinations = saturatingMultiply(result.combinations, variable.combinations)
                }
                result.height = max(result.height, variable.height)
            }
            return result
        }

        /// The measure of variable `name`; nil when it has no forms.
        mutating func measureVariable(_ name: String, _ lookup: (String) -> [Shape]?) throws(Problem) -> Measure? {
            if let known = measured[name] { return known }
            if let start = chain.firstIndex(of: name) { throw .cycle(Array(chain[start...]) + [name]) }
            guard let shapes = lookup(name), !shapes.isEmpty else { return nil }
            guard chain.count < maximumDepth else { throw .tooDeep }
            chain.append(name)
            defer { chain.removeLast() }
            var result = Measure(combinations: 0, bytes: 0, height: 0)
            for shape in shapes {
                let form = try measure(shape, lookup)
                result.combinations = saturatingAdd(result.combinations, form.combinations)
                result.bytes = max(result.bytes, form.bytes)
                result.height = max(result.height, form.height)
            }
            result.height += 1
            measured[name] = result
            return result
        }
    }

    /// The number of combinations the expanders really produce (a variable takes one form wherever it is
    /// referenced), counted without building any text and stopping past `maximumCombinations`.
    ///
    /// It follows the expanders' order: the first variable not yet chosen, each of its forms in turn, the form's
    /// references joining the ones still to choose.
    /// - Throws: `.tooDeep` when a combination would need more than `maximumDepth` variables.
    private static func exactCombinations(_ text: Shape, _ lookup: (String) -> [Shape]?) throws(Problem) -> Int {
        var cache = FormCache()
        var distinctReferences: [String: [[String]]] = [:]
        var leaves = 0
        func distinct(_ names: [String]) -> [String] {
            var seen: Set<String> = []
            return names.filter { seen.insert($0).inserted }
        }
        func count(_ pending: [String], _ chosen: Set<String>) throws(Problem) {
            guard let first = pending.first else {
                leaves += 1
                return
            }
            guard chosen.count + pending.count <= maximumDepth else { throw .tooDeep }
            let rest = pending.dropFirst()
            var chosen = chosen
            chosen.insert(first)
            let shapes = cache.forms(of: first, lookup)
            guard !shapes.isEmpty else {
                try count(Array(rest), chosen)
                return
            }
            let perForm = distinctReferences[first] ?? shapes.map { distinct($0.references) }
            distinctReferences[first] = perForm
            for references in perForm {
                let added = references.filter { !chosen.contains($0) }
                let addedSet = Set(added)
                try count(added + rest.filter { !addedSet.contains($0) }, chosen)
                if leaves > maximumCombinations { return }
            }
        }
        try count(distinct(text.references), [])
        return leaves
    }
}
