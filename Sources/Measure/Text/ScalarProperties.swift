/// The Unicode properties the line and grapheme breakers need for one scalar.
///
/// The table stores them packed into 16 bits (`raw`). The packing is produced by
/// `scripts/generate-unicode-tables.py`, which also emits the field offsets and masks (`lineBreakShift`,
/// `graphemeBreakMask`, …) into `UnicodeTables.generated.swift`, so the layout has one source. Keeping every
/// property in one word means one table lookup per scalar serves both UAX #14 and UAX #29.
///
/// The two enum fields are decoded once, when `UnicodePropertyTable` builds its few dozen distinct values, and
/// stored: checking `init(rawValue:)` on every lookup cost about a tenth of the breaker's time.
struct ScalarProperties: Hashable, Sendable {
    /// The packed value, as stored in the generated table.
    let raw: UInt16
    /// The `Line_Break` class after the UAX #14 LB1 resolution (AI, SG, XX → AL; SA → CM or AL; CJ kept).
    let lineBreakClass: LineBreakClass
    /// The `Grapheme_Cluster_Break` property value (UAX #29).
    let graphemeBreak: GraphemeBreakProperty

    /// Unpacks `raw`.
    ///
    /// - Precondition: `raw` comes from the generated table, whose enum fields are raw values the generator read
    ///   from `LineBreakClass.swift` and `GraphemeBreakProperty.swift`.
    init(raw: UInt16) {
        self.raw = raw
        let lineBreak = UInt8(truncatingIfNeeded: raw >> Self.lineBreakShift & Self.lineBreakMask)
        let grapheme = UInt8(truncatingIfNeeded: raw >> Self.graphemeBreakShift & Self.graphemeBreakMask)
        guard let lineBreakClass = LineBreakClass(rawValue: lineBreak),
            let graphemeBreak = GraphemeBreakProperty(rawValue: grapheme)
        else { preconditionFailure("packed value \(raw) does not match the property enums; regenerate the table") }
        self.lineBreakClass = lineBreakClass
        self.graphemeBreak = graphemeBreak
    }

    /// `Extended_Pictographic` (emoji-data.txt), used by GB11.
    @inline(__always) var isExtendedPictographic: Bool {
        raw >> Self.extendedPictographicShift & Self.extendedPictographicMask != 0
    }

    /// `East_Asian_Width` is F, W or H; LB30 does not apply to such OP and CP.
    @inline(__always) var isEastAsianWide: Bool {
        raw >> Self.eastAsianWideShift & Self.eastAsianWideMask != 0
    }

    /// `Extended_Pictographic` and unassigned (gc = Cn): the reserved emoji code points of LB30b.
    @inline(__always) var isUnassignedExtendedPictographic: Bool {
        raw >> Self.unassignedExtendedPictographicShift & Self.unassignedExtendedPictographicMask != 0
    }

    /// `Default_Ignorable_Code_Point` (DerivedCoreProperties.txt): scalars that render invisibly when unsupported.
    @inline(__always) var isDefaultIgnorable: Bool {
        raw >> Self.defaultIgnorableShift & Self.defaultIgnorableMask != 0
    }

    /// `Emoji_Presentation` (emoji-data.txt): displayed as an emoji unless U+FE0E follows, so the measurer asks the
    /// cascade's colour fonts first.
    @inline(__always) var isEmojiPresentation: Bool {
        raw >> Self.emojiPresentationShift & Self.emojiPresentationMask != 0
    }
}
