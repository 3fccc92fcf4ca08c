import Catalogs
import Measure

extension CatalogRun {
    /// The entries (indices into the run's entry list) with characters no font of their cascade maps, each with the
    /// failure message of its first such job.
    ///
    /// Missing glyphs are never silent: a width made of `.notdef` boxes says nothing about the real text, so such an
    /// entry is reported as failed (with what to install or configure) instead of as measured. XLIFF source-text jobs
    /// are left out: the source text is the source locale's to report.
    static func missingGlyphFailures(_ jobs: [MeasureJob], sizes: [TextSize], cascades: [FontCascade]) -> [Int: String]
    {
        var failures: [Int: String] = [:]
        for (job, size) in zip(jobs, sizes) where job.sourceOf == nil && size.missingGlyphs > 0 {
            guard failures[job.entry] == nil else { continue }
            failures[job.entry] = missingGlyphsMessage(
                text: job.text, count: size.missingGlyphs,
                cascade: cascades[job.cascade])
        }
        return failures
    }

    /// "no font for U+0E01 THAI CHARACTER KO KAI, U+0E02 THAI CHARACTER KHO KHAI (3 characters measured as
    /// .notdef)": the first unmapped scalars of `text` (at most 8, then "…") and how many grapheme clusters
    /// (`TextSize.missingGlyphs`) took `.notdef`.
    static func missingGlyphsMessage(text: String, count: Int, cascade: FontCascade) -> String {
        let limit = 8
        let scalars = cascade.unmappedScalars(in: text, limit: limit + 1)
        var names = scalars.prefix(limit).map(FontCascade.describe).joined(separator: ", ")
        if scalars.count > limit { names += ", …" }
        let counted = "\(count) " + (count == 1 ? "character" : "characters") + " measured as .notdef"
        return scalars.isEmpty ? "no font for part of the text (\(counted))" : "no font for \(names) (\(counted))"
    }
}
