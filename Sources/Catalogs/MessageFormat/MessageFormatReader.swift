/// Reads ICU MessageFormat text into a `MessageFormat`, with ICU's default apostrophe rules
/// (`ApostropheMode.DOUBLE_OPTIONAL`, as ICU4J's and ICU4C's `MessagePattern` apply them):
///
/// - `''` is one apostrophe, inside or outside quoted text;
/// - a single `'` starts quoted literal text only when it immediately precedes `{` or `}`, or `#` inside a plural
///   or selectordinal case (or `|` in a choice, which this reader does not accept); the quoted text runs to the
///   next single `'`, or to the end of the message;
/// - any other `'` is a literal apostrophe (`don't`, `l'été`).
///
/// The ICU user guide's examples: `I see {many}` has an argument; `I said '{'Wow!'}'` prints `I said {Wow!}`;
/// `I don't know` prints `I don't know`; `I don''t know` prints the same.
///
/// Syntax read (ICU's `MessagePattern`): `{name}`; `{name, number|date|time|spellout|ordinal|duration}` with an
/// optional style after a second comma (kept as written, quotes and balanced braces included); `{name, plural, …}`
/// and `{name, selectordinal, …}` with an optional `offset:N` before the first case, explicit `=N` cases and the
/// CLDR categories; `{name, select, …}` with any keywords; `other` required in all three; `#` inside a plural-style
/// case (ICU treats `#` in a select nested in a plural as literal text, and so does this reader); cases nested to
/// `maximumDepth`. Pattern white space (ASCII spaces and controls, U+0085, U+200E, U+200F, U+2028, U+2029) may
/// surround names, commas, keywords and selectors. Where ICU's own parser is lenient and its formatter fails later,
/// this reader fails now: unknown argument types and plural keywords that are not CLDR categories are errors.
///
/// Errors are `MessageFormatError`s with the offset of the problem in Unicode scalars; `read(_:file:at:)` gives the
/// catalog form.
///
/// Performance notes: one forward pass over the message's UTF-8 bytes (every syntax character is ASCII, so bytes
/// of multi-byte scalars are only ever copied); literal runs are copied in bulk; recursion only through nested
/// selections, at most `maximumDepth` deep.
///
/// Flutter's `relax-syntax: true` (`relaxedNames`): a `{` is text unless one of the message's declared placeholders
/// follows it, and a `}` outside every case is text until the message's first plural or select.
///
/// Other apostrophe rules (`ApostropheMode`): Flutter's `gen-l10n` does not follow ICU's. By default (`use-escaping`
/// off in `l10n.yaml`) every apostrophe is text; with `use-escaping: true` every `'` starts quoted text, `''` is one
/// apostrophe, and a quote no `'` closes is an error (flutter_tools' `message_parser.dart`).
struct MessageFormatReader {
    /// What an apostrophe in message text means.
    enum ApostropheMode: Sendable, Hashable {
        /// ICU's `DOUBLE_OPTIONAL` (above).
        case icu
        /// Text, always: Flutter's default (`use-escaping: false`), where `l'{place}` is `l'` then an argument.
        case literal
        /// Flutter's `use-escaping: true`: `'…'` is quoted text, `''` an apostrophe, an unclosed quote an error.
        case quotesAlways
    }

    /// The most selections (plural, selectordinal, select) nested inside each other. Real messages nest two or
    /// three; the limit keeps the recursive reader and the expander far from the stack's end, and below
    /// `ExpansionBound.maximumDepth`.
    static let maximumDepth = 32

    /// The message in `text`.
    /// - Throws: `MessageFormatError` at the first place where `text` is not MessageFormat.
    /// - Complexity: O(n) in the text's UTF-8 length.
    /// - Parameter relaxedNames: Flutter's `relax-syntax: true`: a `{` opens an argument only when a name of this set
    ///   follows it (after white space), else it is text, and a `}` outside every case is text until a plural or
    ///   select has been read; nil for the strict syntax.
    static func read(
        _ text: String, apostrophes: ApostropheMode = .icu, relaxedNames: Set<String>? = nil
    ) throws(MessageFormatError) -> MessageFormat {
        var text = text
        text.makeContiguousUTF8()
        let result: Result<MessageFormat, MessageFormatError>? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var reader = MessageFormatReader(bytes: bytes, apostrophes: apostrophes, relaxedNames: relaxedNames)
            return Result { () throws(MessageFormatError) in try reader.readTopLevel() }
        }
        guard let result else { return MessageFormat(parts: [.text(text)]) }  // contiguous after makeContiguousUTF8
        return try result.get()
    }

    /// The message in `text`, a value that starts at `position` in `file`.
    /// - Throws: `CatalogError` at `position`, saying what is wrong and at which offset of the message.
    static func read(
        _ text: String, file: String, at position: SourcePosition, apostrophes: ApostropheMode = .icu,
        relaxedNames: Set<String>? = nil
    ) throws(CatalogError) -> MessageFormat {
        do throws(MessageFormatError) {
            return try read(text, apostrophes: apostrophes, relaxedNames: relaxedNames)
        } catch {
            throw CatalogError(file: file, position: position, message: error.description)
        }
    }

    /// The message's UTF-8; valid only inside `read`'s closure, which owns the only reader.
    let bytes: UnsafeBufferPointer<UInt8>
    /// What an apostrophe in message text means.
    var apostrophes: ApostropheMode = .icu
    /// Flutter's relaxed syntax: the names that make a `{` an argument; nil for the strict syntax.
    var relaxedNames: Set<String>?
    /// Whether a plural, selectordinal or select has been read: from then on, flutter_tools' relaxed lexer counts
    /// its braces so that a `}` outside every case is syntax again.
    private var selectionRead = false
    /// The next byte to read.
    var index = 0
    /// A byte offset already converted to scalars, and its scalar offset, so that increasing requests (arguments
    /// in text order) cost one pass in all.
    private var scalarMark = (byte: 0, scalars: 0)

    /// The context a sub-message is read in: which characters are syntax there.
    enum Context {
        case topLevel
        /// A case of a plural or selectordinal: `#` is the number, `'#` starts quoted text.
        case pluralCase
        case selectCase
    }

    private mutating func readTopLevel() throws(MessageFormatError) -> MessageFormat {
        let message = try readMessage(context: .topLevel, depth: 0)
        if index < bytes.count { throw fail(.unmatchedClosingBrace, at: index) }
        return message
    }

    /// Reads a message up to the `}` that closes it (not consumed) or the end of the text.
    mutating func readMessage(context: Context, depth: Int) throws(MessageFormatError) -> MessageFormat {
        var parts: [MessageFormat.Part] = []
        var literal: [UInt8] = []
        func flush() {
            guard !literal.isEmpty else { return }
            parts.append(.text(String(decoding: literal, as: UTF8.self)))
            literal.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "'"):
                switch apostrophes {
                case .icu: readApostrophe(context: context, into: &literal)
                case .literal:
                    literal.append(byte)
                    index += 1
                case .quotesAlways: try readQuote(into: &literal)
                }
            case UInt8(ascii: "{"):
                if let names = relaxedNames, !opensArgument(names) {
                    literal.append(byte)
                    index += 1
                    continue
                }
                flush()
                let part = try readArgument(depth: depth)
                if case .selection = part { selectionRead = true }
                parts.append(part)
            case UInt8(ascii: "}"):
                if relaxedNames != nil, context == .topLevel, !selectionRead {
                    literal.append(byte)
                    index += 1
                    continue
                }
                flush()
                return MessageFormat(parts: parts)
            case UInt8(ascii: "#") where context == .pluralCase:
                flush()
                parts.append(.pound)
                index += 1
            default:
                let start = index
                index += 1
                while index < bytes.count, !Self.isSpecial(bytes[index]) { index += 1 }
                literal.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
        }
        flush()
        return MessageFormat(parts: parts)
    }

    /// Whether the `{` at `index` opens an argument under Flutter's relaxed syntax (flutter_tools'
    /// `message_parser.dart`): white space (Dart's `\s`), then a run of `[a-zA-Z0-9|_]` that is one of `names` — the
    /// message's declared placeholders.
    private func opensArgument(_ names: Set<String>) -> Bool {
        var cursor = index + 1
        while cursor < bytes.count {
            let length = whiteSpaceLength(at: cursor)
            guard length > 0 else { break }
            cursor += length
        }
        let start = cursor
        while cursor < bytes.count {
            let byte = bytes[cursor]
            let isNameByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "|")
            guard isNameByte else { break }
            cursor += 1
        }
        guard cursor > start else { return false }
        return names.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self))
    }

    /// Whether `byte` may need a decision (quote, brace, pound); every other byte is copied as it is.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "'") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
            || byte == UInt8(ascii: "#")
    }

    /// Reads the apostrophe at `index` after the DOUBLE_OPTIONAL rules, appending what it stands for.
    private mutating func readApostrophe(context: Context, into literal: inout [UInt8]) {
        let apostrophe = UInt8(ascii: "'")
        let next = index + 1
        guard next < bytes.count else {
            literal.append(apostrophe)
            index = next
            return
        }
        let following = bytes[next]
        if following == apostrophe {
            literal.append(apostrophe)
            index = next + 1
            return
        }
        let startsQuote =
            following == UInt8(ascii: "{") || following == UInt8(ascii: "}")
            || (following == UInt8(ascii: "#") && context == .pluralCase)
        guard startsQuote else {
            literal.append(apostrophe)
            index = next
            return
        }
        // ICU: quoted text that is never closed runs to the end of the message.
        if !readQuotedText(from: next, into: &literal) { index = bytes.count }
    }

    /// Appends the quoted literal text that starts at `start` (just after its opening `'`), up to the next single
    /// apostrophe, `''` inside being one apostrophe, and moves `index` past the closing `'`. False (and `index`
    /// untouched) when no `'` closes it: all the rest has been appended.
    private mutating func readQuotedText(from start: Int, into literal: inout [UInt8]) -> Bool {
        let apostrophe = UInt8(ascii: "'")
        var cursor = start
        while cursor < bytes.count {
            if bytes[cursor] == apostrophe {
                if cursor + 1 < bytes.count, bytes[cursor + 1] == apostrophe {
                    literal.append(apostrophe)
                    cursor += 2
                    continue
                }
                index = cursor + 1
                return true
            }
            let runStart = cursor
            while cursor < bytes.count, bytes[cursor] != apostrophe { cursor += 1 }
            literal.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<cursor]))
        }
        return false
    }

    /// Reads the quoted text that the `'` at `index` starts under `.quotesAlways`, appending what it stands for:
    /// `''` is one apostrophe (inside quoted text too), and quoted text runs to the next single `'`.
    private mutating func readQuote(into literal: inout [UInt8]) throws(MessageFormatError) {
        let apostrophe = UInt8(ascii: "'")
        if index + 1 < bytes.count, bytes[index + 1] == apostrophe {
            literal.append(apostrophe)
            index += 2
            return
        }
        guard readQuotedText(from: index + 1, into: &literal) else { throw fail(.unmatchedQuote, at: index) }
    }

    /// The error `kind` at byte `byteOffset`, with the offset counted in scalars.
    func fail(_ kind: MessageFormatError.Kind, at byteOffset: Int) -> MessageFormatError {
        var scalars = 0
        for byte in UnsafeBufferPointer(rebasing: bytes[..<min(byteOffset, bytes.count)]) where byte & 0xC0 != 0x80 {
            scalars += 1
        }
        return MessageFormatError(kind: kind, offset: scalars)
    }

    /// The offset in scalars of byte `byteOffset` (for the parts' `offset`).
    /// - Complexity: O(distance from the previous request) when requests increase, as the reader makes them.
    mutating func scalarOffset(_ byteOffset: Int) -> Int {
        let target = min(byteOffset, bytes.count)
        if target < scalarMark.byte { scalarMark = (0, 0) }
        var scalars = scalarMark.scalars
        for byte in UnsafeBufferPointer(rebasing: bytes[scalarMark.byte..<target]) where byte & 0xC0 != 0x80 {
            scalars += 1
        }
        scalarMark = (target, scalars)
        return scalars
    }
}
