import TextCoding

/// Strings (escapes, surrogates, UTF-8 validation) and numbers.
extension JSONReader {
    /// Reads a string; `offset` is at its opening `"`, `start` is that quote's position (named if it never closes).
    ///
    /// Unescaped strings become a `String` straight from the file's bytes; escaped ones are assembled in `scratch`,
    /// copying each unescaped run in one go.
    mutating func readString(openedAt start: SourcePosition) throws(CatalogError) -> String {
        stringStart = start
        let contentStart = offset + 1
        var index = scanRun(from: contentStart)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            offset = index + 1
            return try makeString(fromFile: contentStart..<index)
        }
        scratch.removeAll(keepingCapacity: true)
        var runStart = contentStart
        while true {
            guard index < bytes.count else {
                throw failure("unterminated string (opened at \(start)): expected '\"'", found: index)
            }
            let byte = bytes[index]
            if byte < 0x20 {
                let escape = Self.escapeHint(for: byte)
                throw failure(
                    "control character U+\(Self.hex(UInt32(byte))) inside a string (opened at \(start))"
                        + "; write it as an escape\(escape)", at: index)
            }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            if byte == UInt8(ascii: "\"") {
                offset = index + 1
                return try makeStringFromScratch(file: contentStart..<index)
            }
            index = try readEscape(at: index)
            runStart = index
            index = scanRun(from: index)
        }
    }

    /// The end of the run of plain string bytes from `index`: the next `"`, `\`, control character or the end.
    private func scanRun(from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        return index
    }

    /// The file's bytes in `range` (a string's content without escapes) as a `String`.
    private mutating func makeString(fromFile range: Range<Int>) throws(CatalogError) -> String {
        if let string = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) {
            return string
        }
        throw invalidUTF8(in: range)
    }

    /// `scratch` (a string's decoded content; `range` is its content in the file) as a `String`.
    private mutating func makeStringFromScratch(file range: Range<Int>) throws(CatalogError) -> String {
        if let string = String(validating: scratch, as: UTF8.self) { return string }
        throw invalidUTF8(in: range)
    }

    /// The error for the first byte in `range` that is not UTF-8 (escapes only produce valid UTF-8, so the bad
    /// byte is in the file between the quotes).
    private mutating func invalidUTF8(in range: Range<Int>) -> CatalogError {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = UnsafeBufferPointer(rebasing: bytes[range]).makeIterator()
        var target = range.lowerBound
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            target += encoded.count
        }
        return failure("expected UTF-8 text inside a string", found: target)
    }

    /// Decodes the escape whose `\` is at `backslash` into `scratch`; returns the offset after it.
    private mutating func readEscape(at backslash: Int) throws(CatalogError) -> Int {
        let letter = backslash + 1
        guard letter < bytes.count else {
            throw failure("unterminated string: expected an escape after '\\'", found: letter)
        }
        let decoded: UInt8
        switch bytes[letter] {
        case UInt8(ascii: "\""): decoded = 0x22
        case UInt8(ascii: "\\"): decoded = 0x5C
        case UInt8(ascii: "/"): decoded = 0x2F
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"): return try readUnicodeEscape(at: backslash)
        default:
            throw failure(
                #"invalid escape: expected one of \" \\ \/ \b \f \n \r \t \uXXXX after '\', found "#
                    + describe(letter), at: backslash)
        }
        scratch.append(decoded)
        return letter + 1
    }

    /// Decodes `\uXXXX`, or a `\uD8xx\uDCxx` surrogate pair, at `backslash`; a surrogate without its partner throws
    /// (or, where `loneSurrogates` is kept, reads as U+FFFD and is noted there).
    private mutating func readUnicodeEscape(at backslash: Int) throws(CatalogError) -> Int {
        let unit = try readHex4(at: backslash + 2, escapeAt: backslash)
        var scalar = unit
        var next = backslash + 6
        switch unit {
        case 0xD800...0xDBFF:
            guard next + 1 < bytes.count, bytes[next] == UInt8(ascii: "\\"), bytes[next + 1] == UInt8(ascii: "u")
            else {
                try loneSurrogate(
                    "lone surrogate \\u\(Self.hex(unit)): a high surrogate must be followed by a "
                        + "\\uDC00–\\uDFFF escape, found \(describe(next))", at: backslash)
                return next
            }
            let low = try readHex4(at: next + 2, escapeAt: next)
            guard (0xDC00...0xDFFF).contains(low) else {
                // The next escape is read on its own (it may be a pair's high half, or another lone one).
                try loneSurrogate(
                    "lone surrogate \\u\(Self.hex(unit)): a high surrogate must be followed by a "
                        + "\\uDC00–\\uDFFF escape, found \\u\(Self.hex(low))", at: backslash)
                return next
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            try loneSurrogate(
                "lone surrogate \\u\(Self.hex(unit)): a low surrogate must follow a \\uD800–\\uDBFF escape",
                at: backslash)
            return next
        default:
            break
        }
        UTF8Encoding.append(scalar, to: &scratch)
        return next
    }

    /// A lone surrogate escape at `backslash`: the document's error, or, where `loneSurrogates` is kept, U+FFFD in
    /// the string and a note of it (the string's first one, with its place).
    private mutating func loneSurrogate(_ message: String, at backslash: Int) throws(CatalogError) {
        let error = failure(message, at: backslash)
        guard loneSurrogates != nil else { throw error }
        UTF8Encoding.append(0xFFFD, to: &scratch)
        if loneSurrogates?[stringStart] == nil {
            loneSurrogates?[stringStart] = error
        }
    }

    /// The value of the four hex digits at `start` (part of the `\u` escape at `escape`).
    private mutating func readHex4(at start: Int, escapeAt escape: Int) throws(CatalogError) -> UInt32 {
        var value: UInt32 = 0
        for index in start..<start + 4 {
            let byte = index < bytes.count ? bytes[index] : 0
            guard let digit = ASCIIHexDigit.value(byte) else {
                throw failure("invalid \\u escape: expected 4 hexadecimal digits, found \(describe(index))", at: escape)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The escape to suggest for a raw control character (`\n`, `\t`, else `\u00XX`).
    private static func escapeHint(for byte: UInt8) -> String {
        switch byte {
        case 0x0A: #" (\n)"#
        case 0x0D: #" (\r)"#
        case 0x09: #" (\t)"#
        default: " (\\u\(hex(UInt32(byte))))"
        }
    }

    /// Reads a number in the RFC 8259 grammar, `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as its literal.
    mutating func readNumber() throws(CatalogError) -> JSONValue {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard isDigit(at: offset) else { throw failure("expected a digit after '-'", found: offset) }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            if isDigit(at: offset) {
                throw failure("a number must not start with the digit 0 followed by more digits", at: start)
            }
        } else {
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(at: offset) else { throw failure("expected a digit after the decimal point", found: offset) }
            skipDigits()
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard isDigit(at: offset) else { throw failure("expected a digit in the exponent", found: offset) }
            skipDigits()
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
    }

    private func isDigit(at index: Int) -> Bool {
        index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    }

    private mutating func skipDigits() {
        while isDigit(at: offset) { offset += 1 }
    }
}
