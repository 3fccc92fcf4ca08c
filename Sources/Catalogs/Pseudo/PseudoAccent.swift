/// Android's `en-XA` pseudo-localization of one text, following the rules of aapt2's `PseudoMethodAccent`
/// (AOSP `frameworks/base/tools/aapt2/compile/Pseudolocalizer.cpp`, with the expectations of its
/// `Pseudolocalizer_test.cpp`, e.g. `Hello, world` → `[Ĥéļļö, ŵöŕļð one two]`). Written from those rules, not
/// translated from that code:
///
/// - ASCII letters and `!`, `?`, `$` become the accented (or look-alike) characters of aapt2's table (`a` → `å`,
///   `B` → `β`, `x` → Cyrillic `х`, `$` → `€`; `F` has none and stays); every other character is kept.
/// - Format specifiers stay as written; a placeholder is put between `»` and `«` (`%1$d` → `»%1$d«`), `%%` and Java's
///   `%n` are kept bare. Markup that survived decoding (`<b>`, `</a>`, `<br/>`) and entity references (`&amp;`) are
///   kept as they are, as aapt2 keeps HTML. None of these counts towards the length.
/// - Expansion: the text's length is counted in UTF-8 bytes of everything else (aapt2 counts bytes, so a non-Latin
///   source grows more per character); words are counted where a character *without* an accented form follows
///   white space (aapt2's rule: a word made only of letters is not counted, so most texts count few words). With
///   more than three words the expansion is as long as the text, else half as long: that many characters of
///   aapt2's English number words (`one two three …`, its text kept verbatim, `fiveteen` included), extended to the
///   end of the word reached, repeated when longer, appended after one space.
/// - The whole text is bracketed: `[` … `]`.
enum PseudoAccent {
    static func transform(_ text: String, syntax: PlaceholderSyntax) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 2 + 16)
        out.append(UInt8(ascii: "["))
        var length = 0
        var words = 0
        var lastWasSpace = true
        var source = text
        source.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "%"), let spec = FormatSpecifier.parse(bytes, at: i, syntax: syntax) {
                    let specifier = UnsafeBufferPointer(rebasing: bytes[i..<i + spec.length])
                    if spec.isPlaceholder {
                        out.append(contentsOf: placeholderOpen)
                        out.append(contentsOf: specifier)
                        out.append(contentsOf: placeholderClose)
                    } else {
                        out.append(contentsOf: specifier)
                    }
                    i += spec.length
                    continue
                }
                if let end = PseudoMarkup.end(of: bytes, at: i) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i...end]))
                    i = end + 1
                    continue
                }
                let accented = byte < 0x80 ? accents[Int(byte)] : []
                if accented.isEmpty {
                    let space = isSpace(byte)
                    if lastWasSpace && !space { words += 1 }
                    lastWasSpace = space
                    out.append(byte)
                } else {
                    out.append(contentsOf: accented)
                }
                length += 1
                i += 1
            }
        }
        if length > 0 {
            out.append(UInt8(ascii: " "))
            appendExpansion(words > 3 ? length : length / 2, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// aapt2's expansion text, verbatim (its `kExpansionString`; the output must match what Android generates).
    static let expansionText = Array(
        ("one two three four five six seven eight nine ten eleven twelve thirteen "
            + "fourteen fiveteen sixteen seventeen nineteen twenty").utf8)

    /// Appends about `count` bytes of `expansionText`: its first `count` bytes continued to just before the next
    /// space found after position `count` (so only whole words, the word at `count` finished), the whole text and
    /// a space as many times as needed first when `count` is longer. As in aapt2, a `count` within the last word
    /// ends one byte short of the text's end (`…twent`).
    static func appendExpansion(_ count: Int, to out: inout [UInt8]) {
        let base = expansionText
        var count = max(0, count)
        while count > base.count {
            out.append(contentsOf: base)
            out.append(UInt8(ascii: " "))
            count -= base.count + 1
        }
        var end = count >= base.count ? base.count : base.count - 1
        if count + 1 < base.count, let space = base[(count + 1)...].firstIndex(of: UInt8(ascii: " ")) {
            end = space
        } else if count + 1 >= base.count {
            end = count
        }
        out.append(contentsOf: base[0..<end])
    }

    /// `isspace` in the C locale, as aapt2 tests it: space, tab, LF, VT, FF, CR.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static let placeholderOpen = Array("»".utf8)
    private static let placeholderClose = Array("«".utf8)

    /// The UTF-8 bytes each ASCII character becomes (empty: kept), aapt2's table.
    static let accents: [[UInt8]] = {
        let pairs: [(Character, Unicode.Scalar)] = [
            ("a", "\u{E5}"), ("b", "\u{253}"), ("c", "\u{E7}"), ("d", "\u{F0}"), ("e", "\u{E9}"), ("f", "\u{192}"),
            ("g", "\u{11D}"), ("h", "\u{125}"), ("i", "\u{EE}"), ("j", "\u{135}"), ("k", "\u{137}"),
            ("l", "\u{13C}"), ("m", "\u{1E3F}"), ("n", "\u{F1}"), ("o", "\u{F6}"), ("p", "\u{FE}"), ("q", "Q"),
            ("r", "\u{155}"), ("s", "\u{161}"), ("t", "\u{163}"), ("u", "\u{FB}"), ("v", "V"), ("w", "\u{175}"),
            ("x", "\u{445}"), ("y", "\u{FD}"), ("z", "\u{17E}"),
            ("A", "\u{C5}"), ("B", "\u{3B2}"), ("C", "\u{C7}"), ("D", "\u{D0}"), ("E", "\u{C9}"), ("G", "\u{11C}"),
            ("H", "\u{124}"), ("I", "\u{CE}"), ("J", "\u{134}"), ("K", "\u{136}"), ("L", "\u{13B}"),
            ("M", "\u{1E3E}"), ("N", "\u{D1}"), ("O", "\u{D6}"), ("P", "\u{DE}"), ("Q", "q"), ("R", "\u{154}"),
            ("S", "\u{160}"), ("T", "\u{162}"), ("U", "\u{DB}"), ("V", "\u{3BD}"), ("W", "\u{174}"),
            ("X", "\u{D7}"), ("Y", "\u{DD}"), ("Z", "\u{17D}"),
            ("!", "\u{A1}"), ("?", "\u{BF}"), ("$", "\u{20AC}"),
        ]
        var table = [[UInt8]](repeating: [], count: 128)
        for (ascii, accented) in pairs {
            table[Int(ascii.asciiValue!)] = Array(String(accented).utf8)
        }
        return table
    }()
}
