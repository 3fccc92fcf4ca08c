import CatalogMeasure
import Catalogs
import Dispatch
import Locking
import Measure
import Pictures

/// `measure catalog … --report FILE.html`: every measured entry of a run drawn (`CatalogEntryDrawer`) beside its
/// source-language counterpart, into `CatalogHTMLReport`'s page.
enum CatalogPictureReport {
    /// The page for `report`, measured with `options`.
    /// - Throws: `CatalogRunError` when the run's fonts cannot be found again (a `--font-dir` gone since the run).
    static func render(_ report: CatalogReport, options: CatalogRunOptions) throws -> String {
        let drawer = try CatalogEntryDrawer(options: options)
        let sourceLocale = options.effectiveSourceLocale
        // The source locale's entries by key, variant, content size and catalog kind (a file's extension), and by
        // key, variant and content size alone when no file of the same kind has the key.
        var sources: [String: Int] = [:]
        @Sendable func pairKey(_ entry: MeasuredEntry, kind: Bool) -> String {
            let file = entry.entry.file
            let kindName = kind ? (file.split(separator: ".").last.map(String.init) ?? "") : ""
            return [entry.entry.key, entry.entry.variant, entry.constraint.contentSize ?? "", kindName]
                .joined(separator: "\u{1F}")
        }
        for (index, entry) in report.entries.enumerated() where entry.entry.locale == sourceLocale {
            if sources[pairKey(entry, kind: true)] == nil { sources[pairKey(entry, kind: true)] = index }
            if sources[pairKey(entry, kind: false)] == nil { sources[pairKey(entry, kind: false)] = index }
        }
        let sourceIndex = sources
        let expander = PlaceholderExpander(syntax: .apple, samples: options.config.placeholderSamples)
        let drawn = Locked<[Int: ReportEntry]>([:])
        let entries = report.entries
        let chunk = 256
        DispatchQueue.concurrentPerform(iterations: (entries.count + chunk - 1) / chunk) { part in
            var made: [Int: ReportEntry] = [:]
            for index in (part * chunk)..<min(entries.count, (part + 1) * chunk) {
                let measured = entries[index]
                guard let layout = try? drawer.layout(measured) else { continue }
                var item = ReportEntry(measured: measured, layout: layout)
                if measured.entry.locale != sourceLocale {
                    if let sourceText = measured.entry.sourceText {
                        item.source = try? drawer.layout(
                            expander.expand(sourceText).text, locale: sourceLocale,
                            constraint: measured.constraint)
                    } else if let sourceIndex = sourceIndex[pairKey(measured, kind: true)]
                        ?? sourceIndex[pairKey(measured, kind: false)]
                    {
                        // Laid out in this row's box, as the source text above is: a rule may give the source
                        // another width than its translation (it drew at 300 pt inside an 80 pt box). Rows with the
                        // same source and box share the drawing.
                        item.source = try? drawer.layout(
                            entries[sourceIndex].measuredText, locale: sourceLocale, constraint: measured.constraint)
                        item.sourceKey = "\(sourceIndex)\u{1F}\(measured.constraint)"
                    }
                    if item.source != nil { item.sourceLocale = sourceLocale }
                }
                made[index] = item
            }
            drawn.withLock { $0.merge(made) { first, _ in first } }
        }
        let items = drawn.withLock { all in entries.indices.compactMap { all[$0] } }
        return CatalogHTMLReport.render(entries: items, failed: report.failed, title: "TextSize catalog report")
    }
}
