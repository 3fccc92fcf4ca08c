/// Flattens the HTML an Android string keeps as text (in a CDATA section, or written with entities) to the text
/// `Html.fromHtml` would show.
///
/// Translators wrap markup in `<![CDATA[…]]>` so that aapt2 keeps the tags as text (AntennaPod ko
/// `synchronization_login_status` = `<i>%1$s</i> … <br/><br/>…`); the app renders it with `Html.fromHtml`. Which
/// strings are HTML is decided on the compiled string (`isHTML`). To measure what the user sees, it does what
/// Android's `HtmlToSpannedConverter` does in `FROM_HTML_MODE_LEGACY` (what `Html.fromHtml(String)` and most
/// `HtmlCompat` calls use; AOSP `android/text/Html.java`):
/// - text: each space or line feed becomes one space unless the text so far ends in a space or a line feed, or is
///   empty (`characters`) — so a `\n` escape, which aapt2 made a line feed, is a space, as on the device;
/// - `<br>`: a line feed; a block — `<p>`, `<div>`, `<ul>`, `<li>`, `<blockquote>`, `<h1>`…`<h6>` — starts and ends
///   with line feeds up to two at the end of the text (`appendNewlines(text, 2)`, none at its very start);
/// - other tags are removed, their content kept; entities (`&amp; &lt; &gt; &quot; &apos; &nbsp;`, `&#N;`, `&#xN;`)
///   are decoded, and a decoded space or line feed is white space as above. A `<` that does not start a tag and an
///   unknown entity stay as written.
/// What the size of a line depends on beyond its text is not modelled: a heading's larger size, a bullet's or a
/// quote's leading margin, an image.
enum AndroidHTML {
    /// The visible text of `html`.
    ///
    /// - Complexity: O(n): the `>` that closes a tag is searched for once per `>`, not once per `<` (a text of
    ///   many `<a` and no `>` would otherwise be scanned to its end from every one of them).
    static func flatten(_ html: String) -> String {
        let scalars = Array(html.unicodeScalars)
        var output = String.UnicodeScalarView()
        var closer = CloserSearch()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let end = tagEnd(in: scalars, from: index, closer: &closer) {
                switch tag(scalars[(index + 1)..<end]) {
                case .lineBreak: output.append("\n")
                case .block: appendNewlines(&output, upTo: 2)
                case .other: break
                }
                index = end + 1
            } else if scalar == "&", let (decoded, next) = entity(in: scalars, from: index) {
                appendCharacter(decoded, to: &output)
                index = next
            } else {
                appendCharacter(scalar, to: &output)
                index += 1
            }
        }
        return String(output)
    }

    /// `HtmlToSpannedConverter.characters` for one character: a space or a line feed is one space, and none after
    /// a space, a line feed or at the start.
    private static func appendCharacter(_ scalar: Unicode.Scalar, to output: inout String.UnicodeScalarView) {
        guard scalar == " " || scalar == "\n" else {
            output.append(scalar)
            return
        }
        if let last = output.last, last != " ", last != "\n" { output.append(" ") }
    }

    /// `HtmlToSpannedConverter.appendNewlines`: line feeds added until the text ends in `count` of them; nothing
    /// for an empty text.
    private static func appendNewlines(_ output: inout String.UnicodeScalarView, upTo count: Int) {
        guard !output.isEmpty else { return }
        let existing = output.reversed().prefix { $0 == "\n" }.count
        for _ in existing..<max(existing, count) { output.append("\n") }
    }

    /// What a tag does to the text.
    private enum TagEffect {
        case lineBreak, block, other
    }

    /// The effect of the tag whose inside (between `<` and `>`) is `inside`: `<br>` (a start tag: its end tag adds
    /// nothing), a block's start or end tag, or anything else.
    private static func tag(_ inside: ArraySlice<Unicode.Scalar>) -> TagEffect {
        var name = ""
        let isEnd = inside.first == "/"
        for scalar in inside.dropFirst(isEnd ? 1 : 0) {
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else { break }
            name.unicodeScalars.append(scalar)
        }
        switch name.lowercased() {
        case "br": return isEnd ? .other : .lineBreak
        case "p", "div", "ul", "li", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6": return .block
        default: return .other
        }
    }

    /// The tags `Html.fromHtml` renders (Android's `HtmlToSpannedConverter.handleStartTag`).
    static let knownTags: Set<String> = [
        "a", "b", "big", "blockquote", "br", "cite", "del", "dfn", "div", "em", "font", "h1", "h2", "h3", "h4", "h5",
        "h6", "i", "img", "li", "p", "s", "small", "span", "strike", "strong", "sub", "sup", "tt", "u", "ul",
    ]

    /// Whether the compiled string `text` is HTML for `Html.fromHtml`: it holds a tag of `knownTags`
    /// (`containsTag`) or an entity `flatten` decodes (`&amp;`, `&#8230;`), which no app shows as written. It is
    /// decided on the compiled string, not on how the file spells it: aapt2 compiles `<![CDATA[<b>x</b>]]>` and
    /// `&lt;b&gt;x&lt;/b&gt;` to the same string, and `<![CDATA[<no name>]]>` and `&lt;no name&gt;` to the same
    /// `<no name>`, which the app can only show one way — here as written, as `getString` gives it (a real
    /// thunderbird-android string, `Using key: <![CDATA[<no name>]]>`, was measured as `Using key: ` when CDATA
    /// alone made a string HTML).
    static func isHTML(_ text: String) -> Bool {
        containsTag(text) || containsEntity(text)
    }

    /// Whether `text` holds an entity `flatten` decodes: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`,
    /// `&#N;` or `&#xN;` naming a scalar.
    static func containsEntity(_ text: String) -> Bool {
        // Asked of every Android string: most hold no `&`, and are answered without a copy.
        guard text.utf8.contains(UInt8(ascii: "&")) else { return false }
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while let ampersand = scalars[index...].firstIndex(of: "&") {
            if entity(in: scalars, from: ampersand) != nil { return true }
            index = ampersand + 1
        }
        return false
    }

    /// Whether `text` holds a start or end tag of `knownTags` (`<b>`, `</a>`, `<br/>`, `<a href=…>`): HTML kept as
    /// text without CDATA (written with entities), which the app renders with `Html.fromHtml` as it does CDATA's.
    /// A `<` before anything else (`a < b`, `<3`, `<name>` of no known tag), a known name not closed by `>`, or one
    /// followed by words that are no attributes (`<U destinatariu …>`) is not a tag.
    static func containsTag(_ text: String) -> Bool {
        /// For each byte offset, the offsets of the next `>`, the next `=`, and the next byte that is not white
        /// space or `/` (the count when there is none): made once, backwards, when a known name is first met, so
        /// that each candidate is judged in constant time however many share one far `>`.
        var ahead: (close: [Int], equals: [Int], other: [Int])?
        func makeAhead(_ bytes: [UInt8]) -> (close: [Int], equals: [Int], other: [Int]) {
            var close = [Int](repeating: bytes.count, count: bytes.count + 1)
            var equals = close, other = close
            for index in bytes.indices.reversed() {
                let byte = bytes[index]
                close[index] = byte == UInt8(ascii: ">") ? index : close[index + 1]
                equals[index] = byte == UInt8(ascii: "=") ? index : equals[index + 1]
                other[index] = [UInt8(ascii: "/"), 0x20, 0x09, 0x0A, 0x0D].contains(byte) ? other[index + 1] : index
            }
            return (close, equals, other)
        }
        /// Whether the tag whose name ends before `start` is closed by a `>` after nothing but white space and `/`
        /// (`<b>`, `<br />`) or after attributes, with a value (`<a href="x">`, `<font color=red>`): text between
        /// angle brackets that merely starts with a tag's name — Corsican `<U destinatariu hè scunnisciutu>` ("the
        /// recipient is unknown", written `&lt;U …&gt;` and shown by `getString`) — is no tag, and was measured as
        /// nothing.
        func hasTagEnd(_ bytes: [UInt8], after start: Int) -> Bool {
            if ahead == nil { ahead = makeAhead(bytes) }
            guard let ahead else { return false }
            let close = ahead.close[start]
            guard close < bytes.count else { return false }
            return ahead.other[start] >= close || ahead.equals[start] < close
        }
        let bytes = Array(text.utf8)
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            var cursor = open + 1
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
            let nameStart = cursor
            while cursor < bytes.count, cursor - nameStart < 11,
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[cursor] | 0x20)
                    || (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[cursor])
            {
                cursor += 1
            }
            if cursor > nameStart, cursor < bytes.count,
                [UInt8(ascii: ">"), UInt8(ascii: "/"), 0x20, 0x09, 0x0A].contains(bytes[cursor]),
                knownTags.contains(String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()),
                hasTagEnd(bytes, after: cursor)
            {
                return true
            }
            index = open + 1
        }
        return false
    }

    /// The index of the `>` closing the tag that starts at `start`, when a tag starts there (`<` then a letter,
    /// `/` or `!`).
    private static func tagEnd(in scalars: [Unicode.Scalar], from start: Int, closer: inout CloserSearch) -> Int? {
        guard start + 1 < scalars.count else { return nil }
        let next = scalars[start + 1]
        guard next.properties.isAlphabetic || next == "/" || next == "!" else { return nil }
        return closer.next(in: scalars, after: start)
    }

    /// The next `>` after a position, remembered. `flatten` asks with increasing positions, and no `>` lies between
    /// a position and the `>` found for it, so the answer holds until the position passes it: all searches of one
    /// text together read it once.
    private struct CloserSearch {
        /// The last `>` found (`scalars.count` when there is none further on), -1 before the first search.
        var found = -1

        mutating func next(in scalars: [Unicode.Scalar], after start: Int) -> Int? {
            if found <= start {
                found = scalars[(start + 1)...].firstIndex(of: ">") ?? scalars.count
            }
            return found < scalars.count ? found : nil
        }
    }

    /// The character an entity at `start` stands for and the index after its `;`.
    private static func entity(in scalars: [Unicode.Scalar], from start: Int) -> (Unicode.Scalar, Int)? {
        guard let semicolon = scalars[(start + 1)...].prefix(12).firstIndex(of: ";") else { return nil }
        let name = String(String.UnicodeScalarView(scalars[(start + 1)..<semicolon]))
        let value: UInt32?
        switch name {
        case "amp": value = 0x26
        case "lt": value = 0x3C
        case "gt": value = 0x3E
        case "quot": value = 0x22
        case "apos": value = 0x27
        case "nbsp": value = 0xA0
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst(), radix: 10)
            } else {
                value = nil
            }
        }
        guard let value, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, semicolon + 1)
    }
}
