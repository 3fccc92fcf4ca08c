/// Reads Xcode String Catalogs (`.xcstrings`, docs/semantics/catalog-formats.md §C3): one JSON file holding every language of a table.
///
/// Every text becomes a `CatalogEntry`: for each key (in file order, which is Xcode's own, not sorted), for each
/// localization (its locale is the language key as written, `zh-Hans`, `en-GB`), one entry per string unit:
/// - `stringUnit` → the value, with `state` (`new`, `translated`, `needs_review`, `stale`; all are measured);
/// - `variations.plural.one` → variant `plural.one`; `variations.device.ipad` → `device.ipad`; nested
///   `device.iphone/plural.other`;
/// - a value referencing `substitutions` (`%#@count@`, `%1$#@count@`) → one entry per combination of the
///   substitutions' plural forms, variant components `count.one` (see `XCStringsSubstitutionExpander`), with `%arg`
///   turned into the real specifier (`%1$lld`);
/// - a key with no localization in the source language (or `{}`) → a source-language entry whose text is the key.
///
/// Keys with `shouldTranslate: false` are measured in the source language only (see `XCStringsCollector.collect`).
/// Parts without text are skipped as `.noValue`; unknown variation kinds, undefined or self-referencing
/// substitutions and wrong JSON types are skipped as `.malformed`, as is a key or a string unit's value holding a
/// lone surrogate escape (`\uD800` unpaired). Only a file that is not JSON (a lone surrogate anywhere else among it),
/// or whose top level is not a catalog (`sourceLanguage` and `strings`), throws. Text is JSON-decoded (`\n`, `\"`, `\u00E9`);
/// placeholders stay as written. Positions are those of the `value` strings (of the key for key-as-source entries).
///
///     let document = try XCStringsParser.parse(bytes, file: "Localizable.xcstrings", locale: "")
///     // document.sourceLocale == "en"; document.entries[0].variant == "plural.one" …
public enum XCStringsParser {
    /// Parses one `.xcstrings` file.
    ///
    /// - Parameters:
    ///   - bytes: The file (UTF-8 JSON).
    ///   - file: The path, copied into every entry and error.
    ///   - locale: Ignored: the catalog names its own languages.
    /// - Returns: The entries in file order, what was skipped, and `sourceLocale` = the catalog's `sourceLanguage`.
    /// - Throws: `CatalogError` when the bytes are not JSON or the top level is not a catalog.
    public static func parse(_ bytes: [UInt8], file: String, locale: String) throws(CatalogError) -> CatalogDocument {
        // A lone surrogate escape skips its entry, not the file (as in `.strings`).
        var loneSurrogates: [SourcePosition: CatalogError] = [:]
        let root = try JSONReader.parse(bytes, file: file, loneSurrogates: &loneSurrogates)
        guard case .object(let catalog) = root.value else {
            throw CatalogError(
                file: file, position: root.position,
                message: "expected a String Catalog object, found \(root.value.kindDescription)")
        }
        guard let sourceNode = catalog["sourceLanguage"] else {
            throw CatalogError(
                file: file, position: root.position,
                message: "expected a \"sourceLanguage\" member in the catalog, found none")
        }
        guard case .string(let sourceLanguage) = sourceNode.value, !sourceLanguage.isEmpty else {
            throw CatalogError(
                file: file, position: sourceNode.position,
                message: "expected the source language as a non-empty string, found "
                    + (sourceNode.value.stringValue == nil ? sourceNode.value.kindDescription : "\"\""))
        }
        guard let stringsNode = catalog["strings"] else {
            throw CatalogError(
                file: file, position: root.position,
                message: "expected a \"strings\" member in the catalog, found none")
        }
        guard case .object(let strings) = stringsNode.value else {
            throw CatalogError(
                file: file, position: stringsNode.position,
                message: "expected \"strings\" to be an object, found "
                    + stringsNode.value.kindDescription)
        }
        try JSONReader.refuseLoneSurrogates(
            loneSurrogates, outside: entryPositions(strings), file: file)
        var collector = XCStringsCollector(
            file: file, sourceLanguage: sourceLanguage, loneSurrogates: loneSurrogates)
        for member in strings.members {
            collector.collect(member)
        }
        // A key written twice: the later one was read (JSON's "last wins"); the earlier is reported, not lost.
        let duplicates = strings.overridden.map { earlier in
            SkippedEntry(
                file: file, locale: sourceLanguage, key: earlier.key, position: earlier.keyPosition,
                reason: .malformed("duplicate key in \"strings\", overridden by a later one"))
        }
        return CatalogDocument(
            format: .xcstrings, sourceLocale: sourceLanguage, entries: collector.entries,
            skipped: collector.skipped + duplicates)
    }

    /// Where a lone surrogate escape costs only its entry: a key of `strings` (the source text) and a string unit's
    /// `value`, wherever it is (a localization, a variation, a substitution's form). Anywhere else — a language, a
    /// variation's or substitution's name, a format specifier, the source language — its U+FFFD would become part of
    /// a locale or of measured text, so the file is refused there, as it was before such entries were skipped.
    static func entryPositions(_ strings: JSONObject) -> Set<SourcePosition> {
        var positions = Set<SourcePosition>()
        for member in strings.members + strings.overridden { positions.insert(member.keyPosition) }
        func visit(_ node: JSONNode) {
            switch node.value {
            case .object(let object):
                for member in object.members + object.overridden {
                    if member.key == "stringUnit", case .object(let unit) = member.value.value,
                        let value = unit["value"]
                    {
                        positions.insert(value.position)
                    }
                    visit(member.value)
                }
            case .array(let items):
                for item in items { visit(item) }
            default:
                break
            }
        }
        for member in strings.members + strings.overridden { visit(member.value) }
        return positions
    }
}
