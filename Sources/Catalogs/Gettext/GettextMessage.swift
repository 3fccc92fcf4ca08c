/// One message of a gettext catalog as read from a `.po` or `.mo` file, before its strings are decoded from the
/// file's charset: what `POFileScanner` and `MOFileReader` both produce, so that `GettextCatalogBuilder` turns the two
/// formats into entries by the same rules (a `.mo` compiled from a `.po` gives the same entries).
///
/// The strings are bytes in the file's charset (the header's `Content-Type: …; charset=`), escapes already decoded:
/// a `\x` or octal escape is a byte in that charset, as gettext reads it, so decoding waits until the header is known.
struct GettextMessage: Sendable, Hashable {
    /// `msgctxt`, or nil when the message has none (an empty `msgctxt ""` is a context, distinct from none).
    var context: [UInt8]?
    var id: [UInt8]
    /// `msgid_plural`, or nil for a message without plural forms.
    var idPlural: [UInt8]?
    /// `msgstr`, or `msgstr[0]`, `msgstr[1]`… in order.
    var forms: [[UInt8]]
    /// Where each form's text starts (its first `"`; for a `.mo`, the message's number, see `SourcePosition`).
    var formPositions: [SourcePosition]
    /// `#, fuzzy`.
    var isFuzzy = false
    /// The flags say the program does not format it with `%` (`no-c-format`, `no-python-format` or
    /// `python-brace-format`, and neither `c-format` nor `python-format`): its `%` are shown as written (GNU gettext
    /// manual, "Special Comments preceding Keywords").
    var isNotFormatString = false
    /// `#, python-brace-format`: the `{name}` fields of `str.format` are placeholders (`PythonBraceFormat`). A `.mo`
    /// keeps no flags, so this is never set for one.
    var isBraceFormat = false

    /// The header entry: the message with an empty msgid and no context (gettext's `is_header`).
    var isHeader: Bool { context == nil && id.isEmpty }

    /// Where the message's value starts: its first form's position.
    var position: SourcePosition { formPositions.first ?? SourcePosition(line: 1, column: 1) }
}
