/// Finds line break opportunities (UAX #14, Unicode 15.0) and extended grapheme cluster boundaries (UAX #29,
/// Unicode 15.0) in one forward pass over a scalar buffer.
///
/// Wrapping text to a width needs to know where a line may end. This type follows the specification rule by rule
/// (`LineBreakState` and `GraphemeBreakState` cite the rule numbers), is checked against every case of
/// `LineBreakTest.txt` and `GraphemeBreakTest.txt`, and puts the deliberate deviations (tailorings) in
/// `LineBreakOptions`.
///
/// ```swift
/// let scalars = Array("Hello, world".unicodeScalars)
/// let breaks = LineBreaker.breakOpportunities(in: scalars, options: .measurer)
/// LineBreaker.notation(for: scalars, breaks: breaks)
/// // "× 0048 × 0065 × 006C × 006C × 006F × 002C × 0020 ÷ 0077 × 006F × 0072 × 006C × 0064 ÷"
/// ```
///
/// Performance notes: `analyze` is the hot path. It writes into caller-owned memory, allocates nothing, and per
/// scalar does one three-stage table lookup and two small state-machine steps (`LineBreakState`,
/// `GraphemeBreakState`) made of integer comparisons. The only lookahead is the LB25 check after OP or HY, which
/// skips combining marks to the next base. The array-based functions are conveniences for tests and tools.
public enum LineBreaker {
    /// Mask of the `BreakOpportunity` raw value in a flags byte.
    static var opportunityMask: UInt8 { 0b011 }
    /// Flag bit set when an extended grapheme cluster boundary is at the position.
    static var graphemeBoundaryFlag: UInt8 { 0b100 }

    /// Writes the break opportunity and grapheme boundary of every position of `scalars` into `flags`.
    ///
    /// `flags[i]` describes the position before `scalars[i]`; `flags[0]` is the start and `flags[n]` the end of
    /// text. Its low two bits are a `BreakOpportunity` raw value and bit 2 (`graphemeBoundaryFlag`) marks an
    /// extended grapheme cluster boundary. `flags[0]` is prohibited (LB2) and `flags[n]` mandatory (LB3), both
    /// grapheme boundaries (GB1, GB2). Mandatory breaks (LB4, LB5) sit after the BK, CR, LF or NL. Empty text gets
    /// `flags[0] == 0`: there is nothing to break or to cluster.
    ///
    /// - Parameters:
    ///   - scalars: Unicode scalar values. Values above U+10FFFF are treated as U+10FFFF.
    ///   - options: The tailoring; `.uax14` reproduces `LineBreakTest.txt`.
    ///   - flags: Caller-owned output with `scalars.count + 1` elements.
    /// - Complexity: O(n), no allocation.
    static func analyze(
        _ scalars: UnsafeBufferPointer<UInt32>, options: LineBreakOptions, into flags: UnsafeMutableBufferPointer<UInt8>
    ) {
        precondition(flags.count == scalars.count + 1, "flags needs one element per position (scalars.count + 1)")
        guard let first = scalars.first else {
            flags[0] = BreakOpportunity.prohibited.rawValue
            return
        }
        let resolver = LineBreakClassResolver(options: options)
        let keepsGraphemeClusters = options.keepsGraphemeClusters
        let firstProperties = resolver.properties(of: first)
        var line = LineBreakState(first: resolver.lineBreakClass(of: firstProperties), properties: firstProperties)
        var grapheme = GraphemeBreakState(first: firstProperties)
        // LB2: sot ×. GB1: sot ÷.
        flags[0] = BreakOpportunity.prohibited.rawValue | graphemeBoundaryFlag
        var index = 1
        while index < scalars.count {
            let scalar = scalars[index]
            // Fast paths for ASCII letters and spaces after a plain Other cluster (so GB999 makes a boundary and the
            // grapheme state stays as it is): `LineBreakState.advancePlainLetter` and `advanceASCIISpace` give the
            // answer the rules give, or nil where they must run.
            if scalar < 0x80 && grapheme.followsPlainOther {
                let quick: BreakOpportunity?
                if Self.isASCIILetter(scalar) {
                    quick = line.advancePlainLetter()
                } else if scalar == 0x20 {
                    quick = line.advanceASCIISpace()
                } else {
                    quick = nil
                }
                if let quick {
                    flags[index] = quick.rawValue | graphemeBoundaryFlag
                    index += 1
                    continue
                }
            }
            let properties = resolver.properties(of: scalar)
            let resolved = resolver.lineBreakClass(of: properties)
            // The same fast path for the letters beyond ASCII (Latin-1 and Extended, Greek, Cyrillic, Arabic, Thai and
            // the other SA scripts, resolved to AL by LB1): Grapheme_Cluster_Break Other after a plain cluster starts
            // a cluster and keeps the grapheme state standing for what it is (GB999, `followsPlainCluster`), and a
            // letter that is AL, not East Asian wide and not pictographic is what `advancePlainLetter` is written for.
            // And for the marks on such letters (Thai vowels and tone marks, Arabic harakat, Latin accents: CM,
            // Extend or SpacingMark): inside the cluster (GB9, GB9a) and attached to the base (LB9).
            if grapheme.followsPlainCluster && !properties.isExtendedPictographic {
                let graphemeBreak = properties.graphemeBreak
                if resolved == .AL && graphemeBreak == .other && !properties.isEastAsianWide,
                    let quick = line.advancePlainLetter()
                {
                    flags[index] = quick.rawValue | graphemeBoundaryFlag
                    index += 1
                    continue
                }
                if resolved == .CM && (graphemeBreak == .extend || graphemeBreak == .spacingMark),
                    let quick = line.advanceAttachedMark()
                {
                    flags[index] = quick.rawValue
                    index += 1
                    continue
                }
            }
            // Fast path for runs of ideographs: ID after ID (no ZWJ between) is allowed (LB31, see
            // `LineBreakState.continueIdeograph`) and, both being plain Other, a cluster boundary.
            if resolved == .ID && line.followsIdeograph && grapheme.followsPlainOther
                && properties.graphemeBreak == .other && !properties.isExtendedPictographic
            {
                line.continueIdeograph(properties)
                flags[index] = BreakOpportunity.allowed.rawValue | graphemeBoundaryFlag
                index += 1
                continue
            }
            let numberFollows =
                (resolved == .OP || resolved == .HY) && resolver.startsWithNumber(scalars, from: index + 1)
            var opportunity = line.advance(to: resolved, properties: properties, numberFollows: numberFollows)
            let isBoundary = grapheme.advance(to: properties)
            // Mandatory breaks follow BK, CR, LF and NL, which are all Control, CR or LF for UAX #29 (GB4), so only
            // `allowed` can fall inside a cluster.
            if keepsGraphemeClusters && !isBoundary && opportunity == .allowed {
                opportunity = .prohibited
            }
            flags[index] = opportunity.rawValue | (isBoundary ? graphemeBoundaryFlag : 0)
            index += 1
        }
        // LB3: ! eot. GB2: ÷ eot.
        flags[scalars.count] = BreakOpportunity.mandatory.rawValue | graphemeBoundaryFlag
    }

    /// A–Z or a–z: Line_Break AL, Grapheme_Cluster_Break Other, not pictographic, East_Asian_Width Na.
    @inline(__always)
    private static func isASCIILetter(_ scalar: UInt32) -> Bool {
        (scalar | 0x20) &- 0x61 < 26
    }
}
