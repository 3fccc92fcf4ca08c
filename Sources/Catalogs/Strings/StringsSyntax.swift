/// The byte classes of the `.strings` grammar, and how error messages show what the parser found.
///
/// Pure functions over bytes, shared by `StringsFileScanner`'s tokenizer and its messages.
enum StringsSyntax {
    /// `A–Z a–z 0–9 _ $ / : . -`, the characters of an unquoted string.
    static func isUnquotedCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"),
            UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    /// The byte length of the UTF-8 sequence a (valid) lead byte starts.
    static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case ..<0x80: 1
        case 0xF0...: 4
        case 0xE0...: 3
        default: 2
        }
    }

    /// What is at `offset` in valid UTF-8 `text`, for "found …" in messages: `'='`, `'é' (U+00E9)`, `a line break`,
    /// `the end of the file`.
    static func describe(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> String {
        guard offset < text.count else { return "the end of the file" }
        let stop = min(offset + sequenceLength(lead: text[offset]), text.count)
        let character = String(decoding: UnsafeBufferPointer(rebasing: text[offset..<stop]), as: UTF8.self)
        guard let scalar = character.unicodeScalars.first else { return "the end of the file" }
        switch scalar.value {
        case 0x0A, 0x0D: return "a line break"
        case 0x20: return "a space"
        case 0x09: return "a tab"
        case 0x21...0x7E: return "'\(scalar)'"
        case 0x00...0x1F, 0x7F...0x9F: return "the control character U+\(hex4(scalar.value))"
        // The excerpt escapes the invisible controls (bidirectional overrides, separators) that would garble a line.
        default: return "'\(CatalogExcerpt.of(String(scalar)))' (U+\(hex4(scalar.value)))"
        }
    }

    /// A key as messages show it: in quotes, escaped and cut short (`CatalogExcerpt.quoted`), so that a message
    /// stays on one line and never copies a long stretch of the file.
    static func quoted(_ key: String) -> String {
        CatalogExcerpt.quoted(key)
    }

    /// Uppercase hex with at least four digits, as in `U+00E9`.
    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
