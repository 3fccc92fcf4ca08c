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
/// the source lacks takes the source's `other`).
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
        return .variants(
            expansions.map { expansion in
                Variant(
                    variant: expansion.components.joined(separator: "/"), text: expansion.text,
                    sourceText: sources[expansion.components] ?? sources[expansion.components.map(otherCase)]
                        ?? sourceText)
            })
    }

    /// A variant component with its case replaced by `other` (`VAR_SELECT.female` → `VAR_SELECT.other`): the case a
    /// source without that selector shows, as MessageFormat falls back to `other`.
    private static func otherCase(_ component: String) -> String {
        guard let dot = component.lastIndex(of: ".") else { return component }
        return component[..<dot] + ".other"
    }

    /// The message in `text`, its `%@` placeholders made arguments; nil when it is not MessageFormat.
    private static func read(_ text: String) -> MessageFormat? {
        var withArguments = ""
        withArguments.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let range = rest.range(of: XLIFFInline.valuePlaceholder) {
            withArguments += rest[..<range.lowerBound]
            withArguments += "{value}"
            rest = rest[range.upperBound...]
        }
        withArguments += rest
        return try? MessageFormatReader.read(withArguments, apostrophes: .literal)
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
