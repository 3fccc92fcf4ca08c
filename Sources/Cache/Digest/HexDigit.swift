/// The value of one ASCII hexadecimal digit, for the readers of hexadecimal text in the package (a digest's hex
/// spelling, a `file:` URI's `%XX` escapes).
package enum HexDigit {
    /// The value of `byte` as a hexadecimal digit (`0-9`, `a-f`, `A-F`), or nil.
    @inline(__always)
    package static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
