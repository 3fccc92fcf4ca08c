/// Arguments: names, types, simple styles, and the cases of plural, selectordinal and select.
extension MessageFormatReader {
    /// Reads the argument whose `{` is at `index`, through its `}`.
    /// - Parameter depth: How many selections enclose it.
    mutating func readArgument(depth: Int) throws(MessageFormatError) -> MessageFormat.Part {
        let open = index
        index += 1
        skipWhiteSpace()
        let name = try readName(open: open)
        let offset = scalarOffset(open)
        skipWhiteSpace()
        guard index < bytes.count else { throw fail(.unclosedBrace, at: open) }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .argument(MessageFormat.Argument(name: name, type: nil, style: nil, offset: offset))
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw fail(.expectedCommaOrClosingBrace, at: index) }
        index += 1
        skipWhiteSpace()
        let typeStart = index
        let type = readIdentifier()
        guard !type.isEmpty else {
            guard index < bytes.count else { throw fail(.unclosedBrace, at: open) }
            throw fail(.expectedArgumentType, at: index)
        }
        skipWhiteSpace()
        let kind: MessageFormat.SelectionKind
        switch type {
        case "plural": kind = .plural
        case "selectordinal": kind = .selectOrdinal
        case "select": kind = .select
        case "choice": throw fail(.unsupportedChoice, at: typeStart)
        default:
            guard let simple = MessageFormat.ArgumentType(rawValue: type) else {
                throw fail(.unknownArgumentType(type), at: typeStart)
            }
            let style = try readSimpleStyle(open: open)
            return .argument(MessageFormat.Argument(name: name, type: simple, style: style, offset: offset))
        }
        guard index < bytes.count else { throw fail(.unclosedBrace, at: open) }
        guard bytes[index] == UInt8(ascii: ",") else { throw fail(.expectedCommaOrClosingBrace, at: index) }
        index += 1
        guard depth < Self.maximumDepth else { throw fail(.tooDeep(limit: Self.maximumDepth), at: open) }
        return .selection(try readCases(name: name, kind: kind, open: open, offset: offset, depth: depth))
    }

    /// Reads an argument name: ASCII letters, digits and `_`, and any non-ASCII scalar but pattern white space
    /// (ICU takes a number or an identifier; Flutter's placeholders are Dart identifiers).
    private mutating func readName(open: Int) throws(MessageFormatError) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isNameByte(byte) {
                index += 1
            } else if byte >= 0x80, whiteSpaceLength(at: index) == 0 {
                index += 1
            } else {
                break
            }
        }
        guard index > start else {
            guard index < bytes.count else { throw fail(.unclosedBrace, at: open) }
            let byte = bytes[index]
            let kind: MessageFormatError.Kind =
                byte == UInt8(ascii: "}") || byte == UInt8(ascii: ",")
                    || byte == UInt8(ascii: "{") ? .expectedArgumentName : .invalidArgumentName
            throw fail(kind, at: index)
        }
        if index < bytes.count, whiteSpaceLength(at: index) == 0, bytes[index] != UInt8(ascii: "}"),
            bytes[index] != UInt8(ascii: ",")
        {
            throw fail(.invalidArgumentName, at: index)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// Reads an ASCII identifier (a type or a keyword); empty when there is none at `index`.
    mutating func readIdentifier() -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// After a simple argument's type: `}`, or `,` and a style up to the `}` that closes the argument (ICU's
    /// `parseSimpleStyle`: braces nest, and `'…'` quotes, whose content is kept as written). Consumes the `}`.
    private mutating func readSimpleStyle(open: Int) throws(MessageFormatError) -> String? {
        guard index < bytes.count else { throw fail(.unclosedBrace, at: open) }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw fail(.expectedCommaOrClosingBrace, at: index) }
        index += 1
        let start = index
        var nesting = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") {
                let quote = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") { index += 1 }
                guard index < bytes.count else { throw fail(.unterminatedQuoteInStyle, at: quote) }
            } else if byte == UInt8(ascii: "{") {
                nesting += 1
            } else if byte == UInt8(ascii: "}") {
                if nesting == 0 {
                    let style = trimmed(start..<index)
                    index += 1
                    return style.isEmpty ? nil : style
                }
                nesting -= 1
            }
            index += 1
        }
        throw fail(.unclosedBrace, at: open)
    }

    /// The text of `range` without pattern white space at either end.
    private func trimmed(_ range: Range<Int>) -> String {
        var start = range.lowerBound, end = range.upperBound
        while start < end, whiteSpaceLength(at: start) > 0 { start += whiteSpaceLength(at: start) }
        while end > start, bytes[end - 1] == 0x20 || (0x09...0x0D).contains(bytes[end - 1]) { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Reads the cases of a plural, selectordinal or select, through the `}` that closes the argument.
    private mutating func readCases(
        name: String, kind: MessageFormat.SelectionKind, open: Int, offset: Int,
        depth: Int
    ) throws(MessageFormatError) -> MessageFormat.Selection {
        var selection = MessageFormat.Selection(name: name, kind: kind, pluralOffset: 0, cases: [], offset: offset)
        var seen: Set<String> = []
        var hasOffset = false
        while true {
            skipWhiteSpace()
            guard index < bytes.count else { throw fail(.unclosedBrace, at: open) }
            let selectorStart = index
            let byte = bytes[index]
            if byte == UInt8(ascii: "}") {
                index += 1
                break
            }
            let selector: MessageFormat.Selector
            if byte == UInt8(ascii: "=") {
                guard kind.isPluralStyle else { throw fail(.explicitValueInSelect, at: index) }
                index += 1
                selector = .exact(try readExplicitValue(at: selectorStart))
            } else {
                let word = readIdentifier()
                if word == "offset", index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                    guard kind.isPluralStyle, !hasOffset, selection.cases.isEmpty else {
                        throw fail(.invalidOffset, at: selectorStart)
                    }
                    index += 1
                    skipWhiteSpace()
                    selection.pluralOffset = try readOffsetValue(at: selectorStart)
                    hasOffset = true
                    continue
                }
                guard !word.isEmpty else { throw fail(.expectedSelector, at: index) }
                if kind.isPluralStyle, !MessageFormat.pluralCategories.contains(word) {
                    throw fail(.unknownPluralCategory(word), at: selectorStart)
                }
                selector = .keyword(word)
            }
            guard seen.insert(selector.description).inserted else {
                throw fail(.duplicateSelector(selector.description), at: selectorStart)
            }
            skipWhiteSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
                throw fail(.expectedCaseMessage(selector.description), at: index)
            }
            let caseOpen = index
            index += 1
            let message = try readMessage(context: kind.isPluralStyle ? .pluralCase : .selectCase, depth: depth + 1)
            guard index < bytes.count else { throw fail(.unclosedBrace, at: caseOpen) }
            index += 1  // the case's `}`
            selection.cases.append(MessageFormat.Case(selector: selector, message: message))
        }
        guard seen.contains("other") else { throw fail(.missingOther, at: open) }
        return selection
    }

    /// After `=`: an optional `-`, digits, and an optional fraction, as written (at most 18 digits, so that it
    /// fits an `Int` when it is an integer).
    private mutating func readExplicitValue(at start: Int) throws(MessageFormatError) -> String {
        let valueStart = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw fail(.invalidExplicitValue, at: start) }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."),
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1])
        {
            index += 1
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        }
        guard index - valueStart <= 19 else { throw fail(.invalidExplicitValue, at: start) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<index]), as: UTF8.self)
    }

    /// After `offset:`: a non-negative integer of at most nine digits.
    private mutating func readOffsetValue(at start: Int) throws(MessageFormatError) -> Int {
        var value = 0
        let digitsStart = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            guard index - digitsStart < 9 else { throw fail(.invalidOffset, at: start) }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        guard index > digitsStart else { throw fail(.invalidOffset, at: start) }
        return value
    }

    /// Skips ICU pattern white space.
    mutating func skipWhiteSpace() {
        while index < bytes.count {
            let length = whiteSpaceLength(at: index)
            guard length > 0 else { return }
            index += length
        }
    }

    /// The UTF-8 length of the white space at `offset`, or 0. ICU skips Unicode's Pattern_White_Space: U+0009–U+000D,
    /// U+0020, U+0085, U+200E, U+200F, U+2028, U+2029. Flutter's reader (either apostrophe mode but `.icu`) skips
    /// what Dart's `\s` matches instead: U+0009–U+000D, U+0020, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029,
    /// U+202F, U+205F, U+3000, U+FEFF (ECMAScript's WhiteSpace and LineTerminator).
    func whiteSpaceLength(at offset: Int) -> Int {
        let byte = bytes[offset]
        if byte == 0x20 || (0x09...0x0D).contains(byte) { return 1 }
        let second: UInt8? = offset + 1 < bytes.count ? bytes[offset + 1] : nil
        let third: UInt8? = offset + 2 < bytes.count ? bytes[offset + 2] : nil
        guard apostrophes != .icu else {
            if byte == 0xC2, second == 0x85 { return 2 }
            if byte == 0xE2, second == 0x80, let third, [0x8E, 0x8F, 0xA8, 0xA9].contains(third) { return 3 }
            return 0
        }
        switch (byte, second, third) {
        case (0xC2, 0xA0, _): return 2
        case (0xE1, 0x9A, 0x80), (0xE3, 0x80, 0x80), (0xEF, 0xBB, 0xBF), (0xE2, 0x81, 0x9F): return 3
        case (0xE2, 0x80, .some(let last)) where (0x80...0x8A).contains(last) || [0xA8, 0xA9, 0xAF].contains(last):
            return 3
        default: return 0
        }
    }
}
