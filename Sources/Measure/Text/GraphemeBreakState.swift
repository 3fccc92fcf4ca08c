/// The left context of the UAX #29 (Unicode 15.0) extended grapheme cluster rules GB3–GB999, advanced one scalar
/// at a time.
///
/// Unicode 15.0 has no GB9c (Indic conjunct linking arrived in 15.1), so the only rules that look further left than
/// one scalar are GB11 (emoji ZWJ sequences) and GB12/GB13 (regional indicator pairs).
struct GraphemeBreakState {
    /// Progress through GB11's `\p{Extended_Pictographic} Extend* ZWJ`.
    private enum PictographicSequence {
        /// Not inside an emoji sequence.
        case none
        /// After `\p{Extended_Pictographic} Extend*`.
        case pictographic
        /// After `\p{Extended_Pictographic} Extend* ZWJ`: a following pictograph joins the cluster.
        case joiner
    }

    /// Grapheme_Cluster_Break of the previous scalar.
    private var previous: GraphemeBreakProperty
    /// GB11 progress up to and including the previous scalar.
    private var sequence: PictographicSequence
    /// Whether the previous scalar ends a run of regional indicators of odd length (GB12, GB13).
    private var oddRegionalIndicators: Bool

    /// Starts at the first scalar of the text (GB1: a boundary precedes it).
    init(first properties: ScalarProperties) {
        previous = properties.graphemeBreak
        sequence = properties.isExtendedPictographic ? .pictographic : .none
        oddRegionalIndicators = previous == .regionalIndicator
    }

    /// Whether the previous scalar is Other and no emoji sequence is open: a following Other that is not
    /// pictographic then starts a new cluster (GB999) and leaves this state exactly as it is, so callers may skip
    /// `advance` for it.
    @inline(__always) var followsPlainOther: Bool { previous == .other && sequence == .none }

    /// Whether the previous scalar is Other, Extend or SpacingMark and no emoji sequence is open. These three are
    /// alike for every rule that reads `previous` (none of GB3–GB9b and GB12/13 names them), so a state that says
    /// one of them may stand for another: a following Other that is not pictographic starts a new cluster (GB999),
    /// an Extend or SpacingMark joins the cluster (GB9, GB9a), and either leaves the state standing for what it is
    /// now, so callers may skip `advance` for them.
    @inline(__always) var followsPlainCluster: Bool {
        (previous == .other || previous == .extend || previous == .spacingMark) && sequence == .none
    }

    /// Whether an extended grapheme cluster boundary precedes the next scalar; then moves past it.
    @inline(__always)
    mutating func advance(to properties: ScalarProperties) -> Bool {
        let next = properties.graphemeBreak
        // Most text: Other then Other that is not a pictograph. Only GB999 fires (GB9b needs Prepend, GB11 a ZWJ,
        // GB12/13 regional indicators), and the state resets.
        if next == .other && previous == .other && !properties.isExtendedPictographic {
            sequence = .none
            oddRegionalIndicators = false
            return true
        }
        let boundary = isBoundary(before: next, isPictographic: properties.isExtendedPictographic)
        if properties.isExtendedPictographic {
            sequence = .pictographic
        } else if sequence == .pictographic && next == .extend {
            sequence = .pictographic
        } else if sequence == .pictographic && next == .zwj {
            sequence = .joiner
        } else {
            sequence = .none
        }
        oddRegionalIndicators = next == .regionalIndicator && !(previous == .regionalIndicator && oddRegionalIndicators)
        previous = next
        return boundary
    }

    /// Applies GB3–GB999 in order to the pair `previous` / `next`.
    @inline(__always)
    private func isBoundary(before next: GraphemeBreakProperty, isPictographic: Bool) -> Bool {
        // GB3: CR × LF
        if previous == .cr && next == .lf { return false }
        // GB4: (Control | CR | LF) ÷
        if previous == .control || previous == .cr || previous == .lf { return true }
        // GB5: ÷ (Control | CR | LF)
        if next == .control || next == .cr || next == .lf { return true }
        switch (previous, next) {
        // GB6: L × (L | V | LV | LVT)
        case (.l, .l), (.l, .v), (.l, .lv), (.l, .lvt): return false
        // GB7: (LV | V) × (V | T)
        case (.lv, .v), (.lv, .t), (.v, .v), (.v, .t): return false
        // GB8: (LVT | T) × T
        case (.lvt, .t), (.t, .t): return false
        default: break
        }
        // GB9: × (Extend | ZWJ); GB9a: × SpacingMark
        if next == .extend || next == .zwj || next == .spacingMark { return false }
        // GB9b: Prepend ×
        if previous == .prepend { return false }
        // GB11: \p{Extended_Pictographic} Extend* ZWJ × \p{Extended_Pictographic}
        if sequence == .joiner && isPictographic { return false }
        // GB12, GB13: sot (RI RI)* RI × RI, [^RI] (RI RI)* RI × RI
        if previous == .regionalIndicator && next == .regionalIndicator && oddRegionalIndicators { return false }
        // GB999: Any ÷ Any
        return true
    }
}
