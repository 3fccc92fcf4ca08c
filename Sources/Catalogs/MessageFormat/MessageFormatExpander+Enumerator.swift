/// The enumeration of combinations: choose a case for each argument name reached, depth first, and render.
extension MessageFormatExpander {
    /// What a combination has chosen for one argument name.
    struct Choice {
        var selector: MessageFormat.Selector
        /// Whether a plural or selectordinal made it: the argument is then a number.
        var isNumber: Bool
        /// The argument's value where the chosen case fixes it (`=0` → `0`, `one` → `1` plus the offset).
        var argumentNumber: String?
    }

    /// What `#` prints in the case being rendered.
    enum Pound {
        /// Digits fixed by the case.
        case number(String)
        /// No number selects the case (`other`): the resolver's text for the plural's argument.
        case unbound(String)
    }

    struct Enumerator<Resolver: MessageFormatArgumentResolver> {
        let resolver: Resolver
        let locale: String
        /// Bytes still allowed to be written in all.
        var budget: Int
        var expansions: [Expansion] = []
        private var chosen: [String: Choice] = [:]
        private var order: [String] = []

        init(resolver: Resolver, locale: String, budget: Int) {
            self.resolver = resolver
            self.locale = locale
            self.budget = budget
        }

        /// Appends every combination of `message` to `expansions`.
        mutating func search(_ message: MessageFormat) throws(ExpansionBound.Problem) {
            var output: [UInt8] = []
            guard let needed = try render(message, pound: nil, into: &output) else {
                guard expansions.count < ExpansionBound.maximumCombinations else { throw .tooManyCombinations }
                expansions.append(Expansion(text: String(decoding: output, as: UTF8.self), components: order))
                return
            }
            guard order.count < ExpansionBound.maximumDepth else { throw .tooDeep }
            for option in needed.cases {
                chosen[needed.name] = Choice(
                    selector: option.selector, isNumber: needed.kind.isPluralStyle,
                    argumentNumber: argumentNumber(needed, option.selector))
                order.append("\(needed.name).\(option.selector)")
                try search(message)
                order.removeLast()
            }
            chosen[needed.name] = nil
        }

        /// Writes `message` with the choices made so far into `output`.
        /// - Returns: nil when done, else the first selection reached whose name has no case chosen yet (the output
        ///   is then incomplete).
        mutating func render(_ message: MessageFormat, pound: Pound?, into output: inout [UInt8])
            throws(ExpansionBound.Problem) -> MessageFormat.Selection?
        {
            for part in message.parts {
                switch part {
                case .text(let text):
                    try charge(text.utf8.count * 2)
                    for byte in text.utf8 {
                        output.append(byte)
                        if byte == UInt8(ascii: "%") { output.append(byte) }
                    }
                case .argument(let argument):
                    let text: String
                    if let choice = chosen[argument.name], choice.isNumber,
                        argument.type == nil || argument.type == .number || argument.type == .ordinal
                    {
                        // The plural's own number: the case's, or in `other` the multi-digit sample.
                        text = choice.argumentNumber ?? resolver.numberText(forPluralArgument: argument.name)
                    } else {
                        text = resolver.text(for: argument)
                    }
                    try charge(text.utf8.count)
                    output.append(contentsOf: text.utf8)
                case .pound:
                    let text: String
                    switch pound {
                    case .number(let digits): text = digits
                    case .unbound(let name): text = resolver.numberText(forPluralArgument: name)
                    case nil: text = "#"  // the reader makes `#` a part only inside plural cases
                    }
                    try charge(text.utf8.count)
                    output.append(contentsOf: text.utf8)
                case .selection(let selection):
                    guard !selection.cases.isEmpty else { continue }  // the reader never makes one without cases
                    guard let choice = chosen[selection.name] else { return selection }
                    let option = selection.cases[caseIndex(in: selection, for: choice)]
                    let inner: Pound? =
                        selection.kind.isPluralStyle
                        ? poundValue(selection, option.selector) : nil
                    if let needed = try render(option.message, pound: inner, into: &output) { return needed }
                }
            }
            return nil
        }

        private mutating func charge(_ bytes: Int) throws(ExpansionBound.Problem) {
            budget -= bytes
            guard budget >= 0 else { throw .tooLarge(limit: ExpansionBound.maximumTotalBytes) }
        }

        /// The case of `selection` that `choice` (made for its name, maybe at another selection) reaches.
        private func caseIndex(in selection: MessageFormat.Selection, for choice: Choice) -> Int {
            let cases = selection.cases
            if let same = cases.firstIndex(where: { $0.selector == choice.selector }) { return same }
            if selection.kind.isPluralStyle {
                if case .exact(let value) = choice.selector {
                    let category = ["0": "zero", "1": "one", "2": "two"][value]
                    if let category, let match = cases.firstIndex(where: { $0.selector == .keyword(category) }) {
                        return match
                    }
                } else if let number = choice.argumentNumber,
                    let match = cases.firstIndex(where: { $0.selector == .exact(number) })
                {
                    return match
                }
            }
            return cases.firstIndex { $0.selector == .keyword("other") } ?? cases.count - 1
        }

        /// The argument's value in the case `selector` of `selection`, where the case fixes it.
        private func argumentNumber(_ selection: MessageFormat.Selection, _ selector: MessageFormat.Selector)
            -> String?
        {
            guard selection.kind.isPluralStyle else { return nil }
            switch selector {
            case .exact(let value): return value
            case .keyword(let category):
                guard
                    let sample = PluralSampleNumber.number(
                        for: category,
                        ordinal: selection.kind == .selectOrdinal,
                        locale: locale)
                else { return nil }
                return Self.adding(selection.pluralOffset, to: sample)
            }
        }

        /// What `#` prints in the case `selector` of `selection`.
        private func poundValue(_ selection: MessageFormat.Selection, _ selector: MessageFormat.Selector) -> Pound {
            switch selector {
            case .exact(let value): return .number(Self.adding(-selection.pluralOffset, to: value))
            case .keyword(let category):
                guard
                    let sample = PluralSampleNumber.number(
                        for: category,
                        ordinal: selection.kind == .selectOrdinal,
                        locale: locale)
                else { return .unbound(selection.name) }
                return .number(sample)
            }
        }

        /// `number` (as written: `-1`, `2`, `1.5`) plus `offset`, written the same way.
        static func adding(_ offset: Int, to number: String) -> String {
            guard offset != 0 else { return number }
            if let integer = Int(number) {
                let (sum, overflow) = integer.addingReportingOverflow(offset)
                return overflow ? number : String(sum)
            }
            guard let value = Double(number) else { return number }
            return String(value + Double(offset))
        }
    }
}
