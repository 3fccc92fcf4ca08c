/// A Unicode `Line_Break` property value as the line breaker sees it, after the UAX #14 LB1 resolution that
/// `scripts/generate-unicode-tables.py` applies when it builds the property table.
///
/// LB1 maps AI, SG and XX to AL, and SA to CM (general category Mn or Mc) or AL (anything else), so those four
/// values never reach the breaker and have no case here. CJ is kept, because whether it resolves to NS (strict, the
/// UAX #14 default) or ID (loose) is a `LineBreakOptions` choice made per call.
///
/// Case names are the UAX #14 short aliases, so the rules in `LineBreaker` read like the specification.
///
/// This file is the single source of truth for the numbering: the generator reads the `case XX = n` lines below
/// and packs exactly these raw values into `UnicodeTables.generated.swift`. Two layout promises are relied on:
/// every raw value is below 64 (six bits in the packed table), and the classes that options can rewrite (CJ and the
/// Hangul classes) come last, so the hot path needs a single comparison against `firstTailorable` to skip them.
// swift-format-ignore: AlwaysUseLowerCamelCase
// The cases keep UAX #14's own short aliases (see above).
enum LineBreakClass: UInt8, Sendable {
    // Non-tailorable classes (UAX #14 table 1).
    case BK = 0
    case CR = 1
    case LF = 2
    case NL = 3
    case SP = 4
    case ZW = 5
    case ZWJ = 6
    case CM = 7
    case WJ = 8
    case GL = 9
    // Break opportunities, punctuation and numeric context.
    case B2 = 10
    case BA = 11
    case BB = 12
    case HY = 13
    case CB = 14
    case CL = 15
    case CP = 16
    case EX = 17
    case IN = 18
    case NS = 19
    case OP = 20
    case QU = 21
    case IS = 22
    case NU = 23
    case PO = 24
    case PR = 25
    case SY = 26
    // Letters, ideographs and emoji.
    case AL = 27
    case HL = 28
    case ID = 29
    case EB = 30
    case EM = 31
    case RI = 32
    // Classes that `LineBreakOptions` may rewrite; they must stay last (see `firstTailorable`).
    case CJ = 33
    case H2 = 34
    case H3 = 35
    case JL = 36
    case JV = 37
    case JT = 38

    /// The lowest raw value of the option-dependent classes (CJ, H2, H3, JL, JV, JT).
    static let firstTailorable: UInt8 = LineBreakClass.CJ.rawValue
}
