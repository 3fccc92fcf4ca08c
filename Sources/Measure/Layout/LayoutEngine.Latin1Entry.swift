extension LayoutEngine {
    /// One Latin-1 scalar as the one-pass measures read it (`latin1SegmentMeasure`, `LineFitter.fitLatin1String`):
    /// what its cluster measures, how it kerns, and its break symbol, in 32 bytes.
    struct Latin1Entry: Sendable {
        /// Its advance in points in its cascade font (letter spacing included), as `latin1Widths`; 0 for a hard break.
        var width: Double
        /// Its font's bit in a segment's font set (`fontBits`) when it is visible, else 0.
        var fontBit: UInt64
        var glyph: UInt32
        /// `kernIndex * latin1KernStride`: where its row of `latin1Kerning` starts.
        var kernRow: UInt32
        /// Its row and column in `latin1Kerning`: the scalar itself in the font that kerns, else a column of zeros.
        /// (The matrix is 0 for every control, so hard breaks kern against nothing, as `applyFeatures` has it.)
        var kernIndex: UInt16
        var font: UInt8
        /// Its `realScript` (Latin for letters, 0 for Common).
        var script: UInt8
        /// Its symbol in `Latin1BreakTable` (with the table's `looksAhead` bit), for the one-pass fit.
        var breakSymbol: UInt8
        /// `usable`, `visible`, `startsLigature` and `hardBreak` bits.
        var flags: UInt8

        /// The one-pass measures take it: a visible scalar, the space, or a hard break (a tab, a control and the
        /// soft hyphen go to the general path).
        static let usable: UInt8 = 1
        /// Its cluster kind is `ClusterKind.visible`.
        static let visible: UInt8 = 2
        /// Some pair starting with it has its bit in `latin1LigaturePairs`.
        static let startsLigature: UInt8 = 4
        /// U+000A–U+000D or U+0085 (`LayoutEngine.isHardBreak`): no width, and no kerning glyph at a segment's edge.
        static let hardBreak: UInt8 = 8

        @inline(__always) var isUsable: Bool { flags & Self.usable != 0 }
        @inline(__always) var isVisible: Bool { flags & Self.visible != 0 }
        @inline(__always) var startsLigature: Bool { flags & Self.startsLigature != 0 }
        @inline(__always) var isHardBreak: Bool { flags & Self.hardBreak != 0 }
    }
}
