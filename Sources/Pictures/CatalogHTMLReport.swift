import Catalogs
import Measure
import TextCoding

/// `measure catalog … --report FILE.html`: one self-contained page with every entry drawn in its box.
///
/// Each entry's row shows its key, variant, locale, file:line, width, lines against its allowance and growth, the
/// source-language text in its own box and the entry's text in its box, drawn with the fonts' own glyph outlines
/// (`GlyphDefinitions`, each glyph once per font, reused with `<use>` at every size) exactly on the measurer's
/// lines; lines beyond the allowance are red, below the box. Overflowing entries come first (most lines over, then
/// most growth), then failed ones, then those that fit, in input order. A summary charts each locale; filters select
/// a locale, a status and a text.
///
/// The rows are data (`ReportDataBlock`, `EntryPicture`), drawn by the page's inline script a few at a time
/// as the reader scrolls, and the filters work on that data: the page's size grows with the glyphs and positions,
/// not with markup, and its DOM holds only the rows drawn so far. Nothing is loaded from anywhere.
public enum CatalogHTMLReport {
    /// The page for `entries` and `failed` (entries that could not be measured, such as those with characters no
    /// font has), titled `title`.
    public static func render(entries: [ReportEntry], failed: [FailedEntry], title: String) -> String {
        let definitions = GlyphDefinitions()
        let data = ReportDataBlock()
        var sourceDrawings: [String: Int] = [:]
        var counts: [String: ReportLocaleChart.Counts] = [:]
        var locales: [String] = []
        func count(_ locale: String, _ update: (inout ReportLocaleChart.Counts) -> Void) {
            if counts[locale] == nil { locales.append(locale) }
            update(&counts[locale, default: ReportLocaleChart.Counts()])
        }
        // Most lines over; overflowing rows as the summary orders its worst offenders (`OverflowRank`: most growth,
        // rows without one — the source language's — after those with one, widest, input order), the others in input
        // order. A total order: leaving rows without growth in input order among the others made the sort's
        // comparisons disagree (×6.36 shown before ×6.99).
        let order = entries.indices.sorted { a, b in
            let (x, y) = (entries[a], entries[b])
            if x.linesOver != y.linesOver { return x.linesOver > y.linesOver }
            guard x.linesOver > 0 else { return a < b }
            return OverflowRank(x.measured, index: a).isWorse(than: OverflowRank(y.measured, index: b))
        }
        var fitRows: [[String]] = []
        for index in order {
            let item = entries[index]
            let measured = item.measured
            count(measured.entry.locale) { c in
                c.entries += 1
                if measured.overflows { c.overflowing += 1 }
                if let growth = measured.growth { c.growth[ReportLocaleChart.bin(growth)] += 1 }
            }
            let allowed = measured.constraint.allowedLines(for: measured.measuredText)
            var source = -1
            if let layout = item.source {
                // Drawn with this row's allowance too (a translation of one line may be allowed fewer lines than
                // another of the same source): shared only where that is the same.
                let key = item.sourceKey.map { $0 + "\u{1F}" + String(describing: allowed) }
                if let key, let known = sourceDrawings[key] {
                    source = known
                } else {
                    source = data.drawing(
                        EntryPicture.data(
                            layout, width: measured.constraint.width,
                            allowed: allowed, definitions: definitions))
                    if let key { sourceDrawings[key] = source }
                }
            }
            let drawing = data.drawing(
                EntryPicture.data(
                    item.layout, width: measured.constraint.width,
                    allowed: allowed, definitions: definitions))
            let row =
                rowValues(
                    entry: measured.entry, status: measured.overflows ? "o" : "f",
                    text: measured.measuredText, data: data)
                + [
                    ReportDataBlock.quoted(facts(measured, allowed: allowed)), String(source),
                    String(data.string(item.sourceLocale ?? "source")), String(drawing),
                ]
            // Overflowing rows go out as they come (they are sorted first); fitting ones after the failed ones.
            if measured.overflows { data.addRow(row) } else { fitRows.append(row) }
        }
        for failure in failed {
            count(failure.entry.locale) { $0.failed += 1 }
            data.addRow(
                rowValues(entry: failure.entry, status: "x", text: failure.entry.text, data: data)
                    + [ReportDataBlock.quoted(failure.message)])
        }
        fitRows.forEach(data.addRow)
        let chart = ReportLocaleChart.html(locales.sorted().map { ($0, counts[$0]!) })
        // The value spelled out: an option's text is matched with its white space collapsed, a locale's is not.
        let options = locales.sorted().map {
            "<option value=\"\(MarkupText.escaped($0))\">\(MarkupText.escaped($0))</option>"
        }.joined()
        // Measured entries, as the summary counts them: the failed ones are counted apart (they were counted in both).
        let total = entries.count
        let overflowing = entries.reduce(0) { $0 + ($1.measured.overflows ? 1 : 0) }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>\(MarkupText.escaped(title))</title>
            <style>\(ReportPageAssets.style)</style></head><body>
            <h1>\(MarkupText.escaped(title))</h1>
            <p>\(total) entr\(total == 1 ? "y" : "ies"), \(overflowing) overflowing, \(failed.count) failed. Each entry is drawn in its box \
            (label width × allowed lines); lines beyond the allowance are red, below the box.</p>
            \(chart)
            <div id="bar"><select id="loc"><option value="">all locales</option>\(options)</select>
            <select id="st"><option value="">any status</option><option value="o">overflows</option>\
            <option value="f">fits</option><option value="x">failed</option></select>
            <input id="q" type="search" placeholder="search key or text"> <span id="n"></span></div>
            <svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>
            \(definitions.definitions)</defs></svg>
            <div id="rows"></div>
            <script type="application/json" id="data">\(data.json)</script>
            <script>\(ReportPageAssets.script)</script>
            </body></html>

            """
    }

    /// Width, lines against the allowance, growth, state.
    static func facts(_ measured: MeasuredEntry, allowed: Int) -> String {
        var text =
            "width \(SVGNumber.text(measured.width)) pt · \(measured.lines) "
            + (measured.lines == 1 ? "line" : "lines")
            + (allowed == Int.max ? " (no limit)" : " / \(allowed) allowed")
            + " · box \(SVGNumber.text(measured.constraint.width)) pt at \(SVGNumber.text(measured.constraint.pointSize)) pt"
        if let growth = measured.growth { text += " · growth ×" + SVGNumber.text(growth) }
        if let state = measured.entry.state { text += " · " + state }
        return text
    }

    /// A row's first values: status (o overflows, f fits, x failed), locale, key, variant, file, line, text.
    static func rowValues(entry: CatalogEntry, status: String, text: String, data: ReportDataBlock) -> [String] {
        [
            "\"\(status)\"", String(data.string(entry.locale)), String(data.string(entry.key)),
            String(data.string(entry.variant)), String(data.string(entry.fileAndTable)), String(entry.position.line),
            ReportDataBlock.quoted(text),
        ]
    }
}
