/// Which format-specifier language a catalog's strings use (SPEC §C6).
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

    /// The syntax of a catalog format's strings: `.android` for Android resources, `.apple` for everything else.
    public init(for format: CatalogFormat) {
        self = format == .androidXML ? .android : .apple
    }
}
