/// Reads Apple's old-style `.strings` files (`"key" = "value";`) into catalog entries, following the grammar of
/// Apple's own parser (docs/semantics/catalog-formats.md §C1).
///
/// What it accepts, in short:
/// - UTF-8 or UTF-16 (LE/BE, with or without a byte-order mark), decoded by `CatalogTextDecoder`.
/// - White space (U+0009–U+000D, space, U+2028, U+2029), `// line` and non-nesting `/* block */` comments between
///   tokens.
/// - `key = value;` pairs and the shortcut `"key";` (the value is the key). Keys and values are strings quoted with
///   `"` or `'`, or unquoted runs of `A–Z a–z 0–9 _ $ / : . -`. The whole body may also be wrapped in `{ … }`, which
///   makes it an old-style property-list dictionary, as Apple's parser allows.
/// - Escapes in quoted strings: `\a \b \f \n \r \t \v \"`, a backslash before a line break keeps the line break,
///   `\` + 1–3 octal digits is a NeXTSTEP Latin byte (`NeXTSTEPLatin`), `\U` + up to 4 hex digits is one UTF-16 unit
///   (`\UD83D\UDE00` pairs into U+1F600), and a backslash before any other character gives that character (`\\` is
///   `\`, `\'` is `'`, and lowercase `\u` is just `u`).
///
/// What it makes of them:
/// - One `CatalogEntry` per key in file order, `text` with escapes decoded and placeholders left as written, `position`
///   where the value token starts (the key's, for the shortcut).
/// - A key that appears again wins, as in Apple's dictionary: the entry sits where the last occurrence is, and each
///   earlier occurrence goes to `skipped` as `.malformed("duplicate key, overridden at line N")`, so a count of
///   entries plus skipped accounts for every pair in the file.
/// - Values that are `( … )` arrays, `{ … }` dictionaries or `< … >` data are parsed over and skipped as
///   `.noValue("array value")`, `.noValue("dictionary value")`, `.noValue("data value")`: there is no text to measure.
/// - A `\U` escape that leaves a lone UTF-16 surrogate cannot become a Swift `String`; that one entry is skipped as
///   `.malformed(…)` at the escape's line and column (Apple keeps the broken string; it loses only that entry, so the
///   file still parses).
///
/// What makes the whole file fail (`CatalogError` with line and column, and no partial result, as Apple's parser
/// abandons the file too): undecodable bytes, an unterminated string or `/*` comment (reported where it opens), a
/// missing `=` or `;` (reported at the token found instead, or at the end of the file), a stray character where a key
/// is expected (Apple silently drops the rest of the file there; a checker should say so), and XML or binary
/// property-list `.strings` files, which belong to the property-list reader.
///
/// Performance: one pass over the UTF-8 bytes; strings without escapes become `String`s straight from the buffer, the
/// others go through one reused scratch buffer. Element X's German `Localizable.strings` (143 KB, 1,715 entries)
/// parses in about 0.8 ms in a release build.
public enum StringsFileParser {
    /// Parses one `.strings` file.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes, in any encoding `CatalogTextDecoder` accepts.
    ///   - file: The path, copied into entries and errors.
    ///   - locale: The locale discovery derived from the path (`de` for `de.lproj`), copied into entries.
    /// - Returns: A `.strings` document: entries in file order, and the skipped entries with their reasons.
    /// - Throws: `CatalogError` when the file cannot be used at all (see the type's documentation).
    public static func parse(_ bytes: [UInt8], file: String, locale: String) throws(CatalogError) -> CatalogDocument {
        if BinaryPropertyList.isBinary(bytes) {
            throw CatalogError(
                file: file, position: SourcePosition(line: 1, column: 1),
                message: "this .strings file is a binary property list (it starts with \"bplist\"), not the text "
                    + "format \"key\" = \"value\"; it has to be read as a property list")
        }
        let decoded = try CatalogTextDecoder.decode(bytes, file: file)
        return try decoded.utf8.withUnsafeBufferPointer { (text) throws(CatalogError) -> CatalogDocument in
            if let kind = xmlPropertyListPrefix(text) {
                throw CatalogError(
                    file: file, position: SourcePosition(line: 1, column: 1),
                    message: "this .strings file is an XML property list (it starts with \"\(kind)\"), not the text "
                        + "format \"key\" = \"value\"; it has to be read as a property list")
            }
            var scanner = StringsFileScanner(text: text, file: file, locale: locale)
            return try scanner.scan()
        }
    }

    /// The XML property-list opening `text` starts with (after white space), or nil.
    private static func xmlPropertyListPrefix(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        var start = 0
        while start < text.count, text[start] == 0x20 || (0x09...0x0D).contains(text[start]) { start += 1 }
        let rest = UnsafeBufferPointer(rebasing: text[start...])
        for prefix in ["<?xml", "<!DOCTYPE plist", "<plist"] where rest.starts(with: prefix.utf8) {
            return prefix
        }
        return nil
    }
}
