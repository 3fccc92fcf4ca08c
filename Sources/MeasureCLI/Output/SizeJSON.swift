import Measure

/// The members `measure text --json` prints for a size, which `measure stream` prints for each job too: one
/// spelling of the same fields, so the two commands cannot drift apart.
///
/// `width`, `height`, `lines`, `ceiledWidth`, `ceiledHeight` (raised to whole points), `missingGlyphs`, and, when
/// the attributes can cut text (a line limit, a height limit or a clipping or truncating line-break mode),
/// `truncated` and `truncatedLine` (1-based, or null). Numbers are `JSONText.number`'s: the shortest spelling that
/// reads back as the same double.
enum SizeJSON {
    /// Whether results measured with `attributes` carry `truncated` and `truncatedLine`.
    static func showsTruncation(_ attributes: TextAttributes) -> Bool {
        attributes.numberOfLines > 0 || attributes.maxHeight > 0 || !attributes.paragraph.lineBreakMode.wraps
    }

    /// The members, as key and JSON text, in output order.
    static func members(_ size: TextSize, showsTruncation: Bool) -> [(String, String)] {
        let ceiled = size.ceiled
        var members = [
            ("width", JSONText.number(size.width)),
            ("height", JSONText.number(size.height)),
            ("lines", String(size.lineCount)),
            ("ceiledWidth", JSONText.number(ceiled.width)),
            ("ceiledHeight", JSONText.number(ceiled.height)),
            ("missingGlyphs", String(size.missingGlyphs)),
        ]
        if showsTruncation {
            members.append(("truncated", size.isTruncated ? "true" : "false"))
            members.append(("truncatedLine", size.truncatedLine.map(String.init) ?? "null"))
        }
        return members
    }

    /// Appends the members as JSON object members (`"width": 12.5, "height": 17, …`, no braces) to `out`, with
    /// `JSONText.object`'s separators: the bytes `JSONText.object(members(…))` holds between its braces.
    static func appendMembers(_ size: TextSize, showsTruncation: Bool, to out: inout [UInt8]) {
        for (index, member) in members(size, showsTruncation: showsTruncation).enumerated() {
            if index > 0 { out.append(contentsOf: ", ".utf8) }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: member.0.utf8)
            out.append(contentsOf: "\": ".utf8)
            out.append(contentsOf: member.1.utf8)
        }
    }
}
