/// Turns the messages of a `.po` or `.mo` file into catalog entries and skipped records, by one set of rules for
/// both formats, so that a `.mo` compiled from a `.po` gives the same entries (key, variant, text, state, source
/// text) as the `.po` itself — but for a message flagged `no-c-format` or `no-python-format`, whose `%` the `.po`
/// keeps as text, and one flagged `python-brace-format`, whose `{name}` fields the `.po` measures with samples: a
/// `.mo` keeps no flags.
///
/// - Key: the msgid, or for a message with a context `msgctxt + "\u{4}" + msgid`: gettext's own lookup key (what
///   `pgettext` looks up and what a `.mo` file stores), unique where any printable separator would not be, since a
///   context or msgid may contain any character. The terminal summary shows the U+0004 as `␄`, JSON as `\u0004`.
/// - Variant: empty for a message without plural forms; `plural.0`, `plural.1`… for `msgstr[0]`, `msgstr[1]`…. The
///   index is gettext's, not a CLDR category: which numbers a form serves is up to the header's `plural=`
///   expression (`plural.1` is "few" in Russian and "other" in German), and the forms are measured all the same.
/// - A plural message has the header's `nplurals` forms: a `msgstr[N]` at or past it is out of range and the message
///   is skipped as malformed; a form it lacks, or leaves empty, is skipped as `.noValue` for its variant. Without a
///   usable `Plural-Forms` header, a message's forms are taken as they are.
/// - State: `fuzzy` for a `#, fuzzy` message (measured, as its text is what a user would see with `msgfmt
///   --use-fuzzy`, and what a translator has to fix), else `translated`; none for a template.
/// - Source text: the msgid (for a plural form, `msgid_plural` except for form 0 of a language with more than one
///   form, which is the singular), measured in the source locale for comparison as XLIFF's `<source>` is.
/// - Skipped and counted, as `msgfmt --statistics` counts them: an untranslated message (empty `msgstr`, or empty
///   `msgstr[0]`, gettext's test) as `.noValue("untranslated (empty msgstr)")`, and an obsolete `#~` message as
///   `.noValue("obsolete (#~)…")`. The header entry is not a message and is not counted.
/// - A template (`.pot`) has no translations: its msgids are measured as the source language (`plural.0` is the
///   msgid, `plural.1` the msgid_plural, as English has them), without state or source text.
struct GettextCatalogBuilder {
    let file: String
    let locale: String
    let isTemplate: Bool
    let header: GettextHeader
    let charset: GettextCharset
    private(set) var document = CatalogDocument(format: .gettext)

    init(file: String, locale: String, isTemplate: Bool, header: GettextHeader, charset: GettextCharset) {
        self.file = file
        self.locale = locale
        self.isTemplate = isTemplate
        self.header = header
        self.charset = charset
    }

    /// Adds one message's entries, or the records of why (some of) its forms are skipped.
    mutating func add(_ message: GettextMessage) {
        literalPercent = message.isNotFormatString
        braceFormat = message.isBraceFormat
        // Named fields are numbered by the msgid, so that every form numbers a name alike.
        bracePositions = braceFormat ? PythonBraceFormat.namedPositions(in: charset.decode(message.id) ?? "") : [:]
        let key = self.key(context: message.context, id: message.id)
        guard key.valid, let id = charset.decode(message.id) else {
            skip(key.text, at: message.position, .malformed("the msgid is not valid \(charset.name)"))
            return
        }
        let idPlural = message.idPlural.flatMap { charset.decode($0) }
        if message.idPlural != nil && idPlural == nil {
            skip(key.text, at: message.position, .malformed("the msgid_plural is not valid \(charset.name)"))
            return
        }
        if isTemplate {
            if let idPlural {
                // Each at its own (empty) msgstr[N] line when the template has one.
                let second = message.formPositions.count > 1 ? message.formPositions[1] : message.position
                entry(key.text, variant: "plural.0", text: id, at: message.position)
                entry(key.text, variant: "plural.1", text: idPlural, at: second)
            } else {
                entry(key.text, variant: "", text: id, at: message.position)
            }
            return
        }
        guard let first = message.forms.first, !first.isEmpty else {
            skip(key.text, at: message.position, .noValue("untranslated (empty msgstr)"))
            return
        }
        let state = message.isFuzzy ? "fuzzy" : "translated"
        guard let idPlural else {
            guard let text = charset.decode(first) else {
                skip(key.text, at: message.position, .malformed("the msgstr is not valid \(charset.name)"))
                return
            }
            entry(key.text, variant: "", text: text, at: message.position, state: state, sourceText: id)
            return
        }
        let count = header.pluralCount ?? message.forms.count
        if message.forms.count > count {
            skip(
                key.text, at: message.formPositions[count],
                .malformed(
                    "msgstr[\(count)] is out of range: the "
                        + "header's Plural-Forms says nplurals=\(count) (msgstr[0]…msgstr[\(count - 1)])"))
            return
        }
        for index in 0..<count {
            let variant = "plural.\(index)"
            guard index < message.forms.count else {
                skip(
                    key.text, variant: variant, at: message.position,
                    .noValue(
                        "no msgstr[\(index)] (the header's "
                            + "Plural-Forms says nplurals=\(count))"))
                continue
            }
            let position = message.formPositions[index]
            guard !message.forms[index].isEmpty else {
                skip(key.text, variant: variant, at: position, .noValue("empty msgstr[\(index)]"))
                continue
            }
            guard let text = charset.decode(message.forms[index]) else {
                skip(
                    key.text, variant: variant, at: position,
                    .malformed("msgstr[\(index)] is not valid \(charset.name)"))
                continue
            }
            let sourceText = index == 0 && count > 1 ? id : idPlural
            entry(key.text, variant: variant, text: text, at: position, state: state, sourceText: sourceText)
        }
    }

    /// Records an obsolete `#~` message.
    mutating func addObsolete(context: [UInt8]?, id: [UInt8]?, at position: SourcePosition) {
        skip(
            key(context: context, id: id ?? []).text, at: position,
            .noValue("obsolete (#~): no longer in the program's sources"))
    }

    /// Records a message that breaks the grammar.
    mutating func addBroken(context: [UInt8]?, id: [UInt8]?, at position: SourcePosition, message: String) {
        skip(key(context: context, id: id ?? []).text, at: position, .malformed(message))
    }

    /// The entry key of a message, and whether its bytes were valid in the charset (if not, the key is shown with
    /// replacement characters, for the skipped record).
    private func key(context: [UInt8]?, id: [UInt8]) -> (text: String, valid: Bool) {
        var bytes = id
        if let context { bytes = context + [0x04] + id }
        if let text = charset.decode(bytes) { return (text, true) }
        return (String(decoding: bytes, as: UTF8.self), false)
    }

    /// Whether the message being added is not a format string: its `%` are text, written `%%` in the entry (the
    /// catalog model's printf form) so that the placeholder expander shows them as they are.
    private var literalPercent = false
    /// Whether the message being added is flagged `python-brace-format`: its `{name}` fields become printf
    /// placeholders (`PythonBraceFormat`), measured with the project's samples.
    private var braceFormat = false
    /// The positions of the message's named `{…}` fields, from its msgid.
    private var bracePositions: [String: Int] = [:]

    private mutating func entry(
        _ key: String, variant: String, text: String, at position: SourcePosition,
        state: String? = nil, sourceText: String? = nil
    ) {
        func shown(_ text: String) -> String {
            if braceFormat, text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }),
                let printf = PythonBraceFormat.printfForm(text, percentIsText: literalPercent, named: bracePositions)
            {
                return printf
            }
            return literalPercent && text.utf8.contains(UInt8(ascii: "%")) ? MessageFormatSamples.literal(text) : text
        }
        document.entries.append(
            CatalogEntry(
                file: file, locale: locale, key: key, variant: variant, text: shown(text),
                position: position, state: state, sourceText: sourceText.map(shown)))
    }

    private mutating func skip(
        _ key: String, variant: String = "", at position: SourcePosition,
        _ reason: SkippedEntry.Reason
    ) {
        document.skipped.append(
            SkippedEntry(
                file: file, locale: locale, key: key, variant: variant,
                position: position, reason: reason))
    }
}
