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

    /// A whole one-line message with its control characters escaped as `path` escapes them, line feeds and tabs
    /// too: the last guard for text from outside that a message quoted without `path` (a database's file name in
    /// SQLite's words, a rejected option value), so that no name can end the line and start a forged one
    /// (`::error::`). Callers add the line's end after it.
    package static func message(_ message: String) -> String {
        path(message)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
