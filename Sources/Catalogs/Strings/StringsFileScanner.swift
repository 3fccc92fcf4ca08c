import TextCoding

/// The single pass of `StringsFileParser` over a `.strings` file's UTF-8 text: tokens, escapes, entries, positions.
///
/// It works on the bytes of the decoded text (never on `Character`s): every syntax character is ASCII, and UTF-8
/// never hides an ASCII byte inside a multi-byte character, so scanning bytes is exact. Positions are byte offsets
/// until an entry is recorded; `SourcePositionTracker` turns the increasing value offsets into line/column in one
/// extra pass. Errors re-count from the start, which is fine because there is at most one.
///
/// The scanner borrows `text` (it is created inside `withUnsafeBufferPointer` and must not outlive it).
struct StringsFileScanner {
    /// Containers nested deeper than this throw instead of recursing further (a hostile file could exhaust the stack).
    static let maximumNesting = 256

    private let text: UnsafeBufferPointer<UInt8>
    private let file: String
    private let locale: String
    private var index = 0
    private var tracker = SourcePositionTracker()
    /// Reused for strings with escapes.
    private var scratch: [UInt8] = []
    private var entries: [CatalogEntry] = []
    private var skipped: [SkippedEntry] = []
    /// Key → index in `entries` of its latest occurrence, or -1 when that occurrence was skipped.
    private var latestOccurrence: [ExactText: Int] = [:]
    /// Indices in `entries` that a later occurrence of their key replaced.
    private var overridden: [Int] = []

    /// A string token: its decoded text, where it starts, and the first escape that could not be decoded, if any.
    private struct StringToken {
        var text: String
        var start: Int
        var problem: (offset: Int, message: String)?
    }

    /// What a value was: a string, or a container with no text (the reason it is skipped).
    private enum Value {
        case string(StringToken)
        case noText(String)
    }

    init(text: UnsafeBufferPointer<UInt8>, file: String, locale: String) {
        self.text = text
        self.file = file
        self.locale = locale
    }

    // MARK: - Grammar

    /// Scans the whole file.
    mutating func scan() throws(CatalogError) -> CatalogDocument {
        try skipTrivia()
        var braceStart: Int?
        if index < text.count && text[index] == UInt8(ascii: "{") {
            braceStart = index
            index += 1
        }
        while true {
            try skipTrivia()
            if index == text.count {
                if let braceStart {
                    throw error(
                        at: index,
                        "expected '}' to close the dictionary that opens at "
                            + "\(position(of: braceStart)), found the end of the file")
                }
                break
            }
            if braceStart != nil && text[index] == UInt8(ascii: "}") {
                index += 1
                try skipTrivia()
                if index < text.count {
                    throw error(
                        at: index, "expected the end of the file after the closing '}', found \(found(at: index))")
                }
                break
            }
            try scanEntry()
        }
        if !overridden.isEmpty {
            let dropped = Set(overridden)
            var kept: [CatalogEntry] = []
            kept.reserveCapacity(entries.count - dropped.count)
            for (offset, entry) in entries.enumerated() where !dropped.contains(offset) { kept.append(entry) }
            entries = kept
        }
        return CatalogDocument(format: .strings, entries: entries, skipped: skipped)
    }

    /// `key = value ;` or `key ;`, starting at a token.
    private mutating func scanEntry() throws(CatalogError) {
        guard let key = try scanString() else {
            throw error(
                at: index,
                "expected a key (a quoted string, or a word of letters, digits and _$/:.-), "
                    + "found \(found(at: index))")
        }
        try skipTrivia()
        guard index < text.count else {
            throw error(
                at: index,
                "expected '=' or ';' after the key \(StringsSyntax.quoted(key.text)), found the end of the file")
        }
        switch text[index] {
        case UInt8(ascii: ";"):
            index += 1
            record(key: key, value: .string(key), valueStart: key.start)
        case UInt8(ascii: "="):
            index += 1
            try skipTrivia()
            let valueStart = index
            let value: Value
            if let string = try scanString() {
                value = .string(string)
            } else if index < text.count && text[index] == UInt8(ascii: "(") {
                try skipArray(depth: 1)
                value = .noText("array value")
            } else if index < text.count && text[index] == UInt8(ascii: "{") {
                try skipDictionary(depth: 1)
                value = .noText("dictionary value")
            } else if index < text.count && text[index] == UInt8(ascii: "<") {
                try skipData()
                value = .noText("data value")
            } else {
                throw error(
                    at: index,
                    "expected a value after '=' for the key \(StringsSyntax.quoted(key.text)) (a quoted string, "
                        + "a word, or a ( ) array or { } dictionary), found \(found(at: index))")
            }
            // Where the `;` belongs: right after the value (comments and blank lines may come before what was
            // found instead).
            let valueEnd = index
            try skipTrivia()
            guard index < text.count && text[index] == UInt8(ascii: ";") else {
                throw error(
                    at: valueEnd,
                    "missing ';' after the value of the key \(StringsSyntax.quoted(key.text)): "
                        + "found \(found(at: index))")
            }
            index += 1
            record(key: key, value: value, valueStart: valueStart)
        default:
            throw error(
                at: index,
                "expected '=' or ';' after the key \(StringsSyntax.quoted(key.text)), found \(found(at: index))")
        }
    }

    /// Adds one key/value pair: an entry, or a skipped entry with its reason, and the bookkeeping for "last wins".
    private mutating func record(key: StringToken, value: Value, valueStart: Int) {
        var problem = key.problem
        var noText: String?
        switch value {
        case .string(let string): problem = problem ?? string.problem
        case .noText(let reason): noText = reason
        }
        // Both positions through the tracker, in file order (a problem in the key comes before the value), so that a
        // file of many broken entries still costs one pass, not one pass per entry.
        var problemPosition: SourcePosition?
        if let problem, problem.offset < valueStart {
            problemPosition = tracker.position(at: problem.offset, in: text)
        }
        let position = tracker.position(at: valueStart, in: text)
        if let problem, problemPosition == nil {
            problemPosition = tracker.position(at: problem.offset, in: text)
        }
        let becomesEntry = problem == nil && noText == nil
        if key.problem == nil,
            let previous = latestOccurrence.updateValue(becomesEntry ? entries.count : -1, forKey: ExactText(key.text)),
            previous >= 0
        {
            overridden.append(previous)
            skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: key.text, position: entries[previous].position,
                    reason: .malformed("duplicate key, overridden at line \(position.line)")))
        }
        if let noText {
            skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: key.text, position: position,
                    reason: .noValue(noText)))
        } else if let problem {
            skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: key.text,
                    position: problemPosition ?? self.position(of: problem.offset),
                    reason: .malformed(problem.message)))
        } else if case .string(let string) = value {
            entries.append(
                CatalogEntry(
                    file: file, locale: locale, key: key.text, text: string.text,
                    position: position))
        }
    }

    // MARK: - Strings

    /// A quoted or unquoted string at `index`, or nil (and `index` unchanged) when no string starts there.
    private mutating func scanString() throws(CatalogError) -> StringToken? {
        guard index < text.count else { return nil }
        let byte = text[index]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try scanQuoted() }
        guard StringsSyntax.isUnquotedCharacter(byte) else { return nil }
        let start = index
        while index < text.count && StringsSyntax.isUnquotedCharacter(text[index]) { index += 1 }
        return StringToken(text: makeString(start..<index), start: start)
    }

    /// The quoted string whose opening quote is at `index`, escapes decoded.
    private mutating func scanQuoted() throws(CatalogError) -> StringToken {
        let open = index
        let quote = text[open]
        let backslash = UInt8(ascii: "\\")
        var i = open + 1
        // Fast path: most strings have no escapes and become a String straight from the buffer.
        while i < text.count && text[i] != quote && text[i] != backslash { i += 1 }
        guard i < text.count else { throw unterminatedString(open) }
        if text[i] == quote {
            index = i + 1
            return StringToken(text: makeString(open + 1..<i), start: open)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[open + 1..<i]))
        var problem: (offset: Int, message: String)?
        while true {
            guard i < text.count else { throw unterminatedString(open) }
            let byte = text[i]
            if byte == quote { break }
            if byte != backslash {
                let run = i
                while i < text.count && text[i] != quote && text[i] != backslash { i += 1 }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[run..<i]))
                continue
            }
            let escape = i
            i += 1
            guard i < text.count else { throw unterminatedString(open) }
            let escaped = text[i]
            switch escaped {
            case UInt8(ascii: "a"): scratch.append(0x07); i += 1
            case UInt8(ascii: "b"): scratch.append(0x08); i += 1
            case UInt8(ascii: "f"): scratch.append(0x0C); i += 1
            case UInt8(ascii: "n"): scratch.append(0x0A); i += 1
            case UInt8(ascii: "r"): scratch.append(0x0D); i += 1
            case UInt8(ascii: "t"): scratch.append(0x09); i += 1
            case UInt8(ascii: "v"): scratch.append(0x0B); i += 1
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                // One to three octal digits; like Apple's parser, keep the low 8 bits (\777 is 0xFF).
                var value = UInt32(escaped - UInt8(ascii: "0"))
                i += 1
                var digits = 1
                while digits < 3 && i < text.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[i]) {
                    value = value << 3 + UInt32(text[i] - UInt8(ascii: "0"))
                    i += 1
                    digits += 1
                }
                // NeXTSTEP leaves 0xFE and 0xFF undefined; U+FFFD keeps the failed character visible.
                appendScalar(NeXTSTEPLatin.scalar(for: UInt8(value & 0xFF)) ?? "\u{FFFD}")
            case UInt8(ascii: "U"):
                i += 1
                let unit = readHexUnit(&i)
                if (0xD800...0xDBFF).contains(unit) {
                    // A high surrogate pairs with an immediately following \U low surrogate.
                    var next = i
                    if next + 1 < text.count && text[next] == backslash && text[next + 1] == UInt8(ascii: "U") {
                        next += 2
                        let low = readHexUnit(&next)
                        if (0xDC00...0xDFFF).contains(low) {
                            appendScalar(Unicode.Scalar(0x10000 + (unit - 0xD800) << 10 + (low - 0xDC00))!)
                            i = next
                            continue
                        }
                    }
                    if problem == nil {
                        problem = (escape, loneSurrogateMessage(unit))
                    }
                    appendScalar("\u{FFFD}")
                } else if (0xDC00...0xDFFF).contains(unit) {
                    if problem == nil {
                        problem = (escape, loneSurrogateMessage(unit))
                    }
                    appendScalar("\u{FFFD}")
                } else {
                    appendScalar(Unicode.Scalar(unit)!)
                }
            default:
                // Any other escaped character is itself (\" \\ \' \u, and a line break): copy its whole scalar.
                let length = StringsSyntax.sequenceLength(lead: escaped)
                let stop = min(i + length, text.count)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[i..<stop]))
                i = stop
            }
        }
        index = i + 1
        return StringToken(text: String(decoding: scratch, as: UTF8.self), start: open, problem: problem)
    }

    /// Why a `\U` escape's surrogate `unit` cannot be used on its own.
    private func loneSurrogateMessage(_ unit: UInt32) -> String {
        let escape = "\\U" + StringsSyntax.hex4(unit)
        return unit < 0xDC00
            ? "lone UTF-16 surrogate \(escape): a high surrogate must be followed by \\U and a low one (DC00–DFFF)"
            : "lone UTF-16 surrogate \(escape): a low surrogate must follow a \\U high surrogate (D800–DBFF)"
    }

    /// Up to four hex digits at `i` as one UTF-16 unit (no digits: 0, as Apple's parser reads `\U` alone).
    private func readHexUnit(_ i: inout Int) -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < 4 && i < text.count, let digit = ASCIIHexDigit.value(text[i]) {
            value = value << 4 | UInt32(digit)
            i += 1
            digits += 1
        }
        return value
    }

    private mutating func appendScalar(_ scalar: Unicode.Scalar) {
        UTF8Encoding.append(scalar.value, to: &scratch)
    }

    private func makeString(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }

    // MARK: - Values without text

    /// Parses over the value at `index` (any old-style property-list value) without keeping it.
    private mutating func skipValue(depth: Int) throws(CatalogError) {
        guard index < text.count else {
            throw error(at: index, "expected a value, found the end of the file")
        }
        switch text[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): try skipQuoted()
        case UInt8(ascii: "("): try skipArray(depth: depth + 1)
        case UInt8(ascii: "{"): try skipDictionary(depth: depth + 1)
        case UInt8(ascii: "<"): try skipData()
        case let byte where StringsSyntax.isUnquotedCharacter(byte):
            while index < text.count && StringsSyntax.isUnquotedCharacter(text[index]) { index += 1 }
        default:
            throw error(
                at: index,
                "expected a value (a string, ( ) array, { } dictionary or < > data), "
                    + "found \(found(at: index))")
        }
    }

    /// A quoted string inside a container: only its end matters.
    private mutating func skipQuoted() throws(CatalogError) {
        let open = index
        let quote = text[open]
        var i = open + 1
        while i < text.count {
            let byte = text[i]
            if byte == quote {
                index = i + 1
                return
            }
            i += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        throw unterminatedString(open)
    }

    /// `( value, value, … )`, a trailing comma allowed; `index` is at the `(`.
    private mutating func skipArray(depth: Int) throws(CatalogError) {
        let open = index
        try checkNesting(depth, at: open)
        index += 1
        while true {
            try skipTrivia()
            guard index < text.count else {
                throw error(
                    at: index,
                    "expected ')' to close the array that opens at \(position(of: open)), "
                        + "found the end of the file")
            }
            if text[index] == UInt8(ascii: ")") {
                index += 1
                return
            }
            try skipValue(depth: depth)
            try skipTrivia()
            guard index < text.count else {
                throw error(
                    at: index,
                    "expected ',' or ')' in the array that opens at \(position(of: open)), "
                        + "found the end of the file")
            }
            switch text[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: ")"): index += 1; return
            default:
                throw error(
                    at: index,
                    "expected ',' or ')' in the array that opens at \(position(of: open)), "
                        + "found \(found(at: index))")
            }
        }
    }

    /// `{ key = value; key; … }`; `index` is at the `{`.
    private mutating func skipDictionary(depth: Int) throws(CatalogError) {
        let open = index
        try checkNesting(depth, at: open)
        index += 1
        while true {
            try skipTrivia()
            guard index < text.count else {
                throw error(
                    at: index,
                    "expected '}' to close the dictionary that opens at \(position(of: open)), "
                        + "found the end of the file")
            }
            if text[index] == UInt8(ascii: "}") {
                index += 1
                return
            }
            let byte = text[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                try skipQuoted()
            } else if StringsSyntax.isUnquotedCharacter(byte) {
                while index < text.count && StringsSyntax.isUnquotedCharacter(text[index]) { index += 1 }
            } else {
                throw error(
                    at: index,
                    "expected a key or '}' in the dictionary that opens at "
                        + "\(position(of: open)), found \(found(at: index))")
            }
            try skipTrivia()
            if index < text.count && text[index] == UInt8(ascii: "=") {
                index += 1
                try skipTrivia()
                try skipValue(depth: depth)
                try skipTrivia()
            }
            guard index < text.count && text[index] == UInt8(ascii: ";") else {
                throw error(
                    at: index,
                    "missing ';' in the dictionary that opens at \(position(of: open)): "
                        + "found \(found(at: index))")
            }
            index += 1
        }
    }

    /// `< hex digits and white space >`; `index` is at the `<`.
    private mutating func skipData() throws(CatalogError) {
        let open = index
        index += 1
        var digits = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ">") {
                guard digits % 2 == 0 else {
                    throw error(
                        at: index,
                        "data value <…> that opens at \(position(of: open)) has an odd number "
                            + "of hex digits")
                }
                index += 1
                return
            }
            if ASCIIHexDigit.value(byte) != nil {
                digits += 1
            } else if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                throw error(
                    at: index,
                    "expected a hex digit or '>' in the data value that opens at "
                        + "\(position(of: open)), found \(found(at: index))")
            }
            index += 1
        }
        throw error(at: open, "unterminated data value: the '<' here has no closing '>'")
    }

    private func checkNesting(_ depth: Int, at offset: Int) throws(CatalogError) {
        if depth > Self.maximumNesting {
            throw error(at: offset, "values are nested more than \(Self.maximumNesting) levels deep")
        }
    }

    // MARK: - White space and comments

    /// Skips white space (U+0009–U+000D, space, U+2028, U+2029) and comments up to the next token.
    private mutating func skipTrivia() throws(CatalogError) {
        while index < text.count {
            let byte = text[index]
            switch byte {
            case 0x09...0x0D, 0x20:
                index += 1
            case 0xE2 where isLineOrParagraphSeparator(at: index):
                index += 3
            case UInt8(ascii: "/"):
                guard index + 1 < text.count else { return }
                let next = text[index + 1]
                if next == UInt8(ascii: "/") {
                    index += 2
                    while index < text.count {
                        let c = text[index]
                        if c == 0x0A || c == 0x0D || (c == 0xE2 && isLineOrParagraphSeparator(at: index)) { break }
                        index += 1
                    }
                } else if next == UInt8(ascii: "*") {
                    let open = index
                    index += 2
                    while true {
                        guard index + 1 < text.count else {
                            throw error(at: open, "unterminated comment: the /* here has no closing */")
                        }
                        if text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/") {
                            index += 2
                            break
                        }
                        index += 1
                    }
                } else {
                    return  // A '/' that starts an unquoted string.
                }
            default:
                return
            }
        }
    }

    /// Whether U+2028 or U+2029 (E2 80 A8 / E2 80 A9) starts at `offset`.
    private func isLineOrParagraphSeparator(at offset: Int) -> Bool {
        offset + 2 < text.count && text[offset] == 0xE2 && text[offset + 1] == 0x80
            && (text[offset + 2] == 0xA8 || text[offset + 2] == 0xA9)
    }

    // MARK: - Errors

    private func position(of offset: Int) -> SourcePosition {
        SourcePositionTracker.position(of: offset, in: text)
    }

    private func error(at offset: Int, _ message: String) -> CatalogError {
        CatalogError(file: file, position: position(of: offset), message: message)
    }

    /// What is at `offset`, for "found …" in messages.
    private func found(at offset: Int) -> String {
        StringsSyntax.describe(text, at: offset)
    }

    private func unterminatedString(_ open: Int) -> CatalogError {
        let quote = text[open] == UInt8(ascii: "'") ? "'" : "\""
        return error(
            at: open,
            "unterminated string: the \(quote) here has no closing \(quote) before the end "
                + "of the file")
    }
}
