/// Which format-specifier language a catalog's strings use (docs/semantics/catalog-formats.md §C6).
///
/// Apple's catalogs (`.strings`, `.stringsdict`, `.xcstrings`, XLIFF) use IEEE printf plus `%@`; Android's
/// `strings.xml` uses Java's `Formatter`. The two differ in length modifiers (Apple only), `%@` (Apple only), `%n`
/// (a line break in Java, refused by Apple) and `%b`/`%h` (Java only), so a placeholder must be read in its file's
/// language.
public enum PlaceholderSyntax: String, Sendable, Hashable, CaseIterable, Codable {
    /// IEEE printf plus `%@`, positional `%2$@`, length modifiers `h hh l ll q L z t j`, and stringsdict/xcstrings
    /// variables `%#@name@` / `%1$#@name@`.
    case apple
    /// Java `Formatter` as Android resources use it: `%s %d %1$s %.2f %x %c %b %%`, and `%n` for a line break.
    case android
    /// C `printf` as gettext catalogs use it (`FormatSpecifier+Gettext.swift`): `%s %d %1$s %'d %ld %zu %%`, glibc's
    /// `I` flag, ISO C99 `<inttypes.h>` macros as gettext writes them (`%<PRId64>`), and Python's `%(name)s`; no
    /// `%@`.
    case gettext

    /// The syntax of a catalog format's strings: `.android` for Android resources, `.gettext` for gettext catalogs,
    /// `.apple` for everything else.
    public init(for format: CatalogFormat) {
        switch format {
        case .androidXML: self = .android
        case .gettext: self = .gettext
        default: self = .apple
        }
    }
}
