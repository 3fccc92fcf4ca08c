/// Reads Android resource files (`res/values*/strings.xml`, docs/semantics/catalog-formats.md §C5, quirks 22–27).
///
/// - The root must be `<resources>`; anything else throws `CatalogError`.
/// - `<string name>` → one entry; `<plurals name>` → one entry per `<item quantity>` (variant `plural.one`…);
///   `<string-array name>` → one entry per `<item>` (variant `item.0`…); a typed `<array name>` likewise for each
///   item that is text (not a `@drawable/…` or other non-string reference, colour or number: `isTextItem`);
///   `<item type="string" name>` is a string. Other resource types (`color`, `dimen`, `integer`, `bool`,
///   `integer-array`, `style`…) are not text and are ignored.
/// - `translatable="false"` → skipped as `.notTranslatable` (one record per element, also for plurals and
///   arrays); on the root, `<resources translatable="false">`, it marks every element of the file so, as Android
///   lint reads it (an element's own `translatable` still decides for that element); `formatted` is accepted and
///   changes nothing here.
/// - Values are processed as aapt2 compiles them (`AndroidStringBuilder`): markup stripped, white space collapsed
///   and trimmed outside `"…"`, escapes decoded. A value aapt2 would reject (unescaped `'`, bad `\u`, lone
///   surrogate) is skipped as `.malformed` with the reason; none of AntennaPod's 16 files has one.
/// - CDATA text goes through the same processing (its `\n`, `\"` are escapes, quirk 22). A compiled string that is
///   HTML for `Html.fromHtml` — a tag it knows or an entity, whether the file wrote them in CDATA or with entities
///   (`&lt;b&gt;`), which aapt2 compiles to the same string — then goes through `AndroidHTML.flatten`
///   (`AndroidHTML.isHTML`); CDATA holding neither (`<![CDATA[<no name>]]>`) is text as written.
/// - A value that is a reference `@string/other` takes that string's text from the same file; when the file does
///   not define it, from the other files of its folder and the folders its locale falls back to, as a device
///   resolves it (`AndroidValuesFolders`, when parsed through `CatalogParsing`: bytes alone have no folder); else
///   it is skipped as `.noValue`, naming the folders searched (other references — `@android:string/…`, `@null`,
///   `?attr/…` — are skipped as `.noValue` too; `@empty` is the empty string). Chains are resolved once per name
///   (`AndroidReferenceResolver`); a chain that comes back on itself is skipped as `.malformed`, naming the cycle.
/// - Position = where the value starts (just after the element's start tag).
/// - `product` variants (`<string name="x" product="tablet">`) are variant `product.tablet` (with `/plural.one` or
///   `/item.0` after it for plurals and arrays); no `product` or `product="default"` is the default, variant "".
/// - A file of Compose Multiplatform's resources (`Dialect.composeResources`) keeps the element structure above but
///   takes each value's text by Compose's rules, not aapt2's (`ComposeResourcesText`): no apostrophe is malformed
///   there, and `@string/…` is text.
///
/// ```swift
/// let document = try AndroidResourcesParser.parse(bytes, file: "values-fr/strings.xml", locale: "fr")
/// ```
public enum AndroidResourcesParser {
    /// Whose rules turn a value's XML into its text.
    public enum Dialect: Sendable, Hashable {
        /// Android's resource compiler, aapt2: the rules above.
        case aapt2
        /// Compose Multiplatform's resources (`composeResources/values…/*.xml`): the element's text as written, only
        /// `\n`, `\t`, `\uXXXX` and `\\` decoded, `%N$s`/`%N$d` the only placeholders, no references
        /// (`ComposeResourcesText`).
        case composeResources

        /// The dialect of a values file at `path`: Compose's when its values folder is in a `composeResources`
        /// folder (where the Compose Gradle plugin looks by default), else aapt2's.
        public init(forPath path: String) {
            let components = path.split(separator: "/")
            let isCompose =
                components.count >= 3 && components[components.count - 3] == "composeResources"
                && components[components.count - 2].hasPrefix("values")
            self = isCompose ? .composeResources : .aapt2
        }
    }

    /// Parses one Android values XML file.
    /// - Parameters:
    ///   - bytes: the file's bytes (UTF-8, or what its XML declaration says).
    ///   - file: the path reported in entries and errors.
    ///   - locale: the locale from the `values-…` folder.
    ///   - dialect: aapt2's rules, or Compose Multiplatform's.
    /// - Throws: `CatalogError` when the XML is malformed or the root is not `<resources>`.
    public static func parse(
        _ bytes: [UInt8], file: String, locale: String, dialect: Dialect = .aapt2
    ) throws(CatalogError) -> CatalogDocument {
        try parse(bytes, file: file, locale: locale, dialect: dialect, outside: { ([], []) })
    }

    /// Parses one Android values XML file whose `@string/` references may lead outside it.
    /// - Parameter outside: the definitions of the strings outside the file, one layer per folder, most specific
    ///   first, and the names of those folders (for messages); asked only when a reference names a string the file
    ///   does not define, so a file whose references all resolve within it reads nothing else
    ///   (`AndroidValuesFolders.definitions(besides:)` in `CatalogParsing`).
    static func parse(
        _ bytes: [UInt8], file: String, locale: String, dialect: Dialect,
        outside: () -> (layers: [AndroidStringDefinitions], folders: [String])
    ) throws(CatalogError) -> CatalogDocument {
        var parser = Parser(
            reader: try XMLReader(bytes: bytes, file: file), file: file, locale: locale, dialect: dialect)
        try parser.readDocument()
        return parser.finish(outside: outside)
    }

    /// The strings a values file defines, for resolving another file's references; nil when the file is not a
    /// readable resources file.
    static func definitions(_ bytes: [UInt8], file: String) -> AndroidStringDefinitions? {
        do throws(CatalogError) {
            var parser = Parser(
                reader: try XMLReader(bytes: bytes, file: file), file: file, locale: "", dialect: .aapt2)
            try parser.readDocument()
            return parser.ownDefinitions()
        } catch {
            return nil
        }
    }
}

extension AndroidResourcesParser {
    /// A value element's content as read: for the common case of plain character data only `raw` is set; with
    /// child elements, `pieces` holds the `AndroidStringBuilder` pieces.
    struct RawValue: Sendable {
        /// All character data joined, unprocessed (aapt2 looks for `@…` references in this, trimmed).
        var raw = ""
        /// The segments and tags, when the value has child elements; empty otherwise (then `raw` is the one segment).
        var pieces: [AndroidStringBuilder.Piece] = []
        var hasChildren = false
    }

    /// What a value turns into.
    enum Processed {
        case text(String)
        /// A `@string/NAME` reference, resolved at the end of the file.
        case reference(String)
        case unusable(SkippedEntry.Reason)
    }

    private struct Parser {
        var reader: XMLReader
        let file: String
        let locale: String
        let dialect: Dialect
        var entries: [CatalogEntry] = []
        var skipped: [SkippedEntry] = []
        /// Entries whose value is a `@string/` reference: their index in `entries` and the name they point to.
        var references: [(index: Int, target: String)] = []
        /// `translatable="false"` strings, kept for resolving references to them.
        var untranslatedTexts: [(name: String, text: String)] = []
        var untranslatedReferences: [(name: String, target: String)] = []
        /// Whether an element without a `translatable` attribute of its own is translatable: false when the root
        /// says `translatable="false"` (a file of preference keys, such as `settings_keys.xml`).
        var translatableByDefault = true

        /// Checks the root and reads its children: the string resources, skipping every other element.
        mutating func readDocument() throws(CatalogError) {
            var root: XMLStartTag?
            while root == nil, let event = try reader.next() {
                if case .start(let tag) = event { root = tag }
            }
            guard let root else { return }
            guard root.name == "resources" else {
                throw CatalogError(
                    file: file, position: root.position,
                    message: "expected the root element <resources>, found <\(CatalogExcerpt.of(root.name))>")
            }
            translatableByDefault = root.attribute("translatable") != "false"
            while let event = try reader.next() {
                guard case .start(let tag) = event else { continue }
                switch tag.name {
                case "string":
                    try readString(tag)
                case "item" where tag.attribute("type") == "string":
                    try readString(tag)
                case "plurals":
                    try readItems(of: tag, plural: true)
                case "string-array":
                    try readItems(of: tag, plural: false)
                case "array":
                    try readItems(of: tag, plural: false, typed: true)
                default:
                    try reader.skipElement()
                }
            }
        }

        /// Whether an element is translated: its own `translatable` attribute, else the root's.
        func isTranslatable(_ tag: XMLStartTag) -> Bool {
            guard let own = tag.attribute("translatable") else { return translatableByDefault }
            return own != "false"
        }

        /// `<string name>` (or `<item type="string" name>`): one entry, or one skipped record.
        mutating func readString(_ tag: XMLStartTag) throws(CatalogError) {
            let value = try readValue()
            guard let name = tag.attribute("name") else {
                skip("", at: tag.position, .malformed("<\(CatalogExcerpt.of(tag.name))> without a name attribute"))
                return
            }
            let processed = process(value)
            if !isTranslatable(tag) {
                // Not shown translated, so not measured, whatever its value; it stays available to references.
                switch processed {
                case .text(let text): untranslatedTexts.append((name, text))
                case .reference(let target): untranslatedReferences.append((name, target))
                case .unusable: break
                }
                skip(name, at: tag.position, .notTranslatable)
            } else {
                add(key: name, variant: Self.productVariant(of: tag), processed, at: tag.valuePosition)
            }
        }

        /// The variant a `product` attribute gives (`product="tablet"` → `product.tablet`): aapt2 keeps one value per
        /// product and the device's build picks one, so each is measured. No attribute and `product="default"`
        /// are the default value, variant "" (references resolve to it).
        static func productVariant(of tag: XMLStartTag) -> String {
            guard let product = tag.attribute("product"), !product.isEmpty, product != "default" else { return "" }
            return "product." + product
        }

        /// `<plurals>`, `<string-array>` or a typed `<array>` (`typed`): one entry per `<item>` — in a typed array,
        /// per item that is text (`isTextItem`), numbered by its place among all items.
        mutating func readItems(of tag: XMLStartTag, plural: Bool, typed: Bool = false) throws(CatalogError) {
            guard let name = tag.attribute("name") else {
                skip("", at: tag.position, .malformed("<\(CatalogExcerpt.of(tag.name))> without a name attribute"))
                try reader.skipElement()
                return
            }
            if !isTranslatable(tag) {
                skip(name, at: tag.position, .notTranslatable)
                try reader.skipElement()
                return
            }
            var index = 0
            let product = Self.productVariant(of: tag)
            while let event = try reader.next() {
                switch event {
                case .start(let item) where item.name == "item":
                    let value = try readValue()
                    defer { index += 1 }
                    let variant: String
                    if plural {
                        guard let quantity = item.attribute("quantity"),
                            StringsDictKeys.pluralCategories.contains(quantity)
                        else {
                            let found =
                                item.attribute("quantity").map { "quantity=\(CatalogExcerpt.quoted($0))" }
                                ?? "no quantity"
                            let expected = "expected zero, one, two, few, many or other"
                            skip(name, at: item.position, .malformed("<item> in <plurals> with \(found): \(expected)"))
                            continue
                        }
                        variant = "plural.\(quantity)"
                    } else {
                        variant = "item.\(index)"
                    }
                    if typed && !Self.isTextItem(value.raw) { continue }
                    add(
                        key: name, variant: product.isEmpty ? variant : product + "/" + variant, process(value),
                        at: item.valuePosition)
                case .start:
                    try reader.skipElement()
                case .end:
                    return
                case .text, .cdata:
                    continue
                }
            }
        }

        /// Whether an item of a typed `<array>` (which `obtainTypedArray` reads, and an app may show with
        /// `stringArrayResource`: thunderbird-android's funding tiers) is text: anything but a reference to another
        /// kind of resource (`@drawable/…`, `@color/…`, `?attr/…`), a colour (`#RRGGBB`) or a number, with or without
        /// a unit (`12`, `1.5dp`), which are not shown as text and are passed over as the other resource types are.
        static func isTextItem(_ raw: String) -> Bool {
            let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if value.hasPrefix("?") { return false }
            if value.hasPrefix("@") { return value.hasPrefix("@string/") || value == "@empty" }
            if value.hasPrefix("#"), value.count > 1, value.dropFirst().allSatisfy(\.isHexDigit) { return false }
            let number = value.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
            let unit = value.dropFirst(number.count)
            if !number.isEmpty, number.contains(where: \.isNumber),
                ["", "dp", "dip", "sp", "px", "pt", "in", "mm", "%", "%p"].contains(String(unit))
            {
                return false
            }
            return true
        }

        /// Records a processed value as an entry, a pending reference, or a skipped record.
        mutating func add(key: String, variant: String, _ processed: Processed, at position: SourcePosition) {
            switch processed {
            case .text(let text):
                entries.append(
                    CatalogEntry(
                        file: file, locale: locale, key: key, variant: variant, text: text, position: position))
            case .reference(let target):
                references.append((entries.count, target))
                entries.append(
                    CatalogEntry(
                        file: file, locale: locale, key: key, variant: variant, text: "", position: position))
            case .unusable(let reason):
                skip(key, variant, at: position, reason)
            }
        }

        /// Reads a value element's content after its start tag, through its end tag.
        mutating func readValue() throws(CatalogError) -> RawValue {
            var value = RawValue()
            var current = ""
            /// For each open child element: whether it is a style span (no prefix).
            var openChildren: [Bool] = []
            while let event = try reader.next() {
                switch event {
                case .text(let text, _), .cdata(let text, _):
                    Self.join(&current, text)
                    Self.join(&value.raw, text)
                case .start(let child):
                    value.hasChildren = true
                    if !current.isEmpty { value.pieces.append(.segment(current)) }
                    current = ""
                    let isSpan = child.prefix == nil
                    openChildren.append(isSpan)
                    value.pieces.append(isSpan ? .spanBoundary : .boundary)
                case .end:
                    guard let isSpan = openChildren.popLast() else {
                        if value.hasChildren && !current.isEmpty { value.pieces.append(.segment(current)) }
                        return value
                    }
                    if !current.isEmpty { value.pieces.append(.segment(current)) }
                    current = ""
                    value.pieces.append(isSpan ? .spanBoundary : .boundary)
                }
            }
            return value
        }

        /// Appends `text` to `string` (assigning when `string` is empty: most values are one text event).
        static func join(_ string: inout String, _ text: String) {
            if string.isEmpty { string = text } else { string += text }
        }

        /// Turns a value into its text, a reference to resolve, or the reason it cannot be used, by the file's dialect.
        func process(_ value: RawValue) -> Processed {
            switch dialect {
            case .aapt2: return Self.process(value)
            case .composeResources:
                return .text(ComposeResourcesText.printfForm(ComposeResourcesText.unescape(value.raw)))
            }
        }

        /// Turns a value into its text, a reference to resolve, or the reason it cannot be used, as aapt2 does.
        static func process(_ value: RawValue) -> Processed {
            switch reference(in: value.raw) {
            case .string(let target):
                return .reference(target)
            case .empty:
                return .text("")
            case .unresolvable(let reference):
                return .unusable(.noValue("\(CatalogExcerpt.of(reference)) is not a string this file defines"))
            case nil:
                break
            }
            do throws(AndroidStringBuilder.Failure) {
                var text =
                    try value.hasChildren
                    ? AndroidStringBuilder.build(value.pieces) : AndroidStringBuilder.build(value.raw)
                // HTML kept as text — in CDATA, or written with entities (`&lt;a href=…&gt;`), which aapt2 compiles
                // to the same string — is for `Html.fromHtml`: measured as it renders. Decided on the compiled
                // string (`AndroidHTML.isHTML`), so both spellings measure the same.
                if AndroidHTML.isHTML(text) { text = AndroidHTML.flatten(text) }
                return .text(text)
            } catch {
                return .unusable(.malformed(error.message))
            }
        }

        enum Reference {
            case string(String)
            case empty
            case unresolvable(String)
        }

        /// What aapt2 would take for a reference in the raw (trimmed) value: `@string/name` (optionally with a
        /// package), `@empty`, or another reference it cannot resolve here (`@null`, `@android:string/ok`,
        /// `@color/x`, `?attr/x`); nil for ordinary text.
        static func reference(in raw: String) -> Reference? {
            let firstByte = raw.utf8.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
            guard firstByte == UInt8(ascii: "@") || firstByte == UInt8(ascii: "?") else { return nil }
            let trimmed = raw.trimmingXMLSpace()
            guard let first = trimmed.first else { return nil }
            if trimmed == "@empty" { return .empty }
            if trimmed == "@null" { return .unresolvable("@null") }
            var body = trimmed.dropFirst()
            if body.hasPrefix("+") || body.hasPrefix("*") { body = body.dropFirst() }
            var package: Substring = ""
            if let colon = body.firstIndex(of: ":"), body[..<colon].allSatisfy({ $0 != "/" }) {
                package = body[..<colon]
                body = body[body.index(after: colon)...]
            }
            guard let slash = body.firstIndex(of: "/") else {
                // `?attr` may omit the type; `@name` without a type is not a reference, just text.
                return first == "?" && !body.isEmpty ? .unresolvable(trimmed) : nil
            }
            let type = body[..<slash]
            let name = body[body.index(after: slash)...]
            guard !type.isEmpty, !name.isEmpty, type.allSatisfy({ $0.isLetter || $0 == "-" }),
                name.allSatisfy({ !$0.isWhitespace })
            else { return nil }
            if first == "@" && type == "string" && (package.isEmpty || package != "android") {
                return .string(String(name))
            }
            return .unresolvable(trimmed)
        }

        /// Records a skipped entry.
        mutating func skip(
            _ key: String, _ variant: String = "", at position: SourcePosition,
            _ reason: SkippedEntry.Reason
        ) {
            skipped.append(
                SkippedEntry(
                    file: file, locale: locale, key: key, variant: variant, position: position, reason: reason))
        }

        /// The strings this file defines: the text of each default-product `<string>` (translatable or not) that is
        /// not a reference, and the name each reference points to.
        func ownDefinitions() -> AndroidStringDefinitions {
            var texts: [String: String] = [:]
            var links: [String: String] = [:]
            let referenceIndices = Set(references.map(\.index))
            for (index, entry) in entries.enumerated() where entry.variant.isEmpty {
                if !referenceIndices.contains(index) { texts[entry.key] = entry.text }
            }
            for (name, text) in untranslatedTexts { texts[name] = text }
            for (index, target) in references where entries[index].variant.isEmpty {
                links[entries[index].key] = target
            }
            for (name, target) in untranslatedReferences { links[name] = target }
            return AndroidStringDefinitions(texts: texts, links: links)
        }

        /// Resolves references — within the file, and where that leaves a name undefined, with `outside` too — and
        /// returns the document.
        mutating func finish(outside: () -> (layers: [AndroidStringDefinitions], folders: [String]))
            -> CatalogDocument
        {
            var document = CatalogDocument(format: .androidXML)
            guard !references.isEmpty else {
                document.entries = entries
                document.skipped = skipped
                return document
            }
            let own = ownDefinitions()
            var resolver = AndroidReferenceResolver(layers: [own])
            var searched: [String] = []
            let leavesFile = references.contains { reference in
                if case .undefined = resolver.resolve(reference.target) { return true }
                return false
            }
            if leavesFile {
                let found = outside()
                searched = found.folders
                resolver = AndroidReferenceResolver(layers: [own] + found.layers)
            }
            let undefinedHere =
                searched.isEmpty
                ? "not a string this file defines"
                : "defined in no file of " + searched.map { CatalogExcerpt.of($0) + "/" }.joined(separator: ", ")
            var unresolved: Set<Int> = []
            for (index, target) in references {
                let reason: SkippedEntry.Reason
                switch resolver.resolve(target) {
                case .text(let text):
                    entries[index].text = text
                    continue
                case .undefined(let name) where name == target:
                    reason = .noValue("@string/\(CatalogExcerpt.of(target)) is \(undefinedHere)")
                case .undefined(let name):
                    reason = .noValue(
                        "@string/\(CatalogExcerpt.of(target)) leads to "
                            + "@string/\(CatalogExcerpt.of(name)), which is \(undefinedHere)")
                case .cycle(let names):
                    reason = .malformed(
                        "@string/\(CatalogExcerpt.of(target)) never reaches a text: the references "
                            + AndroidReferenceResolver.describe(cycle: names) + " form a cycle")
                }
                unresolved.insert(index)
                let entry = entries[index]
                skipped.append(
                    SkippedEntry(
                        file: file, locale: locale, key: entry.key, variant: entry.variant, position: entry.position,
                        reason: reason))
            }
            document.entries =
                unresolved.isEmpty
                ? entries : entries.enumerated().filter { !unresolved.contains($0.offset) }.map(\.element)
            document.skipped = skipped
            return document
        }
    }
}
