/// The single pass of `GettextParser` over a `.po` file: lines, keywords, strings, comments, in file order.
///
/// A `.po` file is a list of messages, each a run of lines: comments (`#` translator, `#.` extracted, `#:`
/// reference, `#,` flags, `#|` previous), then `msgctxt`, `msgid`, `msgid_plural`, and `msgstr` or `msgstr[0]`,
/// `msgstr[1]`… in that order, each keyword followed by a string and by any number of lines that are only strings
/// (joined). Obsolete messages have the same lines behind `#~ `. The scanner works on the bytes of each line (every
/// syntax character is ASCII) and reports per message:
///
/// - `.message`: a complete message (msgid and at least one msgstr), its strings unescaped, `#, fuzzy` noted.
/// - `.obsolete`: a `#~` message, which the builder skips and counts.
/// - `.broken`: a message that breaks the grammar, with the first problem's line and column and what it is: a bad
///   string (`POStringLiteral`), a keyword out of order (`msgstr` without `msgid`, `msgstr` where a plural message
///   needs `msgstr[0]`, `msgstr[2]` after `msgstr[0]`), or a line that is none of the above. After a problem the
///   scanner passes over lines until one starts the next message (`msgctxt` or `msgid` where the broken one already
///   had its own, a comment after a `msgstr`, or a blank line), so one broken message costs only itself, as in
///   gettext's own reader, which reports every error and reads on.
///
/// Lines end at LF, CR or CRLF, as `SourcePositionTracker` counts them; positions are asked for in increasing order,
/// so the whole file costs one extra pass for them. The scanner borrows `text` (it lives inside
/// `withUnsafeBufferPointer`).
struct POFileScanner {
    /// What the scanner found, in file order.
    enum Item: Sendable, Hashable {
        case message(GettextMessage)
        /// A `#~` message: what of its key was read, and where it starts.
        case obsolete(context: [UInt8]?, id: [UInt8]?, position: SourcePosition)
        /// A message that cannot be used: what of its key was read, where the problem is, and what it is.
        case broken(context: [UInt8]?, id: [UInt8]?, position: SourcePosition, message: String)
    }

    private let text: UnsafeBufferPointer<UInt8>
    private var tracker = SourcePositionTracker()
    private var items: [Item] = []
    private var pending = Pending()

    /// The message being read.
    private struct Pending {
        enum Field { case context, id, idPlural, form }
        var context: [UInt8]?
        var id: [UInt8]?
        var idPlural: [UInt8]?
        var forms: [[UInt8]] = []
        var formPositions: [SourcePosition] = []
        var isFuzzy = false
        /// Format flags met on its `#,` lines.
        var formatFlags: FormatFlags = []
        var isObsolete = false
        /// The string that continuation lines add to.
        var last: Field?
        /// Whether the `msgctxt` and `msgid` keywords were met (even when their strings were broken).
        var sawContext = false
        var sawID = false
        /// Where the `msgctxt` and `msgid` keywords are (for "no msgid", "no msgstr").
        var contextPosition: SourcePosition?
        var idPosition: SourcePosition?
        var problem: (position: SourcePosition, message: String)?

        var hasKeywords: Bool { sawContext || sawID || last != nil || problem != nil }
    }

    init(text: UnsafeBufferPointer<UInt8>) {
        self.text = text
    }

    /// Reads the whole file.
    mutating func scan() -> [Item] {
        var lineStart = 0
        // A UTF-8 byte-order mark is not part of the first line.
        if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { lineStart = 3 }
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count && text[lineEnd] != 0x0A && text[lineEnd] != 0x0D { lineEnd += 1 }
            scanLine(from: lineStart, to: lineEnd)
            lineStart = lineEnd
            if lineStart < text.count && text[lineStart] == 0x0D { lineStart += 1 }
            if lineStart < text.count && text[lineStart] == 0x0A { lineStart += 1 }
        }
        finish()
        return items
    }

    // MARK: - Lines

    private mutating func scanLine(from start: Int, to end: Int) {
        var index = start
        while index < end && (text[index] == 0x20 || text[index] == 0x09) { index += 1 }
        guard index < end else {
            if pending.forms.count > 0 || pending.problem != nil { finish() }
            return
        }
        if text[index] == UInt8(ascii: "#") {
            if index + 1 < end && text[index + 1] == UInt8(ascii: "~") {
                var rest = index + 2
                while rest < end && (text[rest] == 0x20 || text[rest] == 0x09) { rest += 1 }
                // `#~|` is the previous msgid of an obsolete message: a comment. `#~` alone is nothing.
                if rest == end || text[rest] == UInt8(ascii: "|") {
                    if rest < end { commentLine() }
                    return
                }
                contentLine(from: rest, to: end, obsolete: true)
                return
            }
            commentLine()
            if index + 1 < end && text[index + 1] == UInt8(ascii: ",") {
                readFlags(from: index + 2, to: end)
            }
            return
        }
        contentLine(from: index, to: end, obsolete: false)
    }

    /// A comment ends a message that has its msgstr: comments belong to the message after them.
    private mutating func commentLine() {
        if pending.forms.count > 0 || pending.problem != nil { finish() }
    }

    /// The format flags of a message that matter here.
    struct FormatFlags: OptionSet {
        let rawValue: UInt8
        static let formats = FormatFlags(rawValue: 1)
        static let doesNotFormat = FormatFlags(rawValue: 2)
        /// `python-brace-format`: `{name}` fields are placeholders (and, without a `%` flag, `%` is text).
        static let braceFormat = FormatFlags(rawValue: 4)
    }

    /// Reads the flags of a `#,` line (comma-separated words): `fuzzy`, whether it says the message is (`c-format`,
    /// `python-format`) or is not (`no-c-format`, `no-python-format`) a format string for `%` directives, and
    /// whether its `{…}` fields are Python's (`python-brace-format`).
    private mutating func readFlags(from start: Int, to end: Int) {
        var index = start
        while index < end {
            while index < end && (text[index] == 0x20 || text[index] == 0x09 || text[index] == UInt8(ascii: ",")) {
                index += 1
            }
            let wordStart = index
            while index < end && text[index] != 0x20 && text[index] != 0x09 && text[index] != UInt8(ascii: ",") {
                index += 1
            }
            let word = UnsafeBufferPointer(rebasing: text[wordStart..<index])
            if word.elementsEqual("fuzzy".utf8) {
                pending.isFuzzy = true
            } else if word.elementsEqual("c-format".utf8) || word.elementsEqual("python-format".utf8) {
                pending.formatFlags.insert(.formats)
            } else if word.elementsEqual("no-c-format".utf8) || word.elementsEqual("no-python-format".utf8) {
                pending.formatFlags.insert(.doesNotFormat)
            } else if word.elementsEqual("python-brace-format".utf8) {
                pending.formatFlags.insert(.braceFormat)
            }
        }
    }

    /// A line of keyword and string, or of strings only (from `start`, its first non-blank byte).
    private mutating func contentLine(from start: Int, to end: Int, obsolete: Bool) {
        if text[start] == UInt8(ascii: "\"") {
            continuation(from: start, to: end, obsolete: obsolete)
            return
        }
        var wordEnd = start
        while wordEnd < end && isKeywordByte(text[wordEnd]) { wordEnd += 1 }
        let word = UnsafeBufferPointer(rebasing: text[start..<wordEnd])
        if word.elementsEqual("msgctxt".utf8) {
            // A msgctxt always starts a message: it ends the one before, if any. The flags and comments just read
            // (`#, fuzzy`) are this message's, so a pending message with no keyword yet is kept.
            if pending.hasKeywords { finish() }
            pending.isObsolete = obsolete
            pending.sawContext = true
            pending.contextPosition = tracker.position(at: start, in: text)
            keyword(.context, from: wordEnd, to: end)
        } else if word.elementsEqual("msgid".utf8) {
            // A msgid continues only a message that has its msgctxt and nothing after it.
            if pending.sawID || !pending.forms.isEmpty || (pending.problem != nil && !pending.sawContext) { finish() }
            if pending.hasKeywords {
                guard admits(obsolete: obsolete, at: start) else { return }
            } else {
                pending.isObsolete = obsolete
            }
            pending.sawID = true
            pending.idPosition = tracker.position(at: start, in: text)
            keyword(.id, from: wordEnd, to: end)
        } else if word.elementsEqual("msgid_plural".utf8) {
            guard admits(obsolete: obsolete, at: start) else { return }
            if pending.id == nil || pending.idPlural != nil || !pending.forms.isEmpty {
                fail(
                    at: start,
                    pending.id == nil
                        ? "msgid_plural without a msgid before it"
                        : pending.idPlural != nil ? "a second msgid_plural" : "msgid_plural after msgstr")
                return
            }
            keyword(.idPlural, from: wordEnd, to: end)
        } else if word.elementsEqual("msgstr".utf8) {
            guard admits(obsolete: obsolete, at: start) else { return }
            if wordEnd < end && text[wordEnd] == UInt8(ascii: "[") {
                pluralForm(keywordAt: start, bracket: wordEnd, end: end)
                return
            }
            if pending.id == nil {
                fail(at: start, "msgstr without a msgid before it")
            } else if pending.idPlural != nil {
                fail(at: start, "msgstr in a message with msgid_plural, which needs msgstr[0], msgstr[1]…")
            } else if !pending.forms.isEmpty {
                fail(at: start, "a second msgstr for the same msgid")
            } else {
                keyword(.form, from: wordEnd, to: end)
            }
        } else {
            garbage(at: start)
        }
    }

    /// `msgstr[N]`, its `[` at `bracket`.
    private mutating func pluralForm(keywordAt start: Int, bracket: Int, end: Int) {
        var index = bracket + 1
        var number = 0
        while index < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
            number = min(number * 10 + Int(text[index] - UInt8(ascii: "0")), 1 << 20)
            index += 1
        }
        guard index > bracket + 1, index < end, text[index] == UInt8(ascii: "]") else {
            let found = UnsafeBufferPointer(rebasing: text[start..<min(end, index + 1)])
            fail(
                at: bracket,
                "expected msgstr[N] with a number N, found "
                    + CatalogExcerpt.quoted(String(decoding: found, as: UTF8.self)))
            return
        }
        if pending.id == nil {
            fail(at: start, "msgstr[\(number)] without a msgid before it")
        } else if pending.idPlural == nil {
            fail(
                at: start,
                "msgstr[\(number)] in a message without msgid_plural (a message without plural forms has "
                    + "one msgstr)")
        } else if number != pending.forms.count {
            fail(
                at: start,
                "plural form has wrong index: expected msgstr[\(pending.forms.count)], found "
                    + "msgstr[\(number)]")
        } else {
            keyword(.form, from: index + 1, to: end)
        }
    }

    /// Whether a keyword line may go on the pending message: an obsolete line does not continue a live message, nor
    /// the other way round (that is a problem of the pending message).
    private mutating func admits(obsolete: Bool, at offset: Int) -> Bool {
        guard pending.hasKeywords, obsolete != pending.isObsolete else { return true }
        fail(
            at: offset,
            obsolete
                ? "an obsolete (#~) line inside a message that is not obsolete"
                : "a line without #~ inside an obsolete message")
        return false
    }

    /// The string after a keyword, from `start` (just after the keyword) to the end of the line.
    private mutating func keyword(_ field: Pending.Field, from start: Int, to end: Int) {
        guard pending.problem == nil else { return }
        var index = start
        while index < end && (text[index] == 0x20 || text[index] == 0x09) { index += 1 }
        guard index < end, text[index] == UInt8(ascii: "\"") else {
            fail(
                at: index,
                "expected a string after the keyword, found "
                    + (index == end ? "the end of the line" : StringsSyntax.describe(text, at: index)))
            return
        }
        let position = tracker.position(at: index, in: text)
        var bytes: [UInt8] = []
        do {
            try POStringLiteral.read(text, from: index, to: end, into: &bytes)
        } catch {
            fail(at: error.offset, error.message)
            return
        }
        pending.last = field
        switch field {
        case .context: pending.context = bytes
        case .id: pending.id = bytes
        case .idPlural: pending.idPlural = bytes
        case .form:
            pending.forms.append(bytes)
            pending.formPositions.append(position)
        }
    }

    /// A line of strings only: more of the last keyword's string.
    private mutating func continuation(from start: Int, to end: Int, obsolete: Bool) {
        guard pending.problem == nil else { return }
        guard let field = pending.last else {
            fail(at: start, "a string without a keyword (msgctxt, msgid, msgid_plural or msgstr) before it")
            return
        }
        guard admits(obsolete: obsolete, at: start) else { return }
        var bytes: [UInt8] = []
        do {
            try POStringLiteral.read(text, from: start, to: end, into: &bytes)
        } catch {
            fail(at: error.offset, error.message)
            return
        }
        switch field {
        case .context: pending.context?.append(contentsOf: bytes)
        case .id: pending.id?.append(contentsOf: bytes)
        case .idPlural: pending.idPlural?.append(contentsOf: bytes)
        case .form: pending.forms[pending.forms.count - 1].append(contentsOf: bytes)
        }
    }

    /// A line that is no keyword, string or comment.
    private mutating func garbage(at start: Int) {
        if pending.forms.count > 0 { finish() }
        fail(
            at: start,
            "expected a keyword (msgctxt, msgid, msgid_plural, msgstr, msgstr[N]), a string or a "
                + "comment, found " + StringsSyntax.describe(text, at: start))
    }

    /// Records the pending message's first problem (later ones are consequences of it).
    private mutating func fail(at offset: Int, _ message: String) {
        guard pending.problem == nil else { return }
        pending.problem = (tracker.position(at: offset, in: text), message)
    }

    // MARK: - Messages

    /// Ends the pending message: an item for it, if it has begun.
    private mutating func finish() {
        defer { pending = Pending() }
        guard pending.hasKeywords else { return }
        let message = GettextMessage(
            context: pending.context, id: pending.id ?? [], idPlural: pending.idPlural, forms: pending.forms,
            formPositions: pending.formPositions, isFuzzy: pending.isFuzzy,
            isNotFormatString: !pending.formatFlags.contains(.formats)
                && !pending.formatFlags.intersection([.doesNotFormat, .braceFormat]).isEmpty,
            isBraceFormat: pending.formatFlags.contains(.braceFormat))
        if pending.isObsolete {
            items.append(
                .obsolete(
                    context: pending.context, id: pending.id,
                    position: pending.contextPosition ?? pending.idPosition
                        ?? pending.problem?.position ?? SourcePosition(line: 1, column: 1)))
        } else if let problem = pending.problem {
            items.append(
                .broken(
                    context: pending.context, id: pending.id, position: problem.position,
                    message: problem.message))
        } else if pending.id == nil {
            // Only a msgctxt: where the msgid should have been is the end of what was read.
            items.append(
                .broken(
                    context: pending.context, id: nil,
                    position: pending.contextPosition ?? SourcePosition(line: 1, column: 1),
                    message: "msgctxt without a msgid after it"))
        } else if pending.forms.isEmpty {
            items.append(
                .broken(
                    context: pending.context, id: pending.id,
                    position: pending.idPosition ?? SourcePosition(line: 1, column: 1),
                    message: pending.idPlural == nil
                        ? "msgid without a msgstr after it"
                        : "msgid_plural without msgstr[0] after it"))
        } else {
            items.append(.message(message))
        }
    }

    /// Keyword characters: letters, digits and `_`.
    private func isKeywordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
