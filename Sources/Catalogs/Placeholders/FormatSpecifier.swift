/// One format specifier found in an entry's UTF-8 text: how long it is and what it prints.
///
/// Only what changes the printed text is kept: the kind of value, width, precision and the flags that pad or sign.
/// The argument position (`%2$@`) is kept (`position`) for the config's per-key samples, which are given by
/// position; otherwise every argument of a kind gets the same sample, so order does not change the result.
struct FormatSpecifier: Sendable, Hashable {
    /// What the specifier prints.
    enum Kind: Sendable, Hashable {
        /// `%%`: a literal percent sign.
        case percent
        /// Java `%n`: a line feed.
        case lineFeed
        case object
        /// `signed` says whether a `+` flag prints a sign (`%d`, `%i`) or not (`%u`, `%o`).
        case integer(signed: Bool)
        case float
        case hex
        case character
        case boolean
        /// Java's `%tX` / `%TX` (Android): a date or time field, `suffix` the conversion's second letter
        /// (`JavaDateTimeSample`), `uppercase` for `T`.
        case dateTime(suffix: UInt8, uppercase: Bool)
    }

    /// Bytes from the `%` to the conversion character, inclusive.
    var length: Int
    var kind: Kind
    /// `-`: pad on the right.
    var leftAligned = false
    /// `0`: pad numbers with zeros after the sign.
    var zeroPadded = false
    /// `+`: print a sign on signed numbers.
    var plusSign = false
    /// Minimum width in scalars; nil when absent or given as `*` (the argument's value is unknown).
    var width: Int?
    /// Precision; nil when absent or `*`.
    var precision: Int?
    /// The explicit argument position (`2` for `%2$@`); nil when the specifier takes the next argument. Java's
    /// `%<s` (the previous argument again) is `previousArgument`.
    var position: Int?
    /// Java's `%<s`: the same argument as the specifier before it.
    var previousArgument = false

    /// Widths and precisions above this are clamped: a hostile `%999999999d` must not allocate gigabytes.
    static let maximumWidth = 1024

    /// Whether the specifier replaces an argument (and counts as a placeholder), as opposed to `%%` and `%n`.
    var isPlaceholder: Bool {
        switch kind {
        case .percent, .lineFeed: false
        default: true
        }
    }

    /// The specifier whose `%` is at `start` in `text`, or nil when what follows the `%` is not a complete, valid
    /// specifier in `syntax` (then the `%` is literal text; see `PlaceholderExpander`).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, at start: Int, syntax: PlaceholderSyntax) -> FormatSpecifier?
    {
        switch syntax {
        case .apple: parseApple(text, at: start)
        case .android: parseAndroid(text, at: start)
        case .gettext: parseGettext(text, at: start)
        }
    }

    // MARK: - Apple (IEEE printf + %@)

    private static func parseApple(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> FormatSpecifier? {
        var i = start + 1
        guard i < text.count else { return nil }
        if text[i] == UInt8(ascii: "%") { return FormatSpecifier(length: 2, kind: .percent) }
        let position = skipPosition(text, &i)
        // %#@name@ and %1$#@name@: a stringsdict/xcstrings variable still in the text prints as an object.
        if i + 1 < text.count && text[i] == UInt8(ascii: "#") && text[i + 1] == UInt8(ascii: "@") {
            var end = i + 2
            while end < text.count && isVariableNameByte(text[end]) { end += 1 }
            if end > i + 2 && end < text.count && text[end] == UInt8(ascii: "@") {
                return FormatSpecifier(length: end + 1 - start, kind: .object, position: position)
            }
        }
        var spec = FormatSpecifier(length: 0, kind: .object, position: position)
        flags: while i < text.count {
            switch text[i] {
            case UInt8(ascii: "-"): spec.leftAligned = true
            case UInt8(ascii: "+"): spec.plusSign = true
            case UInt8(ascii: "0"): spec.zeroPadded = true
            case UInt8(ascii: "#"), UInt8(ascii: "'"): break
            default: break flags
            }
            i += 1
        }
        spec.width = readCount(text, &i, allowStar: true)
        if i < text.count && text[i] == UInt8(ascii: ".") {
            i += 1
            // A lone "." is precision 0; ".*" takes the precision from an argument (unknown: none).
            let star = i < text.count && text[i] == UInt8(ascii: "*")
            let precision = readCount(text, &i, allowStar: true)
            spec.precision = star ? nil : precision ?? 0
        }
        // Length modifiers: hh h ll l q L z t j. They change the argument's size, not the sample.
        if i < text.count {
            switch text[i] {
            case UInt8(ascii: "h"), UInt8(ascii: "l"):
                let modifier = text[i]
                i += 1
                if i < text.count && text[i] == modifier { i += 1 }
            case UInt8(ascii: "q"), UInt8(ascii: "L"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"):
                i += 1
            default:
                break
            }
        }
        guard i < text.count else { return nil }
        switch text[i] {
        case UInt8(ascii: "@"), UInt8(ascii: "s"), UInt8(ascii: "S"): spec.kind = .object
        case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"): spec.kind = .integer(signed: true)
        case UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "o"), UInt8(ascii: "O"):
            spec.kind = .integer(signed: false)
        case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "p"): spec.kind = .hex
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            spec.kind = .float
        case UInt8(ascii: "c"), UInt8(ascii: "C"): spec.kind = .character
        default: return nil
        }
        spec.length = i + 1 - start
        return spec
    }

    /// Bytes allowed in a `%#@name@` variable name: anything up to the closing `@` but white space and `%`.
    private static func isVariableNameByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != UInt8(ascii: "@") && byte != UInt8(ascii: "%") && byte != 0x7F
    }

    // MARK: - Android (Java Formatter)

    private static func parseAndroid(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> FormatSpecifier? {
        var i = start + 1
        guard i < text.count else { return nil }
        if text[i] == UInt8(ascii: "%") { return FormatSpecifier(length: 2, kind: .percent) }
        if text[i] == UInt8(ascii: "n") { return FormatSpecifier(length: 2, kind: .lineFeed) }
        var position: Int?
        let previous = text[i] == UInt8(ascii: "<")
        if previous {
            i += 1  // "the previous argument again"
        } else {
            position = skipPosition(text, &i)
        }
        var spec = FormatSpecifier(length: 0, kind: .object, position: position, previousArgument: previous)
        flags: while i < text.count {
            switch text[i] {
            case UInt8(ascii: "-"): spec.leftAligned = true
            case UInt8(ascii: "+"): spec.plusSign = true
            case UInt8(ascii: "0"): spec.zeroPadded = true
            case UInt8(ascii: "#"), UInt8(ascii: ","), UInt8(ascii: "("): break
            default: break flags
            }
            i += 1
        }
        spec.width = readCount(text, &i, allowStar: false)
        if i < text.count && text[i] == UInt8(ascii: ".") {
            i += 1
            guard let precision = readCount(text, &i, allowStar: false) else { return nil }  // Java needs digits.
            spec.precision = precision
        }
        guard i < text.count else { return nil }
        switch text[i] {
        case UInt8(ascii: "s"), UInt8(ascii: "S"): spec.kind = .object
        case UInt8(ascii: "d"): spec.kind = .integer(signed: true)
        case UInt8(ascii: "o"): spec.kind = .integer(signed: false)
        case UInt8(ascii: "x"), UInt8(ascii: "X"), UInt8(ascii: "h"), UInt8(ascii: "H"): spec.kind = .hex
        case UInt8(ascii: "f"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"), UInt8(ascii: "G"),
            UInt8(ascii: "a"), UInt8(ascii: "A"):
            spec.kind = .float
        case UInt8(ascii: "c"), UInt8(ascii: "C"): spec.kind = .character
        case UInt8(ascii: "b"), UInt8(ascii: "B"): spec.kind = .boolean
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            // A date/time conversion takes its suffix and no precision (Java throws for either missing).
            let uppercase = text[i] == UInt8(ascii: "T")
            guard spec.precision == nil, i + 1 < text.count, JavaDateTimeSample.text(suffix: text[i + 1]) != nil
            else { return nil }
            i += 1
            spec.kind = .dateTime(suffix: text[i], uppercase: uppercase)
        default: return nil
        }
        spec.length = i + 1 - start
        return spec
    }

    // MARK: - Pieces

    /// Skips an argument position `n$` (n ≥ 1) at `i`, if there is one, and returns it (clamped to
    /// `maximumWidth`: no real text has more arguments).
    @discardableResult
    static func skipPosition(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Int? {
        var end = i
        var value = 0
        while end < text.count && isDigit(text[end]) {
            value = min(value * 10 + Int(text[end] - UInt8(ascii: "0")), maximumWidth)
            end += 1
        }
        if end > i && end < text.count && text[end] == UInt8(ascii: "$") && text[i] != UInt8(ascii: "0") {
            i = end + 1
            return value
        }
        return nil
    }

    /// A width or precision at `i`: digits (clamped to `maximumWidth`), or nil for none. With `allowStar`, `*` and
    /// `*n$` are skipped and give nil too (the value comes from an argument).
    static func readCount(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int, allowStar: Bool) -> Int? {
        if allowStar && i < text.count && text[i] == UInt8(ascii: "*") {
            i += 1
            skipPosition(text, &i)
            return nil
        }
        var value: Int?
        while i < text.count && isDigit(text[i]) {
            value = min((value ?? 0) * 10 + Int(text[i] - UInt8(ascii: "0")), maximumWidth)
            i += 1
        }
        return value
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
