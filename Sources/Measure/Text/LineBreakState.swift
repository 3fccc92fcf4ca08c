/// The left context of the UAX #14 (Unicode 15.0) pair rules LB4–LB31, advanced one scalar at a time.
///
/// UAX #14 states its rules on a string in which LB9 has already folded every `X (CM | ZWJ)*` into `X`. Instead
/// of rewriting the string, the state remembers the *base*: the effective class of the last scalar that did not
/// attach to its predecessor. A mark that attaches leaves the state as it was, so the rules after LB9 see the base
/// class, exactly as if the marks had been removed. The other fields carry the few rules that look further left:
/// the `X SP*` rules (LB8, LB14–LB17), LB21a, the numeric regex of LB25, and the regional indicator parity of LB30a.
///
/// Classes passed in are already resolved by LB1 and the options (`LineBreakClassResolver`).
struct LineBreakState {
    /// Progress through the tailored LB25 regex `NU (NU | SY | IS)* (CL | CP)?` (UAX #14 Example 7).
    private enum NumberContext: UInt8 {
        /// Not inside a number.
        case none
        /// After `NU (NU | SY | IS)*`.
        case digits
        /// After `NU (NU | SY | IS)* (CL | CP)`.
        case closed

        /// The context after a base of class `next`.
        func advanced(by next: LineBreakClass) -> NumberContext {
            switch next {
            case .NU: return .digits
            case .SY, .IS: return self == .digits ? .digits : .none
            case .CL, .CP: return self == .digits ? .closed : .none
            default: return .none
            }
        }
    }

    /// Class of the previous scalar as resolved by LB1, before LB9 and LB10 (LB4, LB5 and LB8a look at it).
    private var previous: LineBreakClass
    /// Effective class of the previous scalar: the class of the base its marks attached to (LB9), with an
    /// unattached mark counted as AL (LB10).
    private var base: LineBreakClass
    /// Effective class of the base before `base`, for LB21a. `SP` stands for "none": LB21a only looks for HL.
    private var baseBeforeBase: LineBreakClass
    /// Effective class of the last base that is not SP: the `X` of the `X SP*` rules. `SP` stands for start of
    /// text, since no rule has SP as its `X`.
    private var beforeSpaces: LineBreakClass
    /// Whether the base scalar has East_Asian_Width F, W or H (LB30 skips such CP).
    private var baseIsEastAsianWide: Bool
    /// Whether the base scalar is an unassigned Extended_Pictographic code point (LB30b).
    private var baseIsUnassignedPictographic: Bool
    /// LB25 progress up to and including the base.
    private var number: NumberContext
    /// Whether the base ends a run of regional indicators of odd length (LB30a).
    private var oddRegionalIndicators: Bool

    /// Every field in one word, a byte each: two states are the same exactly when these are (`Latin1BreakTable`
    /// numbers the states it reaches by them).
    var packed: UInt64 {
        UInt64(previous.rawValue) | UInt64(base.rawValue) << 8 | UInt64(baseBeforeBase.rawValue) << 16
            | UInt64(beforeSpaces.rawValue) << 24 | (baseIsEastAsianWide ? 1 << 32 : 0)
            | (baseIsUnassignedPictographic ? 1 << 40 : 0) | UInt64(number.rawValue) << 48
            | (oddRegionalIndicators ? 1 << 56 : 0)
    }

    /// Starts at the first scalar of the text, which LB2 never breaks before.
    init(first resolved: LineBreakClass, properties: ScalarProperties) {
        // LB10: a mark at the start of text has no base to attach to, so it is AL.
        let effective: LineBreakClass = resolved == .CM || resolved == .ZWJ ? .AL : resolved
        previous = resolved
        base = effective
        baseBeforeBase = .SP
        beforeSpaces = effective
        baseIsEastAsianWide = properties.isEastAsianWide
        baseIsUnassignedPictographic = properties.isUnassignedExtendedPictographic
        number = NumberContext.none.advanced(by: effective)
        oddRegionalIndicators = effective == .RI
    }

    /// Moves past a plain letter (resolved class AL, not East Asian wide (F, W, H), not pictographic: ASCII letters,
    /// and Latin, Greek, Cyrillic, Arabic, Thai… letters) when its answer needs no rule walk, and returns it; nil,
    /// with the state untouched, otherwise. After a letter (AL or HL) it is `.prohibited`:
    /// LB28, or LB8a after a ZWJ, and no earlier rule can fire with such a base. After SP (whose `before` is SP,
    /// as SP takes no marks) LB8 allows after ZW SP*, LB14 prohibits after OP SP*, and otherwise LB18 allows.
    @inline(__always) mutating func advancePlainLetter() -> BreakOpportunity? {
        let opportunity: BreakOpportunity
        if base == .AL || base == .HL {
            opportunity = .prohibited
        } else if base == .SP {
            opportunity = beforeSpaces == .OP ? .prohibited : .allowed
        } else {
            return nil
        }
        previous = .AL
        baseBeforeBase = base
        base = .AL
        beforeSpaces = .AL
        baseIsEastAsianWide = false
        baseIsUnassignedPictographic = false
        number = .none
        oddRegionalIndicators = false
        return opportunity
    }

    /// Moves past a combining mark (resolved class CM) that attaches to the base before it, and returns its answer,
    /// `.prohibited`; nil, with the state untouched, when the base takes no marks (BK, CR, LF, NL, SP, ZW: LB10 then
    /// makes the mark AL, and the rules run). This is `advance`'s LB9 case: the state goes on describing the base.
    @inline(__always) mutating func advanceAttachedMark() -> BreakOpportunity? {
        guard base.takesCombiningMarks else { return nil }
        previous = .CM
        return .prohibited
    }

    /// Moves past U+0020 when its answer needs no rule walk, and returns it: `.prohibited` (LB7) after anything but
    /// BK, CR, LF and NL, which LB4 and LB5 break after; nil, with the state untouched, after those.
    @inline(__always) mutating func advanceASCIISpace() -> BreakOpportunity? {
        guard !base.isHardBreak else { return nil }
        previous = .SP
        baseBeforeBase = base
        base = .SP
        // `beforeSpaces` keeps the last base that was not SP.
        baseIsEastAsianWide = false
        baseIsUnassignedPictographic = false
        number = .none
        oddRegionalIndicators = false
        return .prohibited
    }

    /// Whether the previous scalar is an ideograph (ID) that is its own base: then a following ID is a break
    /// opportunity, since nothing before LB31 fires for ID × ID unless a ZWJ comes between (LB8a).
    @inline(__always) var followsIdeograph: Bool { base == .ID && previous == .ID }

    /// Moves past an ID that follows an ideograph: exactly what `advance` does for it, whose answer is `.allowed`.
    @inline(__always) mutating func continueIdeograph(_ properties: ScalarProperties) {
        baseBeforeBase = .ID
        beforeSpaces = .ID
        baseIsEastAsianWide = properties.isEastAsianWide
        baseIsUnassignedPictographic = properties.isUnassignedExtendedPictographic
        number = .none
        oddRegionalIndicators = false
    }

    /// Decides the position before the next scalar and moves past it.
    ///
    /// - Parameters:
    ///   - resolved: The next scalar's class, resolved by LB1 and the options.
    ///   - properties: The next scalar's properties (East_Asian_Width for LB30, LB30b's unassigned flag).
    ///   - numberFollows: Whether the scalars after this one start with NU once marks are skipped. Only read when
    ///     `resolved` is OP or HY (the tailored LB25 lookahead).
    /// - Returns: The break opportunity between the previous scalar and this one.
    @inline(__always)
    mutating func advance(
        to resolved: LineBreakClass, properties: ScalarProperties, numberFollows: Bool
    ) -> BreakOpportunity {
        let before = previous
        previous = resolved
        let isMark = resolved == .CM || resolved == .ZWJ
        if isMark && base.takesCombiningMarks {
            // LB9: X (CM | ZWJ)* → X. The rules before LB9 cannot apply here (LB4–LB8 need a base of BK, CR, LF,
            // NL, SP or ZW, which take no marks; LB8a also prohibits), so the position is ×, and the state keeps
            // describing the base.
            return .prohibited
        }
        // LB10: a mark that did not attach is AL.
        let next: LineBreakClass = isMark ? .AL : resolved
        let opportunity =
            quickDecision(before: before, next: next)
            ?? decide(before: before, next: next, properties: properties, numberFollows: numberFollows)

        baseBeforeBase = base
        base = next
        if next != .SP { beforeSpaces = next }
        baseIsEastAsianWide = properties.isEastAsianWide
        baseIsUnassignedPictographic = properties.isUnassignedExtendedPictographic
        number = number.advanced(by: next)
        oddRegionalIndicators = next == .RI && !(baseBeforeBase == .RI && oddRegionalIndicators)
        return opportunity
    }

    /// The answer `decide` would give, for the pairs that make up most text, without walking the rules; nil for
    /// every other pair. Each case below is the first rule that fires for it in any context the state can be in:
    ///
    /// - BK, CR, LF and NL take no marks, so `before` is one of them only when `base` is the same class; with `base`
    ///   outside them LB4 and LB5 cannot fire. With `base` not SP, `beforeSpaces == base`, so LB8 and LB14–LB17 see
    ///   `base` itself.
    /// - (AL | HL) × (AL | HL): nothing before LB28 fires except LB8a, which also prohibits.
    /// - × SP after anything but BK, CR, LF, NL: LB7.
    /// - SP then AL, HL, ID or NU: LB8 allows (ZW SP*), LB14 prohibits after OP SP*, else LB18 allows.
    /// - × ID after anything but BK, CR, LF, NL, SP, ZW: LB8a prohibits after ZWJ; then only a rule about `base`
    ///   can fire — LB11 (WJ), LB12 (GL), LB14 (OP), LB19 (QU), LB21 (BB), LB23a (PR) prohibit, LB21a prohibits HY or BA
    ///   after HL — and otherwise LB31 (or LB20 after CB) allows.
    /// - × (CL | CP | EX | IS | SY) after anything but BK, CR, LF, NL, SP, ZW: LB8a, LB11 and LB12 prohibit too,
    ///   then LB13.
    /// - × (BA | HY | NS) after anything but BK, CR, LF, NL, SP, ZW and CB: every earlier rule that can fire
    ///   (LB8a, LB11, LB12, LB14, LB16, LB19) prohibits as LB21 does.
    @inline(__always)
    private func quickDecision(before: LineBreakClass, next: LineBreakClass) -> BreakOpportunity? {
        let baseIsLetter = base == .AL || base == .HL
        switch next {
        case .AL, .HL:
            if baseIsLetter { return .prohibited }
            if base == .SP { return beforeSpaces == .OP ? .prohibited : .allowed }
        case .ID:
            if base == .SP { return beforeSpaces == .OP ? .prohibited : .allowed }
            if base.isHardBreak || base == .ZW { return nil }
            if before == .ZWJ { return .prohibited }
            switch base {
            case .WJ, .GL, .OP, .QU, .BB, .PR: return .prohibited
            case .HY, .BA: return baseBeforeBase == .HL ? .prohibited : .allowed
            default: return .allowed
            }
        case .NU:
            if base == .SP { return beforeSpaces == .OP ? .prohibited : .allowed }
        case .SP:
            if !base.isHardBreak { return .prohibited }
        case .CL, .CP, .EX, .IS, .SY:
            if !base.isHardBreak && base != .SP && base != .ZW { return .prohibited }
        case .BA, .HY, .NS:
            if !base.isHardBreak && base != .SP && base != .ZW && base != .CB { return .prohibited }
        default:
            break
        }
        return nil
    }

    /// Applies LB4–LB31 in order (LB9 and LB10 already handled by `advance`) to the pair `base` / `next`.
    ///
    /// `before` is the previous scalar's class before LB9/LB10; `next` is the effective class of the next scalar.
    @inline(__always)
    private func decide(
        before: LineBreakClass, next: LineBreakClass, properties: ScalarProperties, numberFollows: Bool
    ) -> BreakOpportunity {
        // LB4: BK !
        if before == .BK { return .mandatory }
        // LB5: CR × LF, CR !, LF !, NL !
        if before == .CR { return next == .LF ? .prohibited : .mandatory }
        if before == .LF || before == .NL { return .mandatory }
        // LB6: × (BK | CR | LF | NL)
        switch next {
        case .BK, .CR, .LF, .NL: return .prohibited
        default: break
        }
        // LB7: × SP, × ZW
        if next == .SP || next == .ZW { return .prohibited }
        // LB8: ZW SP* ÷
        if beforeSpaces == .ZW { return .allowed }
        // LB8a: ZWJ ×
        if before == .ZWJ { return .prohibited }
        // LB11: × WJ, WJ ×
        if next == .WJ || base == .WJ { return .prohibited }
        // LB12: GL ×
        if base == .GL { return .prohibited }
        // LB12a: [^SP BA HY] × GL
        if next == .GL && base != .SP && base != .BA && base != .HY { return .prohibited }
        // LB13: × CL, × CP, × EX, × IS, × SY
        switch next {
        case .CL, .CP, .EX, .IS, .SY: return .prohibited
        default: break
        }
        // LB14: OP SP* ×
        if beforeSpaces == .OP { return .prohibited }
        // LB15: QU SP* × OP
        if beforeSpaces == .QU && next == .OP { return .prohibited }
        // LB16: (CL | CP) SP* × NS
        if (beforeSpaces == .CL || beforeSpaces == .CP) && next == .NS { return .prohibited }
        // LB17: B2 SP* × B2
        if beforeSpaces == .B2 && next == .B2 { return .prohibited }
        // LB18: SP ÷
        if base == .SP { return .allowed }
        // LB19: × QU, QU ×
        if next == .QU || base == .QU { return .prohibited }
        // LB20: ÷ CB, CB ÷
        if next == .CB || base == .CB { return .allowed }
        // LB21: × BA, × HY, × NS, BB ×
        switch next {
        case .BA, .HY, .NS: return .prohibited
        default: break
        }
        if base == .BB { return .prohibited }
        // LB21a: HL (HY | BA) ×
        if baseBeforeBase == .HL && (base == .HY || base == .BA) { return .prohibited }
        // LB21b: SY × HL
        if base == .SY && next == .HL { return .prohibited }
        // LB22: × IN
        if next == .IN { return .prohibited }
        // LB23: (AL | HL) × NU, NU × (AL | HL)
        if base.isAlphabetic && next == .NU || base == .NU && next.isAlphabetic { return .prohibited }
        // LB23a: PR × (ID | EB | EM), (ID | EB | EM) × PO
        if base == .PR && next.isIdeographicOrEmoji || base.isIdeographicOrEmoji && next == .PO {
            return .prohibited
        }
        // LB24: (PR | PO) × (AL | HL), (AL | HL) × (PR | PO)
        if base.isAffix && next.isAlphabetic || base.isAlphabetic && next.isAffix { return .prohibited }
        // LB25, tailored as in UAX #14 Example 7 (the form LineBreakTest.txt tests):
        //   (PR | PO) × (OP | HY)? NU
        //   (OP | HY) × NU
        //   NU (NU | SY | IS)* × (NU | SY | IS | CL | CP)      (includes NU × (NU | SY | IS))
        //   NU (NU | SY | IS)* (CL | CP)? × (PO | PR)
        if base.isAffix && (next == .NU || (next == .OP || next == .HY) && numberFollows) { return .prohibited }
        if (base == .OP || base == .HY) && next == .NU { return .prohibited }
        switch (number, next) {
        case (.digits, .NU), (.digits, .SY), (.digits, .IS), (.digits, .CL), (.digits, .CP): return .prohibited
        case (.digits, .PO), (.digits, .PR), (.closed, .PO), (.closed, .PR): return .prohibited
        default: break
        }
        // LB26: JL × (JL | JV | H2 | H3), (JV | H2) × (JV | JT), (JT | H3) × JT
        switch (base, next) {
        case (.JL, .JL), (.JL, .JV), (.JL, .H2), (.JL, .H3): return .prohibited
        case (.JV, .JV), (.JV, .JT), (.H2, .JV), (.H2, .JT): return .prohibited
        case (.JT, .JT), (.H3, .JT): return .prohibited
        default: break
        }
        // LB27: (JL | JV | JT | H2 | H3) × PO, PR × (JL | JV | JT | H2 | H3)
        if base.isKorean && next == .PO || base == .PR && next.isKorean { return .prohibited }
        // LB28: (AL | HL) × (AL | HL)
        if base.isAlphabetic && next.isAlphabetic { return .prohibited }
        // LB29: IS × (AL | HL)
        if base == .IS && next.isAlphabetic { return .prohibited }
        // LB30: (AL | HL | NU) × [OP - EastAsian], [CP - EastAsian] × (AL | HL | NU), where EastAsian is
        // East_Asian_Width F, W or H.
        if (base.isAlphabetic || base == .NU) && next == .OP && !properties.isEastAsianWide { return .prohibited }
        if base == .CP && !baseIsEastAsianWide && (next.isAlphabetic || next == .NU) { return .prohibited }
        // LB30a: sot (RI RI)* RI × RI, [^RI] (RI RI)* RI × RI
        if base == .RI && next == .RI && oddRegionalIndicators { return .prohibited }
        // LB30b: EB × EM, [\p{Extended_Pictographic} & \p{Cn}] × EM
        if next == .EM && (base == .EB || baseIsUnassignedPictographic) { return .prohibited }
        // LB31: ÷
        return .allowed
    }
}

extension LineBreakClass {
    /// Whether combining marks attach to this class under LB9: every class except BK, CR, LF, NL, SP and ZW.
    @inline(__always) fileprivate var takesCombiningMarks: Bool {
        switch self {
        case .BK, .CR, .LF, .NL, .SP, .ZW: return false
        default: return true
        }
    }

    /// BK, CR, LF or NL: the classes LB4 and LB5 break after.
    @inline(__always) fileprivate var isHardBreak: Bool {
        switch self {
        case .BK, .CR, .LF, .NL: return true
        default: return false
        }
    }

    /// AL or HL, the letters of LB23, LB24, LB28 and LB29.
    @inline(__always) fileprivate var isAlphabetic: Bool { self == .AL || self == .HL }

    /// ID, EB or EM (LB23a).
    @inline(__always) fileprivate var isIdeographicOrEmoji: Bool { self == .ID || self == .EB || self == .EM }

    /// PR or PO, the numeric prefixes and postfixes of LB24 and LB25.
    @inline(__always) fileprivate var isAffix: Bool { self == .PR || self == .PO }

    /// JL, JV, JT, H2 or H3, the Korean syllable blocks of LB27.
    @inline(__always) fileprivate var isKorean: Bool {
        switch self {
        case .JL, .JV, .JT, .H2, .H3: return true
        default: return false
        }
    }
}
