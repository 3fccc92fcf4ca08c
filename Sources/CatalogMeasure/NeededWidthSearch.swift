import Measure

/// The least width at which a text fits, searched on a text measured once and fitted at many widths
/// (`PreparedText.layout(maxWidth:)`), never by measuring it again.
///
/// Why it can be exact: greedy line breaking takes no more lines at a larger width, and breaks a word between its
/// characters only at widths below that word's, so "fits" (this many lines, no word broken) holds from some least
/// width on; and the layout at that least width is the same as at any width between its widest line and it, so the
/// least fitting width *is* the widest line of its own layout (give or take the fitter's 1e-7 pt tolerance). The
/// search therefore only ever moves to widths that are widest lines of fitting layouts: from a fitting width it
/// probes just below that layout's widest line (`resolution` below it) — the first width at which the layout must
/// change — and once a few such steps have not settled it, bisects between the widest non-fitting width known and
/// that probe. It ends when nothing is left between them, and returns the widest line of the least fitting layout
/// found: an actual line width, unrounded. It can only be off when two different layouts' widest lines lie within
/// `resolution` of each other, by less than that.
///
/// Performance: one fit per step, typically 2–4 steps for a one-line label (the natural layout, one probe below it),
/// at most about 8 + log2(width / resolution) ≈ 40 for long texts; each probe lays out the prepared text (its line
/// list is the only allocation).
enum NeededWidthSearch {
    /// How far below a layout's widest line the next probe goes: ten times the line fitter's tolerance, far below
    /// any difference a screen shows.
    static let resolution = 1e-6

    /// Descending probes before bisecting.
    static let descendingSteps = 8

    /// One probe's outcome: whether the text fits at the width, and its widest line there.
    struct Probe {
        var fits: Bool
        var width: Double
    }

    /// The widest line of the least fitting layout, starting from `natural` (the unconstrained widest line, where the
    /// text must fit); nil when it does not fit even there.
    /// - Parameter probe: Fits the text at a width > 0.
    static func leastWidth(natural: Double, probe: (Double) -> Probe) -> Double? {
        guard natural > 0, natural.isFinite else { return natural.isFinite ? 0 : nil }
        var hi = natural
        var start = probe(hi)
        if !start.fits {
            // The unconstrained widest line, given back as a width, should fit; allow for a last-bit difference.
            hi = natural + resolution
            start = probe(hi)
            guard start.fits else { return nil }
        }
        var hiWidth = start.width
        var lo = 0.0
        var steps = 0
        // Each step either lowers the fitting bound below the last one's widest line or raises the non-fitting bound
        // to the probe; bisection halves what is left, so 2,000 steps are never reached (a guard, not a limit).
        while steps < 2000 {
            let top = min(hi, hiWidth) - resolution
            guard top > lo else { break }
            let width = steps < descendingSteps ? top : lo + (top - lo) / 2
            steps += 1
            let outcome = probe(width)
            if outcome.fits {
                hi = width
                hiWidth = outcome.width
            } else {
                lo = width
            }
        }
        return hiWidth
    }
}
