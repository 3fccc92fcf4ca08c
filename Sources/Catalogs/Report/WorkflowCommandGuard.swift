import TextCoding

/// Keeps a report printed to a CI log from holding a line the runner would take for a command, in the spelling of
/// the report's format.
///
/// GitHub Actions runs a line whose first characters after white space are `::` (`::error file=…::`,
/// `::stop-commands::`, which silences every later real command of the step) and reads `##[` anywhere in a line as
/// its older command syntax. A locale, key or text from a catalog may put either in a report, so each `::` that
/// starts a line (after any Unicode white space, which the runner trims: .NET's `TrimStart`) and each `##[` is
/// broken up:
/// - `text` (summary, CSV, Markdown): U+200B ZERO WIDTH SPACE before the `::` and between `##` and `[` — invisible,
///   and not white space to the runner;
/// - `json` (JSON, SARIF): `[` written `\u005B` and a line's first `:` `\u003A`, which a JSON reader reads back as
///   they were, so the data is unchanged. Such a line can only be inside a string: JSON escapes LF and CR there but
///   may leave NEL, LS and PS as they are, which a log reader takes for line ends;
/// - `xml` (JUnit): `[` written `&#91;` and a line's first `:` `&#58;`, which an XML reader reads back as they were.
///
/// It works on the UTF-8 bytes in one pass, eight at a time between the bytes that matter, and copies nothing when
/// nothing needs breaking up: reports of hundreds of megabytes go through it (a 182 MB JSON report spent 65 % of its
/// run in the scalar-by-scalar version this replaced, `perf record` of `measure catalog … --format json` over 604
/// gettext catalogs; byte by byte it took 0.35–0.44 s of that report, eight at a time 0.08 s).
package enum WorkflowCommandGuard {
    /// How a command's start is broken up.
    package enum Spelling: Sendable {
        case text, json, xml

        /// What goes between `##` and `[`, and what replaces `[`.
        var bracket: [UInt8] {
            switch self {
            case .text: Array("\u{200B}[".utf8)
            case .json: Array("\\u005B".utf8)
            case .xml: Array("&#91;".utf8)
            }
        }

        /// What replaces the first `:` of a line's `::`.
        var colon: [UInt8] {
            switch self {
            case .text: Array("\u{200B}:".utf8)
            case .json: Array("\\u003A".utf8)
            case .xml: Array("&#58;".utf8)
            }
        }
    }

    /// `text` with every command start broken up in `spelling`; `text` itself when it has none.
    package static func guarded(_ text: String, spelling: Spelling) -> String {
        var text = text
        let rewritten = text.withUTF8 { guarded($0, spelling: spelling) }
        return rewritten.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// The bytes of `utf8` with every command start broken up, or nil when there is none.
    static func guarded(_ utf8: UnsafeBufferPointer<UInt8>, spelling: Spelling) -> [UInt8]? {
        var out: [UInt8] = []
        var copied = 0  // bytes of `utf8` already in `out` (when it is in use)
        var changed = false
        var index = 0
        var atLineStart = true
        let count = utf8.count
        while index < count {
            if atLineStart {
                atLineStart = false
                let probe = afterWhiteSpace(utf8, from: index)
                if probe &+ 1 < count && utf8[probe] == 0x3A && utf8[probe &+ 1] == 0x3A {
                    begin(&out, changed: &changed, capacity: count)
                    out.append(contentsOf: utf8[copied..<probe])
                    out.append(contentsOf: spelling.colon)
                    copied = probe &+ 1
                    index = probe &+ 1
                    continue
                }
            }
            // Most bytes are none of `#`, LF, CR or the lead bytes of NEL, LS and PS: passed over eight at a time.
            index = Self.nextStop(utf8, from: index)
            guard index < count else { break }
            let byte = utf8[index]
            if byte == 0x23 && index &+ 2 < count && utf8[index &+ 1] == 0x23 && utf8[index &+ 2] == 0x5B {
                begin(&out, changed: &changed, capacity: count)
                out.append(contentsOf: utf8[copied..<(index &+ 2)])
                out.append(contentsOf: spelling.bracket)
                index &+= 3
                copied = index
                continue
            }
            let end = lineEndLength(utf8, at: index)
            if end > 0 {
                atLineStart = true
                index &+= end
            } else {
                index &+= 1
            }
        }
        guard changed else { return nil }
        out.append(contentsOf: utf8[copied..<count])
        return out
    }

    /// The index of the first byte at or after `index` that `mayMatter`, or `utf8.count`: eight bytes at a time
    /// (`ByteWord`) while none of them does, then byte by byte.
    @inline(__always)
    static func nextStop(_ utf8: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        let count = utf8.count
        guard index < count, let address = utf8.baseAddress else { return count }
        let base = UnsafeRawPointer(address)
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let stops =
                ByteWord.matches(of: 0x0A, in: word) | ByteWord.matches(of: 0x0D, in: word)
                | ByteWord.matches(of: 0x23, in: word) | ByteWord.matches(of: 0xC2, in: word)
                | ByteWord.matches(of: 0xE2, in: word)
            if stops != 0 { break }
            index &+= 8
        }
        while index < count && !mayMatter(utf8[index]) { index &+= 1 }
        return index
    }

    /// Whether the scan stops at `byte`: `#`, and the first bytes of the line ends (LF, CR; `C2` of NEL, `E2` of LS
    /// and PS).
    @inline(__always)
    private static func mayMatter(_ byte: UInt8) -> Bool {
        // Branch-free: JSON's bytes fall on both sides of any one test at random.
        let hits =
            (byte == 0x0A ? 1 : 0) | (byte == 0x0D ? 1 : 0) | (byte == 0x23 ? 1 : 0) | (byte == 0xC2 ? 1 : 0)
            | (byte == 0xE2 ? 1 : 0)
        return hits != 0
    }

    /// Starts the copy the first time something is broken up.
    private static func begin(_ out: inout [UInt8], changed: inout Bool, capacity: Int) {
        guard !changed else { return }
        changed = true
        out.reserveCapacity(capacity + 64)
    }

    /// The length of the line end at `index` for a log reader — LF, CR (alone or before LF: each ends a line, and an
    /// empty line between starts with nothing), NEL, LS, PS — or 0.
    static func lineEndLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = utf8[index]
        return byte == 0x0A || byte == 0x0D ? 1 : separatorLength(utf8, at: index)
    }

    /// The length of the line end beyond ASCII at `index` — NEL (`C2 85`), LS (`E2 80 A8`), PS (`E2 80 A9`) — or 0:
    /// what the guard and `EntryConstraint.allowedLines` both read in UTF-8.
    static func separatorLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = utf8[index]
        if byte == 0xC2 && index &+ 1 < utf8.count && utf8[index &+ 1] == 0x85 { return 2 }
        if byte == 0xE2 && index &+ 2 < utf8.count && utf8[index &+ 1] == 0x80
            && (utf8[index &+ 2] == 0xA8 || utf8[index &+ 2] == 0xA9)
        {
            return 3
        }
        return 0
    }

    /// The index after the white space (Unicode's White_Space, line ends excluded) that starts at `index`.
    static func afterWhiteSpace(_ utf8: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < utf8.count {
            let length = whiteSpaceLength(utf8, at: index)
            if length == 0 { return index }
            index &+= length
        }
        return index
    }

    /// The length of the white space that is not a line end at `index`, or 0: TAB, VT, FF, SPACE, U+00A0, U+1680,
    /// U+2000–U+200A, U+202F, U+205F, U+3000 (Unicode's White_Space, less LF, CR, NEL, LS and PS).
    static func whiteSpaceLength(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = utf8[index]
        if byte == 0x20 || byte == 0x09 || byte == 0x0B || byte == 0x0C { return 1 }
        if byte < 0xC2 { return 0 }
        let count = utf8.count
        if byte == 0xC2 { return index &+ 1 < count && utf8[index &+ 1] == 0xA0 ? 2 : 0 }
        guard index &+ 2 < count else { return 0 }
        let second = utf8[index &+ 1]
        let third = utf8[index &+ 2]
        switch byte {
        case 0xE1: return second == 0x9A && third == 0x80 ? 3 : 0  // U+1680
        case 0xE2:
            if second == 0x80 && (third <= 0x8A || third == 0xAF) && third >= 0x80 { return 3 }  // U+2000–200A, 202F
            return second == 0x81 && third == 0x9F ? 3 : 0  // U+205F
        case 0xE3: return second == 0x80 && third == 0x80 ? 3 : 0  // U+3000
        default: return 0
        }
    }
}
