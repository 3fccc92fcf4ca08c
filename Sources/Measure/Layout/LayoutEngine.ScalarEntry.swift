extension LayoutEngine {
    /// One scalar as the one-pass measures read it (`latin1SegmentMeasure`, `LineFitter.fitLatin1String`,
    /// `LineFitter.fitOnePass`): what its cluster measures, how it kerns, and its break symbol, in 32 bytes. The
    /// engine holds the 256 of Latin-1 (`latin1Entries`); a session makes the others as its text meets them
    /// (`OnePassTables`, `makeScalarEntry`).
    struct ScalarEntry: Sendable {
        /// Its advance in points in its cascade font (letter spacing included), as `latin1Widths` or the scalar memo
        /// have it; 0 for a hard break.
        var width: Double
        /// Its font's bit in a segment's font set (`fontBits`) when it is visible, else 0.
        var fontBit: UInt64
        var glyph: UInt32
        /// `kernIndex * latin1KernStride`: where its row of `latin1Kerning` starts.
        var kernRow: UInt32
        /// Its row and column in `latin1Kerning`: a Latin-1 scalar of the font that kerns Latin-1 is itself there;
        /// every other scalar reads a row and a column of zeros, and a pair with a scalar beyond Latin-1 is looked up
        /// in its font instead (`kernsByLookup`). (The matrix is 0 for every control, so hard breaks kern against
        /// nothing, as `applyFeatures` has it.)
        var kernIndex: UInt16
        var font: UInt8
        /// Its `realScript` (0 for Common and Inherited).
        var script: UInt8
        /// Its symbol in `Latin1BreakTable` and in the session's `LineBreakAutomaton`, which number the Latin-1
        /// symbols alike (with the tables' `looksAhead` bit).
        var breakSymbol: UInt8
        /// `usable`, `visible`, `startsLigature`, `hardBreak`, `kernsByLookup`, `walkable`, `made` and
        /// `startsAnyLigature` bits.
        var flags: UInt8
        /// Whether its glyph may be the right glyph of a kerning pair of its font (`KerningTable.kernsAsRight`): when
        /// false, a pair ending with it is not looked up (the lookup would give 0). Most ideographs of Noto Sans CJK.
        var kernsAsRight: Bool
        /// The font a line ending with it keeps for kerning the next segment against it: `font` when that font kerns
        /// (`LayoutEngine.kerns`), else `SegmentMeasure.noFont` — what the run loop stores as it is, without looking
        /// the font up or choosing (this byte was padding). A session's entries (`makeScalarEntry`) also have no font
        /// where the glyph is the left glyph of no pair (`KerningTable.kernsAsLeft`): every pair after it is 0, so
        /// the next segment's pair is not looked up; the Latin-1 entries keep `font` wherever the font kerns, as
        /// `LineFitter.placeAfterOnePass` needs: the line's last font it stores must be the one `Latin1Sum.measure`
        /// gives the segment.
        var lineFont: UInt8

        /// The one-pass measures take it: a visible scalar, a space, or a hard break, that needs no shaping and that
        /// a font maps (a tab, a control, a default-ignorable, a scalar to shape or with no glyph goes to the general
        /// path).
        static let usable: UInt8 = 1
        /// Its cluster kind is `ClusterKind.visible`.
        static let visible: UInt8 = 2
        /// A Latin-1 scalar some pair of Latin-1 scalars starting with which has its bit in `latin1LigaturePairs`.
        static let startsLigature: UInt8 = 4
        /// `LayoutEngine.isHardBreak`: no width, and no kerning glyph at a segment's edge.
        static let hardBreak: UInt8 = 8
        /// Beyond Latin-1, in a font that kerns: pairs with it are looked up in the font (`LayoutEngine.kerning`),
        /// not read from the Latin-1 matrix.
        static let kernsByLookup: UInt8 = 16
        /// The one-pass fit of a whole string may walk it: it is a grapheme cluster of its own whatever surrounds it
        /// (Grapheme_Cluster_Break Other, LV, LVT, Control, CR or LF; CR × LF aside), it asks for no dictionary and
        /// no bidi (`LayoutEngine.hints(of:)` is 0), and it is not a default-ignorable with a script of its own (whose
        /// script the general path's `previousScript` would see). Every Latin-1 entry has it.
        static let walkable: UInt8 = 32
        /// A session's entry that has been made (its other bits are then meaningful); entries not yet made are 0.
        static let made: UInt8 = 64
        /// Visible, in a font whose ligatures apply, and its glyph begins some ligature of that font
        /// (`OpenTypeFeatures.ligatureMayStartAny`), whatever scalar follows (`startsLigature` knows Latin-1 pairs
        /// only).
        static let startsAnyLigature: UInt8 = 128

        @inline(__always) var isUsable: Bool { flags & Self.usable != 0 }
        @inline(__always) var isVisible: Bool { flags & Self.visible != 0 }
        @inline(__always) var startsLigature: Bool { flags & Self.startsLigature != 0 }
        @inline(__always) var isHardBreak: Bool { flags & Self.hardBreak != 0 }
        @inline(__always) var isWalkable: Bool { flags & Self.walkable != 0 }
    }
}
