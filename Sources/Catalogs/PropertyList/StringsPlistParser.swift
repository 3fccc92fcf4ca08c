/// Reads a `.strings` file that is an XML property list (docs/semantics/catalog-formats.md §C1: "a strings file may instead be an XML/binary
/// plist dictionary") rather than the usual `"key" = "value";` text: a root `<dict>` of `<key>` → `<string>`.
///
/// Each string value is one plain entry. A value of another type (`<dict>`, `<array>`, `<integer>`…) loses only
/// that key: it is skipped as malformed. Whether a `.strings` file is XML is for the caller to decide with
/// `XMLPropertyList.looksLikeXML(_:)`. Binary property lists (`bplist00`) are refused with a clear error.
public enum StringsPlistParser {
    /// Parses one XML-property-list `.strings` file.
    /// - Parameters:
    ///   - bytes: the file's bytes (UTF-8 or UTF-16 with a BOM).
    ///   - file: the path reported in entries and errors.
    ///   - locale: the locale from the file's `.lproj` folder.
    /// - Throws: `CatalogError` when the file is not a well-formed XML property list with a dictionary root.
    public static func parse(_ bytes: [UInt8], file: String, locale: String) throws(CatalogError) -> CatalogDocument {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw CatalogError(
                file: file, position: nil,
                message: "binary property lists are not supported: convert with `plutil -convert xml1`")
        }
        let root = try XMLPropertyList.parse(bytes, file: file)
        guard let entries = root.dictionary else {
            throw CatalogError(
                file: file, position: root.position,
                message: "expected the root of a .strings property list to be a <dict>, found \(root.kindDescription)")
        }
        var document = CatalogDocument(format: .strings)
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
