/// Reads an XML property list (Apple's `PropertyList-1.0.dtd`) into a tree of `PropertyListNode`s with positions.
///
/// `.stringsdict` files and XML-format `.strings` files are XML property lists. The grammar: a `<plist>` root holding
/// one value; values are `<dict>` (`<key>` then a value, repeated), `<array>`, `<string>`, `<integer>`, `<real>`,
/// `<true/>`, `<false/>`, `<date>` and `<data>` (base64). White space between elements is ignored; inside `<string>`
/// and `<key>` it is kept exactly (CDATA included). Anything else throws `CatalogError` at the offending place: a
/// `<key>` with no value after it, an unknown element, text where a value was expected, an element inside a string.
enum XMLPropertyList {
    /// Nesting deeper than this is refused rather than risking the stack on hostile input.
    static let maximumDepth = 256

    /// Parses a whole XML property list file.
    /// - Returns: the root value (the one value inside `<plist>`).
    /// - Throws: `CatalogError` for XML well-formedness errors and property-list grammar errors.
    static func parse(_ bytes: [UInt8], file: String) throws(CatalogError) -> PropertyListNode {
        var parser = Parser(reader: try XMLReader(bytes: bytes, file: file, allowsControlCharacters: true))
        return try parser.parseDocument()
    }

    /// Whether `bytes` look like an XML property list rather than an old-style one (for `.strings` files, which
    /// may be either): after an optional BOM and white space they start with `<?xml`, `<!DOCTYPE plist` or `<plist`.
    static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var utf8: [UInt8]
        if bytes.count >= 2 && (bytes[0] == 0xFF && bytes[1] == 0xFE || bytes[0] == 0xFE && bytes[1] == 0xFF) {
            // UTF-16: keep every other byte of the first few characters (enough to see an ASCII prefix).
            let littleEndian = bytes[0] == 0xFF
            utf8 = []
            var index = 2
            while index + 1 < bytes.count && utf8.count < 32 {
                let (low, high) = (bytes[index], bytes[index + 1])
                utf8.append(littleEndian ? (high == 0 ? low : 0xFF) : (low == 0 ? high : 0xFF))
                index += 2
            }
        } else {
            utf8 = Array(bytes.prefix(64))
            if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
        }
        let text = utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return text.starts(with: Array("<?xml".utf8)) || text.starts(with: Array("<!DOCTYPE plist".utf8))
            || text.starts(with: Array("<plist".utf8))
    }
}

extension XMLPropertyList {
    /// The recursive-descent parser over the reader's events.
    private struct Parser {
        var reader: XMLReader
        var depth = 0

        /// Reads `<plist>` and its one value, then checks that only comments follow.
        mutating func parseDocument() throws(CatalogError) -> PropertyListNode {
            guard let rootTag = try nextTag(in: "the document") else {
                throw CatalogError(file: reader.file, position: nil, message: "expected <plist>, found nothing")
            }
            guard rootTag.name == "plist" else {
                throw error(
                    "expected the root element <plist>, found <\(CatalogExcerpt.of(rootTag.name))>",
                    at: rootTag.position)
            }
            guard !rootTag.isEmpty, let valueTag = try nextTag(in: "<plist>") else {
                throw error("expected a value inside <plist>, found </plist>", at: rootTag.position)
            }
            let root = try parseValue(valueTag)
            if let extra = try nextTag(in: "<plist>") {
                throw error(
                    "expected </plist> after the property list's one value, found "
                        + "<\(CatalogExcerpt.of(extra.name))>",
                    at: extra.position)
            }
            // The root's end tag was consumed by nextTag; the reader checks that nothing but comments follows.
            while try reader.next() != nil {}
            return root
        }

        /// The next start tag inside the current element, skipping white space; nil at the element's end tag.
        /// - Throws: when non-white-space text comes first.
        mutating func nextTag(in context: String) throws(CatalogError) -> XMLStartTag? {
            while let event = try reader.next() {
                switch event {
                case .start(let tag):
                    return tag
                case .end:
                    return nil
                case .text(let text, let position), .cdata(let text, let position):
                    if let offset = text.utf8.firstIndex(where: { !Self.isSpace($0) }) {
                        let found = CatalogExcerpt.of(text[offset...])
                        throw error(
                            "expected an element in \(context), found the text '\(found)'",
                            at: Self.advance(position, over: text[..<offset]))
                    }
                }
            }
            return nil
        }

        /// Reads the value whose start tag is `tag`, through its end tag.
        mutating func parseValue(_ tag: XMLStartTag) throws(CatalogError) -> PropertyListNode {
            depth += 1
            defer { depth -= 1 }
            guard depth <= XMLPropertyList.maximumDepth else {
                throw error(
                    "property list nested deeper than \(XMLPropertyList.maximumDepth) levels",
                    at: tag.position)
            }
            switch tag.name {
            case "string":
                let text = try scalarText(of: tag)
                let position = tag.valuePosition
                return PropertyListNode(value: .string(text), position: position)
            case "dict":
                return PropertyListNode(value: .dictionary(try parseDictionary(tag)), position: tag.position)
            case "array":
                var items: [PropertyListNode] = []
                while let itemTag = try nextTag(in: "<array>") {
                    items.append(try parseValue(itemTag))
                }
                return PropertyListNode(value: .array(items), position: tag.position)
            case "true", "false":
                if let child = try nextTag(in: "<\(tag.name)/>") {
                    throw error("expected </\(tag.name)>, found <\(CatalogExcerpt.of(child.name))>", at: child.position)
                }
                return PropertyListNode(value: .boolean(tag.name == "true"), position: tag.position)
            case "integer":
                let text = try scalarText(of: tag)
                guard let value = Self.integer(text) else {
                    throw error(
                        "expected an integer in <integer>, found '\(CatalogExcerpt.of(text))'",
                        at: tag.contentPosition)
                }
                return PropertyListNode(value: .integer(value), position: tag.contentPosition)
            case "real":
                let text = try scalarText(of: tag)
                guard let value = Self.real(text) else {
                    throw error(
                        "expected a number in <real>, found '\(CatalogExcerpt.of(text))'",
                        at: tag.contentPosition)
                }
                return PropertyListNode(value: .real(value), position: tag.contentPosition)
            case "date":
                let text = try scalarText(of: tag).trimmingXMLSpace()
                return PropertyListNode(value: .date(text), position: tag.contentPosition)
            case "data":
                let text = try scalarText(of: tag)
                guard let data = Base64.decode(text) else {
                    throw error("expected base64 text in <data>", at: tag.contentPosition)
                }
                return PropertyListNode(value: .data(data), position: tag.contentPosition)
            case "key":
                throw error(
                    "expected a value, found <key> (a <key> belongs directly inside a <dict>)",
                    at: tag.position)
            default:
                throw error(
                    "unknown property list element <\(CatalogExcerpt.of(tag.name))>: expected <dict>, <array>, "
                        + "<string>, <integer>, "
                        + "<real>, <true/>, <false/>, <date> or <data>", at: tag.position)
            }
        }

        /// Reads a `<dict>`'s `<key>`/value pairs through its end tag.
        mutating func parseDictionary(_ tag: XMLStartTag) throws(CatalogError) -> [PropertyListEntry] {
            var entries: [PropertyListEntry] = []
            while let keyTag = try nextTag(in: "<dict>") {
                guard keyTag.name == "key" else {
                    let after = entries.last.map { " after the value of '\(CatalogExcerpt.of($0.key))'" } ?? ""
                    throw error(
                        "expected <key>\(after) in <dict>, found <\(CatalogExcerpt.of(keyTag.name))>",
                        at: keyTag.position)
                }
                let key = try scalarText(of: keyTag)
                let keyPosition = keyTag.valuePosition
                guard let valueTag = try nextTag(in: "<dict>") else {
                    throw error(
                        "expected a value for the key '\(CatalogExcerpt.of(key))', found </dict>",
                        at: keyTag.position)
                }
                if valueTag.name == "key" {
                    throw error(
                        "expected a value for the key '\(CatalogExcerpt.of(key))', found another <key>",
                        at: valueTag.position)
                }
                entries.append(PropertyListEntry(key: key, keyPosition: keyPosition, value: try parseValue(valueTag)))
            }
            return entries
        }

        /// The character data of a scalar element up to its end tag; a child element is an error.
        mutating func scalarText(of tag: XMLStartTag) throws(CatalogError) -> String {
            var text = ""
            while let event = try reader.next() {
                switch event {
                case .text(let part, _), .cdata(let part, _):
                    text += part
                case .end:
                    return text
                case .start(let child):
                    throw error(
                        "expected text in <\(CatalogExcerpt.of(tag.name))>, found the element "
                            + "<\(CatalogExcerpt.of(child.name))>",
                        at: child.position)
                }
            }
            return text
        }

        /// A property-list grammar error at `position`.
        func error(_ message: String, at position: SourcePosition) -> CatalogError {
            CatalogError(file: reader.file, position: position, message: message)
        }

        /// XML white space.
        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        /// The position after `skipped` (text that started at `position`).
        static func advance(_ position: SourcePosition, over skipped: Substring) -> SourcePosition {
            var result = position
            for scalar in skipped.unicodeScalars {
                if scalar == "\n" {
                    result.line += 1
                    result.column = 1
                } else {
                    result.column += 1
                }
            }
            return result
        }

        /// CFPropertyList's integer syntax: optional sign, decimal or `0x` hexadecimal, surrounding white space.
        static func integer(_ text: String) -> Int? {
            var body = Substring(text.trimmingXMLSpace())
            var negative = false
            if body.hasPrefix("-") || body.hasPrefix("+") {
                negative = body.hasPrefix("-")
                body = body.dropFirst()
            }
            let magnitude: Int?
            if body.hasPrefix("0x") || body.hasPrefix("0X") {
                magnitude = Int(body.dropFirst(2), radix: 16)
            } else {
                magnitude = Int(body)
            }
            guard let magnitude else { return nil }
            return negative ? -magnitude : magnitude
        }

        /// A real: what `Double` reads, plus CF's spellings of the special values.
        static func real(_ text: String) -> Double? {
            let body = text.trimmingXMLSpace()
            switch body.lowercased() {
            case "nan": return .nan
            case "+infinity", "infinity", "inf", "+inf": return .infinity
            case "-infinity", "-inf": return -.infinity
            default: return Double(body)
            }
        }
    }
}

/// A small base64 decoder for `<data>` (white space ignored, `=` padding optional).
private enum Base64 {
    /// The bytes `text` encodes, or nil when it is not base64.
    static func decode(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        var sawPadding = false
        for byte in text.utf8 {
            let value: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                sawPadding = true
                continue
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                return nil
            }
            if sawPadding { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
            }
        }
        return output
    }
}
