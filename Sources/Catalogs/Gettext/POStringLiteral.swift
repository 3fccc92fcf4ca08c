import TextCoding

/// The quoted strings of a `.po` line: `"…"` with gettext's escapes, several on one line joined as one.
///
/// The escapes are the ones gettext's own reader accepts (`po-lex.c`, `control_sequence`): `\n \t \b \r \f \v \a`,
/// `\\` and `\"`, one to three octal digits (`\303\251` is the UTF-8 of é), and `\x` with hex digits (`\xC3\xA9`).
/// Each octal or hex escape is one byte in the file's charset, so the result is bytes, decoded once the header's
/// charset is known. Any other character after a backslash, an escape above 0xFF, and a string without its closing
/// `"` on the same line are errors: gettext rejects them too, and the entry cannot be trusted.
///
/// Works on the bytes of the line (never on `Character`s): `"` and `\` are ASCII, and the charsets a `.po` file may
/// use never hide an ASCII byte inside a character (`GettextCharset` refuses the ones that do).
enum POStringLiteral {
    /// What is wrong with a string, and the offset of the byte it is about.
    struct Problem: Error, Sendable, Hashable {
        var offset: Int
        var message: String
    }

    /// Decodes the strings from `start` (a `"`) to `end` (the end of the line), appending their bytes to `out`.
    /// - Throws: `Problem` for an unterminated string, a bad escape, or anything but white space and more strings
    ///   after a string.
    static func read(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into out: inout [UInt8])
        throws(Problem)
    {
        var index = start
        while index < end {
            let byte = text[index]
            if byte == 0x20 || byte == 0x09 {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "\"") else {
                throw Problem(
                    offset: index,
                    message: "expected a string or the end of the line after a string, found "
                        + StringsSyntax.describe(text, at: index))
            }
            index = try readOne(text, openingAt: index, end: end, into: &out)
        }
    }

    /// Decodes one `"…"` whose quote is at `open`; returns the offset after its closing quote.
    private static func readOne(
        _ text: UnsafeBufferPointer<UInt8>, openingAt open: Int, end: Int,
        into out: inout [UInt8]
    ) throws(Problem) -> Int {
        var index = open + 1
        var runStart = index
        while index < end {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                return index + 1
            }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
            index = try escape(text, at: index, end: end, into: &out)
            runStart = index
        }
        throw Problem(offset: open, message: "unterminated string: no closing '\"' on its line")
    }

    /// Decodes the escape whose backslash is at `slash`; returns the offset after it.
    private static func escape(_ text: UnsafeBufferPointer<UInt8>, at slash: Int, end: Int, into out: inout [UInt8])
        throws(Problem) -> Int
    {
        let next = slash + 1
        guard next < end else {
            throw Problem(offset: slash, message: "unterminated string: a backslash at the end of the line")
        }
        switch text[next] {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "v"): out.append(0x0B)
        case UInt8(ascii: "a"): out.append(0x07)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""): out.append(text[next])
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var value = 0
            var index = next
            while index < end, index < next + 3, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(text[index]) {
                value = value * 8 + Int(text[index] - UInt8(ascii: "0"))
                index += 1
            }
            guard value <= 0xFF else {
                throw Problem(
                    offset: slash,
                    message: "the octal escape \\"
                        + String(decoding: UnsafeBufferPointer(rebasing: text[next..<index]), as: UTF8.self)
                        + " is above \\377, the largest byte")
            }
            out.append(UInt8(value))
            return index
        case UInt8(ascii: "x"):
            var value = 0
            var index = next + 1
            while index < end, let digit = ASCIIHexDigit.value(text[index]) {
                // Past 0xFF it is an error whatever follows; stop growing so that a long run cannot overflow.
                if value <= 0xFF { value = value * 16 + Int(digit) }
                index += 1
            }
            guard index > next + 1 else {
                throw Problem(offset: slash, message: "\\x without hex digits after it")
            }
            guard value <= 0xFF else {
                throw Problem(
                    offset: slash,
                    message: "the hex escape \\x"
                        + CatalogExcerpt.of(
                            String(
                                decoding: UnsafeBufferPointer(rebasing: text[next + 1..<index]),
                                as: UTF8.self))
                        + " is above \\xFF, the largest byte")
            }
            out.append(UInt8(value))
            return index
        default:
            throw Problem(
                offset: slash,
                message: "invalid escape \\"
                    + StringsSyntax.describe(text, at: next)
                    .trimmingQuotes()
                    + " (gettext knows \\n \\t \\b \\r \\f \\v \\a \\\\ \\\" and octal and \\x escapes)")
        }
        return next + 1
    }
}

extension String {
    /// `'x'` without its quotes (what `StringsSyntax.describe` gives for a printable ASCII character).
    fileprivate func trimmingQuotes() -> String {
        hasPrefix("'") && hasSuffix("'") && count == 3 ? String(dropFirst().dropLast()) : self
    }
}
