/// Text from outside (file names, arguments) made safe to print in a message: control characters are escaped as
/// `\u{1B}`, so a hostile file name cannot clear the terminal, move the cursor or start a forged line of a CI log
/// (`::error::` annotations are read line by line).
package enum PrintableText {
    /// `path` with its control characters (general category Cc: C0, DEL, C1) escaped.
    package static func path(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isControl) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            if isControl(scalar) {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A whole message with its control characters escaped as `path` escapes them, but for its line feeds and
    /// tabs, which lay it out: the last guard for text from outside that a message quoted without `path` (a
    /// database's file name in SQLite's words, a rejected option value).
    package static func message(_ message: String) -> String {
        guard message.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) else {
            return message
        }
        var text = ""
        for scalar in message.unicodeScalars {
            if isControl(scalar) && scalar != "\n" && scalar != "\t" {
                text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
