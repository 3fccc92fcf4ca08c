/// An entry a parser saw and did not turn into a `CatalogEntry`, with the reason, so that nothing is dropped silently.
public struct SkippedEntry: Sendable, Hashable {
    /// Why an entry was skipped. Each case is counted separately in the summary.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// Android `translatable="false"` (or xcstrings `shouldTranslate: false`): not shown translated, not measured.
        case notTranslatable
        /// The entry is malformed in a way that loses only this entry (the message says how); the rest of the file parsed.
        case malformed(String)
        /// The entry has no text in this locale (an empty xcstrings localization without a value, an XLIFF unit
        /// without a target); the message names what is missing.
        case noValue(String)

        public var description: String {
            switch self {
            case .notTranslatable: "not translatable"
            case .malformed(let why): "malformed: \(why)"
            case .noValue(let why): "no value: \(why)"
            }
        }
    }

    /// The file's path, as given or found.
    public var file: String
    /// The locale of the entry, as for a `CatalogEntry`.
    public var locale: String
    /// The entry's key (empty when the entry is too malformed to have one).
    public var key: String
    /// The variant, as for a `CatalogEntry`; empty for a plain string.
    public var variant: String
    /// Where the entry starts in the file.
    public var position: SourcePosition
    /// Why it was skipped.
    public var reason: Reason

    /// A skipped entry; each parameter sets the property of the same name.
    public init(
        file: String, locale: String, key: String, variant: String = "", position: SourcePosition,
        reason: Reason
    ) {
        self.file = file
        self.locale = locale
        self.key = key
        self.variant = variant
        self.position = position
        self.reason = reason
    }
}
