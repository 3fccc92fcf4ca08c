/// Reads gettext catalogs: `.po` translations, `.pot` templates and compiled `.mo` files (issue 17, part 3).
///
/// What it makes of them (the rules are `GettextCatalogBuilder`'s, shared by the text and binary forms):
/// - One entry per translated message, in file order, keyed by msgid (`msgctxt + "\u{4}" + msgid` with a context);
///   a plural message gives one entry per form, variants `plural.0`… up to the header's `nplurals`.
/// - `#, fuzzy` messages are measured with state `fuzzy`; others have state `translated`.
/// - Untranslated (empty msgstr) and obsolete (`#~`) messages are skipped and counted, with their reasons.
/// - Text: the msgstr with gettext's escapes decoded (`\n \t \" \\ \a \b \f \r \v`, octal, `\x` hex) and adjacent
///   strings joined; C-format placeholders (`%s %d %1$s %'d %ld %zu %%`, and Python's `%(name)s`) are left in place
///   for `PlaceholderExpander`'s `gettext` syntax. The msgid is the entry's source text.
/// - The strings are decoded from the header's charset (`GettextCharset`).
/// - Locale: the one discovery gives (from a `de/LC_MESSAGES/` folder or a file name like `po/pt_BR.po`, see
///   `LocaleFolder.gettextCatalog`), else the header's `Language` (as a BCP 47 tag), else none (the run's default).
///   The path decides first because it is what gettext itself goes by: `bindtextdomain` finds a catalog by its
///   folder, and `po/Makefile` installs `po/fr.po` as French whatever its header says (a header copied from another
///   language and not updated is a common slip).
///
/// A `.mo` is recognised by its magic number, whatever the file's name (`MOFileReader`), and a file named `.mo` is
/// always read as one. A `.pot` template has no
/// translations: its msgids are the entries, in the source locale discovery gives it.
///
/// Performance: one pass over the bytes of a `.po` (`POFileScanner`, line by line, positions counted as it goes), one
/// pass over a `.mo`'s tables; strings are decoded once the header has said the charset.
///
/// Errors: in a `.po` file, a message that breaks the grammar (an unterminated string, a bad escape, `msgstr[N]`
/// out of order or out of range, a line that is no keyword, string or comment) is skipped as `.malformed` with the
/// line and column of the problem, and the rest of the file is read, as gettext's reader goes on after an error.
/// A header whose `Plural-Forms` has no usable `nplurals` is reported the same way (as a malformed record for the
/// header, key ""), and plural messages are then taken with the forms they have: gettext's runtime falls back to its
/// default rule for such a catalog, and Debian ships a few (`ja/…/bfd.mo` says `nulurals=1`). The whole file fails
/// (`CatalogError`) only when nothing in it can be trusted: a UTF-16 file, a charset that cannot be read, a `.po`
/// text in which not one message could be read (only errors), or a `.mo` whose structure is broken.
///
/// ```swift
/// let document = try GettextParser.parse(bytes, file: "po/de.po", locale: "de")
/// ```
public enum GettextParser {
    /// Parses one gettext catalog.
    /// - Parameters:
    ///   - bytes: The file's bytes: `.po`/`.pot` text, or a `.mo` file.
    ///   - file: The path, copied into entries and errors; a name ending in `.pot` is read as a template.
    ///   - locale: The locale discovery derived from the path, or empty to take the header's `Language`.
    /// - Throws: `CatalogError` when the file cannot be used at all (see the type's documentation).
    public static func parse(_ bytes: [UInt8], file: String, locale: String) throws(CatalogError) -> CatalogDocument {
        // A file named `.mo` is read as one even without the magic number, so that a corrupt or cut one is reported
        // as such ("not a .mo file", "truncated") rather than read as `.po` text and giving garbage messages.
        if MOFileReader.isMO(bytes) || file.lowercased().hasSuffix(".mo") {
            let messages = try MOFileReader.read(bytes, file: file)
            return try build(
                messages.map { .message($0) }, file: file, locale: locale, isTemplate: false,
                forText: false)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw CatalogError(
                file: file, position: SourcePosition(line: 1, column: 1),
                message: "a UTF-16 file: gettext reads .po files only in ASCII-based charsets (convert "
                    + "it to UTF-8)")
        }
        let items = bytes.withUnsafeBufferPointer { text in
            var scanner = POFileScanner(text: text)
            return scanner.scan()
        }
        // Not one message read, only errors: not a catalog at all (a git symlink checked out as a file holding the
        // target's name, `zh_Hans.po`; an HTML error page saved under the name), so the file fails, as the other
        // formats' garbage does, rather than passing for a catalog with one malformed entry.
        if case .broken(_, _, let position, let message)? = items.first,
            !items.contains(where: { if case .broken = $0 { false } else { true } })
        {
            throw CatalogError(
                file: file, position: position, message: "not a gettext catalog, no message could be read: \(message)")
        }
        return try build(
            items, file: file, locale: locale, isTemplate: file.lowercased().hasSuffix(".pot"),
            forText: true)
    }

    /// The document of a file's items: the header read first (it decides the charset and plural count), then every
    /// item in order.
    private static func build(
        _ items: [POFileScanner.Item], file: String, locale: String, isTemplate: Bool,
        forText: Bool
    ) throws(CatalogError) -> CatalogDocument {
        var headerIndex: Int?
        for (index, item) in items.enumerated() {
            if case .message(let message) = item, message.isHeader {
                headerIndex = index
                break
            }
        }
        var header = GettextHeader()
        var headerPosition = SourcePosition(line: 1, column: 1)
        if let headerIndex, case .message(let message) = items[headerIndex] {
            header = GettextHeader(message.forms.first ?? [])
            headerPosition = message.position
        }
        let charset: GettextCharset
        do {
            charset = try GettextCharset(header.charset, forText: forText)
        } catch {
            throw CatalogError(file: file, position: headerPosition, message: error.message)
        }
        let fileLocale = !locale.isEmpty ? locale : header.language.flatMap(LocaleFolder.gettextLocale) ?? ""
        var builder = GettextCatalogBuilder(
            file: file, locale: fileLocale, isTemplate: isTemplate, header: header,
            charset: charset)
        if let problem = header.pluralProblem, !isTemplate {
            builder.addBroken(context: nil, id: [], at: headerPosition, message: problem)
        }
        for (index, item) in items.enumerated() where index != headerIndex {
            switch item {
            case .message(let message) where message.isHeader:
                builder.addBroken(
                    context: nil, id: [], at: message.position,
                    message: "a second header entry (msgid \"\"); the first is at line "
                        + "\(headerPosition.line)")
            case .message(let message):
                builder.add(message)
            case .obsolete(let context, let id, let position):
                builder.addObsolete(context: context, id: id, at: position)
            case .broken(let context, let id, let position, let message):
                builder.addBroken(context: context, id: id, at: position, message: message)
            }
        }
        return builder.document
    }
}
