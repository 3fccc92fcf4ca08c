/// Reads XLIFF 1.2 as Xcode exports it (docs/semantics/catalog-formats.md §C4): `<xliff><file source-language target-language><body>
/// <trans-unit id><source/><target state/><note/></trans-unit>…`.
///
/// - Each `<file>` is one locale: its `target-language`, or its `source-language` when it has none (the `locale`
///   argument only when it has neither). `CatalogDocument.sourceLocale` is the first file's `source-language`.
/// - A unit's key is its id, text its `<target>`, `state` the target's `state`, `sourceText` its `<source>`. A unit
///   without a `<target>` or with an empty one is skipped as `.noValue("no <target>")`. `<note>` is ignored.
/// - Units Xcode exports from a `.stringsdict` or a String Catalog's variations are put back together per key and
///   expanded like a stringsdict (`StringsDictExpander`, the same code `StringsDictParser` uses); `XLIFFUnitID`
///   documents the id shapes. Variants follow the entry model: `plural.one`, `device.iphone/plural.one`,
///   `COUNT.one`, `NAME.one`.
/// - `xml:space="preserve"` (inherited) keeps white space as written; without it, runs of white space become one
///   space and the text is trimmed, as XML's default handling allows (XLIFF 1.2 §2.3 `xml:space`).
/// - Text inside inline elements (`<g>`, `<ph>`…) is kept, their tags dropped.
///
/// A file that is not well-formed XML or whose root is not `<xliff>` throws `CatalogError`.
public enum XLIFFParser {
    /// Parses one XLIFF file.
    /// - Parameters:
    ///   - bytes: the file's bytes (UTF-8 or UTF-16 with a BOM).
    ///   - file: the path reported in entries and errors.
    ///   - locale: used only for a `<file>` that names neither a target nor a source language.
    /// - Throws: `CatalogError` for malformed XML or a root other than `<xliff>`.
    public static func parse(_ bytes: [UInt8], file: String, locale: String) throws(CatalogError) -> CatalogDocument {
        var reader = try XMLReader(bytes: bytes, file: file)
        var root: XMLStartTag?
        while root == nil, let event = try reader.next() {
            if case .start(let tag) = event { root = tag }
        }
        guard let root else {
            throw CatalogError(file: file, position: nil, message: "expected the root element <xliff>, found nothing")
        }
        guard root.localName == "xliff" else {
            throw CatalogError(
                file: file, position: root.position,
                message: "expected the root element <xliff>, found <\(CatalogExcerpt.of(root.name))>")
        }
        var document = CatalogDocument(format: .xliff)
        let rootPreserves = preservesSpace(root, inherited: false)
        while let event = try reader.next() {
            guard case .start(let tag) = event else { continue }
            if tag.localName == "file" {
                let section = try readFile(tag, reader: &reader, inheritedPreserve: rootPreserves)
                if document.sourceLocale == nil { document.sourceLocale = section.sourceLanguage }
                appendEntries(of: section, file: file, fallbackLocale: locale, to: &document)
            } else {
                try reader.skipElement()
            }
        }
        return document
    }

    /// One `<file>` element: its languages and its units in file order.
    struct FileSection: Sendable {
        var original: String?
        var sourceLanguage: String?
        var targetLanguage: String?
        var units: [TransUnit] = []
    }

    /// One `<trans-unit>` as read.
    struct TransUnit: Sendable, Hashable {
        /// The id attribute; nil when it is missing.
        var id: String?
        /// Where the `<trans-unit>` tag is.
        var position: SourcePosition
        var source: String?
        /// The target text; nil when there is no `<target>`.
        var target: String?
        /// Where the target's text starts (its tag for `<target/>`); the unit's position without a target.
        var targetPosition: SourcePosition
        var state: String?

        /// The unit's target as rule text, or nil when it has none (or an empty one).
        var ruleText: StringsDictRule.Text? {
            guard let target, !target.isEmpty else { return nil }
            return StringsDictRule.Text(value: target, position: targetPosition, state: state, sourceText: source)
        }
    }

    /// Reads a `<file>` element after its start tag, through its end tag.
    private static func readFile(_ tag: XMLStartTag, reader: inout XMLReader, inheritedPreserve: Bool)
        throws(CatalogError) -> FileSection
    {
        var section = FileSection(
            original: tag.attribute("original"), sourceLanguage: tag.attribute("source-language"),
            targetLanguage: tag.attribute("target-language"))
        // One preserve flag per open element inside <file> (inherited unless the element sets xml:space).
        var preserveStack = [preservesSpace(tag, inherited: inheritedPreserve)]
        while let event = try reader.next() {
            switch event {
            case .start(let child):
                let preserves = preservesSpace(child, inherited: preserveStack[preserveStack.count - 1])
                switch child.localName {
                case "trans-unit":
                    section.units.append(try readUnit(child, reader: &reader, preserve: preserves))
                case "header":
                    try reader.skipElement()
                default:
                    preserveStack.append(preserves)
                }
            case .end:
                preserveStack.removeLast()
                if preserveStack.isEmpty { return section }
            case .text, .cdata:
                continue
            }
        }
        return section
    }

    /// Reads a `<trans-unit>` after its start tag, through its end tag.
    private static func readUnit(_ tag: XMLStartTag, reader: inout XMLReader, preserve: Bool)
        throws(CatalogError) -> TransUnit
    {
        var unit = TransUnit(id: tag.attribute("id"), position: tag.position, targetPosition: tag.position)
        while let event = try reader.next() {
            switch event {
            case .start(let child):
                let keepsSpace = preservesSpace(child, inherited: preserve)
                switch child.localName {
                case "source":
                    unit.source = normalized(try reader.readContent(), preserve: keepsSpace)
                case "target":
                    unit.state = child.attribute("state")
                    unit.targetPosition = child.isEmpty ? child.position : child.contentPosition
                    unit.target = normalized(try reader.readContent(), preserve: keepsSpace)
                default:
                    try reader.skipElement()
                }
            case .end:
                return unit
            case .text, .cdata:
                continue
            }
        }
        return unit
    }

    /// Whether an element keeps white space: its own `xml:space`, else what it inherits.
    private static func preservesSpace(_ tag: XMLStartTag, inherited: Bool) -> Bool {
        switch tag.attribute("xml:space") {
        case "preserve": true
        case "default": false
        default: inherited
        }
    }

    /// The text as is under `xml:space="preserve"`; otherwise white-space runs collapsed to one space and trimmed.
    static func normalized(_ text: String, preserve: Bool) -> String {
        if preserve { return text }
        var result: [UInt8] = []
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(0x20) }
                pendingSpace = false
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
