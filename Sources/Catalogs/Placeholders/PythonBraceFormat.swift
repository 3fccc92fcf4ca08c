/// Python's `str.format` replacement fields (`{name}`, `{0}`, `{}`, `{count:d}`, `{ratio:.1%}`), as gettext catalogs
/// flag them `python-brace-format`, rewritten into the catalog model's printf form so that they are measured with the
/// project's samples like every other placeholder.
///
/// The grammar is Python's "Format String Syntax" (the `string` module's documentation): a field is
/// `{field_name[!conversion][:format_spec]}`, `{{` and `}}` are literal braces, and the spec is
/// `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`. Each field becomes a positional printf
/// specifier, so that a name used twice prints one value twice as Python does: `{0}` is argument 1, automatic `{}`
/// fields count from 1, and names take the positions after those, in the order they first appear in the message's
/// msgid (`namedPositions(in:)`), so that a translation that reorders them keeps each name's position and sample
/// (`{name} {0} {name}` → `%2$s %1$s %2$s`). The type picks the conversion — `d n` an integer, `b o` octal, `x X`
/// hex, `c` a character, `e E f F g G` a float with its precision, `%` a float followed by a percent sign, `s` or
/// none a string — and width (at most 9,999), precision (at most 99), `<` alignment and `0` padding carry over;
/// `!r` and `!a` print a string's quotes. A field whose spec nests another field (`{:{width}}`) is a string. `%`
/// outside fields is text unless the message is also a `%` format string (`percentIsText: false`).
///
/// ```swift
/// PythonBraceFormat.printfForm("{count:,d} of {total} ({ratio:.1%})", percentIsText: true)
/// // "%1$d of %2$s (%3$.1f%%)"
/// ```
///
/// A text Python would refuse (an unclosed `{`, a lone `}`) is nil: the caller keeps it as written.
enum PythonBraceFormat {
    /// The positions `text`'s named fields take, in the order they first appear, after its numbered and automatic
    /// fields; empty when `text` is not a valid format string. The msgid's, shared by its translations.
    static func namedPositions(in text: String) -> [String: Int] {
        guard let fields = fields(in: Array(text.unicodeScalars)) else { return [:] }
        var positions: [String: Int] = [:]
        var next = highestIndex(of: fields) + 1
        for field in fields where !field.name.isEmpty && index(of: field) == nil && positions[field.name] == nil {
            positions[field.name] = next
            next += 1
        }
        return positions
    }

    /// The printf form of `text`, or nil when it is not a valid format string.
    /// - Parameter named: the positions of named fields (the msgid's, `namedPositions(in:)`); a name it does not
    ///   list takes the next position after every one used.
    static func printfForm(_ text: String, percentIsText: Bool, named: [String: Int]? = nil) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard let fields = Self.fields(in: scalars) else { return nil }
        var positions = named ?? [:]
        var next = max(highestIndex(of: fields), positions.values.max() ?? 0) + 1
        var automatic = 0
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var offset = 0
        for field in fields {
            appendLiteral(scalars[offset..<field.start], to: &result, percentIsText: percentIsText)
            offset = field.end
            let position: Int
            if field.name.isEmpty {
                automatic += 1
                position = automatic
            } else if let index = Self.index(of: field) {
                position = index + 1
            } else if let known = positions[field.name] {
                position = known
            } else {
                position = next
                positions[field.name] = next
                next += 1
            }
            result += specifier(position: position, conversion: field.conversion, spec: field.spec)
        }
        appendLiteral(scalars[offset...], to: &result, percentIsText: percentIsText)
        return result
    }

    /// The argument index of a numbered field (`{0}` → 0); nil for a named or automatic one.
    private static func index(of field: Field) -> Int? {
        guard let index = Int(field.name), index >= 0, index < 10_000 else { return nil }
        return index
    }

    /// The highest position the numbered and automatic fields take (`{2}` takes 3, the second `{}` 2).
    private static func highestIndex(of fields: [Field]) -> Int {
        var automatic = 0
        var highest = 0
        for field in fields {
            if field.name.isEmpty {
                automatic += 1
                highest = max(highest, automatic)
            } else if let index = index(of: field) {
                highest = max(highest, index + 1)
            }
        }
        return highest
    }

    /// One replacement field: where it is in the text (`start` at its `{`, `end` after its `}`) and its parts.
    struct Field {
        var start: Int
        var end: Int
        /// The argument's name or index up to any `.attribute` or `[key]`, "" for an automatic field.
        var name: String
        var conversion: Unicode.Scalar?
        var spec: [Unicode.Scalar]
    }

    /// The fields of `scalars`, or nil when a brace is unbalanced.
    static func fields(in scalars: [Unicode.Scalar]) -> [Field]? {
        var fields: [Field] = []
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "{":
                if index + 1 < scalars.count && scalars[index + 1] == "{" {
                    index += 2
                    continue
                }
                // The field runs to the `}` that closes it; the spec may hold nested fields one level deep.
                var depth = 1
                var close = index + 1
                while close < scalars.count {
                    if scalars[close] == "{" { depth += 1 }
                    if scalars[close] == "}" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    close += 1
                }
                guard close < scalars.count, depth == 0 else { return nil }
                fields.append(field(scalars, from: index, to: close))
                index = close + 1
            case "}":
                guard index + 1 < scalars.count && scalars[index + 1] == "}" else { return nil }
                index += 2
            default:
                index += 1
            }
        }
        return fields
    }

    private static func field(_ scalars: [Unicode.Scalar], from open: Int, to close: Int) -> Field {
        let body = scalars[(open + 1)..<close]
        var nameEnd = body.startIndex
        while nameEnd < body.endIndex, body[nameEnd] != "!", body[nameEnd] != ":" { nameEnd += 1 }
        var name = String(String.UnicodeScalarView(body[body.startIndex..<nameEnd]))
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "[" }) { name = String(name[..<cut]) }
        var conversion: Unicode.Scalar?
        var specStart = nameEnd
        if nameEnd < body.endIndex, body[nameEnd] == "!" {
            conversion = nameEnd + 1 < body.endIndex ? body[nameEnd + 1] : nil
            specStart = nameEnd + 2
            while specStart < body.endIndex, body[specStart] != ":" { specStart += 1 }
        }
        let spec = specStart < body.endIndex ? Array(body[(specStart + 1)...]) : []
        return Field(start: open, end: close + 1, name: name, conversion: conversion, spec: spec)
    }

    /// The printf specifier for one field at `position`.
    private static func specifier(position: Int, conversion: Unicode.Scalar?, spec: [Unicode.Scalar]) -> String {
        let string = "%\(position)$s"
        let quoted = conversion == "r" || conversion == "a"
        if spec.contains("{") { return quoted ? "'" + string + "'" : string }
        var index = 0
        var flags = ""
        let aligns: Set<Unicode.Scalar> = ["<", ">", "^", "="]
        if spec.count >= 2 && aligns.contains(spec[1]) {
            if spec[1] == "<" { flags += "-" }
            index = 2
        } else if let first = spec.first, aligns.contains(first) {
            if first == "<" { flags += "-" }
            index = 1
        }
        if index < spec.count, spec[index] == "+" {
            flags += "+"
            index += 1
        } else if index < spec.count, spec[index] == "-" || spec[index] == " " {
            index += 1
        }
        if index < spec.count, spec[index] == "z" { index += 1 }
        if index < spec.count, spec[index] == "#" { index += 1 }
        if index < spec.count, spec[index] == "0" {
            if !flags.contains("-") { flags += "0" }
            index += 1
        }
        var width = ""
        while index < spec.count, ("0"..."9").contains(spec[index]) {
            width.unicodeScalars.append(spec[index])
            index += 1
        }
        if index < spec.count, spec[index] == "," || spec[index] == "_" { index += 1 }
        var precision = ""
        if index < spec.count, spec[index] == "." {
            index += 1
            precision = "."
            while index < spec.count, ("0"..."9").contains(spec[index]) {
                precision.unicodeScalars.append(spec[index])
                index += 1
            }
        }
        let type: Unicode.Scalar? = index < spec.count ? spec[index] : nil
        // A width or precision past what any label shows is capped (Python would pad to it; the measure would
        // only say "too wide" either way).
        let shownWidth = width.isEmpty ? "" : String(min(Int(width.prefix(9)) ?? 9_999, 9_999))
        let shownPrecision =
            precision.count <= 1 ? precision : "." + String(min(Int(precision.dropFirst().prefix(9)) ?? 99, 99))
        let shape = "%\(position)$" + flags + shownWidth + shownPrecision
        switch type {
        case "d", "n": return shape + "d"
        case "b", "o": return shape + "o"
        case "x", "X": return shape + String(type!)
        case "c": return shape + "c"
        case "e", "E", "f", "F", "g", "G": return shape + String(type!)
        case "%": return shape + "f%%"
        default:
            let text = shape + "s"
            return quoted ? "'" + text + "'" : text
        }
    }

    /// Literal text: `{{` and `}}` as one brace, `%` doubled unless the message formats `%` too.
    private static func appendLiteral(
        _ scalars: ArraySlice<Unicode.Scalar>, to result: inout String, percentIsText: Bool
    ) {
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if (scalar == "{" || scalar == "}") && index + 1 < scalars.endIndex && scalars[index + 1] == scalar {
                index += 1
            }
            if scalar == "%" && percentIsText { result += "%%" } else { result.unicodeScalars.append(scalar) }
            index += 1
        }
    }
}
