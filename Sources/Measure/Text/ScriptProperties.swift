/// The UAX #24 script data of one scalar, and the flags that decide whether text containing it can skip shaping.
///
/// The table stores them packed into 32 bits (`raw`): the Script raw value, an index into the generated list of
/// distinct Script_Extensions sets, four flags and the paired-bracket data. `scripts/generate-unicode-tables.py`
/// produces the packing and emits the field offsets and masks (`scriptShift`, `needsShapingMask`, …) into
/// `ScriptTables.generated.swift`, so the layout has one source. The script and the extension set are decoded once,
/// when `ScriptTable` builds its few hundred distinct values, and stored, so a lookup does no decoding.
struct ScriptProperties: Hashable, Sendable {
    /// The packed value, as stored in the generated table.
    let raw: UInt32
    /// The `Script` property value.
    let script: Script
    /// The `Script_Extensions` property value: the scripts the scalar is used with. A scalar ScriptExtensions.txt
    /// does not list has the set {`script`}, so U+0041 has {Latn} and U+0020 has {Zyyy}.
    let extensions: ScriptSet

    /// Unpacks `raw`, whose `extensions` field indexes `extensionSets`.
    ///
    /// - Precondition: `raw` comes from the generated table (its script field is below `Script.count` and its
    ///   extensions field below `extensionSets.count`).
    init(raw: UInt32, extensionSets: [ScriptSet]) {
        self.raw = raw
        script = Script(rawValue: UInt8(truncatingIfNeeded: raw >> Self.scriptShift & Self.scriptMask))
        extensions = extensionSets[Int(raw >> Self.extensionsShift & Self.extensionsMask)]
    }

    /// Whether `script` is in the scalar's Script_Extensions.
    @inline(__always) func extensionsContain(_ script: Script) -> Bool {
        extensions.contains(script)
    }

    /// The first script of the scalar's Script_Extensions as ScriptExtensions.txt lists it (alphabetically by
    /// ISO 15924 code, so Beng for U+0964 DEVANAGARI DANDA), or `script` when the file does not list the scalar.
    ///
    /// The UCD gives the order no meaning ("The ordering of the values in that set is not material"); it is simply
    /// a deterministic choice, the one the itemizer makes for a Common scalar that cannot join the current run.
    var firstExtension: Script {
        extensions.first ?? script
    }

    /// General_Category is Mn, Mc or Me: a combining mark, which HarfBuzz must position.
    @inline(__always) var isMark: Bool {
        raw >> Self.isMarkShift & Self.isMarkMask != 0
    }

    /// Bidi_Class is R, AL or AN, or one of the explicit formatting classes LRE, RLE, LRO, RLO, PDF, LRI, RLI, FSI,
    /// PDI: a paragraph containing the scalar needs the bidi algorithm (UAX #9) before shaping.
    @inline(__always) var needsBidi: Bool {
        raw >> Self.needsBidiShift & Self.needsBidiMask != 0
    }

    /// Line_Break is SA (Thai, Lao, Khmer, Myanmar, Tai Tham, …, as LineBreak.txt lists it, before UAX #14 LB1
    /// resolves it): lines break at word boundaries found with a dictionary.
    @inline(__always) var isSouthEastAsian: Bool {
        raw >> Self.isSouthEastAsianShift & Self.isSouthEastAsianMask != 0
    }

    /// The scalar must go through HarfBuzz: its script is not one of the simple scripts the fast path measures
    /// (Common, Inherited, Unknown, Latin, Greek, Cyrillic, Armenian, Georgian, Han, Hiragana, Katakana, Hangul,
    /// Bopomofo; the list and why it is that short are in the generator), or it `isMark`, `needsBidi`,
    /// `isSouthEastAsian`, or it is a Hangul conjoining jamo (U+1100 ᄀ and friends, which HarfBuzz's Hangul shaper
    /// composes into syllables), or U+200D ZERO WIDTH JOINER (HarfBuzz's ligatures look through it: `of‍fice` with a
    /// joiner inside is the `ffi` ligature there, 46.6421 pt in DejaVu Sans at 17, as Pango and Skia have it).
    @inline(__always) var needsShaping: Bool {
        raw >> Self.needsShapingShift & Self.needsShapingMask != 0
    }

    /// Bidi_Paired_Bracket_Type is Open (BidiBrackets.txt), such as `(`, `[`, `「`.
    @inline(__always) var isOpeningBracket: Bool {
        raw >> Self.bracketTypeShift & Self.bracketTypeMask == Self.bracketOpen
    }

    /// Bidi_Paired_Bracket_Type is Close (BidiBrackets.txt), such as `)`, `]`, `」`.
    @inline(__always) var isClosingBracket: Bool {
        raw >> Self.bracketTypeShift & Self.bracketTypeMask == Self.bracketClose
    }

    /// For a paired bracket, the number the two brackets of its pair share (below `bracketPairCount`); U+2329 and
    /// U+3008 share one, being canonically equivalent. Zero for other scalars, so test `isOpeningBracket` or
    /// `isClosingBracket` first.
    @inline(__always) var bracketPair: UInt8 {
        UInt8(truncatingIfNeeded: raw >> Self.bracketPairShift & Self.bracketPairMask)
    }
}
