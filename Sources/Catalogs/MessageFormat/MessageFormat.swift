/// A message in ICU MessageFormat syntax, read into its parts: literal text (quoting already resolved), simple
/// arguments (`{name}`, `{count, number}`, `{d, date, short}`), `#` in a plural case, and the complex arguments
/// that choose a sub-message (`plural`, `selectordinal`, `select`).
///
/// `MessageFormatReader` builds it; `MessageFormatExpander` turns it into one text per combination of cases. Any
/// catalog whose strings use ICU syntax (Flutter ARB today) shares both.
///
/// ```swift
/// let message = try MessageFormatReader.read("{count, plural, =0{No files} one{# file} other{# files}}")
/// // message.parts == [.selection(count, plural, cases: =0, one, other)]
/// ```
///
/// Offsets (`Argument.offset`, `Selection.offset`) count Unicode scalars from the start of the message, 0-based,
/// so that messages can point at a place whatever the file's encoding and escapes.
struct MessageFormat: Sendable, Hashable {
    var parts: [Part]

    init(parts: [Part] = []) {
        self.parts = parts
    }

    /// One piece of a message.
    enum Part: Sendable, Hashable {
        /// Literal text, with ICU's apostrophe quoting already removed (`''` is one apostrophe here).
        case text(String)
        /// `{name}` or `{name, type}` or `{name, type, style}`.
        case argument(Argument)
        /// `#` directly inside a case of a `plural` or `selectordinal`: the number minus the offset.
        case pound
        /// `{name, plural|selectordinal|select, …}`.
        case selection(Selection)
    }

    /// The types a simple argument may have (ICU's `argType` for non-choosing arguments).
    enum ArgumentType: String, Sendable, Hashable, CaseIterable {
        case number, date, time, spellout, ordinal, duration
    }

    /// A simple argument: a value printed in place.
    struct Argument: Sendable, Hashable {
        var name: String
        /// nil for `{name}`.
        var type: ArgumentType?
        /// The style as written after the second comma, trimmed (`short`, `integer`, `::currency/EUR`), or nil.
        var style: String?
        /// Where its `{` is.
        var offset: Int
    }

    /// Which kind of choice a complex argument makes.
    enum SelectionKind: String, Sendable, Hashable {
        /// Cardinal plural categories (`one`, `few`…) and explicit values (`=0`).
        case plural
        /// Ordinal plural categories (1st, 2nd, 3rd…).
        case selectOrdinal = "selectordinal"
        /// Any keyword, with `other` as the fallback.
        case select

        /// Whether it chooses by number (`#`, `=N` and `offset:` belong to these).
        var isPluralStyle: Bool { self != .select }
    }

    /// A complex argument: one sub-message per case.
    struct Selection: Sendable, Hashable {
        var name: String
        var kind: SelectionKind
        /// `offset:N` of a plural (0 when absent): `#` prints the number minus it, keywords match the number minus it.
        var pluralOffset: Int
        var cases: [Case]
        /// Where its `{` is.
        var offset: Int
    }

    /// One case of a selection: its selector and its sub-message.
    struct Case: Sendable, Hashable {
        var selector: Selector
        var message: MessageFormat
    }

    /// What picks a case.
    enum Selector: Sendable, Hashable, CustomStringConvertible {
        /// `=N` in a plural: the number exactly, as written after `=` (`0`, `-1`, `2.5`).
        case exact(String)
        /// A plural category (`zero one two few many other`) or a select keyword.
        case keyword(String)

        /// As written: `=0`, `one`.
        var description: String {
            switch self {
            case .exact(let value): "=" + value
            case .keyword(let word): word
            }
        }
    }

    /// The CLDR plural categories, the only keywords a plural-style selection accepts.
    static let pluralCategories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
}
