/// Format specifiers of gettext catalogs: C `printf` as `xgettext` marks it `c-format`, with what gettext's own
/// format checker (`format-c.c`, `format-python.c`) accepts beyond ISO C.
///
/// - `%` [`n$`] flags (`-` `+` `0` `#` `'`, and glibc's `I`, locale digits) [width] [`.`precision] [length
///   `hh h l ll q L j z Z t`] conversion `d i o u x X e E f F g G a A c C s S p %`;
/// - an ISO C99 `<inttypes.h>` macro in place of length and conversion, written as gettext writes it in a `.po` file
///   (`"%" PRId64` in C is `%<PRId64>` in the catalog): `PRI` and a conversion letter, then the type;
/// - Python's named form `%(name)s` (`python-format`), with the conversions `d i o u x X e E f F g G c r s a`; it
///   cannot be confused with C, where `%(` is not a specifier.
///
/// Unlike `.apple`, `%@` is not a placeholder (C has no objects), and `%n` and `%m` (which print nothing, or the
/// system's error message) stay as written. As everywhere, a space is not a flag (`50 % done` stays literal).
extension FormatSpecifier {
    static func parseGettext(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> FormatSpecifier? {
        var i = start + 1
        guard i < text.count else { return nil }
        if text[i] == UInt8(ascii: "%") { return FormatSpecifier(length: 2, kind: .percent) }
        var python = false
        var position: Int?
        if text[i] == UInt8(ascii: "(") {
            // %(name)s: the name runs to the closing parenthesis (Python allows anything but ")" there).
            var end = i + 1
            while end < text.count && text[end] != UInt8(ascii: ")") && text[end] != 0x0A { end += 1 }
            guard end < text.count, text[end] == UInt8(ascii: ")") else { return nil }
            i = end + 1
            python = true
        } else {
            position = skipPosition(text, &i)
        }
        var spec = FormatSpecifier(length: 0, kind: .object, position: position)
        flags: while i < text.count {
            switch text[i] {
            case UInt8(ascii: "-"): spec.leftAligned = true
            case UInt8(ascii: "+"): spec.plusSign = true
            case UInt8(ascii: "0"): spec.zeroPadded = true
            case UInt8(ascii: "#"): break
            case UInt8(ascii: "'") where !python, UInt8(ascii: "I") where !python: break
            default: break flags
            }
            i += 1
        }
        spec.width = readCount(text, &i, allowStar: true)
        if i < text.count && text[i] == UInt8(ascii: ".") {
            i += 1
            let star = i < text.count && text[i] == UInt8(ascii: "*")
            let precision = readCount(text, &i, allowStar: true)
            spec.precision = star ? nil : precision ?? 0
        }
        if !python, let macro = inttypesMacro(text, at: i) {
            spec.kind = macro.kind
            spec.length = macro.end - start
            return spec
        }
        if i < text.count {
            switch text[i] {
            case UInt8(ascii: "h"), UInt8(ascii: "l"):
                let modifier = text[i]
                i += 1
                if i < text.count && text[i] == modifier && !python { i += 1 }
            case UInt8(ascii: "L"):
                i += 1
            case UInt8(ascii: "q"), UInt8(ascii: "j"), UInt8(ascii: "z"), UInt8(ascii: "Z"), UInt8(ascii: "t"):
                if !python { i += 1 }
            default:
                break
            }
        }
        guard i < text.count, let kind = conversion(text[i], python: python) else { return nil }
        spec.kind = kind
        spec.length = i + 1 - start
        return spec
    }

    /// What a conversion character prints, or nil when it is none of gettext's C (or Python) conversions.
    private static func conversion(_ byte: UInt8, python: Bool) -> Kind? {
        switch byte {
        case UInt8(ascii: "s"): .object
        case UInt8(ascii: "r") where python, UInt8(ascii: "a") where python: .object
        case UInt8(ascii: "S") where !python, UInt8(ascii: "p") where !python:
            byte == UInt8(ascii: "S") ? .object : .hex
        case UInt8(ascii: "d"), UInt8(ascii: "i"): .integer(signed: true)
        case UInt8(ascii: "u"), UInt8(ascii: "o"): .integer(signed: false)
        case UInt8(ascii: "x"), UInt8(ascii: "X"): .hex
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"):
            .float
        case UInt8(ascii: "a"), UInt8(ascii: "A"): python ? nil : .float
        case UInt8(ascii: "c"): .character
        case UInt8(ascii: "C") where !python: .character
        default: nil
        }
    }

    /// `<PRIxNN>` at `i`: `<PRI`, a conversion letter (`d i o u x X`), then letters and digits (`64`, `LEAST32`,
    /// `FAST16`, `MAX`, `PTR`) and `>`; the kind and the offset after the `>`.
    private static func inttypesMacro(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> (kind: Kind, end: Int)? {
        guard start + 6 < text.count, text[start] == UInt8(ascii: "<"), text[start + 1] == UInt8(ascii: "P"),
            text[start + 2] == UInt8(ascii: "R"), text[start + 3] == UInt8(ascii: "I")
        else { return nil }
        let kind: Kind
        switch text[start + 4] {
        case UInt8(ascii: "d"), UInt8(ascii: "i"): kind = .integer(signed: true)
        case UInt8(ascii: "u"), UInt8(ascii: "o"): kind = .integer(signed: false)
        case UInt8(ascii: "x"), UInt8(ascii: "X"): kind = .hex
        default: return nil
        }
        var end = start + 5
        while end < text.count, end < start + 16,
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(text[end]) || isDigit(text[end])
        {
            end += 1
        }
        guard end > start + 5, end < text.count, text[end] == UInt8(ascii: ">") else { return nil }
        return (kind, end + 1)
    }
}
