/// A generated locale that `measure catalog --pseudo` adds: every entry of the source locale, transformed the way a
/// pseudo-localization tool transforms it, measured like a translation before any translation exists.
///
/// ```swift
/// PseudoLocale.accented.transform("Hello, world", syntax: .apple)   // "[Ĥéļļö, ŵöŕļð one two]"
/// PseudoLocale.double.transform("Cancel", syntax: .apple)           // "Cancel Cancel"
/// ```
///
/// The transforms work on an entry's text as parsed: escapes already decoded, placeholders still in place. Format
/// specifiers (`%@`, `%1$d`, `%#@var@`, Android `%1$s`, read by `FormatSpecifier` in the file's `PlaceholderSyntax`)
/// are never altered — `en-XA` only puts them between `»…«` as Android does — so expanding them afterwards gives the
/// same sample values a translation gets. Sources: see each case.
public enum PseudoLocale: String, Sendable, Hashable, CaseIterable, Codable {
    /// Android's `en-XA` (aapt2 `--pseudo-localize`, `PseudoMethodAccent` in
    /// `frameworks/base/tools/aapt2/compile/Pseudolocalizer.cpp`): accented letters, placeholders between `»` and
    /// `«`, the whole text in brackets, and English number words appended that grow with the text's length
    /// (`PseudoAccent`).
    case accented = "en-XA"
    /// Android's `ar-XB` (aapt2 `PseudoMethodBidi`, same file): every word forced right-to-left, wrapped in
    /// RLM RLO … PDF RLM, so the source text shows mirrored as in a right-to-left language (`PseudoBidi`).
    case bidi = "ar-XB"
    /// Xcode's Double-Length Pseudolanguage (a scheme's App Language; the `NSDoubleLocalizedStrings` launch
    /// argument, documented as making every localized string twice as long): the text twice, joined by a space.
    case double = "double"

    /// The pseudo locale named `id` (`en-XA`, `ar-XB`, `double`; case and `_`/`-` ignored), or nil.
    public init?(id: String) {
        let normalized = String(id.lowercased().map { $0 == "_" ? "-" : $0 })
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == normalized }) else { return nil }
        self = match
    }

    /// The locale tag the generated entries carry in reports.
    public var locale: String { rawValue }

    /// `text` (an entry's text, placeholders unexpanded, in `syntax`) transformed.
    /// - Complexity: O(n) in the text's UTF-8 length (plus the appended expansion for `accented`).
    public func transform(_ text: String, syntax: PlaceholderSyntax) -> String {
        switch self {
        case .accented: PseudoAccent.transform(text, syntax: syntax)
        case .bidi: PseudoBidi.transform(text)
        case .double: text + " " + text
        }
    }

    /// The locale whose fonts the generated entries are measured in: `en-XA` its own (Latin: the config's `en` fonts
    /// match it by prefix, else the built-in cascade for English), `ar-XB` and `double` the source locale's — their
    /// text is the source's text in the source's script, only reordered or repeated.
    public func fontLocale(source: String) -> String {
        self == .accented ? rawValue : source
    }

    /// The language the generated entries are measured in (HarfBuzz `locl` forms, ICU's line-break dictionary):
    /// `en-XA` as itself, the others as the source locale (see `fontLocale(source:)`).
    public func languageLocale(source: String) -> String {
        self == .accented ? rawValue : source
    }

    /// The locale config rules are matched against: the pseudo locale's own tag for `en-XA` and `ar-XB` (so a rule
    /// for `en`, or for right-to-left `ar`, applies), the source locale for `double`, which Xcode shows in the
    /// development language.
    public func ruleLocale(source: String) -> String {
        self == .double ? source : rawValue
    }

    /// Every ID a `--pseudo` value may name, for messages.
    public static var idList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
