/// The value of an ASCII hexadecimal digit, for the readers of escapes that spell code points in hex (`\uXXXX` in
/// JSON and `.strings`, `\x` in gettext, Android's `\u`): one definition instead of one per reader.
public enum ASCIIHexDigit {
    /// `byte`'s value if it is `0`–`9`, `a`–`f` or `A`–`F`, else nil.
    @inlinable
    public static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }
}
