import TextCoding

/// The byte values and byte classes the XML reader needs, named, and its word-at-a-time scanners.
enum XMLByte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation = UInt8(ascii: "!")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let ampersand = UInt8(ascii: "&")
    static let apostrophe = UInt8(ascii: "'")
    static let slash = UInt8(ascii: "/")
    static let semicolon = UInt8(ascii: ";")
    static let lessThan = UInt8(ascii: "<")
    static let equals = UInt8(ascii: "=")
    static let greaterThan = UInt8(ascii: ">")
    static let question = UInt8(ascii: "?")
    static let openingBracket = UInt8(ascii: "[")
    static let closingBracket = UInt8(ascii: "]")

    /// XML white space: space, tab, CR, LF.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == lineFeed || byte == tab || byte == carriageReturn
    }

    /// A byte that may start an XML name (ASCII letters, `_`, `:`, and any byte of a non-ASCII character).
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    /// A byte that may continue an XML name (also digits, `-`, `.`).
    static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    /// The value of a decimal (or, for radix 16, hexadecimal) digit.
    static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// XML 1.0 `Char`: what a character reference may produce.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF)
            || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
    }

    /// The offset of the first byte at or after `start` that ends a run of plain character data: `<`, `&`, CR, or
    /// the `]` of a `]]>`; `bytes.count` when there is none.
    static func endOfPlainText(in bytes: [UInt8], from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer -> Int in
            let count = buffer.count
            var index = start
            while index < count {
                if index + 8 <= count {
                    // index + 8 <= count, so the buffer is not empty and has a base address.
                    let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
                    if !ByteWord.word(word, contains: lessThan) && !ByteWord.word(word, contains: ampersand)
                        && !ByteWord.word(word, contains: carriageReturn)
                        && !ByteWord.word(word, contains: closingBracket)
                    {
                        index += 8
                        continue
                    }
                }
                let byte = buffer[index]
                if byte == lessThan || byte == ampersand || byte == carriageReturn {
                    return index
                }
                if byte == closingBracket && index + 2 < count && buffer[index + 1] == closingBracket
                    && buffer[index + 2] == greaterThan
                {
                    return index
                }
                index += 1
            }
            return count
        }
    }
}

/// The fixed byte strings the reader looks for.
enum XMLLiteral {
    static let commentOpen: [UInt8] = Array("<!--".utf8)
    static let commentClose: [UInt8] = Array("-->".utf8)
    static let cdataOpen: [UInt8] = Array("<![CDATA[".utf8)
    static let cdataClose: [UInt8] = Array("]]>".utf8)
    static let doctypeOpen: [UInt8] = Array("<!DOCTYPE".utf8)
    static let entityOpen: [UInt8] = Array("<!ENTITY".utf8)
    static let processingInstructionClose: [UInt8] = Array("?>".utf8)
}
