/// Why a message is not valid ICU MessageFormat, and where: `offset` counts Unicode scalars from the start of the
/// message, 0-based.
///
/// `MessageFormatReader.read(_:file:at:)` turns it into a `CatalogError` at the line and column of the value that
/// holds the message, with the offset in the message text, because a value in a JSON or XML file may hold escapes
/// that make a column inside it meaningless. A catalog parser then skips only that entry, with the message as the
/// reason.
struct MessageFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    enum Kind: Sendable, Hashable {
        /// A `{` (of an argument or a case) that is never closed.
        case unclosedBrace
        /// A `}` with no `{` before it.
        case unmatchedClosingBrace
        /// `{` not followed by an argument name (`{}`, `{,`…).
        case expectedArgumentName
        /// A character an argument name cannot have (ICU's pattern syntax: `{a.b}`, `{a b}`).
        case invalidArgumentName
        /// After the name (or type, or style): something other than `,` or `}`.
        case expectedCommaOrClosingBrace
        /// `{name, }`: a comma and no type.
        case expectedArgumentType
        /// A type ICU does not know (`{n, plurl, …}`).
        case unknownArgumentType(String)
        /// ICU's deprecated `choice` format, which catalogs do not use and this reader does not read.
        case unsupportedChoice
        /// A plural, selectordinal or select without the `other` case ICU requires.
        case missingOther
        /// A plural-style selector that is not a CLDR category (`one`, `few`…) or `=N`.
        case unknownPluralCategory(String)
        /// A selector given twice in one selection.
        case duplicateSelector(String)
        /// A selector not followed by `{`.
        case expectedCaseMessage(String)
        /// Neither a selector nor `}` where a case was expected.
        case expectedSelector
        /// `=` not followed by a number.
        case invalidExplicitValue
        /// `=N` in a `select`, which has no numbers.
        case explicitValueInSelect
        /// `offset:` not followed by a non-negative integer, given twice, after a selector, or in a `select`.
        case invalidOffset
        /// A quoted part of an argument style (`'…'`) that never ends.
        case unterminatedQuoteInStyle
        /// Under Flutter's `use-escaping: true`: a `'` that starts quoted text no `'` ends.
        case unmatchedQuote
        /// More complex arguments nested inside each other than `MessageFormatReader.maximumDepth`.
        case tooDeep(limit: Int)
    }

    var kind: Kind
    /// Unicode scalars from the start of the message to the problem.
    var offset: Int

    var description: String {
        let what: String
        switch kind {
        case .unclosedBrace: what = "unbalanced braces: this '{' is never closed"
        case .unmatchedClosingBrace: what = "unbalanced braces: '}' without a '{' before it"
        case .expectedArgumentName: what = "expected an argument name after '{'"
        case .invalidArgumentName: what = "invalid character in an argument name"
        case .expectedCommaOrClosingBrace: what = "expected ',' or '}' in the argument"
        case .expectedArgumentType: what = "expected an argument type after ','"
        case .unknownArgumentType(let type):
            what =
                "unknown argument type '\(CatalogExcerpt.of(type))' (expected number, date, time, spellout, "
                + "ordinal, duration, plural, selectordinal or select)"
        case .unsupportedChoice: what = "choice arguments are not supported (ICU deprecates them; use plural)"
        case .missingOther: what = "a plural, selectordinal or select needs an 'other' case"
        case .unknownPluralCategory(let word):
            what =
                "unknown plural category '\(CatalogExcerpt.of(word))' (expected zero, one, two, few, many, "
                + "other or =N)"
        case .duplicateSelector(let selector): what = "the case '\(CatalogExcerpt.of(selector))' is given twice"
        case .expectedCaseMessage(let selector):
            what = "expected '{' after the case '\(CatalogExcerpt.of(selector))'"
        case .expectedSelector: what = "expected a case (a keyword or =N) or '}'"
        case .invalidExplicitValue: what = "expected a number after '='"
        case .explicitValueInSelect: what = "=N cases belong to plural and selectordinal, not select"
        case .invalidOffset:
            what = "offset: must come once, before the first case of a plural, followed by a non-negative integer"
        case .unterminatedQuoteInStyle: what = "a quoted part of the argument style is never closed"
        case .unmatchedQuote:
            what = "unmatched single quote: with use-escaping, a ' starts quoted text ('' is an apostrophe)"
        case .tooDeep(let limit): what = "more than \(limit) plurals and selects nested inside each other"
        }
        return "\(what) (at offset \(offset) of the message)"
    }
}
