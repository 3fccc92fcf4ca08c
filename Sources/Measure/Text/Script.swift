/// A value of the Unicode `Script` property (UAX #24): a writing system such as Latin or Arabic, or one of the three
/// values that are not one: Common (`Zyyy`, shared punctuation, digits, symbols), Inherited (`Zinh`, combining marks
/// that take the script of their base) and Unknown (`Zzzz`, unassigned code points).
///
/// The raw value indexes the list of every Script value of UCD 15.0 that `scripts/generate-unicode-tables.py`
/// writes into `ScriptTables.generated.swift`: Common 0, Inherited 1, Unknown 2, then the scripts in alphabetical
/// order of their ISO 15924 code (Adlam 3, Caucasian Albanian 4, …). Fixing the three non-scripts first makes
/// `isReal` one comparison; the alphabetical rest matches the order ScriptExtensions.txt lists sets in. The
/// generated file also declares a static for every value, named after the UCD's long name: `Script.latin`,
/// `.arabic`, `.han`, `.oldItalic`, `.signWriting`, ….
///
/// HarfBuzz takes a script as its ISO 15924 tag:
///
///     let hbScript = hb_script_from_iso15924_tag(Script.arabic.tag)  // HB_SCRIPT_ARABIC
///
/// The raw values are not stable across Unicode versions (a new script shifts the ones after it), so store
/// `iso15924`, never `rawValue`.
struct Script: Hashable, Sendable, CustomStringConvertible {
    /// The index of the value in the generated list of Script values (`Script.count` of them).
    let rawValue: UInt8

    /// The Script value with index `rawValue` in the generated list.
    ///
    /// - Precondition: `rawValue < Script.count` (checked in debug builds only: the generated statics and the
    ///   generated table are the only callers).
    @inline(__always) init(rawValue: UInt8) {
        assert(Int(rawValue) < Script.count, "Script raw value \(rawValue) is out of range")
        self.rawValue = rawValue
    }

    /// The Script value with ISO 15924 code `code`, such as `"Arab"`, or nil when UCD 15.0 has no such value.
    ///
    /// Letter case is ignored (`"arab"` and `"ARAB"` find Arabic), as HarfBuzz's `hb_script_from_string` does.
    /// `Hrkt` (Katakana_Or_Hiragana) is found although no code point has it: it is a Script value of the UCD.
    init?(iso15924 code: String) {
        var letters: [UInt8] = []
        for (position, byte) in code.utf8.enumerated() {
            let lower = byte | 0x20
            guard position < 4, lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z") else { return nil }
            letters.append(position == 0 ? lower & ~0x20 : lower)
        }
        guard letters.count == 4 else { return nil }
        let found: Int? = Script.iso15924Codes.withUTF8Buffer { codes in
            (0..<Script.count).first { index in (0..<4).allSatisfy { codes[4 * index + $0] == letters[$0] } }
        }
        guard let found else { return nil }
        self.init(rawValue: UInt8(found))
    }

    /// The four-letter ISO 15924 code, such as `"Latn"` or `"Zyyy"`.
    var iso15924: String {
        Script.iso15924Codes.withUTF8Buffer { codes in
            let start = 4 * Int(rawValue)
            return String(decoding: UnsafeBufferPointer(rebasing: codes[start..<start + 4]), as: UTF8.self)
        }
    }

    /// The ISO 15924 code as a big-endian four-byte tag (`'A' << 24 | 'r' << 16 | 'a' << 8 | 'b'` for Arabic), the
    /// form HarfBuzz's `hb_script_from_iso15924_tag` takes.
    var tag: UInt32 {
        Script.iso15924Codes.withUTF8Buffer { codes in
            let start = 4 * Int(rawValue)
            return codes[start..<start + 4].reduce(0) { $0 << 8 | UInt32($1) }
        }
    }

    /// Whether this is a writing system, that is neither Common, Inherited nor Unknown.
    @inline(__always) var isReal: Bool { rawValue > Script.unknown.rawValue }

    /// The ISO 15924 code.
    var description: String { iso15924 }
}
