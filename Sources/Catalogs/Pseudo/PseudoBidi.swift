/// Android's `ar-XB` pseudo-localization of one text, following the rules of aapt2's `PseudoMethodBidi` (AOSP
/// `frameworks/base/tools/aapt2/compile/Pseudolocalizer.cpp`; its test expects `word` →
/// U+200F U+202E `word` U+202C U+200F). Written from those rules, not translated from that code:
///
/// every word — a maximal run of characters other than C-locale white space (space, tab, LF, VT, FF, CR) — is put
/// between RIGHT-TO-LEFT MARK + RIGHT-TO-LEFT OVERRIDE and POP DIRECTIONAL FORMATTING + RIGHT-TO-LEFT MARK, so each
/// word shows mirrored and the words run right to left, as a right-to-left translation would lay out; white space
/// is kept. Nothing inside a word changes, so placeholders (`%1$@` is part of its word), markup and decoded escapes
/// stay exactly as they were; the four marks are zero-width format characters.
enum PseudoBidi {
    static let wordStart = Array("\u{200F}\u{202E}".utf8)
    static let wordEnd = Array("\u{202C}\u{200F}".utf8)

    static func transform(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        var inWord = false
        for byte in text.utf8 {
            let space = PseudoAccent.isSpace(byte)
            if !space && !inWord { out.append(contentsOf: wordStart) }
            if space && inWord { out.append(contentsOf: wordEnd) }
            inWord = !space
            out.append(byte)
        }
        if inWord { out.append(contentsOf: wordEnd) }
        return String(decoding: out, as: UTF8.self)
    }
}
