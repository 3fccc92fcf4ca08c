/// Reads one discovered catalog file and hands it to its format's parser.
public enum CatalogParsing {
    /// The entries of `source`, each with the source's locale where the format does not name its own.
    ///
    /// Only a regular file is read, and at most `CatalogFileReader.maximumSize` bytes of it (`CatalogFileReader`):
    /// a FIFO or a device in a catalog folder is reported, never waited on or read without end.
    /// - Throws: `CatalogError` when the file cannot be read or is malformed (with the line and column).
    public static func parse(_ source: CatalogSource) throws(CatalogError) -> CatalogDocument {
        try parse(try CatalogFileReader.read(source.path), source: source)
    }

    /// The entries of a catalog whose bytes are already in memory. An entry that comes again later in the file (the
    /// same locale, table, key and variant) replaces the earlier one, which is reported as skipped — as every format's
    /// own reader does with a repeated key.
    public static func parse(_ bytes: [UInt8], source: CatalogSource) throws(CatalogError) -> CatalogDocument {
        var document = try parseAsWritten(bytes, source: source)
        document.moveEarlierDuplicatesToSkipped()
        return document
    }

    private static func parseAsWritten(_ bytes: [UInt8], source: CatalogSource) throws(CatalogError)
        -> CatalogDocument
    {
        let file = source.path, locale = source.locale
        switch source.format {
        case .strings:
            // A `.strings` file may also be an XML or binary property list (docs/semantics/catalog-formats.md §C1); it
            // then holds a dictionary. Xcode writes binary ones into built apps.
            if isXMLPropertyList(bytes) || BinaryPropertyList.isBinary(bytes) {
                return try StringsPlistParser.parse(bytes, file: file, locale: locale)
            }
            return try StringsFileParser.parse(bytes, file: file, locale: locale)
        case .stringsdict:
            return try StringsDictParser.parse(bytes, file: file, locale: locale)
        case .xcstrings:
            return try XCStringsParser.parse(bytes, file: file, locale: locale)
        case .xliff:
            return try XLIFFParser.parse(bytes, file: file, locale: locale)
        case .androidXML:
            // A `@string/` reference the file cannot resolve is looked up in its folder's other files and the folders
            // its locale falls back to, as a device would.
            return try AndroidResourcesParser.parse(
                bytes, file: file, locale: locale, dialect: AndroidResourcesParser.Dialect(forPath: file),
                outside: { AndroidValuesFolders.definitions(besides: file) })
        case .arb:
            // Placeholder metadata comes from the folder's template ARB (the source locale's), read beside it.
            let reading = FlutterL10nOptions.reading(forARBAt: file)
            return try ARBParser.parse(
                bytes, file: file, locale: locale,
                template: ARBTemplate.metadata(at: source.template, for: file),
                apostrophes: reading.apostrophes, relaxSyntax: reading.relaxSyntax)
        case .gettext:
            return try GettextParser.parse(bytes, file: file, locale: locale)
        }
    }

    /// Whether a `.strings` file's bytes begin (after a UTF-8 BOM and whitespace) like XML: `<?xml`, `<!DOCTYPE` or
    /// `<plist`. An old-style `.strings` file cannot start with `<`, so this never misroutes one.
    static func isXMLPropertyList(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }
}
