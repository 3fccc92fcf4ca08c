/// Reads XLIFF 1.2 as Xcode, Angular and Symfony write it, and XLIFF 2.0/2.1 (docs/semantics/catalog-formats.md §C4):
/// `<xliff><file source-language target-language><body><trans-unit id><source/><target state/><note/></trans-unit>…`
/// and `<xliff srcLang trgLang><file><unit id><segment state><source/><target/></segment>…</unit>…`.
///
/// - Each `<file>` is one locale: its `target-language` (2.0: the root's `trgLang`), else the caller's `locale` (the
///   file name's, `messages.de.xlf`: `CatalogDiscovery.xliffFileLocale`). A file with neither whose units have no
///   `<target>` at all is a template (Angular's `messages.xlf`): its sources are measured as its source language's
///   text. Otherwise, without a language, its units are reported as malformed (the targets' language is unknown).
///   `CatalogDocument.sourceLocale` is the first file's `source-language` (2.0: `srcLang`).
/// - A unit's key is its id, text its `<target>`, `state` the target's `state` (2.0: the first segment's),
///   `sourceText` its `<source>`. A unit without a `<target>` or with an empty one is skipped as `.noValue("no
///   <target>")` or `.noValue("empty <target>")`. Notes are ignored. Units in `<group>`s are read like the others.
/// - A 2.0 unit's segments and ignorables, in order, make its text; a segment without a target leaves the unit
///   without one.
/// - Units Xcode exports from a `.stringsdict` or a String Catalog's variations are put back together per key and
///   expanded like a stringsdict (`StringsDictExpander`, the same code `StringsDictParser` uses); `XLIFFUnitID`
///   documents the id shapes. Variants follow the entry model: `plural.one`, `device.iphone/plural.one`,
///   `COUNT.one`, `NAME.one`.
/// - Inline elements become what the app displays (`XLIFFInline`): text inside `<g>`/`<pc>`/`<mrk>` is kept, a
///   run-time value (`<x/>`, 2.0's `<ph/>`) becomes `%@` for the placeholder expander, a line-break code a line feed,
///   native formatting code (`<bpt>`, `<ept>`, `<it>`…) nothing.
/// - `xml:space="preserve"` (inherited) keeps white space as written; without it, runs of white space become one
///   space and the text is trimmed, as XML's default handling allows (XLIFF 1.2 §2.3 `xml:space`) — but for a
///   `<file>` Xcode exported (its `<tool>` is Xcode, or its `original` an Apple catalog), whose text Xcode reads
///   back as written whether or not it says so (`isAppleCatalog`).
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
        let version = Version(root)
        while let event = try reader.next() {
            guard case .start(let tag) = event else { continue }
            if tag.localName == "file" {
                let section = try readFile(tag, reader: &reader, inheritedPreserve: rootPreserves, version: version)
                if document.sourceLocale == nil { document.sourceLocale = section.sourceLanguage }
                appendEntries(of: section, file: file, fallbackLocale: locale, to: &document)
            } else {
                try reader.skipElement()
            }
        }
        return document
    }

    /// The XLIFF version of a document, from its root: 2.x when `version` starts with "2" or the namespace is 2.x's
    /// (`urn:oasis:names:tc:xliff:document:2.0`), where the languages are the root's `srcLang` and `trgLang`; else
    /// 1.2 (1.0 and 1.1 read the same way), where each `<file>` names its own.
    struct Version {
        var isTwo: Bool
        var sourceLanguage: String?
        var targetLanguage: String?

        init(_ root: XMLStartTag) {
            isTwo =
                root.attribute("version")?.hasPrefix("2") == true
                || root.attribute("xmlns")?.hasPrefix("urn:oasis:names:tc:xliff:document:2") == true
            sourceLanguage = isTwo ? root.attribute("srcLang") : nil
            targetLanguage = isTwo ? root.attribute("trgLang") : nil
        }
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
        /// Where the source's text starts; the unit's position without a source.
        var sourcePosition: SourcePosition? = nil

        /// The unit's target as rule text, or nil when it has none (or an empty one).
        var ruleText: StringsDictRule.Text? {
            guard let target, !target.isEmpty else { return nil }
            return StringsDictRule.Text(value: target, position: targetPosition, state: state, sourceText: source)
        }

        /// Why `ruleText` is nil: no `<target>`, or one with no text.
        var missingTarget: SkippedEntry.Reason { .noValue(target == nil ? "no <target>" : "empty <target>") }

        /// The unit of a template (a file with no targets) as the source language's: its source measured as its text.
        var asSourceText: TransUnit {
            var unit = self
            unit.target = source
            unit.targetPosition = sourcePosition ?? position
            unit.source = nil
            unit.state = nil
            return unit
        }
    }

    /// Reads a `<file>` element after its start tag, through its end tag.
    private static func readFile(
        _ tag: XMLStartTag, reader: inout XMLReader, inheritedPreserve: Bool, version: Version
    ) throws(CatalogError) -> FileSection {
        var section =
            version.isTwo
            ? FileSection(
                original: tag.attribute("original"), sourceLanguage: version.sourceLanguage,
                targetLanguage: version.targetLanguage)
            : FileSection(
                original: tag.attribute("original"), sourceLanguage: tag.attribute("source-language"),
                targetLanguage: tag.attribute("target-language"))
        // One preserve flag per open element inside <file> (inherited unless the element sets xml:space). A file
        // Xcode exported keeps its text as written unless it says otherwise (`isAppleCatalog`, `readHeaderTool`).
        let fileSaysSpace = tag.attribute("xml:space") != nil
        // Whether a `%` in its text is text (`XLIFFInline`, `percentIsText`); 2.0's units say so themselves.
        var percentIsText = Self.percentIsText(original: section.original, tool: .none)
        var preserveStack = [
            preservesSpace(tag, inherited: inheritedPreserve || isAppleCatalog(section.original))
        ]
        while let event = try reader.next() {
            switch event {
            case .start(let child):
                let preserves = preservesSpace(child, inherited: preserveStack[preserveStack.count - 1])
                switch child.localName {
                case "trans-unit" where !version.isTwo:
                    section.units.append(
                        try readUnit(child, reader: &reader, preserve: preserves, literalPercent: percentIsText))
                case "unit" where version.isTwo:
                    section.units.append(try readUnit2(child, reader: &reader, preserve: preserves))
                case "header" where !version.isTwo:
                    let tool = try readHeaderTool(&reader)
                    percentIsText = Self.percentIsText(original: section.original, tool: tool)
                    if tool == .xcode && !fileSaysSpace { preserveStack[0] = true }
                case "header", "notes", "metadata", "skeleton":
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

    /// Reads a `<trans-unit>` after its start tag, through its end tag; `literalPercent` as `XLIFFInline` says.
    private static func readUnit(_ tag: XMLStartTag, reader: inout XMLReader, preserve: Bool, literalPercent: Bool)
        throws(CatalogError) -> TransUnit
    {
        var unit = TransUnit(id: tag.attribute("id"), position: tag.position, targetPosition: tag.position)
        while let event = try reader.next() {
            switch event {
            case .start(let child):
                let keepsSpace = preservesSpace(child, inherited: preserve)
                switch child.localName {
                case "source":
                    unit.sourcePosition = child.valuePosition
                    unit.source = try XLIFFInline.readContent(
                        &reader, preserve: keepsSpace, literalPercent: literalPercent)
                case "target":
                    unit.state = child.attribute("state")
                    unit.targetPosition = child.valuePosition
                    unit.target = try XLIFFInline.readContent(
                        &reader, preserve: keepsSpace, literalPercent: literalPercent)
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

    /// Reads an XLIFF 2.0 `<unit>` after its start tag, through its end tag: its `<segment>`s and `<ignorable>`s in
    /// order make one text (2.0 §4.2.2.8–9), the source's and the target's. A segment without a `<target>` leaves
    /// the unit untranslated (no target); an ignorable without one contributes its source, as it is not
    /// translated. The state is the first segment's that has one. `<notes>` and `<originalData>` are skipped. Xcode
    /// writes no 2.0; Angular's and other tools' text is not printf: a `%` is text (`XLIFFInline`).
    private static func readUnit2(_ tag: XMLStartTag, reader: inout XMLReader, preserve: Bool)
        throws(CatalogError) -> TransUnit
    {
        var unit = TransUnit(id: tag.attribute("id"), position: tag.position, targetPosition: tag.position)
        var texts = UnitTexts(
            source: .init(preserve: preserve, literalPercent: true),
            target: .init(preserve: preserve, literalPercent: true))
        while let event = try reader.next() {
            switch event {
            case .start(let child):
                switch child.localName {
                case "segment", "ignorable":
                    let isSegment = child.localName == "segment"
                    if isSegment, unit.state == nil { unit.state = child.attribute("state") }
                    try texts.read(&reader, isSegment: isSegment)
                default:
                    try reader.skipElement()
                }
            case .end:
                unit.sourcePosition = texts.sourcePosition
                unit.source = texts.sourcePosition == nil ? nil : texts.source.result
                // Untranslated, the skip points at the unit (its position), not at the one segment with a target.
                if let position = texts.targetPosition, !texts.untranslated {
                    unit.target = texts.target.result
                    unit.targetPosition = position
                }
                return unit
            case .text, .cdata:
                continue
            }
        }
        return unit
    }

    /// What a 2.0 unit's segments and ignorables add up to, as they are read: one source and one target text (so
    /// that white space between them collapses as one run), where each first starts, and whether a segment had no
    /// target.
    private struct UnitTexts {
        var source: XLIFFInline.TextBuilder
        var target: XLIFFInline.TextBuilder
        var sourcePosition: SourcePosition?
        var targetPosition: SourcePosition?
        var untranslated = false

        /// Reads a `<segment>` or `<ignorable>` after its start tag, through its end tag. An ignorable without a
        /// target adds its source to the target (it is not translated); a segment without one leaves the unit
        /// untranslated.
        mutating func read(_ reader: inout XMLReader, isSegment: Bool) throws(CatalogError) {
            var ignorableSource: String?
            var hasTarget = false
            while let event = try reader.next() {
                guard case .start(let part) = event else {
                    if case .end = event { break }
                    continue
                }
                switch part.localName {
                case "source":
                    if sourcePosition == nil { sourcePosition = part.valuePosition }
                    if isSegment {
                        try XLIFFInline.read(&reader, into: &source)
                    } else {
                        // As written: `append` doubles its percent signs, once.
                        let text = try XLIFFInline.readContent(&reader, preserve: true, literalPercent: false)
                        source.append(text)
                        ignorableSource = text
                    }
                case "target":
                    if targetPosition == nil { targetPosition = part.valuePosition }
                    hasTarget = true
                    try XLIFFInline.read(&reader, into: &target)
                default:
                    try reader.skipElement()
                }
            }
            if !hasTarget {
                if isSegment {
                    untranslated = true
                } else if let ignorableSource {
                    target.append(ignorableSource)
                }
            }
        }
    }

    /// Whether a `<file>`'s `original` names an Apple catalog or interface file (`en.lproj/Localizable.strings`,
    /// `.stringsdict`, `.xcstrings`, `InfoPlist`, a storyboard): Xcode's export of text the app shows as written. Xcode
    /// 10 wrote no `xml:space="preserve"` on its units, yet reads their text back as written on import — a line
    /// feed in a banner is a line feed on the device, two spaces two spaces — so such a file's white space is kept
    /// unless it says `xml:space="default"` itself. (Angular's and Symfony's files name no such original: their text
    /// is HTML, whose runs of white space a browser shows as one.)
    static func isAppleCatalog(_ original: String?) -> Bool {
        guard let original, let dot = original.lastIndex(of: ".") else { return false }
        let suffix = original[original.index(after: dot)...].lowercased()
        return ["strings", "stringsdict", "xcstrings", "plist", "storyboard", "xib", "intentdefinition"].contains(
            suffix)
    }

    /// What an XLIFF 1.2 `<header>` says of the tool that wrote the file.
    enum HeaderTool {
        /// No `<tool>`.
        case none
        /// Xcode (`tool-id="com.apple.dt.xcode"`): text kept as written as `isAppleCatalog` says, and printf.
        case xcode
        /// Another tool (Symfony's, a translation system's): its text is not printf.
        case other
    }

    /// Reads an XLIFF 1.2 `<header>` after its start tag, through its end tag: which tool its `<tool>` names.
    private static func readHeaderTool(_ reader: inout XMLReader) throws(CatalogError) -> HeaderTool {
        var depth = 1
        var tool = HeaderTool.none
        while depth > 0, let event = try reader.next() {
            switch event {
            case .start(let child):
                depth += 1
                if child.localName == "tool" {
                    if child.attribute("tool-id") == "com.apple.dt.xcode" {
                        tool = .xcode
                    } else if tool == .none {
                        tool = .other
                    }
                }
            case .end: depth -= 1
            case .text, .cdata: break
            }
        }
        return tool
    }

    /// Whether a 1.2 `<file>`'s text is not printf, so that a `%` in it is text (`XLIFFInline`): Angular's (its
    /// `original` is always `ng2.template`) or a file whose `<header>` names a tool other than Xcode, unless its
    /// `original` names an Apple catalog. A file that says neither is read as Xcode's (printf), as it always was:
    /// translation systems' exports of Apple catalogs carry `%@` and Xcode's unit ids without Xcode's header.
    static func percentIsText(original: String?, tool: HeaderTool) -> Bool {
        guard !isAppleCatalog(original) else { return false }
        return tool == .other || (tool == .none && original == "ng2.template")
    }

    /// Whether an element keeps white space: its own `xml:space`, else what it inherits.
    private static func preservesSpace(_ tag: XMLStartTag, inherited: Bool) -> Bool {
        switch tag.attribute("xml:space") {
        case "preserve": true
        case "default": false
        default: inherited
        }
    }
}
