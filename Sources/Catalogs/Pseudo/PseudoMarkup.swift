/// Markup a pseudo-localization keeps as it is: an HTML/XML tag or an entity reference still in an entry's text
/// after its format decoded it (aapt2's `PseudoMethodAccent` leaves `<…>` and `&…;` untouched too).
enum PseudoMarkup {
    /// The longest tag or entity reference looked for, in bytes: longer runs are text.
    static let maximumLength = 256

    /// The index of the last byte of the tag (`<b>`, `</a>`, `<br/>`, `<!-- … -->` without a `<` or line break
    /// inside) or entity reference (`&amp;`, `&#8230;`: `&`, then letters, digits or `#`, then `;`) that starts at
    /// `start`, or nil when none starts there.
    static func end(of bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        // The shortest are three bytes: `<b>`, `&a;`.
        guard start + 2 < bytes.count else { return nil }
        let limit = min(bytes.count, start + maximumLength)
        switch bytes[start] {
        case UInt8(ascii: "<"):
            let next = bytes[start + 1]
            guard isASCIILetter(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") else { return nil }
            var i = start + 1
            while i < limit {
                switch bytes[i] {
                case UInt8(ascii: ">"): return i
                case UInt8(ascii: "<"), 0x0A, 0x0D: return nil
                default: i += 1
                }
            }
            return nil
        case UInt8(ascii: "&"):
            var i = start + 1
            while i < limit, isASCIILetter(bytes[i]) || isDigit(bytes[i]) || bytes[i] == UInt8(ascii: "#") { i += 1 }
            return i > start + 1 && i < limit && bytes[i] == UInt8(ascii: ";") ? i : nil
        default:
            return nil
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
