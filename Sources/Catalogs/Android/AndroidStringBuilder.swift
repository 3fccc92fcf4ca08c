import TextCoding

/// Turns the content of an Android string resource into the text the app shows, the way aapt2 compiles it.
///
/// Modelled on aapt2 (`tools/aapt2/ResourceParser.cpp` `FlattenXmlSubtree` and `ResourceUtils.cpp`
/// `StringBuilder::AppendText`, AOSP platform/frameworks/base), after the XML has been parsed:
/// 1. The content is cut into segments of character data at every child element's tags. Elements without a prefix
///    (`<b> <i> <u> <font> <a> <annotation>`…) are style spans: their tags are dropped and, at each span boundary,
///    the quote and white-space state is reset. `<xliff:g>` and other prefixed elements only cut segments.
/// 2. Only when there is no span: leading white space of the first segment and trailing white space of the last
///    are trimmed (raw text, so an escaped `\u0020` at the end survives).
/// 3. Each segment is read character by character: a run of white space outside `"…"` becomes one space; `"`
///    toggles the quoted state and is dropped; an unescaped `'` outside quotes is the error aapt2 reports
///    ("unescaped apostrophe"); `\` escapes: `\n` `\t` → line feed, tab; `\@ \? \# \" \' \\` → the character;
///    `\uXXXX` (up to four hex digits) → that UTF-16 unit; any other `\x` → `x`.
/// 4. `\u` surrogate pairs (`\uD83E\uDDD8`) combine into one scalar; a lone surrogate is an error.
///
/// White space: only what aapt2 collapses, an ASCII code point that C's `isspace` accepts (tab, line feed, vertical
/// tab, form feed, carriage return, space: `StringBuilder::AppendText` tests `codepoint <= 127 && isspace`). Android's
/// string-resource guide says Unicode spaces collapse too, but the compiler is what builds the app: the ideographic
/// space of a Japanese string, a French thin space before `?`, an em space, NEL and the line separator reach the
/// screen as written, and so are measured (they were collapsed here until real catalogs showed the difference).
enum AndroidStringBuilder {
    /// The content of a value element, in document order.
    enum Piece: Sendable, Hashable {
        /// Character data between two tags (text and CDATA joined).
        case segment(String)
        /// The start or end tag of a style span (an element without a prefix).
        case spanBoundary
        /// The start or end tag of a prefixed element (`<xliff:g>`): cuts segments, nothing else.
        case boundary
    }

    /// Why aapt2 would reject the value.
    struct Failure: Error, Sendable, Hashable {
        var message: String
    }

    /// Builds the value's text.
    /// - Throws: `Failure` for an unescaped apostrophe, a bad `\u` escape or a lone surrogate.
    static func build(_ pieces: [Piece]) throws(Failure) -> String {
        let hasSpan = pieces.contains(.spanBoundary)
        var firstSegment = -1
        var lastSegment = -1
        for (index, piece) in pieces.enumerated() {
            if case .segment = piece {
                if firstSegment < 0 { firstSegment = index }
                lastSegment = index
            }
        }
        var state = State()
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .segment(let text):
                var bytes = Array(text.utf8)[...]
                if !hasSpan {
                    // aapt2 trims the raw first and last segments when there are no spans.
                    if index == firstSegment { bytes = bytes.dropFirst(leadingSpaceLength(bytes)) }
                    if index == lastSegment { bytes = bytes.dropLast(trailingSpaceLength(bytes)) }
                }
                try state.append(bytes)
            case .spanBoundary:
                try state.resetAtSpan()
            case .boundary:
                break
            }
        }
        try state.finish()
        return String(decoding: state.output, as: UTF8.self)
    }

    /// Builds the text of a value that is character data only (no child elements): the common case.
    /// - Throws: `Failure` for an unescaped apostrophe, a bad `\\u` escape or a lone surrogate.
    static func build(_ text: String) throws(Failure) -> String {
        if isAlreadyFinal(text) { return text }
        return try build([.segment(text)])
    }

    /// Whether processing would leave `text` unchanged: no escape, quote or apostrophe, no white space but single
    /// spaces between other characters, and no byte that may start a collapsible Unicode space. Most values are
    /// like this, and then the string is returned as it is, without copying.
    static func isAlreadyFinal(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var previousWasSpace = true
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x09...0x0D, 0xC2, 0xE1, 0xE2, 0xE3:
                    return false
                case 0x20:
                    if previousWasSpace { return false }
                    previousWasSpace = true
                default:
                    previousWasSpace = false
                }
            }
            return bytes.isEmpty || !previousWasSpace
        }
    }

    /// White space that collapses (see the type's documentation for the choice).
    static func isCollapsible(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20: true
        default: false
        }
    }

    /// The scalar whose UTF-8 encoding starts at `index` and its length in bytes (the input is valid UTF-8).
    static func scalar(at index: Int, in bytes: ArraySlice<UInt8>) -> (value: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        var step = 1
        while step < length && index + step < bytes.endIndex {
            value = value << 6 | UInt32(bytes[index + step] & 0x3F)
            step += 1
        }
        return (value, step)
    }

    /// How many bytes of collapsible white space `bytes` starts with.
    private static func leadingSpaceLength(_ bytes: ArraySlice<UInt8>) -> Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let (value, length) = scalar(at: index, in: bytes)
            guard isCollapsible(value) else { break }
            index += length
        }
        return index - bytes.startIndex
    }

    /// How many bytes of collapsible white space `bytes` ends with.
    private static func trailingSpaceLength(_ bytes: ArraySlice<UInt8>) -> Int {
        var end = bytes.endIndex
        while end > bytes.startIndex {
            var start = end - 1
            while start > bytes.startIndex && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard isCollapsible(scalar(at: start, in: bytes).value) else { break }
            end = start
        }
        return bytes.endIndex - end
    }

    /// aapt2's `StringBuilder` state, over UTF-8.
    private struct State {
        var output: [UInt8] = []
        var quoted = false
        var lastWasSpace = false
        /// A high surrogate from `\uD8xx` waiting for its low half.
        var pendingHighSurrogate: UInt32?

        /// At a span's start or end tag aapt2 ends any quoted stretch and forgets a pending space.
        mutating func resetAtSpan() throws(Failure) {
            try flushSurrogate()
            quoted = false
            lastWasSpace = false
        }

        /// At the end of the value: a high surrogate still waiting is an error.
        mutating func finish() throws(Failure) {
            try flushSurrogate()
        }

        /// Processes one segment (step 3 of the type's documentation), appending the result to `output`.
        mutating func append(_ bytes: ArraySlice<UInt8>) throws(Failure) {
            output.reserveCapacity(output.count + bytes.count)
            var index = bytes.startIndex
            while index < bytes.endIndex {
                // Copy a run of bytes that need no attention in one go.
                let runStart = index
                while index < bytes.endIndex && Self.isPlain(bytes[index]) { index += 1 }
                if index > runStart {
                    if pendingHighSurrogate != nil { try flushSurrogate() }
                    output.append(contentsOf: bytes[runStart..<index])
                    lastWasSpace = false
                    continue
                }
                let byte = bytes[index]
                let value: UInt32
                let length: Int
                if byte < 0x80 {
                    (value, length) = (UInt32(byte), 1)
                } else {
                    (value, length) = AndroidStringBuilder.scalar(at: index, in: bytes)
                }
                if !quoted && isCollapsible(value) {
                    if !lastWasSpace {
                        try emit(0x20)
                        lastWasSpace = true
                    }
                    index += length
                    continue
                }
                lastWasSpace = false
                switch byte {
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < bytes.endIndex else { continue }
                    let escaped = bytes[index]
                    switch escaped {
                    case UInt8(ascii: "t"):
                        try emit(0x09)
                        index += 1
                    case UInt8(ascii: "n"):
                        try emit(0x0A)
                        index += 1
                    case UInt8(ascii: "u"):
                        index = try appendUnicodeEscape(bytes, from: index + 1)
                    default:
                        // \@ \? \# \" \' \\ and any other escaped character stand for themselves.
                        let (escapedValue, escapedLength) = AndroidStringBuilder.scalar(at: index, in: bytes)
                        try emit(escapedValue)
                        index += escapedLength
                    }
                    continue
                case UInt8(ascii: "\""):
                    quoted.toggle()
                case UInt8(ascii: "'") where !quoted:
                    throw Failure(
                        message: "unescaped apostrophe: aapt2 rejects ' outside double quotes "
                            + "(write \\' or put the text in \"…\")")
                default:
                    if pendingHighSurrogate != nil { try flushSurrogate() }
                    output.append(contentsOf: bytes[index..<index + length])
                }
                index += length
            }
        }

        /// `\u` followed by up to four hex digits (fewer only at the end of the segment, as aapt2 reads them);
        /// returns the index after them.
        mutating func appendUnicodeEscape(_ bytes: ArraySlice<UInt8>, from start: Int) throws(Failure) -> Int {
            var value: UInt32 = 0
            var index = start
            while index < bytes.endIndex && index - start < 4 {
                guard let nibble = ASCIIHexDigit.value(bytes[index]) else {
                    let length = AndroidStringBuilder.scalar(at: index, in: bytes).length
                    let written = String(decoding: bytes[start..<index], as: UTF8.self)
                    let bad = String(decoding: bytes[index..<index + length], as: UTF8.self)
                    throw Failure(message: "invalid unicode escape \\u\(written)\(bad): expected four hex digits")
                }
                value = value << 4 | UInt32(nibble)
                index += 1
            }
            let digits = String(decoding: bytes[start..<index], as: UTF8.self)
            if index == start {
                throw Failure(message: "invalid unicode escape \\u: expected four hex digits")
            }
            switch value {
            case 0xD800...0xDBFF:
                try flushSurrogate()
                pendingHighSurrogate = value
            case 0xDC00...0xDFFF:
                guard let high = pendingHighSurrogate else {
                    throw Failure(
                        message: "lone surrogate \\u\(digits): a low surrogate needs a \\uD800–\\uDBFF before it")
                }
                pendingHighSurrogate = nil
                UTF8Encoding.append(0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00), to: &output)
            default:
                try emit(value)
            }
            return index
        }

        /// Appends a scalar; a high surrogate still waiting for its low half is an error.
        mutating func emit(_ scalar: UInt32) throws(Failure) {
            if pendingHighSurrogate != nil { try flushSurrogate() }
            UTF8Encoding.append(scalar, to: &output)
        }

        /// Throws when a high surrogate is waiting: whatever comes now is not its low half.
        mutating func flushSurrogate() throws(Failure) {
            if let high = pendingHighSurrogate {
                throw Failure(
                    message: "lone surrogate \\u\(String(high, radix: 16, uppercase: true)): a high "
                        + "surrogate must be followed by a \\uDC00–\\uDFFF escape")
            }
        }

        /// Bytes that stand for themselves whatever the state: not white space, `\\`, `"`, `'`, nor a lead byte
        /// of a possibly collapsible Unicode space (U+0085, U+1680, U+2000…, U+3000).
        @inline(__always)
        static func isPlain(_ byte: UInt8) -> Bool {
            switch byte {
            case 0x09...0x0D, 0x20, UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xC2, 0xE1, 0xE2, 0xE3:
                false
            default:
                true
            }
        }
    }
}
