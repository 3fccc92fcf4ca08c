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

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
