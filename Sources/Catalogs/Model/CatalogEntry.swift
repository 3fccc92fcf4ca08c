/// One string to measure: one key in one locale, in one plural/device/array variant.
///
/// Parsers fill every field from the file alone; `text` is the value with the format's escapes decoded (and Android
/// markup stripped) but with its placeholders (`%@`, `%1$d`, `%#@var@` already resolved to the variant's text) still in
/// place: expanding them with sample values is the measuring side's job, so the same entry can be measured with other
/// samples.
public struct CatalogEntry: Sendable, Hashable {
    /// The file's path as given or found by discovery.
    public var file: String
    /// BCP 47 tag as written (`zh-Hans`, `zh-CN`, `pt-BR`); empty until discovery or the file itself says.
    public var locale: String
    /// The localization key (for xcstrings and XLIFF, the key as written in the file).
    public var key: String
    /// Which variant of the key this is; empty for a plain string. Components are joined with `/`, outermost first:
    /// `plural.one`, `device.ipad`, `device.iphone/plural.other`, `COUNT.few` (a stringsdict variable or an xcstrings
    /// substitution named `COUNT` in its `few` form; several variables: `a.one/b.other`), `item.2` (a `string-array`
    /// index, 0-based), `count.=0` and `gender.female/count.other` (an ICU plural or select case of an ARB message,
    /// by argument name and selector), `plural.1` (gettext's `msgstr[1]`: the form's index, not a CLDR category).
    public var variant: String
    /// The text to measure, placeholders unexpanded.
    public var text: String
    /// Where the entry's value starts in the file.
    public var position: SourcePosition
    /// The translation state where the format has one (xcstrings `stringUnit.state`, XLIFF `target@state`, gettext
    /// `fuzzy` or `translated`), else nil.
    public var state: String?
    /// The catalog's own source text for this entry where the file carries it (XLIFF `<source>`, gettext `msgid`),
    /// else nil.
    public var sourceText: String?
    /// The table inside a file that holds several (an XLIFF `<file original="…/Localizable.strings">`), else nil:
    /// with `file`, `key`, `locale` and `variant` it identifies the entry.
    public var table: String?
    /// For an entry `measure catalog --pseudo` generated from a source-locale entry, the pseudo locale it belongs to
    /// (its `locale` is the pseudo locale's tag); nil for every entry a catalog holds.
    public var pseudo: PseudoLocale? = nil

    /// An entry; each parameter sets the property of the same name.
    public init(
        file: String, locale: String, key: String, variant: String = "", text: String,
        position: SourcePosition, state: String? = nil, sourceText: String? = nil, table: String? = nil
    ) {
        self.file = file
        self.locale = locale
        self.key = key
        self.variant = variant
        self.text = text
        self.position = position
        self.state = state
        self.sourceText = sourceText
        self.table = table
    }

    /// The file and, for a multi-table file, the table: `de.xliff#Harbor/en.lproj/Localizable.strings`. What the
    /// size database and report fingerprints key the entry by.
    public var fileAndTable: String { table.map { file + "#" + $0 } ?? file }
}
