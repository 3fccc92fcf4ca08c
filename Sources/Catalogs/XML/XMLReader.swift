import TextCoding

/// A pull reader for XML 1.0 documents: call `next()` until it returns nil.
///
/// Written for the catalog formats (property lists, XLIFF, Android resources) rather than taken from Foundation's
/// `XMLParser`: we need the exact line and column of every value and of every well-formedness error, CDATA reported
/// apart from text, and speed (the reader walks the bytes once; a 100 KB Android file reads in well under a
/// millisecond in a release build).
///
/// ```swift
/// var reader = try XMLReader(bytes: bytes, file: path)
/// while let event = try reader.next() {
///     if case .start(let tag) = event, tag.name == "string" { … }
/// }
/// ```
///
/// What it does:
/// - Input: UTF-8 (BOM skipped), UTF-16 with BOM, or a declared ISO-8859-1, all read as UTF-8 (`XMLInputDecoder`).
/// - Events: start tags (attributes decoded, duplicates rejected), end tags (an empty-element tag gives both), text
///   with the five predefined entities, `&#N;`/`&#xN;` and entities declared in the DOCTYPE's internal subset
///   decoded, and CDATA sections as their own events. Line ends are normalized to LF (XML §2.11) and attribute values
///   normalized (§3.3.3).
/// - Skipped: the XML declaration, processing instructions, comments, the DOCTYPE with its internal subset.
/// - Errors (`CatalogError` with line and column, saying what was expected and what was found): mismatched or unclosed
///   tags, unterminated comments, CDATA sections, PIs, DOCTYPEs, tags and attribute values, unknown entities, `<` in
///   an attribute value, duplicate attributes, text or a second element after the root, invalid UTF-8.
///
/// Limits (documented rather than silently wrong): entities declared in the internal subset are plain text (markup in
/// their replacement text is not parsed as markup), external entities are unknown entities, namespaces are not
/// resolved (names keep their prefixes), and the XML `Char` production is not enforced beyond references.
///
/// Bounds against hostile input (each a clear error, never a trap or a hang): elements nest at most `maximumNesting`
/// deep, one declared entity holds at most `maximumEntitySize` bytes and all entity uses together produce at most
/// `maximumEntityExpansion` ("billion laughs"), duplicate attributes are found in linear time, and messages quote
/// names through `shown(_:)` (at most 40 characters).
struct XMLReader {
    /// The file name used in errors.
    let file: String

    // Reader state. What is not private is internal only so that `XMLReader+Declarations.swift` can use it;
    // parsers use `next()`, `skipElement()` and `readContent()`.

    /// The document as UTF-8, BOM removed.
    let bytes: [UInt8]
    /// Where reading continues.
    var offset = 0
    private var tracker = SourcePositionTracker()
    /// The open elements, innermost last, with where each was opened (for "unclosed" and "mismatched" errors).
    private var open: [(name: String, position: SourcePosition)] = []
    /// Before, inside or after the root element.
    var phase = Phase.prolog
    /// The root element's name once it has closed (for "after the root element" messages).
    private var rootName = ""
    /// The `.end` of an empty-element tag, returned by the next call.
    private var pendingEnd: XMLEvent?
    /// Whether the DOCTYPE has been read (only one is allowed).
    var sawDoctype = false
    /// General entities declared in the internal subset, as their (already expanded) replacement text.
    var entities: [String: [UInt8]] = [:]
    /// General entities declared as external (`SYSTEM` or `PUBLIC`), which are never loaded: named as such when
    /// referenced.
    var externalEntities: Set<String> = []
    /// Bytes produced by expanding declared entities so far (bounded, so "billion laughs" documents fail fast).
    var expandedEntityBytes = 0

    /// Where the reader is relative to the root element: only white space and markup without content may come
    /// before it (prolog) and after it (epilog).
    enum Phase { case prolog, content, epilog }

    /// The largest replacement text one declared entity may have.
    static let maximumEntitySize = 1 << 16
    /// The most bytes all uses of declared entities together may produce in one document.
    static let maximumEntityExpansion = 1 << 24
    /// The deepest nesting of elements accepted. Catalogs nest a few levels; the bound keeps a hostile file of
    /// millions of open tags from holding millions of open-element records (and the parsers above from recursing
    /// without end).
    static let maximumNesting = 4096
    /// Up to this many attributes, a new one is checked against the others by a scan (cheaper than a set for the
    /// two or three attributes real tags have).
    static let attributesScannedForDuplicates = 8

    /// Prepares to read `bytes`.
    /// - Parameter allowsControlCharacters: Whether C0 control characters other than tab, LF and CR, and U+FFFE and
    ///   U+FFFF, which XML 1.0 does not allow anywhere (§2.2 `Char`), are read as text instead of failing the file.
    ///   Property lists allow them, as Apple's reader and writer do (its writer escapes only `<`, `>` and `&`, so a
    ///   string holding U+001B is written raw and read back); the XML Android's aapt2 (expat) and XLIFF tools
    ///   (libxml2) read does not.
    /// - Throws: `CatalogError` when the bytes are not in an encoding XML allows (see `XMLInputDecoder`), or hold a
    ///   character it does not allow.
    init(bytes: [UInt8], file: String, allowsControlCharacters: Bool = false) throws(CatalogError) {
        self.file = file
        let utf8 = try XMLInputDecoder.utf8Bytes(bytes, file: file)
        self.bytes = utf8
        if let problem = utf8.withUnsafeBufferPointer({ CatalogTextDecoder.firstUTF8Problem(in: $0) }) {
            throw CatalogError(
                file: file, position: SourcePositionTracker.position(of: problem.offset, in: utf8),
                message: "invalid UTF-8: \(problem.message) (declare the file's real encoding in "
                    + "<?xml … encoding=\"…\"?>)")
        }
        if !allowsControlCharacters,
            let (offset, scalar) = utf8.withUnsafeBufferPointer({ Self.firstForbiddenCharacter(in: $0) })
        {
            throw CatalogError(
                file: file, position: SourcePositionTracker.position(of: offset, in: utf8),
                message: "U+\(StringsSyntax.hex4(scalar)) is not a character XML allows (XML 1.0 §2.2: of the "
                    + "controls only tab, line feed and carriage return, written or as references)")
        }
    }

    /// The byte offset and value of the first character of valid UTF-8 `bytes` that XML 1.0 does not allow (§2.2
    /// `Char`): a C0 control other than tab, LF and CR, or U+FFFE or U+FFFF (`EF BF BE`/`EF BF BF`, which in valid
    /// UTF-8 are only ever those scalars: `EF` is a lead byte). Surrogates are not valid UTF-8, checked before.
    static func firstForbiddenCharacter(in bytes: UnsafeBufferPointer<UInt8>) -> (Int, UInt32)? {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x09 && byte != 0x0A && byte != 0x0D { return (index, UInt32(byte)) }
            } else if byte == 0xEF && index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE {
                // The third byte's six low bits are the scalar's: BE is U+FFFE, BF U+FFFF.
                return (index, 0xFFC0 | UInt32(bytes[index + 2] & 0x3F))
            }
            index += 1
        }
        return nil
    }

    /// The next event, or nil once the root element has closed and only white space, comments and PIs followed.
    /// - Throws: `CatalogError` at the first well-formedness error; after an error the reader is unusable.
    mutating func next() throws(CatalogError) -> XMLEvent? {
        if let pending = pendingEnd {
            pendingEnd = nil
            return pending
        }
        while true {
            guard offset < bytes.count else { return try finish() }
            if bytes[offset] == XMLByte.lessThan {
                guard offset + 1 < bytes.count else {
                    throw failure("expected a name, '/', '!' or '?' after '<', found end of file", at: offset + 1)
                }
                switch bytes[offset + 1] {
                case XMLByte.question:
                    try skipProcessingInstruction()
                case XMLByte.exclamation:
                    if matches(XMLLiteral.commentOpen) {
                        try skipComment()
                    } else if matches(XMLLiteral.cdataOpen) {
                        return try readCDATA()
                    } else if matches(XMLLiteral.doctypeOpen) {
                        try readDoctype()
                    } else {
                        throw failure(
                            "expected '<!--', '<![CDATA[' or '<!DOCTYPE' after '<!', found \(describe(offset + 2))",
                            at: offset)
                    }
                case XMLByte.slash:
                    return try readEndTag()
                default:
                    return try readStartTag()
                }
            } else if phase == .content {
                return try readText()
            } else {
                try skipSpaceOutsideRoot()
            }
        }
    }

    /// Consumes events up to and including the end of the element whose `.start` was just returned.
    mutating func skipElement() throws(CatalogError) {
        var depth = 1
        while depth > 0, let event = try next() {
            switch event {
            case .start: depth += 1
            case .end: depth -= 1
            case .text, .cdata: break
            }
        }
    }

    /// Reads to the end of the element whose `.start` was just returned and gives its character data: text and
    /// CDATA concatenated, the text of child elements included (their tags dropped).
    mutating func readContent() throws(CatalogError) -> String {
        var depth = 1
        var content = ""
        while depth > 0, let event = try next() {
            switch event {
            case .start: depth += 1
            case .end: depth -= 1
            case .text(let text, _), .cdata(let text, _): content += text
            }
        }
        return content
    }

    // MARK: - End of input

    /// At the end of the input: fine after the root element, an error inside it or before it.
    private mutating func finish() throws(CatalogError) -> XMLEvent? {
        if let innermost = open.last {
            throw failure(
                "expected </\(shown(innermost.name))> to close <\(shown(innermost.name))> opened at "
                    + "\(innermost.position), found end of file", at: bytes.count)
        }
        if phase == .prolog {
            throw failure("expected a root element, found end of file", at: bytes.count)
        }
        return nil
    }

    /// Outside the root element only white space is allowed between markup.
    private mutating func skipSpaceOutsideRoot() throws(CatalogError) {
        while offset < bytes.count && bytes[offset] != XMLByte.lessThan {
            guard XMLByte.isSpace(bytes[offset]) else {
                if phase == .prolog {
                    throw failure("expected '<' to start the root element, found \(describe(offset))", at: offset)
                }
                throw failure(
                    "expected only white space or comments after the root element </\(shown(rootName))>, found text "
                        + "starting with \(describe(offset))", at: offset)
            }
            offset += 1
        }
    }

    // MARK: - Tags

    /// Reads `<name attributes… >` or `<name … />` starting at `offset` (on its `<`).
    private mutating func readStartTag() throws(CatalogError) -> XMLEvent {
        let tagStart = offset
        if phase == .epilog {
            throw failure(
                "expected only white space or comments after the root element </\(shown(rootName))>, found another "
                    + "element", at: tagStart)
        }
        let tagPosition = position(at: tagStart)
        offset += 1
        guard let name = scanName() else {
            throw failure("expected an element name after '<', found \(describe(offset))", at: offset)
        }
        var attributes: [XMLAttribute] = []
        var attributeNames: Set<String>?
        var isEmpty = false
        while true {
            let hadSpace = skipSpaces()
            guard offset < bytes.count else {
                throw failure(
                    "unterminated start tag <\(shown(name)): expected '>' or '/>', found end of file",
                    at: tagStart)
            }
            let byte = bytes[offset]
            if byte == XMLByte.greaterThan {
                offset += 1
                break
            }
            if byte == XMLByte.slash {
                guard offset + 1 < bytes.count, bytes[offset + 1] == XMLByte.greaterThan else {
                    throw failure(
                        "expected '>' after '/' in <\(shown(name))>, found \(describe(offset + 1))",
                        at: offset + 1)
                }
                offset += 2
                isEmpty = true
                break
            }
            guard hadSpace else {
                let after = attributes.last.map { "the value of \(shown($0.name))" } ?? "<\(shown(name))"
                throw failure("expected white space, '>' or '/>' after \(after), found \(describe(offset))", at: offset)
            }
            let nameStart = offset
            guard let attributeName = scanName() else {
                throw failure(
                    "expected an attribute name, '>' or '/>' in <\(shown(name))>, found \(describe(offset))",
                    at: offset)
            }
            // A handful of attributes is checked by a scan; past that by a set, so that a tag with thousands of
            // attributes stays linear.
            let isDuplicate: Bool
            if attributes.count < Self.attributesScannedForDuplicates {
                isDuplicate = attributes.contains { $0.name == attributeName }
            } else {
                if attributeNames == nil { attributeNames = Set(attributes.map(\.name)) }
                // Inserted through the optional in place (a copy out and back would copy the set every time).
                isDuplicate = !attributeNames!.insert(attributeName).inserted
            }
            if isDuplicate {
                throw failure("duplicate attribute \(shown(attributeName)) in <\(shown(name))>", at: nameStart)
            }
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == XMLByte.equals else {
                throw failure(
                    "expected '=' after the attribute name \(shown(attributeName)), found \(describe(offset))",
                    at: offset)
            }
            offset += 1
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == XMLByte.quote || bytes[offset] == XMLByte.apostrophe else {
                throw failure(
                    "expected a quoted value for the attribute \(shown(attributeName)), found \(describe(offset))",
                    at: offset)
            }
            let quote = bytes[offset]
            offset += 1
            let valuePosition = position(at: offset)
            let value = try readAttributeValue(quote: quote, name: attributeName, openedAt: offset - 1)
            attributes.append(XMLAttribute(name: attributeName, value: value, position: valuePosition))
        }
        let contentPosition = position(at: offset)
        if isEmpty {
            pendingEnd = .end(name: name, position: tagPosition)
            if open.isEmpty {
                phase = .epilog
                rootName = name
            } else {
                phase = .content
            }
        } else {
            guard open.count < Self.maximumNesting else {
                throw failure("elements nested deeper than \(Self.maximumNesting) levels", at: tagStart)
            }
            open.append((name, tagPosition))
            phase = .content
        }
        return .start(
            XMLStartTag(
                name: name, attributes: attributes, position: tagPosition,
                contentPosition: contentPosition, isEmpty: isEmpty))
    }

    /// Reads `</name>` starting at `offset` and checks that it closes the innermost open element.
    private mutating func readEndTag() throws(CatalogError) -> XMLEvent {
        let tagStart = offset
        let tagPosition = position(at: tagStart)
        offset += 2
        guard let name = scanName() else {
            throw failure("expected an element name after '</', found \(describe(offset))", at: offset)
        }
        skipSpaces()
        guard offset < bytes.count, bytes[offset] == XMLByte.greaterThan else {
            throw failure("expected '>' to end the end tag </\(shown(name)), found \(describe(offset))", at: offset)
        }
        offset += 1
        guard let innermost = open.last else {
            throw failure("unexpected end tag </\(shown(name))>: no element is open", at: tagStart)
        }
        guard innermost.name == name else {
            throw failure(
                "mismatched end tag: expected </\(shown(innermost.name))> to close <\(shown(innermost.name))> "
                    + "opened at \(innermost.position), found </\(shown(name))>", at: tagStart)
        }
        open.removeLast()
        if open.isEmpty {
            phase = .epilog
            rootName = name
        }
        return .end(name: name, position: tagPosition)
    }

    /// Reads an attribute value up to its closing quote, decoding references and normalizing white space.
    private mutating func readAttributeValue(quote: UInt8, name: String, openedAt: Int) throws(CatalogError)
        -> String
    {
        let start = offset
        var buffer: [UInt8] = []
        var buffered = false
        var runStart = offset
        while true {
            guard offset < bytes.count else {
                throw failure(
                    "unterminated value of the attribute \(shown(name)): expected a closing "
                        + (quote == XMLByte.quote ? "\"" : "'") + " before the end of the file", at: openedAt)
            }
            let byte = bytes[offset]
            if byte == quote {
                break
            }
            switch byte {
            case XMLByte.lessThan:
                throw failure(
                    "'<' is not allowed in the value of the attribute \(shown(name)) (write '&lt;')", at: offset)
            case XMLByte.ampersand:
                buffer.append(contentsOf: bytes[runStart..<offset])
                buffered = true
                try appendReference(to: &buffer, inAttribute: true)
                runStart = offset
            case XMLByte.tab, XMLByte.lineFeed, XMLByte.carriageReturn:
                buffer.append(contentsOf: bytes[runStart..<offset])
                buffered = true
                buffer.append(XMLByte.space)
                offset += 1
                if byte == XMLByte.carriageReturn && offset < bytes.count && bytes[offset] == XMLByte.lineFeed {
                    offset += 1
                }
                runStart = offset
            default:
                offset += 1
            }
        }
        let value: String
        if buffered {
            buffer.append(contentsOf: bytes[runStart..<offset])
            value = String(decoding: buffer, as: UTF8.self)
        } else {
            value = makeString(start..<offset)
        }
        offset += 1
        return value
    }

    // MARK: - Character data

    /// Reads character data up to the next `<` (or the end), decoding references and normalizing line ends.
    private mutating func readText() throws(CatalogError) -> XMLEvent {
        let start = offset
        let textPosition = position(at: start)
        var buffer: [UInt8] = []
        var buffered = false
        var runStart = offset
        let count = bytes.count
        while true {
            offset = XMLByte.endOfPlainText(in: bytes, from: offset)
            guard offset < count else { break }
            let byte = bytes[offset]
            if byte == XMLByte.lessThan {
                break
            }
            buffer.append(contentsOf: bytes[runStart..<offset])
            buffered = true
            if byte == XMLByte.ampersand {
                try appendReference(to: &buffer, inAttribute: false)
            } else if byte == XMLByte.carriageReturn {
                buffer.append(XMLByte.lineFeed)
                offset += 1
                if offset < count && bytes[offset] == XMLByte.lineFeed { offset += 1 }
            } else {
                throw failure(
                    "']]>' is not allowed in text (it only ends a CDATA section); write ']]&gt;'",
                    at: offset)
            }
            runStart = offset
        }
        if buffered {
            buffer.append(contentsOf: bytes[runStart..<offset])
            return .text(String(decoding: buffer, as: UTF8.self), position: textPosition)
        }
        return .text(makeString(start..<offset), position: textPosition)
    }

    /// Reads `<![CDATA[ … ]]>` starting at `offset`.
    private mutating func readCDATA() throws(CatalogError) -> XMLEvent {
        let start = offset
        guard phase == .content else {
            throw failure("a CDATA section is only allowed inside the root element", at: start)
        }
        let contentStart = start + XMLLiteral.cdataOpen.count
        let contentPosition = position(at: contentStart)
        guard let end = find(XMLLiteral.cdataClose, from: contentStart) else {
            throw failure("unterminated CDATA section: expected ']]>' before the end of the file", at: start)
        }
        offset = end + XMLLiteral.cdataClose.count
        return .cdata(normalizedLineEnds(contentStart..<end), position: contentPosition)
    }

    /// The bytes in `range` as a string with CR LF and lone CR turned into LF.
    private func normalizedLineEnds(_ range: Range<Int>) -> String {
        guard bytes[range].contains(XMLByte.carriageReturn) else {
            return makeString(range)
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == XMLByte.carriageReturn {
                buffer.append(XMLByte.lineFeed)
                if index + 1 < range.upperBound && bytes[index + 1] == XMLByte.lineFeed { index += 1 }
            } else {
                buffer.append(byte)
            }
            index += 1
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    // MARK: - References

    /// Decodes the reference at `offset` (an `&`) onto `buffer` and moves past its `;`.
    mutating func appendReference(to buffer: inout [UInt8], inAttribute: Bool) throws(CatalogError) {
        let referenceStart = offset
        offset += 1
        if offset < bytes.count && bytes[offset] == XMLByte.hash {
            offset += 1
            var radix: UInt32 = 10
            if offset < bytes.count && bytes[offset] == UInt8(ascii: "x") {
                radix = 16
                offset += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while offset < bytes.count, let digit = XMLByte.digitValue(bytes[offset], radix: radix) {
                value = min(value * radix + digit, 0x11_0000)
                digits += 1
                offset += 1
            }
            guard digits > 0, offset < bytes.count, bytes[offset] == XMLByte.semicolon else {
                let expected = radix == 16 ? "hexadecimal digits" : "decimal digits"
                throw failure(
                    "expected \(expected) and ';' in the character reference, found \(describe(offset))", at: offset)
            }
            offset += 1
            guard XMLByte.isXMLCharacter(value) else {
                let written = String(decoding: bytes[referenceStart..<offset], as: UTF8.self)
                throw failure(
                    "the character reference \(shown(written)) is not a character XML allows",
                    at: referenceStart)
            }
            UTF8Encoding.append(value, to: &buffer)
            return
        }
        guard let name = scanName() else {
            throw failure(
                "expected an entity name or '#' after '&' (write '&amp;' for an ampersand), found \(describe(offset))",
                at: offset)
        }
        guard offset < bytes.count, bytes[offset] == XMLByte.semicolon else {
            throw failure("expected ';' after the entity name &\(shown(name)), found \(describe(offset))", at: offset)
        }
        offset += 1
        switch name {
        case "amp": buffer.append(XMLByte.ampersand)
        case "lt": buffer.append(XMLByte.lessThan)
        case "gt": buffer.append(XMLByte.greaterThan)
        case "quot": buffer.append(XMLByte.quote)
        case "apos": buffer.append(XMLByte.apostrophe)
        default:
            guard let replacement = entities[name] else {
                if externalEntities.contains(name) {
                    throw failure(
                        "the entity &\(shown(name)); is external (declared with SYSTEM or PUBLIC), and a catalog's "
                            + "external entities are never loaded", at: referenceStart)
                }
                throw failure(
                    "unknown entity &\(shown(name)); (XML predefines only &amp; &lt; &gt; &quot; &apos;; others "
                        + "must be declared in the DOCTYPE)", at: referenceStart)
            }
            expandedEntityBytes += replacement.count
            guard expandedEntityBytes <= Self.maximumEntityExpansion else {
                throw failure("entity expansion exceeds \(Self.maximumEntityExpansion) bytes", at: referenceStart)
            }
            if inAttribute {
                buffer.append(contentsOf: replacement.map { XMLByte.isSpace($0) ? XMLByte.space : $0 })
            } else {
                buffer.append(contentsOf: replacement)
            }
        }
    }

    // MARK: - Scanning helpers

    /// Scans an XML name (ASCII letters, digits, `_ : - .` and any non-ASCII character; not starting with a digit,
    /// `-` or `.`) and returns it, or nil (consuming nothing) when none starts at `offset`.
    mutating func scanName() -> String? {
        let start = offset
        guard offset < bytes.count, XMLByte.isNameStart(bytes[offset]) else { return nil }
        offset += 1
        while offset < bytes.count && XMLByte.isNameCharacter(bytes[offset]) { offset += 1 }
        return makeString(start..<offset)
    }

    /// The document bytes in `range` as a string (the whole document was validated as UTF-8 up front).
    func makeString(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// Skips XML white space; returns whether there was any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = offset
        while offset < bytes.count && XMLByte.isSpace(bytes[offset]) { offset += 1 }
        return offset > start
    }

    /// Whether `literal` is at `offset`.
    func matches(_ literal: [UInt8]) -> Bool {
        guard offset + literal.count <= bytes.count else { return false }
        for index in 0..<literal.count where bytes[offset + index] != literal[index] { return false }
        return true
    }

    /// The offset where `literal` next occurs at or after `start`, or nil.
    func find(_ literal: [UInt8], from start: Int) -> Int? {
        guard let first = literal.first, literal.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - literal.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                for step in 1..<literal.count where bytes[index + step] != literal[step] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// The line and column of the byte at `target` (see `SourcePositionTracker` for the cost).
    mutating func position(at target: Int) -> SourcePosition {
        tracker.position(at: target, in: bytes)
    }

    /// An error at the byte `target`.
    mutating func failure(_ message: String, at target: Int) -> CatalogError {
        CatalogError(file: file, position: position(at: target), message: message)
    }

    /// A name or token of the document as a message quotes it: at most 40 characters (`CatalogExcerpt`), so that a
    /// huge name never copies a stretch of the file into a report.
    func shown(_ token: String) -> String {
        CatalogExcerpt.of(token)
    }

    /// How the character at `target` reads in a message: `'x'`, `a line break`, `end of file`.
    func describe(_ target: Int) -> String {
        guard target < bytes.count else { return "end of file" }
        switch bytes[target] {
        case XMLByte.lineFeed, XMLByte.carriageReturn: return "a line break"
        case XMLByte.space: return "a space"
        case XMLByte.tab: return "a tab"
        default: break
        }
        var end = target + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'\(String(decoding: bytes[target..<end], as: UTF8.self))'"
    }
}
