/// ICU plural and select messages inside XLIFF units, as Angular (`{VAR_PLURAL, plural, =0 {…} other {…}}`, one unit
/// per ICU expression) and FormatJS-style tools write them: each case measured as its own variant, as an ARB message's.
///
/// A unit's text is read as ICU MessageFormat only when it holds a plural, select or selectordinal argument
/// (`{NAME, plural,` with optional spaces); anything else stays the plain text it is. The run-time values the inline
/// reader turned into `%@` (`<x id="INTERPOLATION"/>`) become arguments first, so that the expander prints them as
/// placeholders; a literal `%` is text (the expander doubles it). Apostrophes are text, as in Angular's templates.
/// A text that looks like ICU but does not parse is left as written (measured whole, as before this reader): the unit
/// is still measured, not lost. Variants are named as the ARB reader names them: `VAR_PLURAL.=0`, `VAR_PLURAL.other`,
/// `VAR_SELECT.male/VAR_PLURAL.one`; a source that expands to the same variants gives each its source text (a case
/// the source lacks takes the source's `other` there, one selection at a time). Inside such a unit the text is ICU:
/// a `%` is text, and only the run-time values the inline reader marked (`<x/>`, 2.0's `<ph/>`) are placeholders; a
/// printf specifier written in it (`%d`) is measured as written, as Angular shows it.
enum XLIFFMessageFormat {
    /// One case combination of a unit's message.
    struct Variant: Sendable, Hashable {
        var variant: String
        var text: String
        var sourceText: String?
    }

    /// What became of a text that holds an ICU selection.
    enum Outcome: Sendable, Hashable {
        /// The variants, in the expander's order.
        case variants([Variant])
        /// Too many combinations or too deep: skipped with this reason.
        case refused(String)
    }

    /// The variants of `text` in `locale` (with `sourceText`'s matching variants), or nil when it holds no ICU
    /// selection or is not MessageFormat.
    static func expand(_ text: String, sourceText: String?, locale: String) -> Outcome? {
        guard hasSelection(text), let message = read(text) else { return nil }
        let expander = MessageFormatExpander(locale: locale)
        let expansions: [MessageFormatExpander.Expansion]
        do throws(ExpansionBound.Problem) {
            expansions = try expander.expand(message, resolver: MessageFormatSamples())
        } catch {
            return .refused(ARBParser.describe(error))
        }
        var sources: [[String]: String] = [:]
        if let sourceText, hasSelection(sourceText), let sourceMessage = read(sourceText),
            let expanded = try? expander.expand(sourceMessage, resolver: MessageFormatSamples())
        {
            for expansion in expanded where sources[expansion.components] == nil {
                sources[expansion.components] = expansion.text
            }
        }
        // Every prefix of a source combination (`g.male`, `g.male/n.one`), to tell which cases the source has.
        var prefixes: Set<[String]> = []
        for components in sources.keys {
            for end in components.indices { prefixes.insert(Array(components[...end])) }
        }
        return .variants(
            expansions.map { expansion in
                Variant(
                    variant: expansion.components.joined(separator: "/"), text: expansion.text,
                    sourceText: sourceCase(expansion.components, in: sources, prefixes: prefixes) ?? sourceText)
            })
    }

    /// The source's text for a target combination: the same cases, else — one selection at a time, outermost first —
    /// `other` for each case the source lacks under the cases kept so far (`g.male/n.few` → `g.male/n.other`, not
    /// `g.other/…`), as MessageFormat falls back to `other`; nil when even that is not there.
    private static func sourceCase(
        _ components: [String], in sources: [[String]: String], prefixes: Set<[String]>
    ) -> String? {
        if let exact = sources[components] { return exact }
        var chosen: [String] = []
        for component in components {
            if prefixes.contains(chosen + [component]) {
                chosen.append(component)
            } else if let dot = component.lastIndex(of: ".") {
                chosen.append(component[..<dot] + ".other")
            } else {
                chosen.append(component)
            }
        }
        return sources[chosen]
    }

    /// The message in `text`, its `%@` placeholders made arguments and its `%%` the `%` they stand for (the inline
    /// reader's escapes, `XLIFFInline`); nil when it is not MessageFormat.
    private static func read(_ text: String) -> MessageFormat? {
        var withArguments: [UInt8] = []
        withArguments.reserveCapacity(text.utf8.count)
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") && index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "@") {
                    withArguments += "{value}".utf8
                    index += 2
                    continue
                }
                if bytes[index + 1] == UInt8(ascii: "%") {
                    withArguments.append(byte)
                    index += 2
                    continue
                }
            }
            withArguments.append(byte)
            index += 1
        }
        return try? MessageFormatReader.read(String(decoding: withArguments, as: UTF8.self), apostrophes: .literal)
    }

    /// Whether `text` holds `{NAME, plural|select|selectordinal,` (pattern white space allowed around the parts).
    static func hasSelection(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "{")) {
            var cursor = skipSpace(bytes, open + 1)
            let nameStart = cursor
            while cursor < bytes.count, MessageFormatReader.isNameByte(bytes[cursor]) { cursor += 1 }
            if cursor > nameStart {
                cursor = skipSpace(bytes, cursor)
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ",") {
                    cursor = skipSpace(bytes, cursor + 1)
                    let typeStart = cursor
                    while cursor < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[cursor]) {
                        cursor += 1
                    }
                    let type = String(decoding: bytes[typeStart..<cursor], as: UTF8.self)
                    cursor = skipSpace(bytes, cursor)
                    if ["plural", "select", "selectordinal"].contains(type), cursor < bytes.count,
                        bytes[cursor] == UInt8(ascii: ",")
                    {
                        return true
                    }
                }
            }
            index = open + 1
        }
        return false
    }

    private static func skipSpace(_ bytes: [UInt8], _ start: Int) -> Int {
        var index = start
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index
    }
}
