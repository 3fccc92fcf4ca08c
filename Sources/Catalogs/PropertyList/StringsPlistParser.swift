/// Reads a `.strings` file that is a property list (docs/semantics/catalog-formats.md §C1: "a strings file may instead be an XML/binary
/// plist dictionary") rather than the usual `"key" = "value";` text: a root dictionary of keys → strings, written
/// as XML (`<dict>` of `<key>` → `<string>`) or in the binary form (`bplist00`) Xcode compiles `.strings` files to
/// inside a built app (`BinaryPropertyList`).
///
/// Each string value is one plain entry. A value of another type (`<dict>`, `<array>`, `<integer>`…) loses only
/// that key: it is skipped as malformed. A key written twice keeps its last value, as Apple's dictionary does, and
/// each earlier one is skipped as "duplicate key, overridden at line N". Whether a `.strings` file is a property list is for the caller to decide
/// (`XMLPropertyList.looksLikeXML(_:)`, `BinaryPropertyList.isBinary(_:)`).
public enum StringsPlistParser {
    /// Parses one property-list `.strings` file, XML or binary.
    /// - Parameters:
    ///   - bytes: the file's bytes (XML in UTF-8 or UTF-16 with a BOM, or a binary property list).
    ///   - file: the path reported in entries and errors.
    ///   - locale: the locale from the file's `.lproj` folder.
    /// - Throws: `CatalogError` when the file is not a well-formed property list with a dictionary root.
    public static func parse(_ bytes: [UInt8], file: String, locale: String) throws(CatalogError) -> CatalogDocument {
        let root = try PropertyListNode.parse(bytes, file: file)
        guard let entries = root.dictionary else {
            throw CatalogError(
                file: file, position: root.position,
                message: "expected the root of a .strings property list to be a <dict>, found \(root.kindDescription)")
        }
        var document = CatalogDocument(format: .strings)
        document.skipped += StringsDictParser.overriddenKeys(entries, file: file, locale: locale)
        for entry in StringsDictParser.lastOccurrences(entries) {
            if let text = entry.value.string {
                document.entries.append(
                    CatalogEntry(
                        file: file, locale: locale, key: entry.key, text: text, position: entry.value.position))
            } else {
                document.skipped.append(
                    SkippedEntry(
                        file: file, locale: locale, key: entry.key, position: entry.value.position,
                        reason: .malformed("the value is \(entry.value.kindDescription), expected a <string>")))
            }
        }
        return document
    }
}
