/// The text Compose Multiplatform shows for a `composeResources/values…/strings.xml` value, which is not what aapt2
/// compiles from the same XML.
///
/// Compose's Gradle plugin (`PrepareComposeResources.kt`, `handleSpecialCharacters`, JetBrains/compose-multiplatform
/// at 7999200 of 2026-08-05) takes the element's DOM `textContent` — every descendant's text and CDATA joined, tags
/// dropped, nothing collapsed, trimmed or unquoted — and then:
/// - decodes `\n` (line feed), `\t` (tab) and `\uXXXX` (four hex digits, one UTF-16 unit; a surrogate pair written as
///   two escapes is one character; a lone surrogate becomes `?`, as the JVM's UTF-8 encoder writes it when the plugin
///   stores the text with `encodeToByteArray()`), except where the backslash is the second of
///   a `\\` pair (pairs counted from the left, without overlap);
/// - then turns every `\\` into `\`.
/// Every other backslash stays: `\'` shows a backslash and an apostrophe, `\"` a backslash and a quote. An apostrophe
/// needs no escape, `"…"` are ordinary characters, `@string/x` is text, CDATA's HTML is shown as written.
///
/// At run time (`StringResourcesUtils.kt`, `replaceWithArgs`) only `%N$s` and `%N$d` are arguments; `%s`, `%.2f` and
/// `%%` are shown as written. `printfForm` keeps those two as placeholders and doubles every other `%`, the catalog
/// model's way of writing a literal percent sign.
///
/// ```swift
/// ComposeResourcesText.unescape(#"Don't \"quote\"\nnext \\n"#)   // "Don't \\\"quote\\\"" + "\n" + "next \\n"
/// ComposeResourcesText.printfForm("%1$s of %d (50%)")             // "%1$s of %%d (50%%)"
/// ```
enum ComposeResourcesText {
    /// The value's text after Compose's escapes.
    static func unescape(_ raw: String) -> String {
        guard raw.utf8.contains(UInt8(ascii: "\\")) else { return raw }
        let scalars = Array(raw.unicodeScalars)
        // Where each non-overlapping `\\` pair starts, counted from the left.
        var pairStarts = Set<Int>()
        var index = 0
        while index + 1 < scalars.count {
            if scalars[index] == "\\" && scalars[index + 1] == "\\" {
                pairStarts.insert(index)
                index += 2
            } else {
                index += 1
            }
        }
        var decoded: [Unicode.Scalar] = []
        decoded.reserveCapacity(scalars.count)
        var pendingHigh: UInt16?
        func flushHigh() {
            if pendingHigh != nil { decoded.append("?") }
            pendingHigh = nil
        }
        index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\\", index + 1 < scalars.count else {
                flushHigh()
                decoded.append(scalar)
                index += 1
                continue
            }
            let next = scalars[index + 1]
            var length = 0
            var unit: UInt16?
            if next == "n" || next == "t" {
                length = 2
            } else if next == "u", index + 5 < scalars.count,
                let value = UInt16(String(String.UnicodeScalarView(scalars[(index + 2)...(index + 5)])), radix: 16),
                scalars[(index + 2)...(index + 5)].allSatisfy({ $0.properties.isASCIIHexDigit })
            {
                length = 6
                unit = value
            }
            guard length > 0 else {
                flushHigh()
                decoded.append(scalar)
                index += 1
                continue
            }
            if pairStarts.contains(index - 1) {
                flushHigh()
                decoded.append(contentsOf: scalars[index..<(index + length)])
            } else if let unit {
                if UTF16.isLeadSurrogate(unit) {
                    flushHigh()
                    pendingHigh = unit
                } else if UTF16.isTrailSurrogate(unit) {
                    if let high = pendingHigh {
                        let value = 0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00)
                        decoded.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                        pendingHigh = nil
                    } else {
                        decoded.append("?")
                    }
                } else {
                    flushHigh()
                    decoded.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            } else {
                flushHigh()
                decoded.append(next == "n" ? "\n" : "\t")
            }
            index += length
        }
        flushHigh()
        var result = ""
        result.unicodeScalars.reserveCapacity(decoded.count)
        index = 0
        while index < decoded.count {
            result.unicodeScalars.append(decoded[index])
            index += decoded[index] == "\\" && index + 1 < decoded.count && decoded[index + 1] == "\\" ? 2 : 1
        }
        return result
    }

    /// `text` in the catalog model's printf form: `%N$s` and `%N$d` kept as the placeholders they are, every other
    /// `%` doubled (shown as written).
    static func printfForm(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = ""
        result.reserveCapacity(text.utf8.count + 4)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%" else {
                result.unicodeScalars.append(scalars[index])
                index += 1
                continue
            }
            var end = index + 1
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            if end > index + 1, end + 1 < scalars.count, scalars[end] == "$",
                scalars[end + 1] == "s" || scalars[end + 1] == "d"
            {
                result.unicodeScalars.append(contentsOf: scalars[index...(end + 1)])
                index = end + 2
            } else {
                result += "%%"
                index += 1
            }
        }
        return result
    }
}
