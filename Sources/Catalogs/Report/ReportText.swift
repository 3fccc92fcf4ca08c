/// Spelling helpers the catalog reports share, so that a number, a label or a one-line excerpt reads the same in
/// every format.
package enum ReportText {
    /// A finite `value` as a JSON number, exactly: integral values below 10¹⁵ without a fraction (`17`), others in
    /// Swift's shortest spelling that reads back as the same double (`196.38964843750003`). JSON has no NaN or
    /// infinity, so those become `null` instead of trapping or writing invalid JSON.
    static func jsonNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `value` rounded to at most two decimals, trailing zeros dropped (`196.39`, `17`, `0.5`): the human formats'
    /// spelling of points, where the exact double is noise.
    static func points(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// A width `value` a text needs, rounded *up* to hundredths (`126.072265625` → `126.08`, `17` → `17`): what a
    /// budget says must be a width that fits, and `points` rounds half the widths below what they need
    /// (`--width 126.07` overflowed the row that said "needs 126.07").
    static func pointsUp(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        // The nearest hundredth when it is not below the value, else the next one up: `(value × 100).rounded(.up)`
        // alone would take 1.1 (110.00000000000001 hundredths) to 1.11.
        let nearest = (value * 100).rounded()
        let up = nearest / 100 >= value ? nearest / 100 : (nearest + 1) / 100
        return points(up)
    }

    /// A width ratio as `×1.35`.
    static func growth(_ value: Double) -> String { "×" + points(value) }

    /// `count` and `noun`, plural unless the count is one: `1 file`, `3 files`, `2 entries` (`plural` defaults to
    /// `noun` + `s`).
    static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// How a locale tag is shown in text formats; an entry whose locale is not known has an empty tag.
    /// Closed where it ends (`bidiClosed`): a catalog names its own locale (`@@locale`, a folder), and one ending in
    /// U+202E reversed the rest of a summary line ("2 overflows in 2 locales: de‮, en").
    static func localeLabel(_ tag: String) -> String { tag.isEmpty ? "(no locale)" : bidiClosed(tag) }

    /// How a locale is shown with its pseudo marker: `en-XA (pseudo)` for a locale `--pseudo` generated.
    static func localeLabel(_ tag: String, pseudo: Bool) -> String {
        localeLabel(tag) + (pseudo ? " (pseudo)" : "")
    }

    /// An entry's locale as shown, marked when `--pseudo` generated the entry.
    static func localeLabel(_ entry: CatalogEntry) -> String {
        localeLabel(entry.locale, pseudo: entry.pseudo != nil)
    }

    /// `LOCALE: "KEY" [VARIANT]`, the key on one line and shortened as the summary's, each part closed where it ends
    /// (`bidiClosed`): how SARIF's and GitHub's messages about an entry that was not measured name it.
    static func entryMention(locale: String, key: String, variant: String) -> String {
        let shortKey = shortened(oneLine(key), to: CatalogTerminalSummary.textLimit)
        return localeLabel(locale) + ": \"" + bidiClosed(shortKey) + "\""
            + (variant.isEmpty ? "" : " [\(bidiClosed(variant))]")
    }

    /// `key [variant] @AX3`: the entry's key with its variant and content size when it has them.
    static func entryLabel(key: String, variant: String, contentSize: String?) -> String {
        // Each part closed where it ends (`bidiClosed`): an override in a key reverses nothing after it.
        var label = bidiClosed(key)
        if !variant.isEmpty { label += " [\(bidiClosed(variant))]" }
        if let contentSize { label += " @\(bidiClosed(contentSize))" }
        return label
    }

    /// `text` (lines of a report for a terminal or a CI log) with no line a CI runner would take for a command: each
    /// `::` that starts a line (after white space) and each `##[` broken up by U+200B ZERO WIDTH SPACE
    /// (`WorkflowCommandGuard`, whose other spellings keep a JSON or XML report's data as it is).
    package static func withoutWorkflowCommands(_ text: String) -> String {
        WorkflowCommandGuard.guarded(text, spelling: .text)
    }

    /// `text` on one line, safe to print to a terminal or a one-line cell: each hard line break (LF, CR, CRLF, NEL,
    /// LS, PS) becomes `⏎`, other C0 controls and DEL become their visible Control Pictures (U+2400…, so an ESC can
    /// never start a terminal escape sequence), and C1 controls become U+FFFD.
    static func oneLine(_ text: String) -> String {
        // Fast path: no C0 control or DEL, and no 0xC2/0xE2 lead byte (which start C1 controls, NEL, LS and PS).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) { return text }
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar.value == 0x0D }
            switch scalar.value {
            case 0x0A:
                if !previousWasCR { out.append("⏎") }
            case 0x0D, 0x85, 0x2028, 0x2029:
                out.append("⏎")
            case 0x00..<0x20:
                out.append(controlPicture(scalar))
            case 0x7F:
                out.append("\u{2421}")
            case 0x80..<0xA0:
                out.append("\u{FFFD}")
            default:
                out.append(scalar)
            }
        }
        return bidiClosed(String(out))
    }

    /// `text` with every directional embedding, override and isolate it opens and leaves open closed at its end
    /// (PDF U+202C for LRE, RLE, LRO and RLO; PDI U+2069 for LRI, RLI and FSI), as the Unicode Bidirectional Algorithm
    /// pairs them. Why: a translation holding U+202E RIGHT-TO-LEFT OVERRIDE would otherwise reverse the rest of its
    /// line in a bidi-aware viewer (a CI log, a rendered Markdown table) — the text after it, another column, the
    /// file name. The text itself shows as it would alone; nothing is added when it is balanced.
    static func bidiClosed(_ text: String) -> String {
        guard
            text.unicodeScalars.contains(where: {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            })
        else { return text }
        // true: an isolate (closed by PDI); false: an embedding or override (closed by PDF). Where each open isolate
        // is in `open`, so a PDI finds the last one without a scan (a text of many opened embeddings and as many PDIs
        // would otherwise cost the square of its length).
        var open: [Bool] = []
        var isolates: [Int] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append(false)
            case 0x2066, 0x2067, 0x2068:
                isolates.append(open.count)
                open.append(true)
            case 0x202C:
                // A PDF closes the last embedding, not across an isolate.
                if open.last == false { open.removeLast() }
            case 0x2069:
                // A PDI closes the last isolate and every embedding opened inside it; none open, it does nothing.
                if let isolate = isolates.popLast() { open.removeSubrange(isolate...) }
            default: break
            }
        }
        guard !open.isEmpty else { return text }
        var closed = text
        for isolate in open.reversed() { closed.unicodeScalars.append(isolate ? "\u{2069}" : "\u{202C}") }
        return closed
    }

    /// The visible Control Picture for a C0 control character (U+0000–U+001F → U+2400–U+241F).
    static func controlPicture(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
    }

    /// `text` cut to at most `limit` characters (grapheme clusters, so an emoji or accented letter is never split),
    /// ending in `…` when it was cut.
    static func shortened(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        var count = 0
        var index = text.startIndex
        while index != text.endIndex {
            if count == limit - 1 {
                // One character left: the rest fits only if it is exactly one more character.
                let next = text.index(after: index)
                return next == text.endIndex ? text : bidiClosed(String(text[..<index])) + "…"
            }
            count += 1
            index = text.index(after: index)
        }
        return text
    }
}
