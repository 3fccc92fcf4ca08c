/// The aggregates every report format prints, computed in one place so that the formats agree.
extension CatalogReport {
    /// One summary per locale seen anywhere in the report (measured, skipped or failed entries, or a parsed file's
    /// locales), sorted by tag.
    public var localeSummaries: [CatalogLocaleSummary] {
        var byLocale: [String: CatalogLocaleSummary] = [:]
        func update(_ locale: String, _ change: (inout CatalogLocaleSummary) -> Void) {
            change(&byLocale[locale, default: CatalogLocaleSummary(locale: locale)])
        }
        for file in files {
            for locale in file.locales { update(locale) { _ in } }
        }
        for measured in entries {
            update(measured.entry.locale) {
                if measured.entry.pseudo != nil { $0.pseudo = true }
                $0.entries += 1
                if measured.overflows { $0.overflowing += 1 }
            }
        }
        for entry in skipped { update(entry.locale) { $0.skipped += 1 } }
        for entry in failed {
            update(entry.entry.locale) {
                if entry.entry.pseudo != nil { $0.pseudo = true }
                $0.failed += 1
            }
        }
        return byLocale.values.sorted { $0.locale < $1.locale }
    }

    /// Skipped entries counted per reason (its full description), most frequent first, then by reason.
    public var skippedReasonCounts: [CatalogSkippedReasonCount] {
        var counts: [String: Int] = [:]
        for entry in skipped { counts[entry.reason.description, default: 0] += 1 }
        return counts.map { CatalogSkippedReasonCount(reason: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.reason) > ($1.count, $0.reason) }
    }

    /// The overflowing entries, worst first: the most lines over the allowance, then the largest width growth against
    /// the source language (entries without a source width after those with one), then the widest; ties keep input
    /// order. Every report that lists offenders uses this one order.
    public var worstFirst: [MeasuredEntry] {
        Self.worstFirst(entries)
    }

    /// The overflowing entries among `entries`, in the worst-first order described at `worstFirst`.
    public static func worstFirst(_ entries: [MeasuredEntry]) -> [MeasuredEntry] {
        let ranked = entries.enumerated().compactMap { index, entry -> (rank: OverflowRank, entry: MeasuredEntry)? in
            guard entry.overflows else { return nil }
            return (OverflowRank(entry, index: index), entry)
        }
        return ranked.sorted { $0.rank.isWorse(than: $1.rank) }.map(\.entry)
    }
}

/// The sort key of one overflowing entry: most lines over, then most growth (entries with one first), then widest,
/// then input order — the summary's worst offenders and the report page's overflowing rows.
package struct OverflowRank {
    var linesOver: Int
    var growth: Double?
    var width: Double
    var index: Int

    package init(_ entry: MeasuredEntry, index: Int) {
        linesOver = entry.lines - entry.constraint.allowedLines(for: entry.measuredText)
        growth = entry.growth
        width = entry.width
        self.index = index
    }

    /// True when `self` sorts before `other` (a strict order, so sorting is deterministic).
    package func isWorse(than other: OverflowRank) -> Bool {
        if linesOver != other.linesOver { return linesOver > other.linesOver }
        switch (growth, other.growth) {
        case (let mine?, let theirs?) where mine != theirs: return mine > theirs
        case (.some, .none): return true
        case (.none, .some): return false
        default: break
        }
        if width != other.width { return width > other.width }
        return index < other.index
    }
}
