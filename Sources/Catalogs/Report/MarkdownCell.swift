/// Escapes text for one cell of a GitHub-flavoured Markdown table.
///
/// A cell must stay on one line and must not contain an unescaped `|` (either would break the table), and catalog
/// text must show as written rather than render as Markdown or HTML. So: hard line breaks (LF, CR, CRLF, NEL, LS, PS)
/// become `<br>`; other control characters become visible Control Pictures (C1 controls U+FFFD); ASCII punctuation
/// that Markdown or HTML could act on inside a cell (`\` `` ` `` `*` `_` `[` `]` `<` `>` `|` `~` `&` `$`) gets a
/// backslash (CommonMark renders a backslash-escaped ASCII punctuation character as itself; `$` because GitHub
/// renders `$…$` as math). Leading and trailing spaces are left: GFM trims them from a cell, which loses nothing a
/// reader needs. A directional embedding, override or isolate the text leaves open is closed at the cell's end
/// (`ReportText.bidiClosed`), so a translation's U+202E cannot reverse the cells after it.
enum MarkdownCell {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar.value == 0x0D }
            switch scalar.value {
            case 0x0A:
                if !previousWasCR { out += "<br>" }
            case 0x0D, 0x85, 0x2028, 0x2029:
                out += "<br>"
            case 0x00..<0x20:
                out.unicodeScalars.append(ReportText.controlPicture(scalar))
            case 0x7F:
                out += "\u{2421}"
            case 0x80..<0xA0:
                out += "\u{FFFD}"
            default:
                if escaped.contains(scalar) { out += "\\" }
                out.unicodeScalars.append(scalar)
            }
        }
        return ReportText.bidiClosed(out)
    }

    private static let escaped: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "|", "~", "&", "$"]
}
