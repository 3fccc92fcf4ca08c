/// A short, one-line rendering of text taken from a catalog file, for error and skip messages.
///
/// A message names the token that is wrong so that the user can find it, but it must never copy a file's content
/// into logs and reports wholesale: a mistaken or hostile input (a symbolic link to a system file, a minified file
/// on one line, a key of a million characters) would otherwise put that content into the terminal and every report.
/// So a message quotes at most `maximumLength` characters of a token, cut with `…`, with line breaks, tabs, other
/// control characters and the invisible bidirectional controls written as escapes (`\n`, `\u{1B}`), so that the
/// message stays on one line and shows what is really there.
///
/// ```swift
/// CatalogExcerpt.of("root:x:0:0:root:/root:/bin/bash\nbin:x:1:1")   // root:x:0:0:root:/root:/bin/bash\nbin:x:1…
/// CatalogExcerpt.quoted("a \"b\"")                                  // "a \"b\""
/// ```
enum CatalogExcerpt {
    /// The most characters (Unicode scalars, escapes counted as one) a message quotes of one token.
    static let maximumLength = 40

    /// `text` with control characters escaped, cut to `maximumLength` characters (then ending in `…`).
    static func of<Text: StringProtocol>(_ text: Text) -> String {
        render(text, escapingQuotes: false)
    }

    /// `text` in double quotes, as `of(_:)` renders it, with `"` and `\` escaped too.
    static func quoted<Text: StringProtocol>(_ text: Text) -> String {
        "\"" + render(text, escapingQuotes: true) + "\""
    }

    /// A list of names as messages show it: the first `limit` excerpts joined with `, `, then how many more.
    static func list(_ names: [String], limit: Int = 8) -> String {
        let shown = names.prefix(limit).map { of($0) }.joined(separator: ", ")
        return names.count > limit ? shown + " and \(names.count - limit) more" : shown
    }

    private static func render<Text: StringProtocol>(_ text: Text, escapingQuotes: Bool) -> String {
        var shown = ""
        var count = 0
        for scalar in text.unicodeScalars {
            guard count < maximumLength else {
                shown += "…"
                break
            }
            count += 1
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\"" where escapingQuotes: shown += "\\\""
            case "\\" where escapingQuotes: shown += "\\\\"
            default:
                if isInvisibleControl(scalar.value) {
                    shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return shown
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional embedding, override and
    /// isolate controls (which could make a terminal show a message in another order than it is written).
    private static func isInvisibleControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
            true
        default:
            false
        }
    }
}
