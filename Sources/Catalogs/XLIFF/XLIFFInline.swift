/// The text of an XLIFF `<source>` or `<target>` as it shows at run time: its character data, with each inline
/// element turned into what the running app displays for it (docs/semantics/catalog-formats.md §C4).
///
/// XLIFF keeps the original format's codes apart from the text, as elements. What they stand for decides the width:
/// - **Kept as text**: the content of elements that wrap text (`<g>`, `<mrk>` in 1.2; `<pc>`, `<mrk>` in 2.0).
/// - **A value put in at run time** (`<x/>` without a `ctype`, 2.0's `<ph/>` without a `type`: Angular's
///   `INTERPOLATION` and `ICU` placeholders, a tool's `{0}`) becomes `%@`, so that the placeholder expander fills it
///   with the object sample like any other argument — dropping it measured `Letzte <x/> Tage` as "Letzte Tage" —
///   but for the markup Angular leaves without a `ctype` (`START_LINK_1`, `CLOSE_BLOCK_IF`: `isAngularMarkup`).
/// - **A line break** (`ctype="lb"`, 2.0's `subType="xlf:lb"`, Angular's `LINE_BREAK`) becomes a line feed.
/// - **Native code that is not shown**: the content of `<bpt>`, `<ept>`, `<it>` (the markup of bold text, a link's
///   tags) and `<sub>` inside them, the empty `<bx/>`, `<ex/>`, and 2.0's `<sc/>`, `<ec/>`, `<sm/>`, `<em/>`, and a
///   code marked as formatting, an image or a link (`ctype`/`type` other than a line break) — nothing.
/// - 1.2's `<ph>` holds its native code as content: a printf specifier (`<ph>%@</ph>`) is kept for the expander;
///   markup (`<ph>&lt;br/&gt;</ph>` a line break, `&lt;img …&gt;` nothing) is not text; other code (`{0}`) is a
///   value or, with a `ctype`, formatting, as for `<x/>`.
/// - 2.0's `<cp hex="…"/>` is the scalar it names (a character XML cannot carry); one that is not 1–6 hex digits
///   naming a scalar is U+FFFD.
///
/// White space: under `xml:space="preserve"` the character data is kept as written; otherwise each run of white
/// space becomes one space and the ends are trimmed (XLIFF 1.2 §2.3, 2.0 §4.3.1.32). Inserted text (`%@`, a line
/// feed) is never collapsed; spaces next to an inserted line feed are dropped, as a line's edges are.
///
/// Percent signs: the text of a file Xcode exported is printf, as the app's `String(format:)` reads it; in Angular's
/// files, other tools' and XLIFF 2.0 (`XLIFFParser.percentIsText`) run-time values are inline elements only, and a
/// `%` in the character data is shown as written ("95%-a", "%<x/>'i"), so it is written `%%` for the placeholder
/// expander (`literalPercent`), as the ARB reader writes it.
enum XLIFFInline {
    /// What an inline element contributes.
    private enum Role {
        /// Its content is text.
        case wraps
        /// It and its content are native code, not shown.
        case hidden
        /// It stands for this text (its content, if any, is not shown).
        case inserts(String)
        /// 2.0's `<cp/>`: a character of the text, written as an element (a `%` is text as any other's).
        case character(String)
        /// 1.2's `<ph>`: its content is native code, kept when it is a printf specifier.
        case nativePlaceholder(ctype: String?)

        /// The text it puts in place of itself ("" for none).
        var inserted: String {
            if case .inserts(let text) = self { return text }
            return ""
        }
    }

    /// The placeholder a run-time value is measured as: filled by `PlaceholderExpander` with the object sample.
    static let valuePlaceholder = "%@"

    /// Reads to the end of the element whose `.start` was just returned (a `<source>` or `<target>`) and gives its
    /// displayed text.
    static func readContent(_ reader: inout XMLReader, preserve: Bool, literalPercent: Bool)
        throws(CatalogError) -> String
    {
        var text = TextBuilder(preserve: preserve, literalPercent: literalPercent)
        try read(&reader, into: &text)
        return text.result
    }

    /// Reads to the end of the element whose `.start` was just returned and adds its displayed text to `text`: the
    /// segments of an XLIFF 2.0 unit go into one builder, so that white space between them is collapsed as one run.
    static func read(_ reader: inout XMLReader, into text: inout TextBuilder) throws(CatalogError) {
        // The open inline elements' roles, innermost last; a hidden one hides everything inside it.
        var roles: [Role] = []
        var hiddenDepth = 0
        // The native code of the 1.2 `<ph>` being read (its own character data only).
        var nativeCode = ""
        while let event = try reader.next() {
            switch event {
            case .start(let tag):
                let role = hiddenDepth > 0 ? .hidden : self.role(of: tag)
                roles.append(role)
                switch role {
                case .wraps: break
                case .hidden: hiddenDepth += 1
                case .inserts(let inserted):
                    text.insert(inserted)
                    hiddenDepth += 1
                case .character(let character):
                    text.appendCharacter(character)
                    hiddenDepth += 1
                case .nativePlaceholder:
                    nativeCode = ""
                    hiddenDepth += 1
                }
            case .end:
                guard let role = roles.popLast() else { return }
                switch role {
                case .wraps: break
                case .hidden, .inserts, .character: hiddenDepth -= 1
                case .nativePlaceholder(let ctype):
                    hiddenDepth -= 1
                    text.insert(nativePlaceholder(nativeCode, ctype: ctype))
                }
            case .text(let chunk, _), .cdata(let chunk, _):
                if hiddenDepth == 0 {
                    text.append(chunk)
                } else if hiddenDepth == 1, case .nativePlaceholder = roles[roles.count - 1] {
                    nativeCode += chunk
                }
            }
        }
    }

    /// What an inline element of either version contributes, from its name and attributes.
    private static func role(of tag: XMLStartTag) -> Role {
        switch tag.localName {
        case "g", "mrk", "pc":
            return .wraps
        case "x":
            if tag.attribute("ctype") == nil && isAngularMarkup(tag) { return .hidden }
            return code(ctype: tag.attribute("ctype"))
        case "ph":
            // 1.2's <ph> has content (its native code); 2.0's is empty and says what it is in `type`/`subType`.
            if tag.isEmpty { return emptyPlaceholder(tag) }
            return .nativePlaceholder(ctype: tag.attribute("ctype"))
        case "cp":
            guard let hex = tag.attribute("hex"), !hex.isEmpty, hex.count <= 6, hex.allSatisfy(\.isHexDigit),
                let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value)
            else { return .character("\u{FFFD}") }
            return .character(String(Character(scalar)))
        default:
            // <bpt> <ept> <it> <sub> <bx/> <ex/> <sc/> <ec/> <sm/> <em/>, and anything unknown: not shown.
            return .hidden
        }
    }

    /// What a 1.2 `<ph>` shows for its native code: a printf specifier is kept for the expander; markup (`<br/>` a
    /// line break, any other tag nothing) is not shown as text; other code is a value, or by its `ctype`.
    private static func nativePlaceholder(_ code: String, ctype: String?) -> String {
        if code.contains("%") { return code }
        let trimmed = code.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        if trimmed.hasPrefix("<") {
            return trimmed.dropFirst().lowercased().hasPrefix("br") ? "\n" : ""
        }
        return self.code(ctype: ctype).inserted
    }

    /// A 1.2 standalone code by its `ctype`: none is a value, `lb` a line break, anything else formatting.
    private static func code(ctype: String?) -> Role {
        switch ctype {
        case nil: .inserts(valuePlaceholder)
        case "lb": .inserts("\n")
        default: .hidden
        }
    }

    /// An empty `<ph/>` (2.0's only form; 1.2's with no native code): a line break (`subType="xlf:lb"`, `ctype="lb"`,
    /// or Angular's `equiv="LINE_BREAK"`), formatting or other code when it has a `type` or `ctype`, else a value.
    private static func emptyPlaceholder(_ tag: XMLStartTag) -> Role {
        if tag.attribute("subType") == "xlf:lb" || tag.attribute("ctype") == "lb"
            || tag.attribute("equiv") == "LINE_BREAK"
        {
            return .inserts("\n")
        }
        if tag.attribute("type") == nil && tag.attribute("ctype") == nil && !isAngularMarkup(tag) {
            return .inserts(valuePlaceholder)
        }
        return .hidden
    }

    /// Whether a code without a `ctype` or `type` is markup Angular's serializer named rather than a value: its
    /// placeholder name (1.2's `id`, 2.0's `equiv`) is a tag's or a control-flow block's — `START_LINK_1`,
    /// `CLOSE_BOLD_TEXT`, `TAG_IMG`, `START_BLOCK_IF` — for which `@angular/localize` writes a `ctype` only when the
    /// tag is in its own map (numbered tags and blocks get none), or its `equiv-text`/`disp` is a tag (`<a href=…>`).
    /// Such a code shows nothing; without this a numbered link's start and end were measured as two sample values.
    private static func isAngularMarkup(_ tag: XMLStartTag) -> Bool {
        let name = tag.attribute("id") ?? ""
        let equiv = tag.attribute("equiv") ?? ""
        for prefix in ["START_", "CLOSE_", "TAG_"] where name.hasPrefix(prefix) || equiv.hasPrefix(prefix) {
            return true
        }
        let shown = (tag.attribute("equiv-text") ?? tag.attribute("disp") ?? "").drop { $0 == " " }
        return shown.hasPrefix("<")
    }

    /// The displayed text as it is put together: character data normalized (or kept, under `preserve`), with each
    /// `%` doubled under `literalPercent`; inserted text as is.
    struct TextBuilder {
        let preserve: Bool
        let literalPercent: Bool
        private var bytes: [UInt8] = []
        /// White space seen since the last character kept (not written until something follows it).
        private var pendingSpace = false
        /// Whether the last thing written is an inserted line feed (white space after it is dropped).
        private var afterLineFeed = false

        init(preserve: Bool, literalPercent: Bool) {
            self.preserve = preserve
            self.literalPercent = literalPercent
        }

        var result: String { String(decoding: bytes, as: UTF8.self) }

        /// Appends character data.
        mutating func append(_ chunk: String) {
            if preserve && !(literalPercent && chunk.utf8.contains(UInt8(ascii: "%"))) {
                bytes += chunk.utf8
                return
            }
            for byte in chunk.utf8 {
                if preserve {
                    bytes.append(byte)
                    if byte == UInt8(ascii: "%") { bytes.append(byte) }
                    continue
                }
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    pendingSpace = !bytes.isEmpty && !afterLineFeed
                } else {
                    if pendingSpace { bytes.append(0x20) }
                    pendingSpace = false
                    afterLineFeed = false
                    bytes.append(byte)
                    if literalPercent && byte == UInt8(ascii: "%") { bytes.append(byte) }
                }
            }
        }

        /// Appends a character an inline element writes (2.0's `<cp/>`): as it is, a `%` doubled as in character
        /// data, and not collapsed (it is no white space of the markup).
        mutating func appendCharacter(_ character: String) {
            insert(literalPercent && character == "%" ? "%%" : character)
        }

        /// Appends text that stands for an inline element.
        mutating func insert(_ inserted: String) {
            guard !inserted.isEmpty else { return }
            if preserve {
                bytes += inserted.utf8
                return
            }
            if inserted == "\n" {
                pendingSpace = false
                afterLineFeed = true
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                afterLineFeed = false
            }
            bytes += inserted.utf8
        }
    }
}
