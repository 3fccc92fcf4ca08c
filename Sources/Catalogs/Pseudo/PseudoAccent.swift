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
/// - Braces are ICU MessageFormat's, as aapt2 reads them: an argument `{name}` is kept between `»` and `«`
///   (`{count, plural, …}`'s keywords as written), and a message nested in one (`one {# item}`) is accented with its
///   own expansion; `'` makes the next character no brace.
enum PseudoAccent {
    static func transform(_ text: String, syntax: PlaceholderSyntax) -> String {
        var message = Message(capacity: text.utf8.count * 2 + 16)
        message.start()
        var source = text
        source.withUTF8 { bytes in
            // aapt2's `Pseudolocalizer::Text`: braces nest arguments and messages; text at an even depth is
            // accented (each nested message with its own expansion), an argument at an odd depth is kept, `»{…}«`
            // when it is one whole `{…}`. An apostrophe makes the next character no brace.
            var depth = 0
            var lastDepth = 0
            var lastPosition = 0
            var escaped = false
            for position in 0..<bytes.count {
                let byte = bytes[position]
                if escaped {
                    escaped = false
                    continue
                }
                if byte == UInt8(ascii: "'") {
                    escaped = true
                    continue
                }
                if byte == UInt8(ascii: "{") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") && depth > 0 {
                    depth -= 1
                }
                guard lastDepth != depth || position == bytes.count - 1 else { continue }
                let pseudo = lastDepth % 2 == 0
                let next = !pseudo || depth == lastDepth ? position + 1 : position
                message.append(UnsafeBufferPointer(rebasing: bytes[lastPosition..<next]), pseudo: pseudo, syntax)
                if pseudo && depth < lastDepth {
                    message.end()
                } else if !pseudo && depth > lastDepth {
                    message.start()
                }
                lastPosition = next
                lastDepth = depth
            }
            // What an apostrophe at the end left unwritten (aapt2 drops it; it is text).
            if lastPosition < bytes.count {
                message.append(
                    UnsafeBufferPointer(rebasing: bytes[lastPosition...]), pseudo: lastDepth % 2 == 0, syntax)
            }
        }
        while message.depth > 0 { message.end() }
        return String(decoding: message.out, as: UTF8.self)
    }

    /// aapt2's `PseudoMethodAccent` state: the output, the open messages, and the current message's counts.
    private struct Message {
        var out: [UInt8] = []
        var depth = 0
        var length = 0
        var words = 0

        init(capacity: Int) { out.reserveCapacity(capacity) }

        /// A message begins: `[` for the outermost, and its counts start again.
        mutating func start() {
            if depth == 0 { out.append(UInt8(ascii: "[")) }
            words = 0
            length = 0
            depth += 1
        }

        /// A message ends: its expansion after one space, and `]` for the outermost.
        mutating func end() {
            if length > 0 {
                out.append(UInt8(ascii: " "))
                PseudoAccent.appendExpansion(words > 3 ? length : length / 2, to: &out)
            }
            words = 0
            length = 0
            depth -= 1
            if depth == 0 { out.append(UInt8(ascii: "]")) }
        }

        /// A chunk: accented text (`pseudo`), a whole argument `{…}` between `»` and `«`, or other argument syntax
        /// as it is.
        mutating func append(_ chunk: UnsafeBufferPointer<UInt8>, pseudo: Bool, _ syntax: PlaceholderSyntax) {
            guard !chunk.isEmpty else { return }
            if pseudo {
                text(chunk, syntax: syntax)
            } else if chunk.first == UInt8(ascii: "{") && chunk.last == UInt8(ascii: "}") {
                out.append(contentsOf: PseudoAccent.placeholderOpen)
                out.append(contentsOf: chunk)
                out.append(contentsOf: PseudoAccent.placeholderClose)
            } else {
                out.append(contentsOf: chunk)
            }
        }

        /// Accents `bytes`, keeping format specifiers (bracketed) and markup, counting length and words.
        private mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, syntax: PlaceholderSyntax) {
            var lastWasSpace = true
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "%"), let spec = FormatSpecifier.parse(bytes, at: i, syntax: syntax) {
                    let specifier = UnsafeBufferPointer(rebasing: bytes[i..<i + spec.length])
                    if spec.isPlaceholder {
                        out.append(contentsOf: PseudoAccent.placeholderOpen)
                        out.append(contentsOf: specifier)
                        out.append(contentsOf: PseudoAccent.placeholderClose)
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
                let accented = byte < 0x80 ? PseudoAccent.accents[Int(byte)] : []
                if accented.isEmpty {
                    let space = PseudoAccent.isSpace(byte)
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

    static let placeholderOpen = Array("»".utf8)
    static let placeholderClose = Array("«".utf8)

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
